/// How many points one terminal column and one terminal row span: the bridge from points to cells.
///
/// Layout runs in points, as in UIKit; drawing snaps every edge to the nearest
/// cell boundary (`round(v) = floor(v + 0.5)`), so frames that share an edge in
/// points share it in cells, with no gap and no overlap.
public struct CellMetrics: Hashable, Sendable {
  /// Points per terminal column.
  public var pointsPerColumn: Double
  /// Points per terminal row.
  public var pointsPerRow: Double

  /// The default, 8 × 16 points: a terminal glyph is about twice as tall as wide.
  public static let standard = CellMetrics(pointsPerColumn: 8, pointsPerRow: 16)

  /// Creates metrics; both values must be positive and finite.
  public init(pointsPerColumn: Double, pointsPerRow: Double) {
    precondition(pointsPerColumn > 0 && pointsPerColumn.isFinite, "pointsPerColumn must be > 0")
    precondition(pointsPerRow > 0 && pointsPerRow.isFinite, "pointsPerRow must be > 0")
    self.pointsPerColumn = pointsPerColumn
    self.pointsPerRow = pointsPerRow
  }

  /// The cells a frame in points covers, by snapping each edge to the nearest cell boundary.
  public func cellRect(for frame: Rect) -> CellRect {
    let column = Self.snap(frame.minX / pointsPerColumn)
    let row = Self.snap(frame.minY / pointsPerRow)
    return CellRect(
      column: column, row: row,
      columns: Self.snap(frame.maxX / pointsPerColumn) - column,
      rows: Self.snap(frame.maxY / pointsPerRow) - row)
  }

  /// The column boundary nearest to `x` points.
  public func column(forX x: Double) -> Int { Self.snap(x / pointsPerColumn) }

  /// The row boundary nearest to `y` points.
  public func row(forY y: Double) -> Int { Self.snap(y / pointsPerRow) }

  /// The frame in points that a cell rectangle spans exactly.
  public func frame(for cells: CellRect) -> Rect {
    Rect(
      x: Double(cells.column) * pointsPerColumn, y: Double(cells.row) * pointsPerRow,
      width: Double(cells.columns) * pointsPerColumn, height: Double(cells.rows) * pointsPerRow)
  }

  /// `floor(v + 0.5)` as an integer, clamped so absurd values cannot trap.
  static func snap(_ value: Double) -> Int {
    let rounded = (value + 0.5).rounded(.down)
    guard rounded.isFinite else { return value < 0 ? Int.min / 2 : Int.max / 2 }
    return Int(max(min(rounded, Double(Int.max / 2)), Double(Int.min / 2)))
  }
}
