import MosaicLayout

/// What the view shows of its content: the offset, the screen cells it covers and how many
/// points a cell spans; one value, changed in one place (`CollectionView.commitViewport(_:)`).
///
/// UIKit: the scroll view's `bounds` (origin `contentOffset`) with its `frame`. Pure: the
/// clamping and the cell arithmetic are tested alone (ViewportTests).
struct Viewport: Equatable {
  /// The point of the content at the top-left corner, already clamped.
  var offset = Point.zero
  /// The screen cells the view covers.
  var frame: CellRect
  /// How many points a column and a row span.
  var cellMetrics: CellMetrics

  /// The size in points.
  var size: Size {
    Size(
      width: Double(max(0, frame.columns)) * cellMetrics.pointsPerColumn,
      height: Double(max(0, frame.rows)) * cellMetrics.pointsPerRow)
  }

  /// The visible rect in content coordinates.
  var bounds: Rect { Rect(origin: offset, size: size) }

  /// Whether `other` covers a different number of columns or rows (a resize, not a move).
  func isResized(from other: Viewport) -> Bool {
    frame.columns != other.frame.columns || frame.rows != other.frame.rows
  }

  /// The offset in whole cells (snapped as edges are).
  var offsetCells: (column: Int, row: Int) {
    (cellMetrics.column(forX: offset.x), cellMetrics.row(forY: offset.y))
  }

  /// The largest offset on each axis for content of `contentSize`, rounded up to a whole cell
  /// so scrolling by whole cells always reaches the end.
  func maximumOffset(contentSize content: Size) -> Point {
    let view = size
    func limit(_ overflow: Double, _ step: Double) -> Double {
      guard overflow > 0, overflow.isFinite else { return 0 }
      return (overflow / step).rounded(.up) * step
    }
    return Point(
      x: limit(content.width - view.width, cellMetrics.pointsPerColumn),
      y: limit(content.height - view.height, cellMetrics.pointsPerRow))
  }

  /// `requested` clamped between zero and `maximum` on each axis; a value that is not finite
  /// goes to zero.
  static func clamp(_ requested: Point, to maximum: Point) -> Point {
    func clamp(_ value: Double, _ upper: Double) -> Double {
      value.isFinite ? min(max(value, 0), upper) : 0
    }
    return Point(x: clamp(requested.x, maximum.x), y: clamp(requested.y, maximum.y))
  }
}
