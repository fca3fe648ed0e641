import Foundation

/// Per-item and per-section overrides of a flow layout's properties.
///
/// UIKit: `UICollectionViewDelegateFlowLayout`. Every method has a default that
/// returns nil, which means "use the layout's property", exactly as an
/// unimplemented optional method does in UIKit.
@MainActor
public protocol FlowLayoutDelegate: AnyObject {
  /// The size of the item at `indexPath`, or nil for the layout's `itemSize`.
  ///
  /// UIKit: `collectionView(_:layout:sizeForItemAt:)`. The layout asks item 0 of
  /// a section first: nil there means the whole section uses `itemSize` and is
  /// laid out arithmetically, without asking for each of its items.
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

extension FlowLayoutDelegate {
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
