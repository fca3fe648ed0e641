import MosaicCollection
import MosaicData
import MosaicLayout

/// A card showing one record: a title line and `key: value` lines inside a border, or, when the
/// cell is under three rows tall (the list layout), the same on one compact line.
///
/// UIKit: a `UICollectionViewCell` subclass with a title label and a stack of value labels,
/// self-sizing through `preferredLayoutAttributesFitting(_:)` when the layout estimates sizes.
/// Text is cut with "…" at the card's width; a glyph two columns wide is never cut in half.
final class CardCell: CollectionViewCell {
  /// The record's title.
  var title = ""
  /// The `key: value` pairs to show, in order; only as many as fit are drawn.
  var fields: [(key: String, value: String)] = [] {
    didSet {
      labels = fields.map { $0.key + ": " }
      wrapped = nil
    }
  }
  /// Each field's key with its ": ", built when the fields are set rather than on every frame.
  private var labels: [String] = []
  /// The tokens besides empty text that stand for a missing value (`--na`): shown as a dimmed
  /// `TableRowCell.missingMarker`.
  var missingValues = MissingValues.empty
  /// The most rows a value may take: 1 cuts it at the card's width, more wrap it.
  var valueRowLimit = 1 {
    didSet { wrapped = nil }
  }
  /// Each field's rows as wrapped for a card `width` columns wide, kept from the measurement
  /// for the frames that draw it.
  private var wrapped: (width: Int, rows: [[String]])?

  /// The rows a long value wraps onto in a card that sizes itself.
  static let wrappedValueRows = 3
  /// Whether the record matches the active search.
  var isMatch = false

  /// The mark drawn before a selected record's title.
  static let selectionMark = "✓ "

  override func prepareForReuse() {
    title = ""
    fields = []
    isMatch = false
  }

  /// The card's height for its record at the proposed width: the border, the title row and each
  /// field's rows (a long value wrapped on up to `valueRowLimit` rows).
  ///
  /// UIKit: `preferredLayoutAttributesFitting(_:)` of a self-sizing cell; the width is the
  /// layout's, the height is the card's own.
  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    let metrics = BrowserLayoutFactory.metrics
    let columns = metrics.cellRect(for: layoutAttributes.frame).columns
    var lines = 0
    for rows in wrappedRows(forColumns: columns) { lines += rows.count }
    let preferred = layoutAttributes.copy()
    preferred.frame.size.height = Double(Self.rows(forFieldLines: lines)) * metrics.pointsPerRow
    return preferred
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

  /// The style of the title: bold, underlined when it matches a search.
  ///
  /// The focus shows in the border alone (heavy and cyan), not in a reversed title bar as well:
  /// moving the focus then rewrites only the two cards' borders, about 15 % fewer bytes per Down
  /// on the wire (issue 11). A compact card, which has no border, reverses its whole row.
  var titleStyle: TextStyle {
    var attributes: TextStyle.Attributes = .bold
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
    let style = titleStyle
    // One blank column of padding on each side when the card is wide enough for it.
    let pad = inner >= 4 ? 1 : 0
    canvas.text(markedTitle, column: 1 + pad, row: 1, maxWidth: inner - 2 * pad, style: style)
    let lines = Self.fieldLines(forRows: canvas.rows)
    if valueRowLimit > 1 {
      drawWrappedFields(in: canvas, lines: lines)
      return
    }
    for line in 0..<min(fields.count, lines) {
      drawField(
        label: labels[line], value: fields[line].value, in: canvas, column: 1 + pad, row: 2 + line,
        width: inner - 2 * pad)
    }
  }

  /// The text width inside a card `columns` wide: the border and, when there is room, one
  /// column of padding on each side.
  static func textWidth(forColumns columns: Int) -> Int {
    let inner = columns - 2
    return max(0, inner - (inner >= 4 ? 2 : 0))
  }

