import MosaicCollection

/// A card showing one record: a title line and `key: value` lines inside a border, or, when the
/// cell is under three rows tall (the list layout), the same on one compact line.
///
/// UIKit: a `UICollectionViewCell` subclass with a title label and a stack of value labels.
/// Text is cut with "…" at the card's width; a glyph two columns wide is never cut in half.
final class CardCell: CollectionViewCell {
  /// The record's title.
  var title = ""
  /// The `key: value` pairs to show, in order; only as many as fit are drawn.
  var fields: [(key: String, value: String)] = [] {
    didSet { labels = fields.map { $0.key + ": " } }
  }
  /// Each field's key with its ": ", built when the fields are set rather than on every frame.
  private var labels: [String] = []
  /// Whether the record matches the active search.
  var isMatch = false

  /// The mark drawn before a selected record's title.
  static let selectionMark = "✓ "

  override func prepareForReuse() {
    title = ""
    fields = []
    isMatch = false
  }

  /// How many field lines a card of `rows` rows shows: the rows inside the border less the title.
  static func fieldLines(forRows rows: Int) -> Int { max(0, rows - 3) }

  /// The rows a bordered card needs to show `fields` field lines.
  static func rows(forFieldLines fields: Int) -> Int { fields + 3 }

  override func draw(in canvas: Canvas) {
    if canvas.rows >= 3 && canvas.columns >= 4 {
      drawCard(in: canvas)
    } else {
      drawCompact(in: canvas)
    }
  }

  /// The style of the border: heavy and cyan when focused, double and yellow when selected.
  var borderStyle: (border: BoxBorder, style: TextStyle) {
    switch (isFocused || isHighlighted, isSelected) {
    case (true, true): return (.heavy, TextStyle(foreground: .yellow, attributes: .bold))
    case (true, false): return (.heavy, TextStyle(foreground: .cyan, attributes: .bold))
    case (false, true): return (.double, TextStyle(foreground: .yellow))
    case (false, false): return (.light, .plain)
    }
  }

  /// The style of the title: bold, reversed when focused, underlined when it matches a search.
  var titleStyle: TextStyle {
    var attributes: TextStyle.Attributes = .bold
    if isFocused || isHighlighted { attributes.insert(.reverse) }
    if isMatch { attributes.insert(.underline) }
    return TextStyle(foreground: isSelected ? .yellow : .default, attributes: attributes)
  }

  /// The title as drawn, with the selection mark.
  var markedTitle: String { isSelected ? Self.selectionMark + title : title }

  private func drawCard(in canvas: Canvas) {
    let border = borderStyle
    canvas.fill(CellRect(column: 1, row: 1, columns: canvas.columns - 2, rows: canvas.rows - 2))
    canvas.box(border: border.border, style: border.style)
    let inner = canvas.columns - 2
    let titleRow = CellRect(column: 1, row: 1, columns: inner, rows: 1)
    let style = titleStyle
    if style.attributes.contains(.reverse) { canvas.fill(titleRow, style: style) }
    // One blank column of padding on each side when the card is wide enough for it.
    let pad = inner >= 4 ? 1 : 0
    canvas.text(markedTitle, column: 1 + pad, row: 1, maxWidth: inner - 2 * pad, style: style)
    for line in 0..<min(fields.count, Self.fieldLines(forRows: canvas.rows)) {
      drawField(
        label: labels[line], value: fields[line].value, in: canvas, column: 1 + pad, row: 2 + line,
        width: inner - 2 * pad)
    }
  }

  private func drawField(
    label: String, value: String, in canvas: Canvas, column: Int, row: Int, width: Int
  ) {
    let key = Canvas.truncate(label, toWidth: width)
    let used = canvas.text(key, column: column, row: row, style: TextStyle(attributes: .dim))
    if used < width {
      canvas.text(value, column: column + used, row: row, maxWidth: width - used)
    }
  }

  private func drawCompact(in canvas: Canvas) {
    let focused = isFocused || isHighlighted
    let rowStyle = TextStyle(
      foreground: isSelected ? .yellow : .default, attributes: focused ? .reverse : [])
    canvas.fill(style: rowStyle)
    var title = titleStyle
    title.attributes.remove(.reverse)
    title = title.adding(rowStyle.attributes)
    var column =
      canvas.text(
        markedTitle, column: 1, row: 0, maxWidth: max(0, canvas.columns - 2), style: title) + 1
    var row = 0
    for field in fields {
      if column >= canvas.columns - 1 {
        row += 1
        column = 1
        if row >= canvas.rows { break }
      }
      let text = "  \(field.key): \(field.value)"
      column += canvas.text(
        text, column: column, row: row, maxWidth: canvas.columns - 1 - column, style: rowStyle)
    }
  }
}
