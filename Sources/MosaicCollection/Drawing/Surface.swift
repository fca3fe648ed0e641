import MosaicLayout

/// A grid of character cells that the collection view draws into: the in-memory
/// grid of the tests, or the terminal's screen.
///
/// A surface is deliberately primitive; clipping, translation, text layout and
/// wide characters are handled once, above it, by `Canvas`, so every backend
/// draws exactly the same thing.
public protocol Surface: AnyObject {
  /// The number of columns.
  var columns: Int { get }
  /// The number of rows.
  var rows: Int { get }

  /// Puts one glyph at `column`, `row`, covering `width` columns (1 or 2).
  ///
  /// A glyph is one terminal cell: a spacing character and at most four zero-width characters
  /// after it, never a joiner (`Canvas` splits every grapheme cluster into such cells). The
  /// caller guarantees that all `width` columns are inside the surface.
  func put(_ glyph: Character, width: Int, column: Int, row: Int, style: TextStyle)

  /// Blanks every cell with `style`, before a frame is drawn.
  func clear(style: TextStyle)

  /// Puts the one-column `glyph` in every cell of `rect`, exactly as `put` would cell by cell.
  ///
  /// The caller guarantees that `rect` is inside the surface. Surfaces that can fill a run of
  /// cells at once implement it; the default puts one cell at a time.
  func fill(_ rect: CellRect, with glyph: Character, style: TextStyle)

  /// Puts a run of printable ASCII bytes (0x20–0x7E), one column each, from `column` on `row`,
  /// exactly as `put` would byte by byte.
  ///
  /// The caller guarantees that the run is inside the surface. Surfaces that can put a run of
  /// text at once implement it; the default puts one byte at a time.
  func putASCII(_ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, style: TextStyle)

  /// Says that the lines the last frame showed in `rect` show `rows` rows higher in the frame
  /// being drawn (lower when `rows` is negative): the content there scrolled by that much.
  ///
  /// A hint, not a drawing operation: the frame is still drawn whole, and a surface may ignore
  /// it (the default does). The terminal's surface has the terminal shift those lines itself
  /// before the frame goes out, so that only the lines that arrive are sent. UIKit has no
  /// counterpart (Core Animation moves a scrolled layer's pixels without drawing them again).
  func contentDidScroll(in rect: CellRect, rows: Int)
}

extension Surface {
  /// Ignores the hint: a surface that keeps no frame shown before has nothing to shift.
  public func contentDidScroll(in rect: CellRect, rows: Int) {}

  /// Puts each byte of `bytes` with `put`, one column each.
  public func putASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, style: TextStyle
  ) {
    for (offset, byte) in bytes.enumerated() {
      put(
        Canvas.asciiCharacters[Int(byte)], width: 1, column: column + offset, row: row,
        style: style)
    }
  }

  /// Puts `glyph` in each cell of `rect`, one `put` at a time.
  public func fill(_ rect: CellRect, with glyph: Character, style: TextStyle) {
    guard !rect.isEmpty else { return }
    for row in rect.row..<rect.endRow {
      for column in rect.column..<rect.endColumn {
        put(glyph, width: 1, column: column, row: row, style: style)
      }
    }
  }
}
