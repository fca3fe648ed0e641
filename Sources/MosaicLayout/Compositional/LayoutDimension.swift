/// One extent of a compositional layout element: a fraction of its container, a fixed number of
/// points, or an estimate.
///
/// UIKit: `NSCollectionLayoutDimension`. Fractions are of the container's width or height
/// (a section's container, for a group; the group, for its items); an estimate is used as the
/// size (Mosaic does not self-size compositional items yet).
public struct LayoutDimension: Hashable, Sendable {
  /// How the value is read.
  public enum Kind: Hashable, Sendable {
    /// A fraction of the container's width.
    case fractionalWidth
    /// A fraction of the container's height.
    case fractionalHeight
    /// A fixed number of points.
    case absolute
    /// A number of points the element is laid out at.
    case estimated
  }

  /// How `dimension` is read.
  public var kind: Kind
  /// The fraction or the number of points.
  ///
  /// UIKit: `dimension`.
  public var dimension: Double

  /// A fraction of the container's width.
  ///
  /// UIKit: `NSCollectionLayoutDimension.fractionalWidth(_:)`.
  public static func fractionalWidth(_ fraction: Double) -> LayoutDimension {
    LayoutDimension(kind: .fractionalWidth, dimension: fraction)
  }

  /// A fraction of the container's height.
  ///
  /// UIKit: `NSCollectionLayoutDimension.fractionalHeight(_:)`.
  public static func fractionalHeight(_ fraction: Double) -> LayoutDimension {
    LayoutDimension(kind: .fractionalHeight, dimension: fraction)
  }

  /// A fixed number of points.
  ///
  /// UIKit: `NSCollectionLayoutDimension.absolute(_:)`.
  public static func absolute(_ points: Double) -> LayoutDimension {
    LayoutDimension(kind: .absolute, dimension: points)
  }

  /// An estimate in points; the layout uses it as the size.
  ///
  /// UIKit: `NSCollectionLayoutDimension.estimated(_:)`, which then lets the cell size itself.
  public static func estimated(_ points: Double) -> LayoutDimension {
    LayoutDimension(kind: .estimated, dimension: points)
  }

  /// Whether the dimension is a fraction of the container's width.
  ///
  /// UIKit: `isFractionalWidth`.
  public var isFractionalWidth: Bool { kind == .fractionalWidth }
  /// Whether the dimension is a fraction of the container's height.
  ///
  /// UIKit: `isFractionalHeight`.
  public var isFractionalHeight: Bool { kind == .fractionalHeight }
  /// Whether the dimension is a fixed number of points.
  ///
  /// UIKit: `isAbsolute`.
  public var isAbsolute: Bool { kind == .absolute }
  /// Whether the dimension is an estimate.
  ///
  /// UIKit: `isEstimated`.
  public var isEstimated: Bool { kind == .estimated }

  /// The extent in points inside a container of `container` points; a value that is not finite
  /// or is negative counts as 0, so no input traps.
  func resolved(in container: Size) -> Double {
    let value: Double
    switch kind {
    case .fractionalWidth: value = dimension * container.width
    case .fractionalHeight: value = dimension * container.height
    case .absolute, .estimated: value = dimension
    }
    return value.isFinite && value > 0 ? value : 0
  }
}