  /// Each field's rows, its label on the first, in a card `columns` wide (kept until the fields
  /// or the width change).
  func wrappedRows(forColumns columns: Int) -> [[String]] {
    if let wrapped, wrapped.width == columns { return wrapped.rows }
    let width = Self.textWidth(forColumns: columns)
    var rows: [[String]] = []
    rows.reserveCapacity(fields.count)
    for (index, field) in fields.enumerated() {
      let label = Canvas.truncate(labels[index], toWidth: width)
      let room = width - CharacterWidth.of(label)
      rows.append(
        Self.wrap(shown(field.value).text, firstWidth: room, width: width, limit: valueRowLimit))
    }
    wrapped = (columns, rows)
    return rows
  }

  /// The fields with their values wrapped, as many rows as the card has.
  private func drawWrappedFields(in canvas: Canvas, lines: Int) {
    let rows = wrappedRows(forColumns: canvas.columns)
    let inner = canvas.columns - 2
    let column = 1 + (inner >= 4 ? 1 : 0)
    let width = Self.textWidth(forColumns: canvas.columns)
    var row = 0
    for (index, valueRows) in rows.enumerated() where row < lines {
      let label = Canvas.truncate(labels[index], toWidth: width)
      let used = canvas.text(
        label, column: column, row: 2 + row, style: TextStyle(attributes: .dim))
      let style = shown(fields[index].value).style
      for (line, text) in valueRows.enumerated() where row < lines {
        _ = canvas.text(
          text, column: line == 0 ? column + used : column, row: 2 + row, style: style)
        row += 1
      }
    }
  }

  /// `value` broken into rows: the first `firstWidth` columns wide (after the label), the others
  /// `width`; at spaces where it can, mid-word where a word is longer than a row; at most
  /// `limit` rows, the last ending in "…" when the value goes on.
  ///
  /// - Complexity: O(n) in the length of `value` (which the data source caps).
  static func wrap(_ value: String, firstWidth: Int, width: Int, limit: Int) -> [String] {
    guard width > 0, limit > 0 else { return [""] }
    var rows: [String] = []
    var current: [Character] = []
    var used = 0
    var room = max(0, firstWidth)
    var characters = Array(value)[...]
    while let character = characters.first {
      let columns = CharacterWidth.of(character)
      if used + columns <= room {
        current.append(character)
        used += columns
        characters.removeFirst()
        continue
      }
      // The row is full: break at its last space if it has one and the next character is not
      // one (a word would otherwise be cut).
      if rows.count + 1 == limit {
        rows.append(Canvas.truncate(String(current) + String(characters), toWidth: room))
        return rows
      }
      if character != " ", let space = current.lastIndex(of: " "), space > 0 {
        let carried = current[(space + 1)...]
        characters = ArraySlice(carried) + characters
        current.removeSubrange(space...)
      } else if character != " ", rows.isEmpty, room < width {
        // A word that does not fit beside the label starts on the next row, not cut.
        characters = ArraySlice(current) + characters
        current = []
      }
      rows.append(String(current))
      current = []
      used = 0
      room = width
      // The row break takes the place of the spaces at it.
      while characters.first == " " { characters.removeFirst() }
    }
    rows.append(String(current))
    return rows
  }

  private func drawField(
    label: String, value: String, in canvas: Canvas, column: Int, row: Int, width: Int
  ) {
    let key = Canvas.truncate(label, toWidth: width)
    let used = canvas.text(key, column: column, row: row, style: TextStyle(attributes: .dim))
    if used < width {
      let (text, style) = shown(value)
      canvas.text(text, column: column + used, row: row, maxWidth: width - used, style: style)
    }
  }

  /// A value as the card shows it: a missing one as the dimmed marker.
  private func shown(_ value: String) -> (text: String, style: TextStyle) {
    guard !missingValues.tokens.isEmpty, !value.isEmpty, missingValues.isMissing(value) else {
      return (value, .plain)
    }
    return (TableRowCell.missingMarker, TextStyle(attributes: .dim))
  }

  private func drawCompact(in canvas: Canvas) {
    let focused = isFocused || isHighlighted
    let rowStyle = TextStyle(
      foreground: isSelected ? .yellow : .default, attributes: focused ? .reverse : [])
    canvas.fill(style: rowStyle)
    let title = titleStyle.adding(rowStyle.attributes)
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
