/// The smallest part of a compositional layout: one cell's size and insets.
///
/// UIKit: `NSCollectionLayoutItem`. An item is sized against its group (a fraction of the
/// group's width or height, or points); its `contentInsets` then shrink the cell inside the room
/// it was given, so neighbours keep their places.
open class LayoutItem {
  /// The item's size, against its group.
  ///
  /// UIKit: `layoutSize`.
  public let layoutSize: LayoutSize
  /// How far the cell is drawn inside the room the item takes; ignored, as UIKit ignores it, on
  /// an estimated dimension.
  ///
  /// UIKit: `contentInsets`.
  public var contentInsets: DirectionalEdgeInsets = .zero

  /// Creates an item of `layoutSize`.
  ///
  /// UIKit: `NSCollectionLayoutItem(layoutSize:)`.
  public init(layoutSize: LayoutSize) {
    self.layoutSize = layoutSize
  }

  /// `slot` less the content insets, on the axes whose dimension is not estimated.
  func insetFrame(_ slot: Rect) -> Rect {
    var insets = contentInsets
    if layoutSize.widthDimension.isEstimated { (insets.leading, insets.trailing) = (0, 0) }
    if layoutSize.heightDimension.isEstimated { (insets.top, insets.bottom) = (0, 0) }
    return insets.inset(slot)
  }
}
