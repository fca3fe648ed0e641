import MosaicCollection

/// A record's row in the table: it paints the row's background across the view and draws the
/// record's values in the columns that show, each a field's text on one line, cut with "…" at
/// its column's width; numbers are right-aligned. The title column stays at the left edge while
/// the others scroll under it, and ends in a rule.
///
/// The values are not views of their own: the browser's `TableLayout` has `rowCellsDrawValues`
/// on, so a screen is one element per row, not one per value, and a record's fields are read
/// once for the row. The row's state (focused, selected, matching the search) and the columns'
/// places are read from `states` when it draws, so the focus moving or a column widening needs
/// no cell reconfigured.
///
/// UIKit: a `UICollectionViewCell` whose `backgroundConfiguration` marks the focused and
/// selected rows and whose content view draws the row's fields.
final class TableRowCell: CollectionViewCell {
  /// The style of a row: reversed when focused (or pressed), yellow and bold when selected.
  static func style(focused: Bool, selected: Bool) -> TextStyle {
    var attributes: TextStyle.Attributes = []
    if focused { attributes.insert(.reverse) }
    if selected { attributes.insert(.bold) }
    return TextStyle(foreground: selected ? .yellow : .default, attributes: attributes)
  }

  /// The values as shown in one column width: cut to `width` columns, and the columns taken.
  private struct Shown {
    var text = ""
    var width = -1
    var columns = 0
  }

  /// The record the row shows; nil draws the background alone.
  var record: Int?
  /// The row (section, item), for `states`.
  var row = IndexPath(item: 0, section: 0)
  /// The field of each column: the title field first.
  var fields: [Int] = []
  /// Where the row's state, the columns' places and the values' texts are read when drawing.
  weak var states: (any TableRowStates)?
  // The three arrays below are read for every value of every frame and only ever touched by
  // the cell's own drawing on the main actor: the runtime's exclusivity checks were a tenth of
  // the cell's own work.
  /// The record's values by column, read the first time the row draws (empty until then).
  @exclusivity(unchecked) private var texts: [String] = []
  /// Whether each value is a number, which a table aligns on the right.
  @exclusivity(unchecked) private var isRightAligned: [Bool] = []
  /// Each value as last drawn, kept while its column keeps its width.
  @exclusivity(unchecked) private var shown: [Shown] = []

  /// Shows `record` at `row`, its fields in `fields` order, read through `states` when drawn.
  func configure(record: Int?, row: IndexPath, fields: [Int], states: (any TableRowStates)?) {
    self.record = record
    self.row = row
    self.fields = fields
    self.states = states
    texts.removeAll(keepingCapacity: true)
  }

  override func prepareForReuse() {
    configure(record: nil, row: IndexPath(item: 0, section: 0), fields: [], states: nil)
  }

  /// Whether `text` reads as a number, which a table aligns on the right.
  nonisolated static func isNumeric(_ text: String) -> Bool {
    guard let first = text.utf8.first,
      first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
    else { return false }
    return Double(text) != nil
  }

  override func draw(in canvas: Canvas) {
    let focused = isFocused || isHighlighted
    // A plain row has no background to paint: the collection view cleared its area for the frame.
    if focused || isSelected {
      canvas.fill(style: Self.style(focused: focused, selected: isSelected))
    }
    guard let states, let record else { return }
    let starts = states.tableColumnStarts
    let count = min(starts.count - 1, fields.count)
    guard count > 0 else { return }
    readTexts(record: record, states: states)
    let state = states.tableRowState(at: row)
    let style = Self.style(focused: state.isFocused, selected: state.isSelected)
    let visible = canvas.visibleRect
    // The title column is pinned at the left edge of what shows; a column wholly under it is
    // covered, so it is not drawn.
    let titleColumns = starts[1] - starts[0]
    let covered = visible.column + titleColumns
    for column in 1..<count {
      let (start, end) = (starts[column], starts[column + 1])
      if start >= visible.endColumn { break }
      guard end > covered, end > start else { continue }
      // A value never passes its column (it is cut to fit), so a column wholly in view needs no
      // canvas clipped to it: only the ones the view's edges cut do.
      if start >= visible.column && end <= visible.endColumn {
        drawValue(column, in: canvas, from: start, columns: end - start, style: style)
      } else {
        let clipped = canvas.clipped(
          to: CellRect(column: start, row: 0, columns: end - start, rows: 1))
        drawValue(column, in: clipped, from: 0, columns: end - start, style: style)
      }
    }
    let title = canvas.clipped(
      to: CellRect(column: visible.column, row: 0, columns: titleColumns, rows: 1))
    drawTitle(in: title, style: style, state: state)
  }

  /// Reads the record's values through `states` if the row has not yet.
  private func readTexts(record: Int, states: any TableRowStates) {
    guard texts.isEmpty else { return }
    texts = states.tableTexts(ofRecord: record, fields: fields)
    while texts.count < fields.count { texts.append("") }
    isRightAligned.removeAll(keepingCapacity: true)
    for text in texts { isRightAligned.append(Self.isNumeric(text)) }
    shown = Array(repeating: Shown(), count: texts.count)
  }

  /// Draws a value in its column, `columns` wide from `x` in `canvas`, before the gap that ends
  /// the column.
  private func drawValue(
    _ column: Int, in canvas: Canvas, from x: Int, columns: Int, style: TextStyle
  ) {
    let width = columns - TableColumnWidths.gap
    guard width > 0 else { return }
    let right = isRightAligned[column]
    if shown[column].width != width {
      let text = Canvas.truncate(texts[column], toWidth: width)
      shown[column] = Shown(text: text, width: width, columns: right ? CharacterWidth.of(text) : 0)
    }
    let at = right ? max(0, width - shown[column].columns) : 0
    canvas.text(shown[column].text, column: x + at, row: 0, style: style)
  }

  /// Draws the title in the pinned column's `canvas`: its own background (it covers the values
  /// scrolling under it), the text with the selection mark, underlined when it matches the
  /// search, then the rule.
  ///
  /// The title and its rule take the row's own style, not bold or dim: each change of style
  /// inside a row costs the terminal an escape sequence (9–11 bytes under xterm), and a Down
  /// that only moves the focus rewrites two whole rows, so a styled title column made such a
  /// Down a fifth dearer on the wire than a plain grid's (issue 11).
  private func drawTitle(in canvas: Canvas, style row: TextStyle, state: TableDisplay.RowState) {
    canvas.fill(style: row)
    // The last columns are the title's rule and a blank.
    let width = canvas.columns - TableColumnWidths.titleGap
    guard width > 0 else { return }
    canvas.put("│", column: width, row: 0, style: row)
    let style = state.isMatch ? row.adding(.underline) : row
    let title = state.isSelected ? CardCell.selectionMark + texts[0] : texts[0]
    canvas.text(title, column: 0, row: 0, maxWidth: width, style: style)
  }
}
