import MosaicCollection
import MosaicData
import MosaicLayout

/// The table view (`--layout table`, and `v`): a record per row, a field per column, laid out by
/// the toolkit's `TableLayout`. The scene measures the columns around the rows on screen, keeps
/// the focused field's column in view (← → and h l move it), and tells the views their row's
/// state (`TableRowStates`), which they read when they draw.
extension BrowserScene: TableRowStates {
  /// The fields the table shows, in column order: the title field (the pinned column), then
  /// the card fields.
  static func tableFields(of configuration: BrowserConfiguration) -> [Int] {
    [configuration.titleField] + configuration.cardFields.filter { $0 != configuration.titleField }
  }

  /// The table's columns and state reader, for the data source.
  var tableDisplay: TableDisplay {
    TableDisplay(fields: table.fields, states: self)
  }

  /// Where the columns start, in cells, then where the last ends (`TableState`).
  var tableColumnStarts: [Int] { table.columnStarts }

  /// Whether the rows of the frame being drawn stand settled (`TableState`).
  var tableRowsAreSettled: Bool { table.rowsAreSettled }

  /// The state of the row at `indexPath`: focused, selected, matching the search.
  func tableRowState(at indexPath: IndexPath) -> TableDisplay.RowState {
    guard let cache = table.rowStateCache else { return readTableRowState(at: indexPath) }
    if let cache, cache.row == indexPath { return cache.state }
    let state = readTableRowState(at: indexPath)
    table.rowStateCache = (indexPath, state)
    return state
  }

  /// The state of the row at `indexPath`, read from the focus, the selection and the search.
  func readTableRowState(at indexPath: IndexPath) -> TableDisplay.RowState {
    var state = TableDisplay.RowState()
    state.isFocused = collectionView.indexPathForFocusedItem == indexPath
    // Without a selection or a search no row is selected or a match: its record is not needed
    // (every row asks, every frame).
    guard !userFocus.selectedRecords.isEmpty || dataSource.isMatch != nil else { return state }
    if let record = dataSource.record(at: indexPath) {
      state.isSelected =
        !userFocus.selectedRecords.isEmpty && userFocus.selectedRecords.contains(record)
      state.isMatch = dataSource.isMatch?(record) ?? false
    }
    return state
  }

  /// Whether `field` is the focused field, and its sort mark.
  func tableHeaderState(ofField field: Int) -> (isFocused: Bool, sortMark: String?) {
    (field == focusedField, TableDisplay.sortMark(of: field, keys: dataSource.sortKeys))
  }

  /// The texts of `record`'s `fields` as the table shows them, the record read once: kept from
  /// measuring the columns if it was measured since.
  func tableTexts(ofRecord record: Int, fields: [Int]) -> [String] {
    let key = tableTextKey(fields)
    return table.textCache.take(record, for: key) ?? dataSource.texts(record, fields)
  }

  var tableMissingValues: MissingValues { configuration.missingValues }

  func tableFieldIsNumeric(_ field: Int) -> Bool {
    table.columns.types[field].map(\.isNumeric) ?? table.numericFields.contains(field)
  }

  func tableFieldType(_ field: Int) -> ValueType? { table.columns.types[field] }

  /// What the texts of `fields` read now are read for: the source, its file, the fields.
  func tableTextKey(_ fields: [Int]) -> TableTextCache.Key {
    TableTextCache.Key(
      source: dataSource.source, fileChange: fileWatch.change, fields: fields)
  }

  /// The table layout for the current columns and sections; its row cells draw the values.
  func makeTableLayout() -> TableLayout {
    let metrics = BrowserLayoutFactory.metrics
    let layout = TableLayout()
    layout.rowCellsDrawValues = true
    layout.showsWholeColumns = true
    layout.rowHeight = metrics.pointsPerRow
    layout.headerRowHeight = metrics.pointsPerRow
    layout.sectionHeaderHeight = dataSource.hasSections ? metrics.pointsPerRow : 0
    _ = measureTableHeaders(table.fields)
    setTableWidths(of: layout)
    return layout
  }

  /// Hands `layout` the measured widths, and the row cells the cells its columns take.
  func setTableWidths(of layout: TableLayout) {
    let metrics = BrowserLayoutFactory.metrics
    let fields = table.fields
    // `+` and `-` change a column from its measured width, which keeps being measured.
    layout.columnWidths = table.widths.text.enumerated().map { column, measured in
      let text =
        column < fields.count
        ? table.columns.width(of: fields[column], measured: measured) : measured
      return Double(text + (column == 0 ? TableColumnWidths.titleGap : TableColumnWidths.gap))
        * metrics.pointsPerColumn
    }
    var starts: [Int] = []
    starts.reserveCapacity(layout.numberOfColumns + 1)
    for column in 0..<layout.numberOfColumns {
      guard let extent = layout.extent(ofColumn: column) else { break }
      let cells = metrics.cellRect(
        for: Rect(x: extent.start, y: 0, width: extent.width, height: metrics.pointsPerRow))
      if starts.isEmpty { starts.append(cells.column) }
      starts.append(max(starts[starts.count - 1], cells.column + cells.columns))
    }
    table.columnStarts = starts
  }

