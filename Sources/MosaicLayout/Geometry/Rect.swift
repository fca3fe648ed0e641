/// An axis-aligned rectangle in points: an origin and a size.
///
/// UIKit: `CGRect`. Sizes are taken as given (never standardised): layout
/// produces only non-negative sizes.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The extent from the origin.
  public var size: Size

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Creates a rectangle from its origin and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its four numbers.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The horizontal centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }

  /// Whether the two rectangles overlap with positive area; touching edges do not count.
  ///
  /// UIKit: `CGRect.intersects(_:)`, which layout queries use the same way.
  public func intersects(_ other: Rect) -> Bool {
    // Compare the overlap's edges, not each rect's against the other's: a
    // zero-width or zero-height rect inside another overlaps it with no area.
    max(minX, other.minX) < min(maxX, other.maxX) && max(minY, other.minY) < min(maxY, other.maxY)
  }

  /// Whether `point` lies inside, counting the top and left edges but not the bottom and right.
  ///
  /// UIKit: `CGRect.contains(_:)`.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies wholly inside this rectangle, edges included.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The rectangle moved by `dx`, `dy`.
  ///
  /// UIKit: `CGRect.offsetBy(dx:dy:)`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  /// The rectangle as `(x, y, width × height)`.
  public var description: String { "(\(minX), \(minY), \(width) × \(height))" }
}
