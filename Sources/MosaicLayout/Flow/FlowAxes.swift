/// The mapping between points (x, y) and the flow layout's line and scroll axes.
struct FlowAxes {
  /// Whether the content scrolls vertically (lines run along x).
  var isVertical: Bool

  /// The frame in points of an axis-neutral rectangle.
  @inline(__always)
  func rect(_ r: AxisRect) -> Rect {
    isVertical
      ? Rect(x: r.line, y: r.scroll, width: r.length, height: r.thickness)
      : Rect(x: r.scroll, y: r.line, width: r.thickness, height: r.length)
  }

  /// A rectangle in points, in line/scroll terms.
  @inline(__always)
  func axisRect(_ r: Rect) -> AxisRect {
    isVertical
      ? AxisRect(line: r.minX, scroll: r.minY, length: r.width, thickness: r.height)
      : AxisRect(line: r.minY, scroll: r.minX, length: r.height, thickness: r.width)
  }

  /// A query rectangle in points, as line and scroll ranges.
  func range(_ r: Rect) -> AxisRange {
    isVertical
      ? AxisRange(lineMin: r.minX, lineMax: r.maxX, scrollMin: r.minY, scrollMax: r.maxY)
      : AxisRange(lineMin: r.minY, lineMax: r.maxY, scrollMin: r.minX, scrollMax: r.maxX)
  }

  /// The extent of a size along a line (width when scrolling vertically).
  @inline(__always)
  func length(_ s: Size) -> Double { isVertical ? s.width : s.height }

  /// The extent of a size along the scroll axis (height when scrolling vertically).
  @inline(__always)
  func thickness(_ s: Size) -> Double { isVertical ? s.height : s.width }
}

/// The lengths the flow engine treats as sizes: finite and non-negative, anything else is 0.
@inline(__always)
func flowCleanSize(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

/// The lengths that may be negative (insets, spacings): finite, else 0.
@inline(__always)
func flowCleanLength(_ value: Double) -> Double { value.isFinite ? value : 0 }

/// `floor(value)` as an Int clamped to `range`, with NaN mapped to the lower bound, so no
/// absurd coordinate can trap a conversion.
@inline(__always)
func flowFloorIndex(_ value: Double, in range: ClosedRange<Int>) -> Int {
  guard value > Double(range.lowerBound) else { return range.lowerBound }
  guard value < Double(range.upperBound) else { return range.upperBound }
  return Int(value.rounded(.down))
}
