import MosaicCollection
import MosaicData
import MosaicLayout

/// The grid browser: a data file's records as cards in a collection view, with a status bar,
/// search, a detail view, a help box and multi-selection.
///
/// UIKit: a `UICollectionViewController` with its navigation and search controllers. The scene
/// holds the state and decides what keys do (`BrowserScene+Keys`); the views it owns draw
/// (`BrowserScene+Drawing`). Records are never all read: the arrangement follows background
/// indexing on `tick()`, and cards read their record when they appear.
///
/// The state is kept in parts, one stored property each (ARCHITECTURE.md, "The browser: a
/// scene over parts"): `ArrangementController`, `TableState`, `CardLayoutState`, `UserFocus`,
/// `StatusState`, `FileTracking` and `RecordJobs`.
public final class BrowserScene: Scene, CollectionViewDelegate {
  /// The records, their arranger and the arrangement on show and being worked out.
  let arranging: ArrangementController
  /// The records browsed: the file's, or a store's own sorted and filtered ones
  /// (`ArrangingSource`).
  public internal(set) var source: any RecordSource {
    get { arranging.source }
    set { arranging.source = newValue }
  }
  /// The file's records, whatever the arrangement.
  public var baseSource: any RecordSource { arranging.baseSource }
  /// The grouping, sort and filter on show; read the sort for a sorted-column mark.
  public internal(set) var arrangement: BrowserArrangement {
    get { arranging.arrangement }
    set { arranging.arrangement = newValue }
  }
  /// Groups and sorts the records (`ArrangementController`), read by tests waiting for it.
  var arranger: Arranger {
    get { arranging.arranger }
    set { arranging.arranger = newValue }
  }
  /// An arrangement being worked out, shown when complete (`ArrangementController`).
  var stagedArrangement: StagedArrangement? {
    get { arranging.staged }
    set { arranging.staged = newValue }
  }
  /// What the cards show, as given on the command line.
  public let configuration: BrowserConfiguration
  /// The table view's fields, widths and drawing state (`BrowserScene+Table`).
  var table: TableState
  /// The notice, the clipboard's text and what the status bar remembers between frames.
  var status = StatusState()
  /// How the browser keeps up with its file: changes, reloads, `--follow`, the estimated end.
  var fileWatch = FileTracking()
  /// Whether `r` reloads the file: set by a `BrowserHost` that can reopen it.
  public var canReload: Bool {
    get { fileWatch.canReload }
    set { fileWatch.canReload = newValue }
  }
  /// Set when `r` asked for a reload; the host reopens the file and replaces this scene.
  public internal(set) var wantsReload: Bool {
    get { fileWatch.wantsReload }
    set { fileWatch.wantsReload = newValue }
  }
  /// Whether `q` goes back to the list this browser was opened from (the table picker's), as
  /// the status bar then says, rather than quitting: a navigation controller's back button.
  public var quitsBack: Bool {
    get { status.quitsBack }
    set { status.quitsBack = newValue }
  }

  /// Why the last reload failed, for the status bar.
  public var reloadFailure: String? {
    get { fileWatch.reloadFailure }
    set { fileWatch.reloadFailure = newValue }
  }
  /// The collection view of cards.
  public let collectionView: CollectionView
  /// The layout inspector drawn over the cards, its panel toggled by `i` and its outlines by
  /// `o`; nil leaves those keys unbound.
  public var inspector: InspectorOverlay? = InspectorOverlay()
  /// The records `y` asked to print, in display order, once the scene has quit; nil otherwise.
  public internal(set) var recordsToPrint: [Int]?