  /// The table layout on show, or nil when the view is not a table.
  var tableLayout: TableLayout? { collectionView.collectionViewLayout as? TableLayout }

  // MARK: Keys

  /// ← → (h l): moves the focused field to the previous or next column, stopping at the ends,
  /// and scrolls its column into view; the title column brings the table back to its start.
  func moveTableColumn(by step: Int) {
    let fields = table.fields
    guard !fields.isEmpty else { return }
    let current = fields.firstIndex(of: focusedField) ?? (step > 0 ? 0 : fields.count)
    let column = min(max(current + step, 0), fields.count - 1)
    focusedField = fields[column]
    scrollFocusedColumnIntoView()
  }

  /// Scrolls sideways by whole columns, the least that shows the focused field's column beside
  /// the pinned title column: the first column after the title is always shown whole (back to
  /// the start for the title column itself). The offset always lands on a column boundary (the
  /// layout's `showsWholeColumns` makes each one reachable), never further right than the
  /// boundary from which the last columns fill the view: a terminal grown wider shows more
  /// columns rather than blank space.
  func scrollFocusedColumnIntoView() {
    guard layoutStyle == .table, let layout = tableLayout,
      let column = table.fields.firstIndex(of: focusedField)
    else { return }
    measureTableColumns()
    let widths = layout.columnWidths
    guard column < widths.count else { return }
    var starts = [0.0]
    for width in widths { starts.append(starts[starts.count - 1] + width) }
    let title = widths[0]
    let current = collectionView.destinationContentOffset
    let view = collectionView.bounds.width
    // The offsets that put a column's start at the title column's edge.
    let boundaries = starts[1..<widths.count].map { $0 - title }
    // On a boundary (one at or left of the offset: what showed stays shown), and no further
    // right than needed to show the last columns.
    let fill = boundaries.first { starts[widths.count] - $0 <= view } ?? boundaries.last ?? 0
    var x = min(boundaries.last { $0 <= current.x } ?? 0, fill)
    if column == 0 {
      x = 0
    } else if starts[column] < x + title {
      x = starts[column] - title
    } else if starts[column + 1] > x + view {
      // The first column boundary far enough right to show the column's end, else its start.
      let least = starts[column + 1] - view
      x = boundaries[..<column].first { $0 >= least } ?? starts[column] - title
    }
    table.placedFor = collectionView.frame
    guard x != current.x else { return }
    collectionView.setContentOffset(Point(x: x, y: current.y), animated: false)
  }

  /// The size of the table's view changed since its columns were placed (a resize): places
  /// them again, the focused column back on screen and a wider view filled.
  func placeColumnsAfterResize() {
    guard layoutStyle == .table, table.placedFor != collectionView.frame else { return }
    scrollFocusedColumnIntoView()
  }

  /// Draws, over the table's header row, ◀ in the title column's rule while columns lie
  /// off-screen on the left, and ▶ in the last cell while a column's text lies (wholly or in
  /// part) beyond the right edge.
  func drawTableHints(into surface: any Surface) {
    let starts = table.columnStarts
    let frame = collectionView.frame
    guard layoutStyle == .table, starts.count > 2, frame.rows > 1, frame.columns > 2,
      dataSource.index.totalCount > 0
    else { return }
    let metrics = collectionView.cellMetrics
    let offset = Int((collectionView.contentOffset.x / metrics.pointsPerColumn).rounded())
    let canvas = Canvas(
      surface: surface,
      area: CellRect(column: frame.column, row: frame.row, columns: frame.columns, rows: 1))
    let style = TextStyle(attributes: [.underline, .bold])
    let rule = starts[1] - starts[0] - TableColumnWidths.titleGap
    if offset > 0, rule >= 0, rule < frame.columns {
      canvas.put("◀", column: rule, row: 0, style: style)
    }
    if starts[starts.count - 1] - TableColumnWidths.gap > offset + frame.columns {
      canvas.put("▶", column: frame.columns - 1, row: 0, style: style)
    }
  }

  /// Home and End in the table: the collection view goes to the first or last record (and the
  /// content's corner), then the columns are put back where they were (the glide retargeted,
  /// with `--smooth-scroll`).
  func moveKeepingColumns(_ event: InputEvent) {
    let x = collectionView.destinationContentOffset.x
    collectionView.handle(event)
    let moved = collectionView.destinationContentOffset
    guard moved.x != x else { return }
    collectionView.setContentOffset(
      Point(x: x, y: moved.y), animated: configuration.smoothScrolling)
  }

