/// The space a section is laid out in: the collection view's size and its insets.
///
/// UIKit: `NSCollectionLayoutContainer`.
public struct LayoutContainer: Hashable, Sendable {
  /// The container's size in points.
  ///
  /// UIKit: `contentSize`.
  public var contentSize: Size
  /// The container's insets.
  ///
  /// UIKit: `contentInsets`.
  public var contentInsets: DirectionalEdgeInsets

  /// Creates a container.
  public init(contentSize: Size, contentInsets: DirectionalEdgeInsets = .zero) {
    self.contentSize = contentSize
    self.contentInsets = contentInsets
  }

  /// The size left inside the insets.
  ///
  /// UIKit: `effectiveContentSize`.
  public var effectiveContentSize: Size {
    Size(
      width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
      height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
  }
}