  /// Feeds the collection view from the arrangement.
  let dataSource: BrowserDataSource
  /// The `/` search.
  var searchController: SearchController
  /// What keys do now.
  var mode = BrowserMode.browsing
  /// The style, the card size, the grid's columns, the list's rows and the screen's size.
  var cardLayout: CardLayoutState
  /// The arrangement of the cards now (`CardLayoutState`).
  var layoutStyle: BrowserLayoutStyle {
    get { cardLayout.style }
    set { cardLayout.style = newValue }
  }
  /// The focused field, the selected records, a click's release and a search's first match.
  var userFocus: UserFocus
  /// The field the arranging, counting and copying keys act on (`UserFocus`).
  var focusedField: Int {
    get { userFocus.field }
    set { userFocus.field = newValue }
  }
  /// The selected records (`UserFocus`), read by tests.
  var selectedRecords: Set<Int> { userFocus.selectedRecords }
  /// Counting a field's values (`F`, `I`) and saving the view (Ctrl-S).
  let jobs = RecordJobs()
  /// The views `u` goes back to, and the prompts' history (`ViewEditing`).
  var editing = ViewEditing()
  /// The frequency table's and the summary's counts (`RecordJobs`), read by tests.
  var statisticsCache: FieldStatisticsCache { jobs.statistics }

  /// The default card width, in columns.
  static let defaultCardColumns = 26

  /// Creates a browser of `source` arranged as `configuration` says.
  public init(source: any RecordSource, configuration: BrowserConfiguration) {
    arranging = ArrangementController(source: source, configuration: configuration)
    self.configuration = configuration
    table = TableState(fields: Self.tableFields(of: configuration))
    dataSource = BrowserDataSource(
      source: arranging.source, configuration: configuration, index: arranging.arranger.index)
    searchController = SearchController(source: arranging.source)
    userFocus = UserFocus(field: configuration.cardFields.first ?? configuration.titleField)
    cardLayout = CardLayoutState(
      style: configuration.layoutStyle,
      cardSize: configuration.itemSize
        ?? Size(
          width: Double(Self.defaultCardColumns) * BrowserLayoutFactory.metrics.pointsPerColumn,
          height: Double(CardCell.rows(forFieldLines: configuration.defaultVisibleFields))
            * BrowserLayoutFactory.metrics.pointsPerRow),
      columns: configuration.columns)
    collectionView = CollectionView(collectionViewLayout: FlowLayout())
    collectionView.allowsMultipleSelection = true
    dataSource.register(with: collectionView)
    collectionView.dataSource = dataSource
    collectionView.delegate = self
    dataSource.sortKeys = arranging.arrangement.sortKeys
    editing.history = PromptHistory(directory: configuration.historyDirectory)
    jobs.statistics.missing = configuration.missingValues
    applyLayout()
    if collectionView.numberOfSections > 0 {
      collectionView.focusItem(at: firstItem)
    }
  }

  /// The collection view's counters, for `--stats`.
  public var statistics: CollectionView.Statistics { collectionView.statistics }

  /// Whether the cards (or the detail's lines) are moving: the run loop then draws the frames.
  public var isAnimating: Bool {
    collectionView.hasRunningAnimations || shownDetail?.collectionView.hasRunningAnimations == true
  }

  /// What `y` prints: the records to print as JSON Lines, or nil when `y` was not pressed.
  public var output: String? {
    recordsToPrint.map { source.jsonLines($0, fields: outputFields) }
  }

  /// The first item, in the first section that has one.
  var firstItem: IndexPath? {
    for section in 0..<collectionView.numberOfSections
    where collectionView.numberOfItems(inSection: section) > 0 {
      return IndexPath(item: 0, section: section)
    }
    return nil
  }

  /// The focused record, if any.
  var focusedRecord: Int? {
    collectionView.indexPathForFocusedItem.flatMap(dataSource.record(at:))
  }

  // MARK: Layout

  /// The factory for the current style and sizes.
  var layoutFactory: BrowserLayoutFactory {
    BrowserLayoutFactory(
      style: cardLayout.style, cardSize: cardLayout.cardSize, columns: cardLayout.columns,
      listRows: cardLayout.listRows,
      hasSections: dataSource.hasSections, fillsWidth: configuration.itemSize == nil,
      sizesCardsToContent: configuration.sizesCardsToContent)
  }

