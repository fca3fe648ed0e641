import Foundation

/// A screen as text and styles, cell by cell: either the one mosaic drew (the file the
/// `MOSAIC_SCREEN_DUMP` hook writes after each frame) or the one the terminal shows (tmux's
/// `capture-pane -p -e -N`), in one form so that the two compare.
///
/// A cell is a spacing character with the zero-width ones after it, as curses stores it; a
/// wide glyph is one cell, as both tmux's capture and the dump show it once. A style is
/// written as the dump writes it: the letters of bold, dim, underline, reverse, then
/// `/FOREGROUND/BACKGROUND`, -1 for the terminal's own colour.
struct ShownScreen: Equatable {
  /// The frame number of a dump; nil for a terminal's screen.
  var frame: Int?
  /// Each row's text, trailing blanks dropped.
  var lines: [String]
  /// Each row's cell styles, one per cell up to the row's width (trailing blanks included).
  var styles: [[String]]

  /// The style of a cell in the terminal's own colours with no attribute.
  static let plainStyle = "/-1/-1"

  /// Reads a dump file's text; nil when it is not one (not written yet).
  init?(dump: String) {
    var lines = dump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.first, header.hasPrefix("mosaic-screen ") else { return nil }
    var fields: [String: Int] = [:]
    for word in header.split(separator: " ").dropFirst() {
      let parts = word.split(separator: "=")
      if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
    }
    guard let frame = fields["frame"], let rows = fields["rows"] else { return nil }
    lines.removeFirst()
    guard lines.count >= 2 * rows else { return nil }
    self.frame = frame
    self.lines = Array(lines[0..<rows])
    styles = lines[rows..<2 * rows].map { row in
      row.split(separator: " ").flatMap { run -> [String] in
        guard let star = run.firstIndex(of: "*"), let count = Int(run[..<star]) else { return [] }
        return Array(repeating: String(run[run.index(after: star)...]), count: count)
      }
    }
  }

  /// Reads what `tmux capture-pane -p -e -N` printed: each row in full, with SGR sequences
  /// where the style changes.
  init(tmuxCapture: String) {
    var rows = tmuxCapture.split(separator: "\n", omittingEmptySubsequences: false)
    if rows.last == "" { rows.removeLast() }
    frame = nil
    var lines: [String] = []
    var styles: [[String]] = []
    // tmux says where the style changes from the cell before, across rows too.
    var state = SGRState()
    for row in rows {
      var text = ""
      var rowStyles: [String] = []
      var scalars = Array(row.unicodeScalars)[...]
      while let scalar = scalars.first {
        if scalar == "\u{1B}" {
          scalars = state.apply(sequenceAt: scalars)
          continue
        }
        scalars = scalars.dropFirst()
        text.unicodeScalars.append(scalar)
        // A zero-width character belongs to the cell before it.
        if !Self.isZeroWidth(scalar) || rowStyles.isEmpty { rowStyles.append(state.style) }
      }
      lines.append(String(text.reversed().drop { $0 == " " }.reversed()))
      styles.append(rowStyles)
    }
    self.lines = lines
    self.styles = styles
  }

  /// Whether `scalar` takes no column of its own (a combining mark, a joiner, a selector).
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  /// What differs between this screen (what was drawn) and `shown` (what the terminal shows),
  /// a line each, empty when they agree: the size, each differing row's text, then the first
  /// few cells whose style differs.
  func differences(from shown: ShownScreen) -> [String] {
    var found: [String] = []
    if lines.count != shown.lines.count {
      found.append("drawn \(lines.count) rows, the terminal shows \(shown.lines.count)")
    }
    let rows = (0..<min(lines.count, shown.lines.count)).filter { lines[$0] != shown.lines[$0] }
    for row in rows.prefix(6) {
      found.append("row \(row) drawn:  \"\(lines[row])\"")
      found.append("row \(row) shown:  \"\(shown.lines[row])\"")
    }
    if rows.count > 6 { found.append("… \(rows.count) rows differ") }
    guard found.isEmpty else { return found }
    var styleDifferences = 0
    for row in 0..<min(styles.count, shown.styles.count) {
      let (drawn, terminal) = (styles[row], shown.styles[row])
      let texts = Self.cells(of: lines[row])
      for cell in 0..<max(drawn.count, terminal.count) {
        let blank = cell >= texts.count || texts[cell] == " "
        let wanted = Self.visible(cell < drawn.count ? drawn[cell] : Self.plainStyle, blank: blank)
        let got = Self.visible(
          cell < terminal.count ? terminal[cell] : Self.plainStyle, blank: blank)
        guard wanted != got else { continue }
        styleDifferences += 1
        if styleDifferences <= 8 {
          let glyph = Array(lines[row]).dropFirst(cell).first.map { "\"\($0)\"" } ?? "a blank"
          found.append(
            "row \(row) cell \(cell) (\(glyph)): drawn in style \(wanted), shown in \(got)")
        }
      }
    }
    if styleDifferences > 8 { found.append("… \(styleDifferences) cells differ in style") }
    return found
  }

