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

  /// The largest magnitude a cell value (column, row, columns or rows) takes: 2^53, the last
  /// whole number a `Double` (and so every JSON reader) holds exactly.
  public static let maximumCellValue = 9_007_199_254_740_992

  /// The cells a frame in points covers, by snapping each edge to the nearest cell boundary.
  ///
  /// Total, for drawing: any frame maps without trapping. An edge beyond ±2^53 cells
  /// (`maximumCellValue`) is saturated there, an infinite one too, and a NaN edge maps to 0;
  /// no terminal can tell a saturated rectangle from the exact one. Where out-of-range values
  /// must be refused rather than saturated (a report that promises exact cells), use
  /// `exactCellRect(for:)`.
  public func cellRect(for frame: Rect) -> CellRect {
    let column = Self.snap(frame.minX / pointsPerColumn)
    let row = Self.snap(frame.minY / pointsPerRow)
    // Both edges lie within ±2^53, so the differences (at most 2^54) cannot overflow.
    return CellRect(
      column: column, row: row,
      columns: Self.snap(frame.maxX / pointsPerColumn) - column,
      rows: Self.snap(frame.maxY / pointsPerRow) - row)
  }

  /// The cells a frame in points covers, exactly as `cellRect(for:)` maps them, or nil when
  /// that is impossible: an edge is not finite, or a value (column, row, columns or rows)
  /// would exceed `maximumCellValue` in magnitude.
  public func exactCellRect(for frame: Rect) -> CellRect? {
    let limit = Double(Self.maximumCellValue)
    let column = Self.snapped(frame.minX / pointsPerColumn)
    let endColumn = Self.snapped(frame.maxX / pointsPerColumn)
    let row = Self.snapped(frame.minY / pointsPerRow)
    let endRow = Self.snapped(frame.maxY / pointsPerRow)
    let columns = endColumn - column
    let rows = endRow - row
    // Written as `<=` so that NaN fails too.
    guard abs(column) <= limit, abs(row) <= limit, abs(columns) <= limit, abs(rows) <= limit
    else { return nil }
    return CellRect(column: Int(column), row: Int(row), columns: Int(columns), rows: Int(rows))
  }

  /// The column boundary nearest to `x` points, saturated at ±`maximumCellValue`.
  public func column(forX x: Double) -> Int { Self.snap(x / pointsPerColumn) }

  /// The row boundary nearest to `y` points, saturated at ±`maximumCellValue`.
  public func row(forY y: Double) -> Int { Self.snap(y / pointsPerRow) }

  /// The frame in points that a cell rectangle spans exactly.
  public func frame(for cells: CellRect) -> Rect {
    Rect(
      x: Double(cells.column) * pointsPerColumn, y: Double(cells.row) * pointsPerRow,
      width: Double(cells.columns) * pointsPerColumn, height: Double(cells.rows) * pointsPerRow)
  }

  /// `floor(v + 0.5)`: the one rounding every edge goes through, for a position in cells
  /// (points divided by the metric), as a `Double` so no magnitude can trap.
  @inline(__always)
  public static func snapped(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

  /// `snapped(value)` as an integer saturated at ±`maximumCellValue`; NaN is 0.
  static func snap(_ value: Double) -> Int {
    let limit = Double(maximumCellValue)
    let rounded = snapped(value)
    guard !rounded.isNaN else { return 0 }
    return Int(min(max(rounded, -limit), limit))
  }
}
