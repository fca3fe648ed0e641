import Foundation
import MosaicLayout

extension CollectionView {
  /// Registers the class the view creates decoration views of `kind` from: the views it shows
  /// for layout attributes of category `.decorationView` and that kind.
  ///
  /// UIKit: `UICollectionViewLayout.register(_:forDecorationViewOfKind:)`, which Mosaic's layout
  /// has too (and which wins over this one); registering on the view keeps working for every
  /// layout the view shows. As in UIKit, no data source is involved: the view is created with
  /// `init()`, given its attributes through `apply(_:)`, drawn, and recycled by kind when it scrolls away; the
  /// delegate hears nothing about it. A decoration kind with no registered class is not drawn.
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
  /// else a new one of the registered class; nil when the kind has none.
  func makeDecorationView(for attributes: LayoutAttributes) -> ReusableView? {
    let kind = attributes.representedElementKind ?? ""
    let view: ReusableView
    if let recycled = decorationQueues[kind]?.popLast() {
      statistics.queuedViews -= 1
      recycled.prepareForReuse()
      view = recycled
    } else {
      guard let viewClass = decorationViewClass(ofKind: kind) else { return nil }
      view = viewClass.init()
      view.reuseIdentifier = kind
      statistics.viewsCreated += 1
    }
    view.layoutAttributes = attributes
    view.apply(attributes)
    return view
  }
}