  /// Builds the layout for the current style, sizes and screen, and swaps it in; the collection
  /// view keeps the focused card in view. `animated` (the `v` and `+`/`-` keys) lets every card
  /// travel to its new frame; cards whose room for fields changed are configured again once they
  /// get there.
  func applyLayout(animated: Bool = false) {
    let factory = layoutFactory
    let view = collectionView.frame
    // The table has its own layout and views: no animation carries cards into rows or back.
    let table = layoutStyle == .table
    let animated = animated && !table && !(collectionView.collectionViewLayout is TableLayout)
    dataSource.table = table ? tableDisplay : nil
    let layout: CollectionViewLayout =
      table
      ? makeTableLayout() : factory.makeLayout(viewColumns: view.columns, viewRows: view.rows)
    let item = factory.itemCells(viewColumns: view.columns, viewRows: view.rows)
    let oldLimit = dataSource.fieldLimit
    if item.rows >= 3 {
      dataSource.fieldLimit = CardCell.fieldLines(forRows: item.rows)
    } else {
      // A compact row shows fields inline, at least six columns each.
      dataSource.fieldLimit = max(1, item.rows * item.columns / 6)
    }
    guard animated else {
      collectionView.collectionViewLayout = layout
      collectionView.reloadData()
      return
    }
    // A reload now would cut the animation short: the cards travel with the fields they have,
    // and are configured for their new size at the end (UIKit: the completion of
    // setCollectionViewLayout(_:animated:completion:)).
    let needsReload = dataSource.fieldLimit != oldLimit
    collectionView.setCollectionViewLayout(layout, animated: true) { [weak self] _ in
      if needsReload { self?.collectionView.reloadData() }
    }
  }

  /// Fits the collection view to a screen of `columns` × `rows`, above the status bar (and
  /// above the conditions' line, when they have one).
  func fit(columns: Int, rows: Int) {
    let reserves = conditionsLine(columns: columns) != nil && rows > 4
    guard cardLayout.screenSize != (columns, rows) || cardLayout.reservesConditionsLine != reserves
    else { return }
    cardLayout.screenSize = (columns, rows)
    cardLayout.reservesConditionsLine = reserves
    collectionView.frame = CellRect(
      column: 0, row: 0, columns: max(0, columns), rows: max(0, rows - 1 - (reserves ? 1 : 0)))
    applyLayout()
  }

  // MARK: Background work

  /// Whether indexing, arranging or searching is still running, or has produced something the
  /// screen does not show yet.
  public var wantsTicks: Bool {
    !arranger.isComplete || !source.isComplete || !searchController.isComplete
      || arranger.version != arranging.version || searchController.hasNewMatches
      || shownDetail?.isIndexing == true || stagedArrangement != nil
      || awaitsStatistics || fileWatch.estimatedEnd != nil || jobs.saver != nil
      || shownColumnsSheet?.isCounting == true
  }

  /// The detail view on show, if any.
  var shownDetail: DetailView? {
    if case .detail(let detail) = mode { return detail }
    return nil
  }

  /// Takes what the background work has produced: a newer arrangement, new matches, progress.
  public func tick() -> Bool {
    var changed = catchUp()
    // A long record's lines are wrapped a few megabytes per tick while it is read.
    if let detail = shownDetail, detail.tick() { changed = true }
    return changed || statusBar != status.lastBar
  }

  /// Shows the newest arrangement and matches; returns whether anything changed. Called on each
  /// tick, and before each event and frame, so work that finished between ticks is never missed.
  @discardableResult
  func catchUp() -> Bool {
    var changed = false
    let atFollowedEnd = isAtFollowedEnd()
    if arranger.version != arranging.version {
      refreshArrangement()
      changed = true
    }
    if searchController.refresh() {
      // Reloaded before the jump, whose glide a reload would cut.
      collectionView.reloadData()
      if userFocus.awaitsFirstMatch { jumpToMatch(backward: false, fromOrigin: true) }
      changed = true
    }
    if installStagedArrangementIfReady() { changed = true }
    if noteFileChange() { changed = true }
    if fileWatch.pendingFocus != nil && applyPendingFocus() { changed = true }
    if catchUpStatistics() { changed = true }
    if catchUpColumnsSheet() { changed = true }
    if catchUpSaving() { changed = true }
    if followEnd(atEnd: atFollowedEnd) { changed = true }
    if catchUpEstimatedEnd() { changed = true }
    prefetchFocusedFieldCount()
    return changed
  }

