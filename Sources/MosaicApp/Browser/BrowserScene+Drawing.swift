import MosaicCollection
import MosaicData
import MosaicLayout

extension BrowserScene {
  /// Draws one frame: the cards, the inspector, an open detail or help box, the status bar.
  public func draw(into surface: any Surface) {
    catchUp()
    fit(columns: surface.columns, rows: surface.rows)
    prepareTableFrame()
    drawCollection(into: surface)
    // Drawing the cards may be what found the file truncated (a read past its end): show the
    // cards as they are now, and say so in this frame's status bar.
    if noteFileChange() { drawCollection(into: surface) }
    drawTableHints(into: surface)
    inspector?.draw(over: collectionView, into: surface)
    let content = Canvas(surface: surface, area: collectionView.frame)
    if source.isComplete && dataSource.index.totalCount == 0 {
      drawEmptyState(in: content)
    }
    if case .help(var help, let screen) = mode {
      // The help is drawn over the screen it was opened from.
      drawScreen(of: screen, in: content)
      help.draw(in: content)
      mode = .help(help, over: screen)
    } else {
      drawScreen(of: mode, in: content)
    }
    if cardLayout.reservesConditionsLine, surface.rows > 1 {
      drawConditionsLine(
        in: Canvas(
          surface: surface,
          area: CellRect(column: 0, row: surface.rows - 2, columns: surface.columns, rows: 1)))
    }
    let bar = statusBar
    let layout = bar.layout(width: surface.columns, reusing: status.lastLayout)
    bar.draw(
      layout,
      in: Canvas(
        surface: surface,
        area: CellRect(column: 0, row: surface.rows - 1, columns: surface.columns, rows: 1)))
    status.lastBar = bar
    status.lastLayout = layout
  }

  /// Draws the conditions on show on their own line, above the status bar, when they are too
  /// long to share it.
  func drawConditionsLine(in canvas: Canvas) {
    canvas.fill()
    guard let line = conditionsLine(columns: canvas.columns) else { return }
    canvas.text(
      " " + line, column: 0, row: 0, maxWidth: canvas.columns,
      style: TextStyle(foreground: .cyan))
  }

  /// Draws what `mode` shows over the cards: a detail, a frequency table, a summary, a list.
  func drawScreen(of mode: BrowserMode, in content: Canvas) {
    switch mode {
    case .detail(let detail): detail.draw(in: content)
    case .frequencies(let view): view.draw(in: content)
    case .summary(let panel): panel.draw(in: content)
    case .conditions(let panel): panel.draw(in: content)
    case .columnsSheet(let sheet): sheet.draw(in: content)
    case .help, .browsing, .searching, .filtering, .jumping, .saving, .columnJump: break
    }
  }

  /// Draws the cards (or the table), with the table's row states read once a row.
  func drawCollection(into surface: any Surface) {
    table.rowStateCache = .some(nil)
    table.rowsAreSettled =
      table.rowsMayComposeLines && !collectionView.hasRunningAnimations
      && collectionView.backgroundStyle == .plain
    defer {
      table.rowStateCache = nil
      table.rowsAreSettled = false
    }
    collectionView.draw(into: surface)
  }

  /// A file with a header and no records says so, instead of showing a blank screen.
  func drawEmptyState(in canvas: Canvas) {
    let lines = [
      "No records in \(source.name)", "fields: " + source.fieldNames.joined(separator: ", "),
    ]
    let top = max(0, canvas.rows / 2 - 1)
    for (offset, line) in lines.enumerated() {
      let width = min(CharacterWidth.of(line), canvas.columns)
      canvas.text(
        line, column: max(0, (canvas.columns - width) / 2), row: top + offset,
        maxWidth: canvas.columns, style: TextStyle(attributes: offset == 0 ? .bold : .dim))
    }
  }

