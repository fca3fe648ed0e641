import Foundation
import MosaicLayout

/// The collection view's delegate, when it also sizes a flow layout's items, sections,
/// headers and footers.
///
/// UIKit: `UICollectionViewDelegateFlowLayout`, with the same names and shapes: a method ported
/// by changing only type names (`UICollectionView` to `CollectionView`, `CGSize` to `Size`,
/// `UIEdgeInsets` to `EdgeInsets`, `CGFloat` to `Double`) is the one the layout calls, and a
/// near miss draws the compiler's "nearly matches defaulted requirement" warning when the
/// methods sit in an extension that adopts the protocol (`extension MyController:
/// CollectionViewDelegateFlowLayout { ... }`, UIKit's usual style; Swift checks near misses
/// only there, not in the class body, Swift 6.3). Set the
/// object as `collectionView.delegate`; a `FlowLayout` with no `delegate` of its own then asks
/// it, through the collection view.
///
/// Every method has a default, which stands for "not implemented" as an optional method does
/// in UIKit: the layout uses its own property instead. A section whose items are all
/// `itemSize` (the delegate does not implement `sizeForItemAt`) costs nothing per item, at any
/// count; a delegate that implements `sizeForItemAt` but knows a section is uniform says so
/// with `uniformSizeForItemsInSection` (a Mosaic extension) to keep that section free too.
///
/// It inherits `FlowLayoutMetrics`, whose `flowLayout(_:sizeForItemAt:) -> Size?` spellings are
/// Mosaic's names from before it took UIKit's: a delegate still written with them keeps working
/// (the collection view asks them when the UIKit-named method is not implemented), and each one
/// that answers is reported once in `PortingNotes` with the name to rename it to.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate, FlowLayoutMetrics {
  /// The size of the item at `indexPath`.
  ///
  /// UIKit: `collectionView(_:layout:sizeForItemAt:)`. Asked for every item of a section
  /// unless `uniformSizeForItemsInSection` answers for it.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size

  /// The insets of `section`.
  ///
  /// UIKit: `collectionView(_:layout:insetForSectionAt:)`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets

  /// The least space between lines in `section`.
  ///
  /// UIKit: `collectionView(_:layout:minimumLineSpacingForSectionAt:)`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double

  /// The least space between items on one line in `section`.
  ///
  /// UIKit: `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double

  /// The size of `section`'s header; only its scroll-axis extent counts.
  ///
  /// UIKit: `collectionView(_:layout:referenceSizeForHeaderInSection:)`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size

  /// The size of `section`'s footer; only its scroll-axis extent counts.
  ///
  /// UIKit: `collectionView(_:layout:referenceSizeForFooterInSection:)`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size

  /// One size for every item of `section`, or nil (the default) to ask `sizeForItemAt`.
  ///
  /// UIKit: none. Differs on purpose: UIKit asks every item's size, which at millions of items
  /// is the cost Mosaic promises not to pay; answer here for a section whose items share one
  /// size and the layout lays it out arithmetically, never asking `sizeForItemAt` for it.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    uniformSizeForItemsInSection section: Int
  ) -> Size?
}

/// The flow layout's delegate under Mosaic's earlier name: the same protocol.
///
/// UIKit: `UICollectionViewDelegateFlowLayout`. Deprecated so that code adopting it under the
/// old name is pointed at the UIKit one, and at the methods' UIKit names with it.
@available(*, deprecated, renamed: "CollectionViewDelegateFlowLayout")
public typealias FlowLayoutDelegate = CollectionViewDelegateFlowLayout

// The defaults tell the collection view they ran, so the layout falls back to its own property
// (and a section of `itemSize` items stays free); what they return is that property, for a
// caller that asks them directly.
extension CollectionViewDelegateFlowLayout {
  /// Not implemented: the layout's `itemSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    collectionView.flowDelegateForwarder.noteDefaultAnswer()
    return (collectionViewLayout as? FlowLayout)?.itemSize ?? .zero
  }

  /// Not implemented: the layout's `sectionInset`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    collectionView.flowDelegateForwarder.noteDefaultAnswer()
    return (collectionViewLayout as? FlowLayout)?.sectionInset ?? .zero
  }

  /// Not implemented: the layout's `minimumLineSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double {
    collectionView.flowDelegateForwarder.noteDefaultAnswer()
    return (collectionViewLayout as? FlowLayout)?.minimumLineSpacing ?? 0
  }

  /// Not implemented: the layout's `minimumInteritemSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double {
    collectionView.flowDelegateForwarder.noteDefaultAnswer()
    return (collectionViewLayout as? FlowLayout)?.minimumInteritemSpacing ?? 0
  }

  /// Not implemented: the layout's `headerReferenceSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size {
    collectionView.flowDelegateForwarder.noteDefaultAnswer()
    return (collectionViewLayout as? FlowLayout)?.headerReferenceSize ?? .zero
  }

  /// Not implemented: the layout's `footerReferenceSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size {
    collectionView.flowDelegateForwarder.noteDefaultAnswer()
    return (collectionViewLayout as? FlowLayout)?.footerReferenceSize ?? .zero
  }

  /// Every item is asked.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    uniformSizeForItemsInSection section: Int
  ) -> Size? { nil }
}
