import MosaicCollection

/// One value in the table: a field's text on one line, cut with "…" at its column's width, in
/// its row's style; numbers are right-aligned. The title column's values end in a rule, marking
/// the column that stays while the others scroll under it.
///
/// The row's style fills the gap after the text too, so the focused row reads as one bar.
///
/// UIKit: a `UICollectionReusableView` of the table layout's value kind. Its row's state
/// (focused, selected, matching the search) is given by the data source when it is dequeued and
/// by the scene before each frame, as an app updates its visible supplementary views.
final class TableValueView: ReusableView {
  /// The value's text, on one line.
  var text = ""
  /// Whether this is the pinned title column, drawn bold with a rule on its right.
  var isTitle = false
  /// Whether the row is focused.
  var isRowFocused = false
  /// Whether the row is selected: the title then starts with the selection mark.
  var isRowSelected = false
  /// Whether the record matches the active search: the title is underlined.
  var isMatch = false

  override func prepareForReuse() {
    text = ""
    isTitle = false
    isRowFocused = false
    isRowSelected = false
    isMatch = false
  }

  /// Whether `text` reads as a number, which a table aligns on the right.
  static func isNumeric(_ text: String) -> Bool {
    guard let first = text.utf8.first,
      first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
    else { return false }
    return Double(text) != nil
  }

  override func draw(in canvas: Canvas) {
    let row = TableRowCell.style(focused: isRowFocused, selected: isRowSelected)
    canvas.fill(style: row)
    // The last column is the gap between columns; the title column's are its rule and a blank.
    let width = canvas.columns - (isTitle ? TableColumnWidths.titleGap : TableColumnWidths.gap)
    guard width > 0 else { return }
    if isTitle {
      canvas.put("│", column: width, row: 0, style: row.adding(.dim))
      var style = row.adding(.bold)
      if isMatch { style = style.adding(.underline) }
      let title = isRowSelected ? CardCell.selectionMark + text : text
      canvas.text(title, column: 0, row: 0, maxWidth: width, style: style)
      return
    }
    let shown = Canvas.truncate(text, toWidth: width)
    let column = Self.isNumeric(text) ? max(0, width - CharacterWidth.of(shown)) : 0
    canvas.text(shown, column: column, row: 0, style: row)
  }
}
