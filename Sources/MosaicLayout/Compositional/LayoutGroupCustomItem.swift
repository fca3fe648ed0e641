/// One item's frame in a custom group, relative to the group's origin.
///
/// UIKit: `NSCollectionLayoutGroupCustomItem`.
public struct LayoutGroupCustomItem: Hashable, Sendable {
  /// The item's frame, relative to the group's top-leading corner.
  public var frame: Rect
  /// The item's stacking order.
  public var zIndex: Int

  /// Creates a custom item.
  ///
  /// UIKit: `NSCollectionLayoutGroupCustomItem(frame:zIndex:)`.
  public init(frame: Rect, zIndex: Int = 0) {
    self.frame = frame
    self.zIndex = zIndex
  }
}
