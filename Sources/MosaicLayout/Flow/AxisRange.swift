/// A query rectangle in line/scroll terms, as half-open ranges.
struct AxisRange {
  /// The line-axis range, `lineMin ..< lineMax`.
  var lineMin: Double
  var lineMax: Double
  /// The scroll-axis range, `scrollMin ..< scrollMax`.
  var scrollMin: Double
  var scrollMax: Double

  /// Whether `frame` overlaps the range with positive area; touching edges and empty frames
  /// do not count.
  ///
  /// The ends are computed as `origin + extent`, exactly as `Rect.maxX` does, so the answer
  /// matches a test of the transposed `Rect` bit for bit.
  @inline(__always)
  func overlaps(_ frame: AxisRect) -> Bool {
    overlapsScroll(frame) && max(frame.line, lineMin) < min(frame.line + frame.length, lineMax)
  }

  /// Whether `frame` overlaps the range on the scroll axis with positive length.
  @inline(__always)
  func overlapsScroll(_ frame: AxisRect) -> Bool {
    max(frame.scroll, scrollMin) < min(frame.scroll + frame.thickness, scrollMax)
  }
}
