import MosaicLayout

/// A surface that keeps its cells in memory: the screen of headless tests and benchmarks.
///
/// UIKit has no counterpart; think of it as a snapshot test's bitmap. Each cell holds a
/// character, its width and its style. A glyph two columns wide fills its first cell and leaves a
/// continuation cell (width 0) after it; overwriting either half blanks the other, as a terminal
/// does. `lines` and `text` print the grid for snapshot comparisons, `styleLines` prints styles.
public final class MemorySurface: Surface {
  /// One character cell.
  public struct Cell: Hashable, Sendable {
    /// The character shown; a space in a continuation cell.
    public var character: Character
    /// 1 for a narrow glyph, 2 for the first cell of a wide one, 0 for its continuation.
    public var width: Int
    /// The style the cell is drawn with.
    public var style: TextStyle

    /// A blank cell in `style`.
    public static func blank(_ style: TextStyle = .plain) -> Cell {
      Cell(character: " ", width: 1, style: style)
    }

    /// Creates a cell.
    public init(character: Character, width: Int, style: TextStyle) {
      self.character = character
      self.width = width
      self.style = style
    }
  }

  // A surface is drawn from one thread; the run-time exclusivity checks of a class's stored
  // properties cost more than the drawing itself on this hot path, so they are turned off.

  /// The number of columns.
  @exclusivity(unchecked) public private(set) var columns: Int
  /// The number of rows.
  @exclusivity(unchecked) public private(set) var rows: Int
  /// The cells, row by row.
  @exclusivity(unchecked) public private(set) var cells: [Cell]
  /// How many glyphs have been put since creation, for benchmarks.
  @exclusivity(unchecked) public private(set) var putCount = 0

  /// Creates a blank surface of `columns` × `rows` cells.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: .blank(), count: self.columns * self.rows)
  }

  /// Changes the size, blanking every cell, as a terminal resize does.
  public func resize(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: .blank(), count: self.columns * self.rows)
  }

  /// The cell at `column`, `row`.
  public subscript(column: Int, row: Int) -> Cell {
    cells[row * columns + column]
  }

  /// Puts one glyph; a glyph that does not fit inside the surface is ignored.
  public func put(_ glyph: Character, width: Int, column: Int, row: Int, style: TextStyle) {
    guard width == 1 || width == 2, row >= 0, row < rows, column >= 0, column + width <= columns
    else { return }
    putCount += 1
    let index = row * columns + column
    let columns = columns
    // One exclusive access to the grid per glyph, not one per cell touched: this is the hot
    // path of every frame.
    cells.withUnsafeMutableBufferPointer { cells in
      // Overwriting half of a wide glyph blanks its other half, so no half glyph survives.
      if cells[index].width == 0 && column > 0 {
        cells[index - 1] = .blank(cells[index - 1].style)
      }
      let last = index + width - 1
      if cells[last].width == 2 && column + width < columns {
        cells[last + 1] = .blank(cells[last + 1].style)
      }
      cells[index] = Cell(character: glyph, width: width, style: style)
      if width == 2 {
        cells[index + 1] = Cell(character: " ", width: 0, style: style)
      }
    }
  }

  /// Puts the one-column `glyph` in every cell of `rect` (clipped to the surface), as `put` would
  /// cell by cell but with one access to the grid per row.
  public func fill(_ rect: CellRect, with glyph: Character, style: TextStyle) {
    let area = rect.intersection(CellRect(column: 0, row: 0, columns: columns, rows: rows))
    guard !area.isEmpty else { return }
    putCount += area.columns * area.rows
    let columns = columns
    let cell = Cell(character: glyph, width: 1, style: style)
    cells.withUnsafeMutableBufferPointer { cells in
      for row in area.row..<area.endRow {
        let start = row * columns + area.column
        let end = start + area.columns
        // Only the run's ends can cut a wide glyph in half; blank the half left outside.
        if cells[start].width == 0 && area.column > 0 {
          cells[start - 1] = .blank(cells[start - 1].style)
        }
        if cells[end - 1].width == 2 && area.endColumn < columns {
          cells[end] = .blank(cells[end].style)
        }
        for index in start..<end { cells[index] = cell }
      }
    }
  }

  /// Blanks every cell with `style`.
  public func clear(style: TextStyle) {
    let blank = Cell.blank(style)
    cells.withUnsafeMutableBufferPointer { cells in
      for index in cells.indices { cells[index] = blank }
    }
  }

  /// Each row as text, continuation cells left out, trailing spaces kept.
  public var lines: [String] {
    (0..<rows).map { row in
      var line = ""
      for column in 0..<columns {
        let cell = cells[row * columns + column]
        if cell.width > 0 { line.append(cell.character) }
      }
      return line
    }
  }

  /// The rows as text joined by newlines, with trailing spaces removed from each row, as
  /// snapshot tests compare it.
  public var text: String {
    lines.map { line in
      var trimmed = Substring(line)
      while trimmed.last == " " { trimmed.removeLast() }
      return String(trimmed)
    }.joined(separator: "\n")
  }

  /// Each row as one symbol per column, naming the cell's style: `legend[style]` when the legend
  /// has it, "." for the plain style, else `other`.
  public func styleLines(legend: [TextStyle: Character] = [:], other: Character = "?") -> [String] {
    (0..<rows).map { row in
      String(
        (0..<columns).map { column -> Character in
          let style = cells[row * columns + column].style
          if let symbol = legend[style] { return symbol }
          return style == .plain ? "." : other
        })
    }
  }

  /// Each row as one symbol per column, naming the cell's attributes: "." none, "B" bold,
  /// "R" reverse, "U" underline, "D" dim, "*" more than one; colours are ignored.
  public var attributeLines: [String] {
    (0..<rows).map { row in
      String(
        (0..<columns).map { column -> Character in
          let attributes = cells[row * columns + column].style.attributes
          switch attributes {
          case []: return "."
          case .bold: return "B"
          case .reverse: return "R"
          case .underline: return "U"
          case .dim: return "D"
          default: return "*"
          }
        })
    }
  }
}
