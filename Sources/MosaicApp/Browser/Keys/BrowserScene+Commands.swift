import MosaicCollection

/// The browser's keys, looked up in `KeyBindings` and performed: every screen's key handler
/// comes here, so the table is the one place a key is bound.
extension BrowserScene {
  /// What decides which bindings are in force now.
  var keyContext: KeyBindings.Context {
    KeyBindings.Context(
      isTable: layoutStyle == .table, hasInspector: inspector != nil, canReload: canReload)
  }

  /// The screen whose bindings the keys are looked up in, or nil while a prompt or the help
  /// takes the keys as typing or scrolling.
  var keyScreen: KeyBinding.Screen? {
    switch mode {
    case .browsing: .cards
    case .detail: .detail
    case .frequencies: .frequencies
    case .summary: .summary
    case .conditions: .conditions
    case .columnsSheet: .columns
    case .searching, .filtering, .jumping, .saving, .columnJump, .help: nil
    }
  }

  /// Performs what `event`'s key means on `screen`; a key no binding in force has goes to
  /// `otherwise`, the screen's own answer to keys it does not list.
  func handleKey(
    _ event: InputEvent, on screen: KeyBinding.Screen, otherwise: () -> Void
  ) -> SceneResponse {
    guard case .key(let key) = event,
      let command = KeyBindings.command(for: key, on: screen, in: keyContext)
    else {
      otherwise()
      return .continue
    }
    return perform(command, for: event)
  }

  /// Does what `command` asks, for the key `event`.
  func perform(_ command: KeyBindings.Command, for event: InputEvent) -> SceneResponse {
    // In the columns sheet, the keys that act on a field act on the focused row's.
    if case .columnsSheet(let sheet) = mode {
      if let field = sheet.focusedField { focusedField = field }
      defer { sheet.noteColumns(table.columns) }
      return performOnSheet(command, for: event)
    }
    return performOnScreen(command, for: event)
  }

  /// Does what `command` asks in the columns sheet: the table's keys on the focused row's field.
  func performOnSheet(_ command: KeyBindings.Command, for event: InputEvent) -> SceneResponse {
    switch command {
    case .goToField:
      closeColumnsSheet()
      goToColumn(of: focusedField)
      return .continue
    case .sort(let descending):
      sortByFocusedField(descending: descending)
      return .continue
    default: return performOnScreen(command, for: event)
    }
  }

  /// Does what `command` asks on the screen on show.
  func performOnScreen(_ command: KeyBindings.Command, for event: InputEvent) -> SceneResponse {
    switch command {
    case .quit: return .quit
    case .back: return goBack()
    case .move: moving { moveOnScreen(for: event) }
    case .help: showHelp()
    case .sort(let descending): sortByFocusedField(descending: descending)
    case .addCondition: beginFilter()
    case .listConditions:
      mode = .conditions(
        ConditionsPanel(conditions: conditions, fieldNames: baseSource.fieldNames))
    case .removeCondition: removeFocusedCondition()
    case .addFocusedValue:
      guard case .frequencies(let view) = mode, let condition = view.focusedCondition else { break }
      mode = .browsing
      addCondition(condition)
    case .saveView: beginSaving()
    case .sections: toggleSectionsByFocusedField()
    case .frequencies: showFrequencies()
    case .summary: showSummary()
    case .bins:
      if case .frequencies(let view) = mode { view.toggleBins() }
    case .goToRecord: beginJump()
    case .end(let last): moving { jumpToEnd(last: last) }
    case .section(let forward): jumpToSection(forward: forward)
    case .screen(let fraction, let forward):
      moving { moveByScreen(fraction: fraction, forward: forward) }
    case .copy(let wholeRecord): copyFocused(wholeRecord: wholeRecord)
    case .search:
      searchController.begin(from: focusedRecord)
      mode = .searching
    case .match(let backward): jumpToMatch(backward: backward, fromOrigin: false)
    case .select: toggleSelection()
    case .selectAll: toggleSelectAll()
    case .printSelection:
      recordsToPrint = recordsForOutput()
      return .quit
    case .column(let step): moveTableColumn(by: step)
    case .keepingColumns: moving { moveKeepingColumns(event) }
    case .field(let step):
      moveFocusedField(by: step)
      // A frequency table or summary on show counts the newly focused field.
      switch mode {
      case .frequencies: showFrequencies()
      case .summary: showSummary()
      default: break
      }
    case .cycleLayout: cycleLayout()
    case .reload: wantsReload = true
    case .resize(let larger): resize(larger: larger)
    case .open: openDetail()
    case .inspector: inspector?.handle(event)
    case .adjacentRecord(let forward): showAdjacentRecord(forward: forward)
    case .undo: undoViewChange()
    case .jumpToColumn: beginColumnJump()
    case .hideColumn: hideFocusedColumn()
    case .showColumns: showHiddenColumns()
    case .slideColumn(let step): moveFocusedColumn(by: step)
    case .pinColumn: pinFocusedColumn()
    case .cycleType: cycleFocusedFieldType()
    case .columnWidth(let step): changeFocusedColumnWidth(by: step)
    case .columnsSheet: showColumnsSheet()
    case .goToField: goToColumn(of: focusedField)
    }
    return .continue
  }

