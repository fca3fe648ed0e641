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

  /// Whether the rectangle has no area: a width or a height of zero (or less).
  ///
  /// UIKit: `CGRect.isEmpty`. Mosaic has no null rectangle, so this is also how an
  /// `intersection(_:)` of rectangles that do not meet is recognised.
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// The part both rectangles cover; when they do not overlap, an empty rectangle (zero width
  /// or height) at the near corner of the gap between them.
  ///
  /// UIKit: `CGRect.intersection(_:)`, which returns `.null` for rectangles that do not meet.
  /// Mosaic has no null rectangle (a rectangle at infinity would have to be guarded against in
  /// every snapping to cells): test the result with `isEmpty`, which is true for `.null` too.
  /// Rectangles that only touch give a zero-width or zero-height strip along the shared edge, as
  /// in UIKit.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    return Rect(
      x: x0, y: y0, width: max(0, min(maxX, other.maxX) - x0),
      height: max(0, min(maxY, other.maxY) - y0))
  }

  /// The smallest rectangle that contains both; an empty rectangle does not count.
  ///
  /// UIKit: `CGRect.union(_:)`. UIKit ignores only `.null` and stretches the union to take in an
  /// empty rectangle's origin; Mosaic ignores every empty rectangle, the role `.null` plays in
  /// UIKit, so the empty result of `intersection(_:)` and `Rect.zero` as the start of a fold
  /// never drag a union towards a point that holds nothing.
  public func union(_ other: Rect) -> Rect {
    if other.isEmpty { return self }
    if isEmpty { return other }
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(
      x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom (grown
  /// for negative values), about the same centre.
  ///
  /// UIKit: `CGRect.insetBy(dx:dy:)`. Where UIKit returns `.null` because an inset is larger
  /// than the rectangle, Mosaic collapses that extent to zero at the centre (`isEmpty`).
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let width = size.width - 2 * dx
    let height = size.height - 2 * dy
    return Rect(
      x: width < 0 ? midX : minX + dx, y: height < 0 ? midY : minY + dy, width: max(0, width),
      height: max(0, height))
  }

  /// The rectangle with each edge moved inward by the matching inset.
  ///
  /// UIKit: `CGRect.inset(by: UIEdgeInsets)`; an inset larger than the rectangle collapses that
  /// extent to zero, as in `insetBy(dx:dy:)`.
  public func inset(by insets: EdgeInsets) -> Rect {
    let width = size.width - insets.left - insets.right
    let height = size.height - insets.top - insets.bottom
    return Rect(
      x: width < 0 ? minX + (insets.left + size.width - insets.right) / 2 : minX + insets.left,
      y: height < 0 ? minY + (insets.top + size.height - insets.bottom) / 2 : minY + insets.top,
      width: max(0, width), height: max(0, height))
  }

  /// The rectangle as `(x, y, width × height)`.
  public var description: String { "(\(minX), \(minY), \(width) × \(height))" }
}
