import MosaicCollection
import MosaicData
import MosaicLayout

/// The first screen of `mosaic file.db`: the database's tables and views in a list with their row
/// counts (counted in the background); Enter opens one in the browser, and `q` there comes back
/// to the list.
///
/// UIKit: a `UINavigationController` whose root is a list collection view and whose pushed view
/// controller is the browser. The list is fed as an iOS 14 screen is: a diffable data source of
/// table names and a cell registration; each count that arrives reconfigures its row alone
/// (`reconfigureItems`), not the whole list. The picker knows nothing of SQL: it is given the
/// tables, a way to count one and a way to open one.
public final class TablePickerScene: Scene {
  /// Opens a table as a browser (in a host, so `r` reloads it).
  public typealias Opener = (String) throws -> BrowserHost

  /// How the database is named in the title and the status bar.
  public let name: String
  /// The tables and views, in the order listed.
  public let tables: [SQLiteDatabase.Table]
  /// The collection view of table names.
  public let collectionView: CollectionView
  /// The open table's browser, when one is open.
  public private(set) var opened: BrowserHost?

  private let open: Opener
  private let counts: TableRowCounts
  private let layout = FlowLayout()
  /// The list's data source: one section of table names.
  private var dataSource: CollectionViewDiffableDataSource<Int, String>!
  /// Each table's count as its row was last configured with (rows never configured: none).
  private var shownCounts: [String: TableRowCounts.Count] = [:]
  private var countsVersion = 0
  private var message: String?
  private var help: TablePickerHelp?
  private var finalOutput: String?
  private var screenSize = (columns: 0, rows: 0)

