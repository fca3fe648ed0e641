import CNcurses
import MosaicCollection
import MosaicLayout

/// A surface over a curses window: glyphs go into curses' virtual screen, and
/// the terminal's one `doupdate()` per frame sends only what changed.
///
/// There is no diff engine here on purpose: curses already keeps the screen
/// as sent and the screen as wanted, and compares them (with its line-scroll
/// optimisation when `idlok` is on).
public final class CursesSurface: Surface {
  /// The curses window drawn into.
  let window: UnsafeMutablePointer<WINDOW>
  private let colors: ColorPairs?
  // A surface is drawn from one thread; the run-time exclusivity checks of these stored
  // properties cost more than putting the glyph itself on this hot path, so they are off.
  @exclusivity(unchecked) private var lastStyle: TextStyle?
  @exclusivity(unchecked) private var lastAttributes: attr_t = 0
  @exclusivity(unchecked) private var lastPair: Int16 = 0
  /// Whether a glyph two columns wide was put since the last clear: only then can a glyph or a
  /// fill cut one in half, whose other half curses would keep (the terminal blanks it), so only
  /// then does each put read the cells at its ends to blank such halves.
  @exclusivity(unchecked) private var mayHoldWideGlyphs = false
  /// The scroll hints of the frame being drawn, in the order they came.
  private var scrolls: [(rect: CellRect, rows: Int)] = []
  /// Whether runs of ASCII are stored straight into the window's lines (1) rather than through
  /// `wadd_wchnstr` (0): only where the line layout the shim assumes was checked against curses.
  private let writesLinesDirectly: Int32
  /// Whether the window's lines may be read (and written) in place: curses' line layout was
  /// checked when the terminal started.
  var linesAreInPlace: Bool { writesLinesDirectly != 0 }

  /// Creates a surface over `window`; `colors` is nil when the terminal shows no colour.
  /// `writesLinesDirectly`: what `mosaic_lines_are_writable()` answered (it needs curses
  /// started, so the terminal asks once).
  init(window: UnsafeMutablePointer<WINDOW>, colors: ColorPairs?, writesLinesDirectly: Bool) {
    self.window = window
    self.colors = colors
    self.writesLinesDirectly = writesLinesDirectly ? 1 : 0
  }

  /// The window's width in columns.
  public var columns: Int { Int(mosaic_getmaxx(window)) }
  /// The window's height in rows.
  public var rows: Int { Int(mosaic_getmaxy(window)) }

  /// Puts one glyph into the virtual screen; curses itself covers the second
  /// column of a wide glyph.
  public func put(_ glyph: Character, width: Int, column: Int, row: Int, style: TextStyle) {
    let (attributes, pair) = cursesStyle(style)
    let cuts: Int32 = mayHoldWideGlyphs ? 1 : 0
    if width > 1 { mayHoldWideGlyphs = true }
    var scalars = glyph.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return }
    guard let second = scalars.next() else {
      // Writing the bottom-right cell answers ERR (the cursor cannot move on),
      // yet the glyph is stored, so the result is not an error here.
      _ = mosaic_put_character(
        window, Int32(row), Int32(column), wchar_t(bitPattern: first.value), attributes, pair,
        cuts)
      return
    }
    // A spacing character followed by its zero-width characters (at most four, as many as a
    // cchar_t holds beside it: Canvas never sends more), NUL-terminated.
    var characters = [wchar_t(bitPattern: first.value), wchar_t(bitPattern: second.value)]
    while characters.count < 5, let scalar = scalars.next() {
      characters.append(wchar_t(bitPattern: scalar.value))
    }
    characters.append(0)
    _ = mosaic_put_glyph(window, Int32(row), Int32(column), characters, attributes, pair, cuts)
  }

  /// Puts a run of printable ASCII with one C call, as `put` would byte by byte.
  public func putASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, style: TextStyle
  ) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    let (attributes, pair) = cursesStyle(style)
    mosaic_put_ascii(
      window, Int32(row), Int32(column), base, Int32(bytes.count), attributes, pair,
      mayHoldWideGlyphs ? 1 : 0, writesLinesDirectly)
  }

  /// Fills `rect` with the one-column `glyph`: stored straight into the window's lines where
  /// those are written directly, otherwise a row at a time with `mvwhline_set`.
  public func fill(_ rect: CellRect, with glyph: Character, style: TextStyle) {
    guard !rect.isEmpty else { return }
    let (attributes, pair) = cursesStyle(style)
    var scalars = glyph.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return }
    let (row, column) = (Int32(rect.row), Int32(rect.column))
    let (rows, columns) = (Int32(rect.rows), Int32(rect.columns))
    let cuts: Int32 = mayHoldWideGlyphs ? 1 : 0
    guard let second = scalars.next() else {
      mosaic_fill_character(
        window, row, column, rows, columns, wchar_t(bitPattern: first.value), attributes, pair,
        cuts, writesLinesDirectly)
      return
    }
    var characters = [wchar_t(bitPattern: first.value), wchar_t(bitPattern: second.value)]
    while characters.count < 5, let scalar = scalars.next() {
      characters.append(wchar_t(bitPattern: scalar.value))
    }
    characters.append(0)
    mosaic_fill_glyph(
      window, row, column, rows, columns, characters, attributes, pair, cuts, writesLinesDirectly)
  }

  /// Blanks the window with `style`; `werase` (not `wclear`) so curses does
  /// not repaint the whole terminal on the next update.
  public func clear(style: TextStyle) {
    let (attributes, pair) = cursesStyle(style)
    var blank = cchar_t()
    var space: [wchar_t] = [32, 0]
    setcchar(&blank, &space, attributes, pair, nil)
    wbkgrndset(window, &blank)
    werase(window)
    mayHoldWideGlyphs = false
  }

  /// Keeps the hint for the terminal, which has the lines shifted before it sends the frame
  /// (see `Terminal.present(_:)`).
  public func contentDidScroll(in rect: CellRect, rows: Int) {
    scrolls.append((rect, rows))
  }

  /// The scroll hints given since the last call, oldest first.
  func takeScrolls() -> [(rect: CellRect, rows: Int)] {
    defer { scrolls.removeAll(keepingCapacity: true) }
    return scrolls
  }

  /// The curses attributes and pair of `style`, remembered for the next glyph
  /// since runs of one style are the rule.
  private func cursesStyle(_ style: TextStyle) -> (attr_t, Int16) {
    if style == lastStyle { return (lastAttributes, lastPair) }
    var attributes = mosaic_a_normal()
    if style.attributes.contains(.bold) { attributes |= mosaic_a_bold() }
    if style.attributes.contains(.reverse) { attributes |= mosaic_a_reverse() }
    if style.attributes.contains(.underline) { attributes |= mosaic_a_underline() }
    if style.attributes.contains(.dim) { attributes |= mosaic_a_dim() }
    let pair = colors?.number(foreground: style.foreground, background: style.background) ?? 0
    lastStyle = style
    lastAttributes = attributes
    lastPair = pair
    return (attributes, pair)
  }
}
