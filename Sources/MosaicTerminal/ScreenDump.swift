import CNcurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test hook: after each frame, the text and styles of the screen the scene drew, read back
/// from curses' window and written whole to the file `MOSAIC_SCREEN_DUMP` names.
///
/// UIKit has no counterpart. The end-to-end test that the terminal shows exactly what was
/// drawn compares this file with the terminal's screen as tmux holds it: the window is what
/// the scene asked for, the terminal is what the output path (curses' diff, scroll regions,
/// synchronized output) made of it, so any byte the output path gets wrong shows up as a
/// difference. The file is written beside its final name and renamed over it, so a reader
/// never sees half a frame.
///
/// The format (UTF-8), one header line then two blocks of `rows` lines each:
///
///     mosaic-screen frame=12 columns=120 rows=40
///     <row 0's text, trailing blanks dropped> … (a wide glyph once, for both its columns)
///     <row 0's styles> …
///
/// A row's styles are runs `COUNT*STYLE` separated by spaces, one per run of glyphs (a wide
/// glyph counts once) in the same style; `STYLE` is the attribute letters present among `b`
/// bold, `d` dim, `u` underline, `r` reverse, then `/FOREGROUND/BACKGROUND` as curses colour
/// numbers, -1 for the terminal's own colour: `5*r/-1/-1`, `120*/-1/-1`.
struct ScreenDump {
  /// The environment variable naming the file; unset, nothing is written.
  static let environmentVariable = "MOSAIC_SCREEN_DUMP"

  private let path: String

  /// The dump `MOSAIC_SCREEN_DUMP` asks for, or nil when it is unset or empty.
  static func fromEnvironment() -> ScreenDump? {
    guard let value = getenv(environmentVariable), value.pointee != 0 else { return nil }
    return ScreenDump(path: String(cString: value))
  }

  /// Writes `window`'s screen as frame number `frame`; a failure to write is ignored (the test
  /// reading the file then times out and says so).
  func save(_ window: UnsafeMutablePointer<WINDOW>, frame: Int) {
    let text = Self.text(of: window, frame: frame)
    let partial = path + ".partial"
    let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if result < 0 && errno == EINTR { continue }
      if result <= 0 { break }
      written += result
    }
    close(descriptor)
    if written == bytes.count { rename(partial, path) } else { unlink(partial) }
  }

  /// The dump of `window`, as described on the type.
  static func text(of window: UnsafeMutablePointer<WINDOW>, frame: Int) -> String {
    let rows = Int(mosaic_getmaxy(window))
    let columns = Int(mosaic_getmaxx(window))
    var textLines: [String] = []
    var styleLines: [String] = []
    for row in 0..<rows {
      var line = ""
      var runs: [String] = []
      var runStyle = ""
      var runLength = 0
      var column = 0
      while column < columns {
        var (scalars, style) = cell(window, row: row, column: column)
        var width = 1
        switch mosaic_wide_part(window, Int32(row), Int32(column)) {
        case 1 where mosaic_wide_part(window, Int32(row), Int32(column + 1)) == 2:
          width = 2
        case 0:
          break
        default:
          // Half a wide glyph, which the terminal shows as a blank (CursesSurface never leaves
          // one; this says what the terminal would show if it did).
          scalars = []
        }
        line += scalars.isEmpty ? " " : String(String.UnicodeScalarView(scalars))
        if style == runStyle {
          runLength += 1
        } else {
          if runLength > 0 { runs.append("\(runLength)*\(runStyle)") }
          (runStyle, runLength) = (style, 1)
        }
        // The terminal shows a wide glyph once, over both its columns; so does tmux's capture.
        column += width
      }
      if runLength > 0 { runs.append("\(runLength)*\(runStyle)") }
      textLines.append(String(line.reversed().drop { $0 == " " }.reversed()))
      styleLines.append(runs.joined(separator: " "))
    }
    return "mosaic-screen frame=\(frame) columns=\(columns) rows=\(rows)\n"
      + (textLines + styleLines).map { $0 + "\n" }.joined()
  }

  /// The characters and the dump's style of the window's cell at `row`, `column`.
  static func cell(_ window: UnsafeMutablePointer<WINDOW>, row: Int, column: Int) -> (
    scalars: [Unicode.Scalar], style: String
  ) {
    var cell = cchar_t()
    var characters = [wchar_t](repeating: 0, count: 8)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    if mvwin_wch(window, Int32(row), Int32(column), &cell) != mosaic_err() {
      getcchar(&cell, &characters, &attributes, &pair, nil)
    }
    let scalars = characters.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32($0)) }
    return (scalars, style(attributes: attributes, pair: pair))
  }

  /// A cell's style as written in the dump.
  static func style(attributes: attr_t, pair: Int16) -> String {
    var letters = ""
    if attributes & mosaic_a_bold() != 0 { letters += "b" }
    if attributes & mosaic_a_dim() != 0 { letters += "d" }
    if attributes & mosaic_a_underline() != 0 { letters += "u" }
    if attributes & mosaic_a_reverse() != 0 { letters += "r" }
    var foreground: Int16 = -1
    var background: Int16 = -1
    if pair != 0 { pair_content(pair, &foreground, &background) }
    return "\(letters)/\(foreground)/\(background)"
  }
}
