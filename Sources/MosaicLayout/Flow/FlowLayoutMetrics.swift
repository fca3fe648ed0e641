import Foundation

/// Per-item and per-section overrides of a flow layout's properties, asked by the layout itself:
/// the low-level form, for a flow layout that runs without a collection view.
///
/// UIKit: none; UIKit's `UICollectionViewDelegateFlowLayout` is MosaicCollection's
/// `CollectionViewDelegateFlowLayout`, which a collection view's delegate adopts. Mosaic keeps
/// this form because `mosaic layout`, the layout tests and the benchmarks run a `FlowLayout` on
/// a bare `LayoutDataSource`. Every method has a default that returns nil, which means "use the
/// layout's property".
///
/// Set it as the layout's own `delegate`; it then wins over the collection view's delegate,
/// which the layout reaches through its data source's `flowLayoutMetrics` only when the layout
/// has no delegate of its own.
@MainActor
public protocol FlowLayoutMetrics: AnyObject {
  /// One size for every item of `section`, or nil to ask `sizeForItemAt`.
  ///
  /// UIKit: none. A Mosaic extension that keeps a section sized by its delegate free at any
  /// item count: the layout then stores nothing per item and never asks for each item's size.
  func flowLayout(_ layout: FlowLayout, uniformSizeForItemsInSection section: Int) -> Size?

  /// The size of the item at `indexPath`, or nil for the layout's `itemSize`.
  ///
  /// UIKit: `collectionView(_:layout:sizeForItemAt:)`. Unless `uniformSizeForItemsInSection`
  /// answers, the layout asks item 0 of a section first: nil there means the whole section uses
  /// `itemSize` and is laid out arithmetically, without asking for each of its items.
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size?

  /// The insets of `section`, or nil for the layout's `sectionInset`.
  ///
  /// UIKit: `collectionView(_:layout:insetForSectionAt:)`.
  func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets?

  /// The line spacing of `section`, or nil for the layout's `minimumLineSpacing`.
  ///
  /// UIKit: `collectionView(_:layout:minimumLineSpacingForSectionAt:)`.
  func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double?

  /// The interitem spacing of `section`, or nil for the layout's `minimumInteritemSpacing`.
  ///
  /// UIKit: `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`.
  func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int)
    -> Double?

  /// The header size of `section`, or nil for the layout's `headerReferenceSize`.
  ///
  /// UIKit: `collectionView(_:layout:referenceSizeForHeaderInSection:)`.
  func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size?

  /// The footer size of `section`, or nil for the layout's `footerReferenceSize`.
  ///
  /// UIKit: `collectionView(_:layout:referenceSizeForFooterInSection:)`.
  func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size?
}

extension FlowLayoutMetrics {
  /// Asks `sizeForItemAt`.
  public func flowLayout(_ layout: FlowLayout, uniformSizeForItemsInSection section: Int)
    -> Size?
  { nil }
  /// Uses the layout's `itemSize`.
  public func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? { nil }
  /// Uses the layout's `sectionInset`.
  public func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
    nil
  }
  /// Uses the layout's `minimumLineSpacing`.
  public func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int)
    -> Double?
  { nil }
  /// Uses the layout's `minimumInteritemSpacing`.
  public func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int)
    -> Double?
  { nil }
  /// Uses the layout's `headerReferenceSize`.
  public func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int)
    -> Size?
  { nil }
  /// Uses the layout's `footerReferenceSize`.
  public func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int)
    -> Size?
  { nil }
}

extension LayoutDataSource {
  /// No flow-layout metrics: a bare data source answers only counts.
  public var flowLayoutMetrics: (any FlowLayoutMetrics)? { nil }
}
