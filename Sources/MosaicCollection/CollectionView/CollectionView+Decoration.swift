import Foundation
import MosaicLayout

extension CollectionView {
  /// Registers the class the view creates decoration views of `kind` from: the views it shows
  /// for layout attributes of category `.decorationView` and that kind.
  ///
  /// UIKit: `UICollectionViewLayout.register(_:forDecorationViewOfKind:)`. Mosaic keeps the
  /// registry on the collection view, since `CollectionViewLayout` (in MosaicLayout) knows no
  /// views. As in UIKit, no data source is involved: the view is created with `init()`, given
  /// its attributes through `apply(_:)`, drawn, and recycled by kind when it scrolls away; the
  /// delegate hears nothing about it. A decoration kind with no registered class stops the
  /// program with a message naming it, as UIKit raises.
  /// Registering again replaces the class; queued views of the old class are dropped.
  public func register(_ viewClass: ReusableView.Type, forDecorationViewOfKind kind: String) {
    if let old = decorationClasses[kind], old != viewClass {
      statistics.queuedViews -= decorationQueues[kind]?.count ?? 0
      decorationQueues[kind] = nil
    }
    decorationClasses[kind] = viewClass
    needsVisibleUpdate = true
  }

  /// A decoration view for `attributes`: a recycled one of its kind (after `prepareForReuse()`),
  /// else a new one of the registered class; stops the program when the kind has none.
  func makeDecorationView(for attributes: LayoutAttributes) -> ReusableView {
    let kind = attributes.representedElementKind ?? ""
    let view: ReusableView
    if let recycled = decorationQueues[kind]?.popLast() {
      statistics.queuedViews -= 1
      recycled.prepareForReuse()
      view = recycled
    } else {
      guard let viewClass = decorationClasses[kind] else {
        preconditionFailure(
          "Mosaic: the layout \(Swift.type(of: collectionViewLayout)) returned a decoration view "
            + "of kind \"\(kind)\" but no class is registered for that kind; call "
            + "register(_:forDecorationViewOfKind:) first")
      }
      view = viewClass.init()
      view.reuseIdentifier = kind
      statistics.viewsCreated += 1
    }
    view.layoutAttributes = attributes
    view.apply(attributes)
    return view
  }
}
