/// A rectangle of terminal character cells: a column and row, and how many of each it spans.
///
/// Points and cells are different types on purpose: a frame is turned into a
/// `CellRect` only through `CellMetrics.cellRect(for:)`.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  /// The leftmost column (may be negative for an element overflowing the leading edge).
  public var column: Int
  /// The topmost row (may be negative).
  public var row: Int
  /// How many columns it spans (may be 0).
  public var columns: Int
  /// How many rows it spans (may be 0).
  public var rows: Int

  /// Creates a cell rectangle.
  public init(column: Int, row: Int, columns: Int, rows: Int) {
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
  }

  /// The column just past the right edge.
  public var endColumn: Int { column + columns }
  /// The row just past the bottom edge.
  public var endRow: Int { row + rows }
  /// Whether it spans no cell at all.
  public var isEmpty: Bool { columns <= 0 || rows <= 0 }

  /// The cells both rectangles cover, or an empty rectangle when they do not overlap.
  public func intersection(_ other: CellRect) -> CellRect {
    let c0 = max(column, other.column)
    let r0 = max(row, other.row)
    let c1 = min(endColumn, other.endColumn)
    let r1 = min(endRow, other.endRow)
    return CellRect(column: c0, row: r0, columns: max(0, c1 - c0), rows: max(0, r1 - r0))
  }

  /// Whether the cell at `column`, `row` is inside.
  public func contains(column c: Int, row r: Int) -> Bool {
    c >= column && c < endColumn && r >= row && r < endRow
  }

  /// The rectangle as `column,row columns×rows`.
  public var description: String { "\(column),\(row) \(columns)×\(rows)" }
}