  /// Esc and its like: on the cards, backs out one level (the search first); on any other
  /// screen, back to the cards.
  func goBack() -> SceneResponse {
    switch mode {
    case .browsing:
      guard searchController.isActive else { return backOut() }
      clearSearch()
    case .frequencies, .summary: closeStatistics()
    case .columnsSheet: closeColumnsSheet()
    default: mode = .browsing
    }
    return .continue
  }

  /// Gives a moving or scrolling key to the view of the screen on show.
  func moveOnScreen(for event: InputEvent) {
    guard case .key(let key) = event else { return }
    switch mode {
    case .detail(let detail): _ = detail.handle(key)
    case .frequencies(let view): view.handle(event)
    case .columnsSheet(let sheet): sheet.handle(event)
    // A summary that fits has nothing to scroll: the key goes back to the cards, as any key
    // the summary does not list.
    case .summary(let panel): if !panel.handle(key) { closeStatistics() }
    case .conditions(var panel):
      panel.moveFocus(for: key)
      mode = .conditions(panel)
    default: collectionView.handle(event)
    }
  }

  /// Opens the `?` help of the screen on show, over it; closing the help goes back to it.
  func showHelp() {
    guard let screen = keyScreen else { return }
    mode = .help(HelpOverlay(screen: screen, context: keyContext), over: mode)
  }

  /// Takes away the condition focused in the list, keeping the list open on the next one
  /// while any are left.
  func removeFocusedCondition() {
    guard case .conditions(let panel) = mode, panel.lines.indices.contains(panel.focused) else {
      mode = .browsing
      return
    }
    let index = panel.focused
    removeCondition(at: index)
    mode = .browsing
    guard !conditions.isEmpty else { return }
    var next = ConditionsPanel(conditions: conditions, fieldNames: baseSource.fieldNames)
    next.focused = min(index, conditions.count - 1)
    mode = .conditions(next)
  }

  /// The most records `a` selects: each is an index path the collection view keeps, and `y`
  /// prints them all; a larger view is saved with Ctrl-S instead.
  static let selectAllLimit = 100_000

  /// `a`: selects every record on show (the records the conditions keep, in every section), or
  /// deselects them all when they all are selected already.
  func toggleSelectAll() {
    let index = dataSource.index
    let total = index.totalCount
    if total > 0, userFocus.selectedRecords.count >= total {
      userFocus.selectedRecords.removeAll()
      collectionView.selectItem(at: nil, animated: false, scrollPosition: [])
      status.notice = "selection cleared"
      return
    }
    guard total <= Self.selectAllLimit else {
      status.notice =
        "\(total.groupedDigits(separator: ",")) records on show: a selects up to "
        + "\(Self.selectAllLimit.groupedDigits(separator: ",")); ^S saves the view"
      return
    }
    for section in 0..<index.numberOfSections {
      for item in 0..<index.numberOfItems(inSection: section) {
        userFocus.selectedRecords.insert(index.record(section: section, item: item))
        collectionView.selectItem(
          at: IndexPath(item: item, section: section), animated: false, scrollPosition: [])
      }
    }
    status.notice = "\(total.groupedDigits(separator: ",")) selected"
  }
}