  /// Takes note of a change of the file on disk; returns whether there is a new one. The source
  /// looks at the file at most every 250 ms (a read past a truncated end at once), so asking on
  /// every call is cheap.
  func noteFileChange() -> Bool {
    let change = source.checkForChange()
    guard change != fileWatch.change else { return false }
    fileWatch.change = change
    // A followed log rotated (replaced or truncated) is reopened at once, not on `r`.
    if fileWatch.following != nil && change != nil && canReload { wantsReload = true }
    // Cards past a truncated end now read empty instead of what they showed.
    collectionView.reloadData()
    return true
  }

  /// Focuses `record` now if it is shown, else as soon as indexing reaches it, or the last
  /// record if the file turns out shorter: a reload keeps the focus near where it was.
  public func focus(record: Int) {
    fileWatch.pendingFocus = record
    applyPendingFocus()
  }

  /// Focuses the pending record if it can be; returns whether the focus moved.
  @discardableResult
  func applyPendingFocus() -> Bool {
    guard let record = fileWatch.pendingFocus else { return false }
    if let path = dataSource.indexPath(ofRecord: record) {
      fileWatch.pendingFocus = nil
      collectionView.focusItem(at: path)
      return true
    }
    guard source.isComplete && arranger.isComplete && arranger.version == arranging.version else {
      return false
    }
    fileWatch.pendingFocus = nil
    let total = dataSource.index.totalCount
    guard total > 0, let path = dataSource.indexPath(ofRecord: min(record, total - 1)) else {
      return false
    }
    collectionView.focusItem(at: path)
    return true
  }

  /// Shows the arranger's latest snapshot, keeping the focused and selected records.
  func refreshArrangement() {
    let focused = focusedRecord
    // At the very start, stay there: the first screen of a file still being sorted should
    // become the first screen of the sorted file, not follow record 0 to wherever it lands.
    let atStart =
      collectionView.indexPathForFocusedItem == firstItem
      && collectionView.destinationContentOffset == .zero
    let hadSections = dataSource.hasSections
    arranging.version = arranger.version
    // The last records stay on show until indexing reaches them (`catchUpEstimatedEnd`).
    guard fileWatch.estimatedEnd == nil else { return }
    dataSource.index = arranger.index
    if dataSource.hasSections != hadSections {
      applyLayout()
    } else {
      collectionView.reloadData()
    }
    // Grouping and sorting move records between positions as more of the file arrives.
    guard arrangement.isRearranged else { return }
    if atStart {
      if let first = firstItem { collectionView.focusItem(at: first) }
    } else if let focused, let path = dataSource.indexPath(ofRecord: focused),
      path != collectionView.indexPathForFocusedItem
    {
      collectionView.focusItem(at: path)
    }
    if !userFocus.selectedRecords.isEmpty {
      collectionView.selectItem(at: nil, animated: false, scrollPosition: [])
      for record in userFocus.selectedRecords {
        if let path = dataSource.indexPath(ofRecord: record) {
          collectionView.selectItem(at: path, animated: false, scrollPosition: [])
        }
      }
    }
  }

  // MARK: CollectionViewDelegate

  /// Remembers the record the user selected, so the selection follows it when sorting moves it.
  public func collectionView(
    _ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath
  ) {
    if let record = dataSource.record(at: indexPath) { userFocus.selectedRecords.insert(record) }
  }

  /// Forgets the record the user deselected.
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {
    if let record = dataSource.record(at: indexPath) { userFocus.selectedRecords.remove(record) }
  }
}
