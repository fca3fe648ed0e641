import MosaicCollection
import MosaicLayout

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
/// In a settled frame (nothing animating) a row composes its visible line once, the ASCII of
/// its title and values with the blanks between them, and keeps it while its record, state,
/// column places and view stay: a row that only moved puts the same bytes again, in two runs
/// and its rule, without reading, cutting or aligning its values. Text that is not ASCII (or is
/// cut with "…") is drawn through the canvas over the line's blanks, as before.
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
    /// Where the text starts in its column: 0, or against the column's right edge for a number.
    var offset = 0
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
  /// Whether each value is missing (a `--na` token), drawn as a dimmed `missingMarker`.
  @exclusivity(unchecked) private var isMissing: [Bool] = []
  /// Each value as last drawn, kept while its column keeps its width.
  @exclusivity(unchecked) private var shown: [Shown] = []

  /// Shows `record` at `row`, its fields in `fields` order, read through `states` when drawn.
  func configure(record: Int?, row: IndexPath, fields: [Int], states: (any TableRowStates)?) {
    self.record = record
    self.row = row
    self.fields = fields
    self.states = states
    texts.removeAll(keepingCapacity: true)
    line?.isComposed = false
  }

  override func prepareForReuse() {
    configure(record: nil, row: IndexPath(item: 0, section: 0), fields: [], states: nil)
  }

  /// What a missing value (a `--na` token such as `NA`) shows as, dimmed, in the table and
  /// the cards: a middle dot, so that no text stands in a column of numbers. An empty value
  /// stays blank.
  static let missingMarker = "·"

  /// Whether `text` reads as a number, which a table aligns on the right.
  nonisolated static func isNumeric(_ text: String) -> Bool {
    guard let first = text.utf8.first,
      first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
    else { return false }
    // Plain decimals (-12, 3.25: nearly every number in a table) are told without parsing
    // them; anything else (exponents, a second point, other bytes) is asked of `Double`.
    let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      var index = first == UInt8(ascii: "-") ? 1 : 0
      var digits = 0
      while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
        index += 1
        digits += 1
      }
      guard digits > 0 else { return false }
      if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
        index += 1
        let point = index
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        guard index > point else { return false }
      }
      return index == bytes.count
    }
    return plain == true || Double(text) != nil
  }

  override func draw(in canvas: Canvas) {
    let focused = isFocused || isHighlighted
    guard let states, let record else {
      // A plain row has no background to paint: the collection view cleared its area.
      if focused || isSelected {
        canvas.fill(style: Self.style(focused: focused, selected: isSelected))
      }
      return
    }
    let starts = states.tableColumnStarts
    let count = min(starts.count - 1, fields.count)
    if count > 0 { readTexts(record: record, states: states) }
    let state = states.tableRowState(at: row)
    let style = Self.style(focused: state.isFocused, selected: state.isSelected)
    let visible = canvas.visibleRect
    // Under the row: the collection view's cleared area, or the row's own background.
    let background =
      focused || isSelected ? Self.style(focused: focused, selected: isSelected) : TextStyle.plain
    if count > 0, background == style, states.tableRowsAreSettled,
      canvas.addedAttributes.isEmpty, backgroundStyle == nil, backgroundView == nil,
      selectedBackgroundView == nil, visible.row == 0, visible.rows == 1,
      visible.column + starts[1] - starts[0] <= visible.endColumn
    {
      let line = self.line ?? Line()
      self.line = line
      if line.isCurrent(state: state, visible: visible, starts: starts)
        || compose(line, state: state, visible: visible, starts: starts, count: count)
      {
        put(line, in: canvas, style: style)
        return
      }
    }
    // A plain row has no background to paint: the collection view cleared its area for the frame.
    if focused || isSelected { canvas.fill(style: background) }
    guard count > 0 else { return }
    // The title column is pinned at the left edge of what shows; a column under it, wholly or
    // in part, is not drawn: its tail alone (".0" of "830.0") would pass for a value.
    let titleColumns = starts[1] - starts[0]
    let covered = visible.column + titleColumns
    for column in 1..<count {
      let (start, end) = (starts[column], starts[column + 1])
      if start >= visible.endColumn { break }
      guard start >= covered, end > start else { continue }
      drawValue(column, in: canvas, start: start, end: end, style: style)
    }
    let title = canvas.clipped(
      to: CellRect(column: visible.column, row: 0, columns: titleColumns, rows: 1))
    drawTitle(in: title, style: style, state: state)
  }

  /// Draws a value in its column, from `start` to `end` in the row, before the gap that ends
  /// the column.
  private func drawValue(_ column: Int, in canvas: Canvas, start: Int, end: Int, style: TextStyle) {
    let visible = canvas.visibleRect
    // A value never passes its column (it is cut to fit), so a column wholly in view needs no
    // canvas clipped to it: only the ones the view's edges cut do.
    if start >= visible.column && end <= visible.endColumn {
      drawValue(column, in: canvas, from: start, columns: end - start, style: style)
    } else if start >= visible.column && start < visible.endColumn {
      // Cut by the right edge: the value cut with "…" to the columns that show, never a head
      // that passes for the whole value.
      let shows = min(end - start - TableColumnWidths.gap, visible.endColumn - start)
      drawValue(
        column, in: canvas, from: start, columns: shows + TableColumnWidths.gap, style: style)
    } else {
      let clipped = canvas.clipped(
        to: CellRect(column: start, row: 0, columns: end - start, rows: 1))
      drawValue(column, in: clipped, from: 0, columns: end - start, style: style)
    }
  }

  // MARK: The composed line

  /// The row's visible line composed for one state, column geometry and view: what a row that
  /// only moved puts again, without reading or measuring its values. It is composed only for a
  /// row that owns every cell of its line (the frame settled, its blanks in the row's style).
  /// A class: the row reads it every frame, and a struct of five arrays was copied each time.
  private final class Line {
    /// Whether the line is composed for the row's record: a row given another record keeps
    /// the line's buffers, to compose the next one in.
    var isComposed = false
    /// What the line was composed for.
    var state = TableDisplay.RowState()
    var visibleColumn = 0
    var visibleEnd = 0
    var starts: [Int] = []
    /// The title column's text (when it is printable ASCII, not cut, and takes the row's
    /// style), else blanks, padded to the column's text width; it starts at `visibleColumn`.
    @exclusivity(unchecked) var title: [UInt8] = []
    /// The title drawn through the canvas over `title`'s blanks, when it is not in `title`.
    var titleText: String?
    /// The blank after the title's rule, then the values' ASCII text and the blanks between
    /// them, to the view's right edge.
    @exclusivity(unchecked) var values: [UInt8] = []
    /// The value columns drawn through the canvas over `values`' blanks (not printable ASCII,
    /// or cut with "…").
    @exclusivity(unchecked) var drawnColumns: [Int] = []
    /// How much of `title` and of `values` is left once their trailing blanks are dropped: a
    /// plain row puts no more, the collection view having cleared its line.
    var titleUsed = 0
    var valuesUsed = 0

    /// Whether the line is the one to show for `state` in `visible` with columns at `starts`.
    func isCurrent(state: TableDisplay.RowState, visible: CellRect, starts: [Int]) -> Bool {
      isComposed && state == self.state && visible.column == visibleColumn
        && visible.endColumn == visibleEnd && starts == self.starts
    }
  }

  /// The line last composed (`isComposed` while it shows the row's record), nil until the
  /// row first composes one.
  @exclusivity(unchecked) private var line: Line?

  /// Composes the row's line into `line` for `state` in `visible` (wholly showing the title
  /// column), with the columns at `starts`: the title in its column, the values after it, each
  /// as `draw` places it and cut where it does. False (`line` left uncomposed) when the title
  /// column has no room for text, or a value the canvas draws (not ASCII) starts under the
  /// title, which must cover it.
  private func compose(
    _ line: Line, state: TableDisplay.RowState, visible: CellRect, starts: [Int], count: Int
  ) -> Bool {
    line.isComposed = false
    let titleColumns = starts[1] - starts[0]
    let covered = visible.column + titleColumns
    let width = titleColumns - TableColumnWidths.titleGap
    guard width > 0 else { return false }
    // The title: as `drawTitle` writes it, less the rule.
    Self.blank(&line.title, count: width)
    line.titleText = nil
    let text = state.isSelected ? CardCell.selectionMark + texts[0] : texts[0]
    if state.isMatch || text.utf8.count > width
      || !Self.copy(text, at: 0, cells: 0..<width, into: &line.title, origin: 0)
    {
      line.titleText = text
    }
    // The values, from the blank after the title's rule to the view's right edge. A value under
    // the title would be covered by it; one the canvas draws there would not be.
    let origin = covered - 1
    Self.blank(&line.values, count: visible.endColumn - origin)
    line.drawnColumns.removeAll(keepingCapacity: true)
    for column in 1..<count {
      let (start, end) = (starts[column], starts[column + 1])
      if start >= visible.endColumn { break }
      guard start >= covered, end > start else { continue }
      let columns = end - start - TableColumnWidths.gap
      guard columns > 0 else { continue }
      // A value the right edge cuts is cut with "…" there, through the canvas.
      if start + columns > visible.endColumn {
        line.drawnColumns.append(column)
        continue
      }
      let shown = shown(column, width: columns)
      let at = start + shown.offset
      guard
        Self.copy(
          shown.text, at: at, cells: covered..<visible.endColumn, into: &line.values,
          origin: origin)
      else {
        if start < covered { return false }
        line.drawnColumns.append(column)
        continue
      }
    }
    line.state = state
    line.visibleColumn = visible.column
    line.visibleEnd = visible.endColumn
    line.starts = starts
    line.titleUsed = Self.trimmedCount(line.title)
    line.valuesUsed = Self.trimmedCount(line.values)
    line.isComposed = true
    return true
  }

  // The byte work below is nonisolated: a closure made on the main actor is checked to run on
  // its executor each time it is called, which cost more than the bytes.

  /// Makes `bytes` `count` blanks, in the storage it has.
  private nonisolated static func blank(_ bytes: inout [UInt8], count: Int) {
    bytes.removeAll(keepingCapacity: true)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// How many of `bytes` are left once the trailing blanks are dropped.
  private nonisolated static func trimmedCount(_ bytes: [UInt8]) -> Int {
    var count = bytes.count
    while count > 0 && bytes[count - 1] == UInt8(ascii: " ") { count -= 1 }
    return count
  }

  /// Puts the first `count` of `bytes` (printable ASCII) from `column` of `canvas`'s first row.
  private nonisolated static func put(
    _ bytes: [UInt8], count: Int, in canvas: Canvas, column: Int, style: TextStyle
  ) {
    bytes.withUnsafeBufferPointer { bytes in
      canvas.putASCII(
        UnsafeBufferPointer(rebasing: bytes[..<count]), column: column, row: 0, style: style)
    }
  }

  /// Copies the bytes of `text`, placed from column `at`, that fall in the columns `cells` into
  /// `line`, whose first byte is column `origin`; false (nothing copied) when `text` is not all
  /// printable ASCII.
  private nonisolated static func copy(
    _ text: String, at: Int, cells: Range<Int>, into line: inout [UInt8], origin: Int
  ) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
      let first = max(at, cells.lowerBound)
      let last = min(at + bytes.count, cells.upperBound)
      guard first < last else { return true }
      line.withUnsafeMutableBytes { line in
        UnsafeMutableRawBufferPointer(rebasing: line[(first - origin)..<(last - origin)])
          .copyMemory(
            from: UnsafeRawBufferPointer(
              UnsafeBufferPointer(rebasing: bytes[(first - at)..<(last - at)])))
      }
      return true
    }
  }

  /// Puts `line` in `canvas` in `style`, in the order `draw` paints a row: the values, the
  /// title over what scrolled under it, its rule.
  private func put(_ line: Line, in canvas: Canvas, style: TextStyle) {
    let titleColumns = line.starts[1] - line.starts[0]
    let covered = line.visibleColumn + titleColumns
    // A plain row's blanks are the cleared line's: only a styled row puts its trailing ones.
    let plain = style == .plain
    Self.put(
      line.values, count: plain ? line.valuesUsed : line.values.count, in: canvas,
      column: covered - 1, style: style)
    for column in line.drawnColumns {
      drawValue(
        column, in: canvas, start: line.starts[column], end: line.starts[column + 1], style: style)
    }
    Self.put(
      line.title, count: plain ? line.titleUsed : line.title.count, in: canvas,
      column: line.visibleColumn, style: style)
    canvas.put("│", column: line.visibleColumn + line.title.count, row: 0, style: style)
    if let text = line.titleText {
      let style = line.state.isMatch ? style.adding(.underline) : style
      canvas.text(
        text, column: line.visibleColumn, row: 0, maxWidth: line.title.count, style: style)
    }
  }

  /// Reads the record's values through `states` if the row has not yet.
  private func readTexts(record: Int, states: any TableRowStates) {
    guard texts.isEmpty else { return }
    texts = states.tableTexts(ofRecord: record, fields: fields)
    while texts.count < fields.count { texts.append("") }
    isRightAligned.removeAll(keepingCapacity: true)
    isMissing.removeAll(keepingCapacity: true)
    let missing = states.tableMissingValues
    for (column, text) in texts.enumerated() {
      if !missing.tokens.isEmpty, !text.isEmpty, missing.isMissing(text) {
        texts[column] = Self.missingMarker
        isMissing.append(true)
        isRightAligned.append(states.tableFieldIsNumeric(fields[column]))
      } else {
        isMissing.append(false)
        // A type the user set decides: numbers right-aligned only in a numeric one.
        let type = states.tableFieldType(fields[column])
        isRightAligned.append((type?.isNumeric ?? true) && Self.isNumeric(text))
      }
    }
    shown.removeAll(keepingCapacity: true)
    shown.append(contentsOf: repeatElement(Shown(), count: texts.count))
  }

  /// Draws a value in its column, `columns` wide from `x` in `canvas`, before the gap that ends
  /// the column.
  private func drawValue(
    _ column: Int, in canvas: Canvas, from x: Int, columns: Int, style: TextStyle
  ) {
    let width = columns - TableColumnWidths.gap
    guard width > 0 else { return }
    let shown = shown(column, width: width)
    let style = isMissing[column] ? style.adding(.dim) : style
    canvas.text(shown.text, column: x + shown.offset, row: 0, style: style)
  }

  /// The value of `column` cut to `width` columns, kept while its column keeps its width.
  private func shown(_ column: Int, width: Int) -> Shown {
    if shown[column].width != width {
      let text = Canvas.truncate(texts[column], toWidth: width)
      let offset = isRightAligned[column] ? max(0, width - CharacterWidth.of(text)) : 0
      shown[column] = Shown(text: text, width: width, offset: offset)
    }
    return shown[column]
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
