import Foundation
import MosaicLayout

extension CollectionView {
  /// Registers the class the view creates decoration views of `kind` from: the views it shows
  /// for layout attributes of category `.decorationView` and that kind.
  ///
  /// UIKit: `UICollectionViewLayout.register(_:forDecorationViewOfKind:)`, which Mosaic's layout
  /// has too (and which wins over this one); registering on the view keeps working for every
  /// layout the view shows. As in UIKit, no data source is involved: the view is created with
  /// `init()`, given its attributes through `apply(_:)`, drawn, and recycled by kind when it
  /// scrolls away; the delegate hears nothing about it. A decoration kind with no registered
  /// class stops the program with a message naming it, as UIKit raises.
  /// Registering again replaces the class; queued views of the old class are dropped.
  public func register(_ viewClass: ReusableView.Type, forDecorationViewOfKind kind: String) {
    statistics.queuedViews -= reusePool.register(viewClass, forDecorationViewOfKind: kind)
    placement.setNeedsUpdate()
  }

  /// A decoration view for `attributes`: a recycled one of its kind (after `prepareForReuse()`),
  /// else a new one of the registered class; stops the program when the kind has none.
  func makeDecorationView(for attributes: LayoutAttributes) -> ReusableView {
    let kind = attributes.representedElementKind ?? ""
    guard let viewClass = decorationViewClass(ofKind: kind) else {
      preconditionFailure(
        "Mosaic: the layout \(Swift.type(of: collectionViewLayout)) returned a decoration view "
          + "of kind \"\(kind)\" but no class is registered for that kind; call "
          + "register(_:forDecorationViewOfKind:) on the layout (or the view) first")
    }
    let vended = reusePool.dequeueDecorationView(ofKind: kind, viewClass: viewClass)
    let view = vended.view
    if vended.isNew {
      statistics.viewsCreated += 1
    } else {
      statistics.queuedViews -= 1
      view.prepareForReuse()
    }
    view.layoutAttributes = attributes
    view.apply(attributes)
    return view
  }

  /// The recycled decoration views, by kind (read by tests).
  var decorationQueues: [String: [ReusableView]] { reusePool.decorationQueues }
}
