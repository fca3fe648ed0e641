import MosaicLayout

extension LayoutSpec {
  /// One section of a spec: its item count, optional per-item sizes and optional per-section overrides.
  ///
  /// Each optional override plays the part of a `FlowLayoutMetrics` method:
  /// when set it wins over the layout-wide property, when nil the property is used.
  public struct Section: Hashable, Sendable {
    /// The number of items.
    ///
    /// UIKit: `collectionView(_:numberOfItemsInSection:)`.
    public var items: Int
    /// One size per item, or nil when every item uses the layout's `itemSize`.
    ///
    /// UIKit: `collectionView(_:layout:sizeForItemAt:)`.
    public var itemSizes: [Size]?
    /// The section's insets, overriding `sectionInset`.
    ///
    /// UIKit: `collectionView(_:layout:insetForSectionAt:)`.
    public var inset: EdgeInsets?
    /// The section's line spacing, overriding `minimumLineSpacing`.
    ///
    /// UIKit: `collectionView(_:layout:minimumLineSpacingForSectionAt:)`.
    public var minimumLineSpacing: Double?
    /// The section's interitem spacing, overriding `minimumInteritemSpacing`.
    ///
    /// UIKit: `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`.
    public var minimumInteritemSpacing: Double?
    /// The section's header size, overriding `headerReferenceSize`.
    ///
    /// UIKit: `collectionView(_:layout:referenceSizeForHeaderInSection:)`.
    public var headerSize: Size?
    /// The section's footer size, overriding `footerReferenceSize`.
    ///
    /// UIKit: `collectionView(_:layout:referenceSizeForFooterInSection:)`.
    public var footerSize: Size?

    /// Creates a section; `items` defaults to the number of `itemSizes`, else 0.
    public init(
      items: Int? = nil,
      itemSizes: [Size]? = nil,
      inset: EdgeInsets? = nil,
      minimumLineSpacing: Double? = nil,
      minimumInteritemSpacing: Double? = nil,
      headerSize: Size? = nil,
      footerSize: Size? = nil
    ) {
      self.items = items ?? itemSizes?.count ?? 0
      self.itemSizes = itemSizes
      self.inset = inset
      self.minimumLineSpacing = minimumLineSpacing
      self.minimumInteritemSpacing = minimumInteritemSpacing
      self.headerSize = headerSize
      self.footerSize = footerSize
    }
  }
}
