import MosaicCollection
import MosaicData
import MosaicLayout

extension BrowserScene {
  /// Handles one event in the current mode; the collection view gets the keys the browser
  /// does not use itself (arrows, hjkl, paging, Home/End, the mouse).
  public func handle(_ event: InputEvent) -> SceneResponse {
    // Keys act on what the user sees next, the newest records included (End goes to the end).
    catchUp()
    if case .resize(let columns, let rows) = event {
      fit(columns: columns, rows: rows)
      return .continue
    }
    // "file order" answers one key; the next key clears it.
    arranging.notice = nil
    // A notice lasts until the next key or click.
    if case .key = event { status.notice = nil }
    if case .mouse(let mouse) = event, mouse.action == .press { status.notice = nil }
    switch mode {
    case .browsing: return handleBrowsing(event)
    case .jumping(let typed): return handleJumping(event, typed: typed)
    case .searching: return handleSearching(event)
    case .filtering(let editor): return handleFiltering(event, editor)
    case .saving(let prompt): return handleSaving(event, prompt)
    case .columnJump(let prompt): return handleColumnJump(event, prompt)
    case .columnsSheet(let sheet): return handleColumnsSheet(event, in: sheet)
    case .detail(let detail):
      guard case .key(let key) = event else {
        // The wheel scrolls the lines: they are a collection view.
        if case .mouse(let mouse) = event, mouse.action == .wheelUp || mouse.action == .wheelDown {
          detail.collectionView.handle(event)
        }
        return .continue
      }
      return handleKey(event, on: .detail) { _ = detail.handle(key) }
    case .help(var help, let screen):
      guard case .key(let key) = event else { return .continue }
      mode = help.handle(key) ? .help(help, over: screen) : screen
    case .frequencies(let view): return handleFrequencies(event, in: view)
    case .summary(let panel): return handleSummary(event, in: panel)
    case .conditions:
      guard case .key = event else { return .continue }
      // A key the list does not bind closes it.
      return handleKey(event, on: .conditions) { mode = .browsing }
    }
    return .continue
  }

  /// Keys over the cards, as `KeyBindings.cards` binds them; the collection view gets the
  /// keys no binding has.
  func handleBrowsing(_ event: InputEvent) -> SceneResponse {
    guard case .key(let key) = event else {
      if case .mouse(let mouse) = event, handleClick(mouse) { return .continue }
      collectionView.handle(event)
      return .continue
    }
    if handleEstimatedEndKey(key) { return .continue }
    return handleKey(event, on: .cards) { collectionView.handle(event) }
  }