  /// The status bar for the current state.
  var statusBar: StatusBar {
    var bar = StatusBar()
    bar.fileName = source.name
    let index = dataSource.index
    bar.total = index.totalCount
    if let focused = collectionView.indexPathForFocusedItem, dataSource.record(at: focused) != nil {
      bar.position = dataSource.ordinal(of: focused)
      bar.section = index.sections[focused.section].title
    }
    if let end = fileWatch.estimatedEnd {
      // Numbers only indexing can tell: estimated until it reaches the focused record.
      bar.total = end.estimatedCount
      bar.position = focusedRecord.map { end.estimatedIndex(of: $0) + 1 }
      bar.isEstimated = true
    } else if !source.isComplete, source !== baseSource || !arrangement.isRearranged,
      let total = source.exactRecordCount ?? source.estimatedRecordCount, total > bar.total
    {
      // A database's count runs in the background: its statistics' figure shows at once (≈),
      // and its `count(*)`, final, as soon as the server has it, before the rows are numbered.
      bar.total = total
      bar.isTotalEstimated = source.exactRecordCount == nil
    }
    if source.isReadingInput {
      bar.progress = "reading input…"
    } else if !source.isComplete {
      bar.progress =
        source.isProgressMeasured
        ? "indexing \(Int(source.progress * 100))%"
        : source.exactRecordCount != nil ? "indexing…" : "counting…"
    } else if !arranger.isComplete {
      bar.progress =
        !arrangement.sortKeys.isEmpty
        ? "sorting…" : arrangement.groupField != nil ? "grouping…" : "filtering…"
    }
    if let followStatus { bar.progress = followStatus }
    bar.search = searchController.statusText(currentOrdinal: currentMatchOrdinal)
    bar.arrangement = arrangementStatus
    bar.message = source.indexingError?.description
    if let change = fileWatch.change {
      let what = change == .truncated ? "file truncated on disk" : "file changed on disk"
      bar.message = what + (canReload ? ": r reloads" : "")
    }
    if let reloadFailure { bar.message = "reload failed: " + reloadFailure }
    switch mode {
    case .browsing: if quitsBack { bar.hints = ["? help", "q back"] }
    case .searching: bar.hints = ["Enter keep", "Esc clear"]
    case .detail: bar.hints = ["Esc back", "↑↓ scroll", "←→ record"]
    case .help: bar.hints = ["any key closes"]
    case .filtering: bar.hints = ["Enter keep", "Esc cancel", "Tab regex", "↑↓ history"]
    case .conditions: bar.hints = ["d remove", "Esc close"]
    case .saving(let prompt):
      var line = "save view to: " + BrowserDataSource.singleLine(prompt.path) + "▏"
      if prompt.asksToReplace { line += "  exists: replace it? y/n" }
      if let problem = prompt.problem { line += ": " + problem }
      bar.search = line
      bar.hints = prompt.asksToReplace ? ["y replace", "n no"] : ["Enter save", "Esc cancel"]
    case .columnJump(let prompt):
      let hint = prompt.hint
      bar.search =
        "@ " + BrowserDataSource.singleLine(prompt.line.textWithCursor)
        + (hint.isEmpty ? "" : "  " + hint)
      bar.hints = ["Tab complete", "Enter go", "Esc cancel"]
    case .jumping(let typed):
      bar.search = ":" + BrowserDataSource.singleLine(typed) + "▏"
      bar.hints = ["Enter go", "Esc cancel"]
    case .frequencies, .summary: bar.hints = statisticsHints
    case .columnsSheet: bar.hints = ["Enter go to", "x hide", "! pin", "Esc back"]
    }
    if let counting = statisticsProgress { bar.progress = counting }
    if let viewSaver = jobs.saver { bar.progress = "saving \(Int(viewSaver.progress * 100))%" }
    bar.selected = userFocus.selectedRecords.count
    bar.notice = status.notice
    return bar
  }

  /// The 1-based place of the focused record among the matches in display order, or nil when it
  /// is not a match; remembered until the focus, the matches or the arrangement change.
  ///
  /// - Complexity: O(match count) when recomputed.
  var currentMatchOrdinal: Int? {
    guard let record = focusedRecord, searchController.isMatch(record) else { return nil }
    let key = StatusState.MatchOrdinalKey(
      record: record, matches: searchController.matchCount, version: arranging.version)
    if let cached = status.matchOrdinalCache, cached.key == key { return cached.ordinal }
    let index = dataSource.index
    guard let here = index.position(ofRecord: record) else { return nil }
    var before = 0
    for match in searchController.matches {
      guard let position = index.position(ofRecord: match) else { continue }
      if (position.section, position.item) < (here.section, here.item) { before += 1 }
    }
    status.matchOrdinalCache = (key, before + 1)
    return before + 1
  }
}
