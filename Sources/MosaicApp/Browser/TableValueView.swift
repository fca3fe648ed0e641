import MosaicCollection

/// One value in the table: a field's text on one line, cut with "…" at its column's width, in
/// its row's style; numbers are right-aligned. The title column's values end in a rule, marking
/// the column that stays while the others scroll under it.
///
/// The row cell under the values paints the row's background across the view, so the focused
/// row reads as one bar.
///
/// UIKit: a `UICollectionReusableView` of the table layout's value kind. Its row's state
/// (focused, selected, matching the search) is read from `states` when it draws, so the focus
/// moving needs no view reconfigured.
final class TableValueView: ReusableView {
  /// The value's text, on one line.
  var text = "" {
    didSet { isRightAligned = Self.isNumeric(text) }
  }
  /// Whether the text is a number, worked out once when it is set.
  private(set) var isRightAligned = false
  /// The row (section, item) the value is in, for `states`.
  var row = IndexPath(item: 0, section: 0)
  /// Where the row's state is read when drawing; without it the row draws plain.
  weak var states: (any TableRowStates)?
  /// Whether this is the pinned title column, drawn bold with a rule on its right.
  var isTitle = false

  override func prepareForReuse() {
    text = ""
    isTitle = false
    states = nil
  }

  /// Whether `text` reads as a number, which a table aligns on the right.
  static func isNumeric(_ text: String) -> Bool {
    guard let first = text.utf8.first,
      first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
    else { return false }
    return Double(text) != nil
  }

  override func draw(in canvas: Canvas) {
    let state = states?.tableRowState(at: row) ?? TableDisplay.RowState()
    let row = TableRowCell.style(focused: state.isFocused, selected: state.isSelected)
    // The row cell below paints the row's background; only the pinned title column, which
    // covers the values scrolling under it, paints its own.
    if isTitle { canvas.fill(style: row) }
    // The last column is the gap between columns; the title column's are its rule and a blank.
    let width = canvas.columns - (isTitle ? TableColumnWidths.titleGap : TableColumnWidths.gap)
    guard width > 0 else { return }
    if isTitle {
      canvas.put("│", column: width, row: 0, style: row.adding(.dim))
      var style = row.adding(.bold)
      if state.isMatch { style = style.adding(.underline) }
      let title = state.isSelected ? CardCell.selectionMark + text : text
      canvas.text(title, column: 0, row: 0, maxWidth: width, style: style)
      return
    }
    let shown = Canvas.truncate(text, toWidth: width)
    let column = isRightAligned ? max(0, width - CharacterWidth.of(shown)) : 0
    canvas.text(shown, column: column, row: 0, style: row)
  }
}