  /// Keys while a search query is typed: characters edit it and the focus follows the first
  /// match; Enter keeps the query for `n`/`N`, Escape drops it; a navigation key keeps it and
  /// moves.
  func handleSearching(_ event: InputEvent) -> SceneResponse {
    if case .paste(let text) = event {
      // Pasted text is typed, without the control characters (newlines, tabs, escapes) that
      // a one-line query cannot hold.
      let typed = String(
        String.UnicodeScalarView(
          text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
      if !typed.isEmpty {
        searchController.type(typed)
        searchChanged()
      }
      return .continue
    }
    guard case .key(let key) = event else {
      collectionView.handle(event)
      return .continue
    }
    let query = searchController.query
    if searchController.edit(key, history: editing.history.entries(of: .search)) {
      if searchController.query != query { searchChanged() }
      return .continue
    }
    switch key {
    case .character(let character):
      searchController.type(character)
      searchChanged()
    case .backspace:
      if searchController.deleteBackward() {
        searchChanged()
      } else if searchController.query.isEmpty {
        clearSearch()
      }
    case .enter:
      editing.history.add(searchController.query, to: .search)
      searchController.accept()
      mode = .browsing
    case .escape: clearSearch()
    case .control: break
    default:
      searchController.accept()
      mode = .browsing
      return handleBrowsing(event)
    }
    return .continue
  }

  /// The query changed: mark the matches and move to the first one from where typing began.
  func searchChanged() {
    dataSource.isMatch =
      searchController.isActive ? { [searchController] in searchController.isMatch($0) } : nil
    // Reloaded before the jump: a reload sets the offset at once, which would cut its glide.
    collectionView.reloadData()
    jumpToMatch(backward: false, fromOrigin: true)
  }

  /// Drops the search and its marks.
  func clearSearch() {
    searchController.clear()
    userFocus.awaitsFirstMatch = false
    mode = .browsing
    dataSource.isMatch = nil
    collectionView.reloadData()
  }

  /// Focuses the next (or previous) match after the focused record in display order, wrapping;
  /// `fromOrigin` looks from where typing began and accepts that record itself.
  func jumpToMatch(backward: Bool, fromOrigin: Bool) {
    searchController.refresh()
    let matches = searchController.matches
    guard !matches.isEmpty else {
      userFocus.awaitsFirstMatch = fromOrigin && searchController.isActive
      // As in vi, a query that matches nothing (yet) puts the focus back where typing began.
      if fromOrigin, let origin = searchController.origin,
        let path = dataSource.indexPath(ofRecord: origin)
      {
        focusGliding(to: path)
      }
      return
    }
    userFocus.awaitsFirstMatch = false
    let start = fromOrigin ? searchController.origin : focusedRecord
    if fromOrigin, let start, searchController.isMatch(start),
      let path = dataSource.indexPath(ofRecord: start)
    {
      focusGliding(to: path)
      return
    }
    let from = start.flatMap { dataSource.index.position(ofRecord: $0) }
    guard
      let target = dataSource.index.nextMatch(after: from, among: matches, backward: backward)
    else { return }
    focusGliding(to: IndexPath(item: target.item, section: target.section))
  }

  /// Focuses the card at `path`, as a search jump or `:N` does: at once, or gliding there with
  /// `--smooth-scroll` (the arrow keys always move at once).
  func focusGliding(to path: IndexPath) {
    collectionView.focusItem(at: path, animated: configuration.smoothScrolling)
  }

  /// Runs a move the user asked for (a page, `g` `G`, Home End): it lands at once, the
  /// collection view's own glides turned off for it, unless `--smooth-scroll` asked for them.
  /// The user is looking for where it goes; a glide there only costs time (0.185 s a page) and
  /// bytes on the wire. Changes that explain themselves by moving still animate.
  func moving(_ body: () -> Void) {
    if configuration.smoothScrolling {
      body()
    } else {
      View.performWithoutAnimation(body)
    }
  }

  /// Selects or deselects the focused record.
  func toggleSelection() {
    guard let focused = collectionView.indexPathForFocusedItem else { return }
    collectionView.pressItem(at: focused)
  }

  /// The selected records in display order, or the focused one when none is selected.
  func recordsForOutput() -> [Int] {
    let selected = collectionView.indexPathsForSelectedItems.compactMap(dataSource.record(at:))
    if !selected.isEmpty { return selected }
    return focusedRecord.map { [$0] } ?? []
  }

  /// Opens the focused record's detail: its fields found in one pass over the record, its values
  /// read and wrapped only as far as the screen needs.
  func openDetail() {
    guard let path = collectionView.indexPathForFocusedItem, let record = focusedRecord else {
      return
    }
    let detail = DetailView(
      record: record, title: dataSource.text(record, configuration.titleField), source: source)
    detail.position = positionText(of: path)
    mode = .detail(detail)
  }

  /// Moves the focused field (what sort, filter, sections, counts, summary and copy act on) to
  /// the next or previous field of the file, wrapping.
  func moveFocusedField(by step: Int) {
    let count = source.fieldNames.count
    guard count > 0 else { return }
    focusedField = ((focusedField + step) % count + count) % count
    scrollFocusedColumnIntoView()
    // The cards do not mark the field (the table's header does): say which one `[` `]` `s` `F`
    // `I` `c` will act on now.
    status.notice = "field: " + BrowserDataSource.singleLine(dataSource.fieldName(focusedField))
  }

  /// Switches to the next layout style, keeping the focused card in view.
  func cycleLayout() {
    layoutStyle = layoutStyle.next
    applyLayout(animated: true)
  }

  /// Makes the cards (or list rows) one step larger or smaller.
  func resize(larger: Bool) {
    let step = larger ? 1 : -1
    let view = collectionView.frame
    let maximumRows = CardCell.rows(forFieldLines: max(1, configuration.cardFields.count))
    switch layoutStyle {
    case .list, .table:
      cardLayout.listRows = min(max(1, cardLayout.listRows + step), maximumRows)
    case .grid where cardLayout.columns != nil:
      let most = max(1, (view.columns + 1) / (BrowserLayoutFactory.minimumCard.columns + 1))
      cardLayout.columns = min(max(1, cardLayout.columns! - step), most)
    case .grid, .horizontal:
      let metrics = BrowserLayoutFactory.metrics
      let cells = metrics.cellRect(for: Rect(origin: .zero, size: cardLayout.cardSize))
      var width = min(
        max(BrowserLayoutFactory.minimumCard.columns, cells.columns + 4 * step),
        max(BrowserLayoutFactory.minimumCard.columns, view.columns))
      if layoutStyle == .grid && layoutFactory.fillsWidth {
        // Cards stretched to fill a line change size by one card more or less per line.
        let gap = BrowserLayoutFactory.cardGap
        let perLine = max(1, (view.columns + gap) / (cells.columns + gap))
        let wanted = max(1, perLine - step)
        width = max(
          BrowserLayoutFactory.minimumCard.columns, (view.columns - (wanted - 1) * gap) / wanted)
      }
      let rows = min(
        max(BrowserLayoutFactory.minimumCard.rows, cells.rows + step),
        max(BrowserLayoutFactory.minimumCard.rows, min(maximumRows, view.rows)))
      cardLayout.cardSize = Size(
        width: Double(width) * metrics.pointsPerColumn, height: Double(rows) * metrics.pointsPerRow)
    }
    applyLayout(animated: true)
  }
}
