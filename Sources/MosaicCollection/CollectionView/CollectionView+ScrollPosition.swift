extension CollectionView {
  /// Where `scrollToItem(at:at:)` puts an item in the viewport.
  ///
  /// UIKit: `UICollectionView.ScrollPosition`. Combine at most one vertical and one horizontal
  /// position; an axis with none scrolls the least that shows the item whole (`.nearest`).
  public struct ScrollPosition: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a position from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The item's top edge at the viewport's top.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item centred vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item's bottom edge at the viewport's bottom.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item's left edge at the viewport's left.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item centred horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item's right edge at the viewport's right.
    public static let right = ScrollPosition(rawValue: 1 << 5)
    /// The least scrolling that shows the item whole, on both axes (no bit: the default).
    public static let nearest: ScrollPosition = []
  }
}
