/// A width and a height in points.
///
/// UIKit: `CGSize`.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The extent along x.
  public var width: Double
  /// The extent along y.
  public var height: Double

  /// The empty size, 0 × 0.
  public static let zero = Size(width: 0, height: 0)

  /// Creates a size from its two extents.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size as `width × height`.
  public var description: String { "\(width) × \(height)" }
}
