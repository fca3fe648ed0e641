/// The width and height of a compositional layout element, each a `LayoutDimension`.
///
/// UIKit: `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
  /// The width.
  ///
  /// UIKit: `widthDimension`.
  public var widthDimension: LayoutDimension
  /// The height.
  ///
  /// UIKit: `heightDimension`.
  public var heightDimension: LayoutDimension

  /// Creates a size from its two dimensions.
  ///
  /// UIKit: `NSCollectionLayoutSize(widthDimension:heightDimension:)`.
  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  /// The size in points inside a container of `container` points.
  func resolved(in container: Size) -> Size {
    Size(
      width: widthDimension.resolved(in: container),
      height: heightDimension.resolved(in: container))
  }
}
