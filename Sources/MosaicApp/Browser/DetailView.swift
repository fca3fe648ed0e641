import MosaicCollection

/// Every field of one record, names aligned and long values wrapped, in a scrolling box.
///
/// UIKit: the detail view controller pushed when a cell is tapped. The browser shows it over the
/// cards on Enter; Escape goes back.
struct DetailView {
  /// The record's number in the source, for tests and the status bar.
  let record: Int
  /// The record's title.
  let title: String
  /// The record's fields in order.
  let fields: [(key: String, value: String)]
  /// The scrolling box, rebuilt when the width changes.
  private var panel: TextPanel
  /// The text width the panel's lines were wrapped for.
  private var wrapWidth = -1

  /// The widest a field name column gets; longer names are cut.
  static let maximumKeyWidth = 24
  /// The style of the field names.
  static let keyStyle = TextStyle(foreground: .cyan)

  /// Creates the detail of `record`, titled `title`, showing `fields`.
  init(record: Int, title: String, fields: [(key: String, value: String)]) {
    self.record = record
    self.title = title
    self.fields = fields
    panel = TextPanel(title: title, lines: [])
  }

  /// Scrolls for a key; returns whether it was a scrolling key.
  mutating func handle(_ key: Key) -> Bool { panel.handle(key) }

  /// The first line shown.
  var scrollOffset: Int { panel.scrollOffset }

  /// Draws the detail over all of `canvas`.
  mutating func draw(in canvas: Canvas) {
    let width = max(1, canvas.columns - 4)
    if width != wrapWidth {
      wrapWidth = width
      panel.lines = lines(width: width)
    }
    panel.draw(in: canvas)
  }

  /// The lines for a text width of `width` columns: `name  value`, the value wrapped under itself.
  func lines(width: Int) -> [[(text: String, style: TextStyle)]] {
    let keyWidth = min(
      Self.maximumKeyWidth, fields.map { CharacterWidth.of($0.key) }.max() ?? 0, width / 3)
    let valueWidth = max(1, width - keyWidth - 2)
    var result: [[(text: String, style: TextStyle)]] = []
    for field in fields {
      let key = Canvas.truncate(field.key, toWidth: keyWidth)
      let padding = String(repeating: " ", count: max(0, keyWidth - CharacterWidth.of(key)) + 2)
      let chunks = Self.wrap(field.value, width: valueWidth)
      for (number, chunk) in chunks.enumerated() {
        let lead = number == 0 ? key + padding : String(repeating: " ", count: keyWidth + 2)
        result.append([(lead, number == 0 ? Self.keyStyle : .plain), (chunk, .plain)])
      }
    }
    return result
  }

  /// `text` broken into lines of at most `width` columns: at line breaks, then at the last space
  /// that fits, else mid-word; a wide glyph is never split. An empty text is one empty line.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var line = ""
      var lineWidth = 0
      var lastSpace: String.Index?
      for character in paragraph {
        let glyph: Character = character == "\t" ? " " : character
        let w = CharacterWidth.of(glyph)
        if lineWidth + w > width, !line.isEmpty {
          if glyph == " " {
            // The space that overflows is the break itself.
            lines.append(line)
            line = ""
            lineWidth = 0
            lastSpace = nil
            continue
          }
          if let space = lastSpace, space > line.startIndex {
            let rest = String(line[line.index(after: space)...])
            lines.append(String(line[..<space]))
            line = rest
          } else {
            lines.append(line)
            line = ""
          }
          lineWidth = CharacterWidth.of(line)
          lastSpace = nil
        }
        if glyph == " " { lastSpace = line.endIndex }
        line.append(glyph)
        lineWidth += w
      }
      lines.append(line)
    }
    return lines.isEmpty ? [""] : lines
  }
}
