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
  /// The caller guarantees that all `width` columns are inside the surface.
  func put(_ glyph: Character, width: Int, column: Int, row: Int, style: TextStyle)

  /// Blanks every cell with `style`, before a frame is drawn.
  func clear(style: TextStyle)
}