  /// The cells of a row's text: each spacing character with the zero-width ones after it.
  static func cells(of line: String) -> [String] {
    var cells: [String] = []
    for scalar in line.unicodeScalars {
      if isZeroWidth(scalar), !cells.isEmpty {
        cells[cells.count - 1].unicodeScalars.append(scalar)
      } else {
        cells.append(String(scalar))
      }
    }
    return cells
  }

  /// What of `style` shows: on a blank, neither bold nor dim nor (unless reversed, when it is
  /// the blank's colour) the foreground. Curses counts a blank in bold as a plain one and may
  /// clear it with an erase, as it may a blank whose foreground differs.
  static func visible(_ style: String, blank: Bool) -> String {
    guard blank else { return style }
    var parts = style.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3 else { return style }
    parts[0] = parts[0].filter { $0 != "b" && $0 != "d" }
    if !parts[0].contains("r") { parts[1] = "-1" }
    return parts.joined(separator: "/")
  }

  /// The text of the screen, rows numbered, for a failure message.
  var numberedText: String {
    lines.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }
      .joined(separator: "\n")
  }
}

/// The graphic rendition a row of tmux's capture has reached, read from its SGR sequences.
private struct SGRState {
  var bold = false
  var dim = false
  var underline = false
  var reverse = false
  var foreground = "-1"
  var background = "-1"

  /// The style in the dump's form.
  var style: String {
    (bold ? "b" : "") + (dim ? "d" : "") + (underline ? "u" : "") + (reverse ? "r" : "")
      + "/\(foreground)/\(background)"
  }

  /// Applies the escape sequence `scalars` starts with and returns what follows it; a
  /// sequence that is not SGR is skipped whole.
  mutating func apply(sequenceAt scalars: ArraySlice<Unicode.Scalar>) -> ArraySlice<
    Unicode.Scalar
  > {
    var rest = scalars.dropFirst()
    guard rest.first == "[" else { return rest }
    rest = rest.dropFirst()
    var parameters = ""
    while let scalar = rest.first, !(0x40...0x7E).contains(scalar.value) {
      parameters.unicodeScalars.append(scalar)
      rest = rest.dropFirst()
    }
    guard let final = rest.first else { return rest }
    rest = rest.dropFirst()
    if final == "m" { apply(parameters: parameters) }
    return rest
  }

  private mutating func apply(parameters: String) {
    var codes = parameters.split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) ?? 0 }[...]
    if codes.isEmpty { codes = [0] }
    while let code = codes.popFirst() {
      switch code {
      case 0: self = SGRState()
      case 1: bold = true
      case 2: dim = true
      case 4: underline = true
      case 7: reverse = true
      case 22: (bold, dim) = (false, false)
      case 24: underline = false
      case 27: reverse = false
      case 30...37: foreground = "\(code - 30)"
      case 39: foreground = "-1"
      case 40...47: background = "\(code - 40)"
      case 49: background = "-1"
      case 90...97: foreground = "\(code - 90 + 8)"
      case 100...107: background = "\(code - 100 + 8)"
      case 38, 48:
        // 38;5;N or 38;2;R;G;B.
        let value: String
        if codes.first == 5 {
          codes.removeFirst()
          value = "\(codes.popFirst() ?? 0)"
        } else if codes.first == 2 {
          codes.removeFirst()
          value = "rgb" + (0..<3).map { _ in "\(codes.popFirst() ?? 0)" }.joined(separator: ",")
        } else {
          value = "?"
        }
        if code == 38 { foreground = value } else { background = value }
      default:
        break
      }
    }
  }
}