  // MARK: Each frame

  /// Before a frame of the table: widens the columns for the rows around the screen (the views
  /// read the focus, selection, search and sort themselves when they draw).
  func prepareTableFrame() {
    guard layoutStyle == .table, tableLayout != nil else { return }
    measureTableColumns()
    placeColumnsAfterResize()
  }

  /// The widest `column`'s text may get: the title column's depends on the screen's width.
  func tableColumnLimit(_ column: Int) -> Int {
    column == 0
      ? TableColumnWidths.titleMaximum(screenColumns: collectionView.frame.columns)
      : TableColumnWidths.maximum
  }

  /// Widens the columns of `fields` to their headers: the name, and the sort mark of the sorted
  /// field. Returns whether a column grew.
  func measureTableHeaders(_ fields: [Int]) -> Bool {
    var grew = table.widths.fit(count: fields.count)
    for (column, field) in fields.enumerated() {
      let text = TableHeaderView.text(
        name: dataSource.fieldName(field),
        sortMark: TableDisplay.sortMark(of: field, keys: dataSource.sortKeys))
      grew =
        table.widths.widen(column, toShow: CharacterWidth.of(text), limit: tableColumnLimit(column))
        || grew
    }
    return grew
  }

  /// Widens the columns to the values of the rows on screen and one screen either side, reading
  /// only the rows not measured yet in this arrangement (a Down reads one row), and hands the
  /// layout the new widths if any grew.
  ///
  /// Nothing is done again for what was measured last time: the headers while the sort mark,
  /// the screen's width and the arrangement stay, and the rows while neither the view's bounds
  /// nor the arrangement moved either (a Down that only moves the focus).
  ///
  /// - Complexity: O(rows newly in the window × columns), each value read to at most
  ///   `TableColumnWidths.maximum` + 1 characters.
  func measureTableColumns() {
    guard let layout = tableLayout else { return }
    let fields = table.fields
    let total = dataSource.index.totalCount
    let bounds = collectionView.bounds
    let headers = TableState.MeasureKey.Headers(
      sortKeys: dataSource.sortKeys,
      screenColumns: collectionView.frame.columns, columns: table.widths.text.count,
      version: arranging.version, total: total, source: ObjectIdentifier(dataSource.source))
    let key = TableState.MeasureKey(
      headers: headers, layout: ObjectIdentifier(layout), bounds: bounds,
      screenRows: collectionView.frame.rows, measured: table.widths.measured?.rows)
    // The same inputs measure nothing new (the window was measured, the headers fitted); a key
    // found by the focus instead of the bounds is not kept, as the focus is not in it.
    if key == table.measured { return }
    let fitted = table.measured?.headers
    table.measured = nil
    var grew = headers == fitted ? false : measureTableHeaders(fields)
    let screen = max(1, collectionView.frame.rows)
    var anchor = collectionView.indexPathForItem(at: Point(x: bounds.minX, y: bounds.midY))
    let anchoredByBounds = anchor != nil
    if anchor == nil { anchor = collectionView.indexPathForFocusedItem }
    if total > 0, let anchor, dataSource.record(at: anchor) != nil {
      let middle = dataSource.ordinal(of: anchor)
      let reach = screen / 2 + screen
      let window = max(1, middle - reach)..<min(total, middle + reach) + 1
      var fresh = [window]
      if let measured = table.widths.measured, measured.version == arranging.version,
        measured.rows.overlaps(window)
      {
        fresh = [
          window.lowerBound..<max(window.lowerBound, measured.rows.lowerBound),
          min(window.upperBound, measured.rows.upperBound)..<window.upperBound,
        ]
      }
      table.widths.measured = (arranging.version, window)
      let key = tableTextKey(fields)
      var limits: [Int] = []
      limits.reserveCapacity(fields.count)
      for column in fields.indices { limits.append(tableColumnLimit(column)) }
      // The widths and the cache are taken out of the scene while the rows are read: each
      // change of a stored property of the scene was checked for exclusive access.
      var widths = table.widths
      var cache = TableTextCache()
      swap(&cache, &table.textCache)
      for rows in fresh where !rows.isEmpty {
        forEachRecord(ordinals: rows) { record in
          let texts = dataSource.texts(record, fields)
          cache.store(texts, of: record, for: key)
          grew = widths.widen(toShow: texts, limits: limits) || grew
        }
      }
      swap(&cache, &table.textCache)
      table.widths = widths
      grew = measureTableSample(fields: fields, limits: limits) || grew
    }
    if anchoredByBounds {
      var done = key
      done.headers.columns = table.widths.text.count
      done.measured = table.widths.measured?.rows
      table.measured = done
    }
    guard grew else { return }
    let old = layout.columnWidths
    setTableWidths(of: layout)
    collectionView.invalidateLayout()
    keepFirstColumn(from: old, to: layout.columnWidths)
    // Widening may have scrolled (keepFirstColumn): measure again from the new bounds.
    if collectionView.bounds != bounds { table.measured = nil }
  }