  /// A picker of `tables` of the database `name`, counting each with `count` in the background
  /// and opening one with `open`.
  public init(
    name: String, tables: [SQLiteDatabase.Table],
    count: @escaping @Sendable (String) throws -> Int, open: @escaping Opener
  ) {
    self.name = name
    self.tables = tables
    self.open = open
    counts = TableRowCounts(tables: tables.map(\.name), count: count)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    collectionView = CollectionView(collectionViewLayout: layout)
    let kinds = Dictionary(tables.map { ($0.name, $0.isView) }, uniquingKeysWith: { $0 || $1 })
    let registration = CollectionView.CellRegistration<TablePickerCell, String> {
      [unowned self] cell, _, table in
      let count = counts.count(of: table)
      shownCounts[table] = count
      cell.name = table
      cell.detail = Self.detail(of: count, isView: kinds[table] ?? false)
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) {
      collectionView, indexPath, table in
      collectionView.dequeueConfiguredReusableCell(
        using: registration, for: indexPath, item: table)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    // A name listed twice (a table and a view of one name) would be one item: listed once.
    var seen = Set<String>()
    snapshot.appendItems(tables.map(\.name).filter { seen.insert($0).inserted }, toSection: 0)
    dataSource.applySnapshotUsingReloadData(snapshot)
    if !tables.isEmpty { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  deinit {
    counts.cancel()
  }

  /// What `y` printed in the browser, once it quit with it.
  public var output: String? { finalOutput ?? opened?.output }

  /// The picker never fails after opening: a table that cannot be opened is said in its bar.
  public var failure: DataError? { nil }

  /// The open browser's collection view counters, else the picker's.
  public var statistics: CollectionView.Statistics {
    opened?.statistics ?? collectionView.statistics
  }

  /// The table focused in the list.
  var focusedTable: SQLiteDatabase.Table? {
    guard let path = collectionView.indexPathForFocusedItem,
      let name = dataSource.itemIdentifier(for: path)
    else { return nil }
    return tables.first { $0.name == name }
  }

  // MARK: Scene

  /// Draws the open table's browser, or the title, the list, the help and the status bar.
  public func draw(into surface: any Surface) {
    if let opened {
      opened.draw(into: surface)
      return
    }
    fit(columns: surface.columns, rows: surface.rows)
    let title = Canvas(
      surface: surface, area: CellRect(column: 0, row: 0, columns: surface.columns, rows: 1))
    title.fill()
    let noun = tables.count == 1 ? "table" : "tables"
    title.text(
      " \(name): \(tables.count) \(noun)", column: 0, row: 0, maxWidth: surface.columns,
      style: TextStyle(attributes: .bold))
    collectionView.draw(into: surface)
    let content = Canvas(surface: surface, area: collectionView.frame)
    if tables.isEmpty {
      content.text(
        "No tables in \(name)", column: 1, row: 0, maxWidth: content.columns,
        style: TextStyle(attributes: .dim))
    }
    if var help {
      help.draw(in: content)
      self.help = help
    }
    var bar = StatusBar()
    bar.fileName = name
    bar.total = tables.count
    bar.position = collectionView.indexPathForFocusedItem.map { $0.item + 1 }
    bar.message = message
    bar.hints = help == nil ? ["Enter open", "? help", "q quit"] : ["any key closes"]
    bar.draw(
      in: Canvas(
        surface: surface,
        area: CellRect(column: 0, row: surface.rows - 1, columns: surface.columns, rows: 1)))
  }

  /// Sizes the list to the screen below the title line and above the status bar.
  func fit(columns: Int, rows: Int) {
    guard screenSize != (columns, rows) else { return }
    screenSize = (columns, rows)
    collectionView.frame = CellRect(
      column: 0, row: 1, columns: max(0, columns), rows: max(0, rows - 2))
    let metrics = collectionView.cellMetrics
    layout.itemSize = Size(
      width: Double(max(1, columns)) * metrics.pointsPerColumn, height: metrics.pointsPerRow)
    collectionView.reloadData()
  }

  /// Hands the event to the open browser (whose `q` comes back here), else moves in the list,
  /// opens a table or quits.
  public func handle(_ event: InputEvent) -> SceneResponse {
    if let opened {
      guard opened.handle(event) == .quit else { return .continue }
      // `y` quits with records to print; a plain `q` comes back to the list.
      if let output = opened.output {
        finalOutput = output
        return .quit
      }
      close()
      return .continue
    }
    if case .resize(let columns, let rows) = event {
      fit(columns: columns, rows: rows)
      return .continue
    }
    guard case .key(let key) = event else {
      collectionView.handle(event)
      return .continue
    }
    if help != nil {
      // Any key closes the help, as the browser's does.
      help = nil
      return .continue
    }
    switch key {
    case .character("q"): return .quit
    case .character("?"): help = TablePickerHelp()
    case .enter, .character("l"), .right: openFocused()
    default: collectionView.handle(event)
    }
    return .continue
  }

  /// Opens the focused table in the browser, or says why it cannot be.
  func openFocused() {
    guard let table = focusedTable else { return }
    do {
      message = nil
      opened = try open(table.name)
      opened?.browser?.quitsBack = true
    } catch {
      message = (error as? DataError)?.description ?? "\(error)"
    }
  }

  /// Closes the open table (its background count stops) and shows the list again.
  func close() {
    opened?.browser?.arranger.cancel()
    opened?.browser?.source.cancel()
    opened = nil
    // The browser may have been drawn at another size since.
    screenSize = (0, 0)
  }

  /// Ticks while counts are coming, or as the open browser wants.
  public var wantsTicks: Bool {
    if let opened { return opened.wantsTicks }
    return counts.version != countsVersion || countsVersion < tables.count
  }

  /// Shows the counts found since the last tick (their rows reconfigured, the others left as
  /// they are), or lets the open browser catch up.
  public func tick() -> Bool {
    if let opened { return opened.tick() }
    let version = counts.version
    guard version != countsVersion else { return false }
    countsVersion = version
    var snapshot = dataSource.snapshot()
    // A row configured since (drawn for the first time, scrolled in) shows its count already.
    let arrived = snapshot.itemIdentifiers.filter { shownCounts[$0] != counts.count(of: $0) }
    guard !arrived.isEmpty else { return false }
    snapshot.reconfigureItems(arrived)
    dataSource.apply(snapshot, animatingDifferences: false)
    return true
  }

  /// What the open browser copied (`c`, `C`), for the run loop to put on the clipboard.
  public func takeClipboardText() -> String? { opened?.takeClipboardText() }

  /// Whether the open browser or the list is moving.
  public var isAnimating: Bool { opened?.isAnimating ?? collectionView.hasRunningAnimations }

  /// What a table's row says of its count: "1,234,567 rows", "counting…" until it is known, or
  /// that it cannot be counted; a view says so first.
  static func detail(of count: TableRowCounts.Count, isView: Bool) -> String {
    let kind = isView ? "view · " : ""
    switch count {
    case .counting: return kind + "counting…"
    case .rows(let rows):
      return kind + rows.groupedDigits(separator: ",") + (rows == 1 ? " row" : " rows")
    case .failed: return kind + "cannot count"
    }
  }
}