  /// The most records the widths' sample reads.
  static let tableWidthSample = 1_000

  /// Widens the columns to the values of up to `tableWidthSample` records spread evenly over the
  /// records on show (every record of a smaller view), once per arrangement, so the widths
  /// settle before the user scrolls: a column of float noise (`10.357019999999999` among
  /// `10.25`) is as wide from the first screen as it will get, rather than jumping when the
  /// first long value scrolls into view. Not for a database (its rows are read a window at a
  /// time). Returns whether a column grew.
  ///
  /// - Complexity: O(sections + sample × fields).
  func measureTableSample(fields: [Int], limits: [Int]) -> Bool {
    let total = dataSource.index.totalCount
    let size = total <= Self.tableWidthSample ? total : -(Int.bitWidth - total.leadingZeroBitCount)
    let key = TableState.SampleKey(
      source: ObjectIdentifier(dataSource.source), arrangement: arrangement, size: size,
      fields: fields)
    // A database reads its rows a window at a time: records spread over the whole table would
    // cost a query each, so its widths come from the rows around the screen only.
    guard total > 0, key != table.sampled, baseSource.capabilities.arranging == nil else {
      return false
    }
    table.sampled = key
    let count = min(total, Self.tableWidthSample)
    var ordinals: [Int] = []
    ordinals.reserveCapacity(count)
    for step in 0..<count { ordinals.append(1 + step * total / count) }
    var widths = table.widths
    var grew = false
    let source = baseSource
    // A field is numeric when every value the sample reads that is not missing is a number.
    var numbers = [Int](repeating: 0, count: fields.count)
    var others = [Int](repeating: 0, count: fields.count)
    let missing = configuration.missingValues
    forEachRecord(sortedOrdinals: ordinals) { record in
      let texts = dataSource.texts(record, fields)
      grew = widths.widen(toShow: texts, limits: limits) || grew
      for (column, text) in texts.enumerated() where !missing.isMissing(text) {
        if TableRowCell.isNumeric(text) { numbers[column] += 1 } else { others[column] += 1 }
      }
      source.releasePages(around: record)
    }
    table.widths = widths
    table.numericFields = Set(
      fields.indices.filter { numbers[$0] > 0 && others[$0] == 0 }.map {
        fields[$0]
      })
    return grew
  }

  /// Calls `body` with the record at each 1-based display position in `ordinals` (ascending).
  ///
  /// - Complexity: O(sections + ordinals.count).
  func forEachRecord(sortedOrdinals ordinals: [Int], _ body: (Int) -> Void) {
    let index = dataSource.index
    var before = 0
    var next = 0
    for section in 0..<index.numberOfSections {
      let count = index.numberOfItems(inSection: section)
      while next < ordinals.count && ordinals[next] - before <= count {
        body(index.record(section: section, item: ordinals[next] - before - 1))
        next += 1
      }
      before += count
      if next >= ordinals.count { return }
    }
  }

  /// After the columns widened, scrolls so the column that was first beside the title column
  /// still is: columns growing on the left do not push the view off a column boundary.
  func keepFirstColumn(from old: [Double], to new: [Double]) {
    let offset = collectionView.destinationContentOffset
    guard offset.x > 0, !old.isEmpty, old.count == new.count else { return }
    var oldStart = old[0]
    var newStart = new[0]
    for column in 1..<old.count {
      if oldStart - old[0] >= offset.x {
        let x = newStart - new[0]
        if x != offset.x {
          collectionView.setContentOffset(Point(x: x, y: offset.y), animated: false)
        }
        return
      }
      oldStart += old[column]
      newStart += new[column]
    }
  }

  /// Calls `body` with the record at each 1-based display position in `ordinals`.
  ///
  /// - Complexity: O(sections + ordinals.count).
  func forEachRecord(ordinals: Range<Int>, _ body: (Int) -> Void) {
    let index = dataSource.index
    var before = 0
    var position = ordinals.lowerBound
    for section in 0..<index.numberOfSections {
      let count = index.numberOfItems(inSection: section)
      while position < ordinals.upperBound && position - before <= count {
        body(index.record(section: section, item: position - before - 1))
        position += 1
      }
      before += count
      if position >= ordinals.upperBound { return }
    }
  }
}
