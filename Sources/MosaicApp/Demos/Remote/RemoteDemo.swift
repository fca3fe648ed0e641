import MosaicCollection
import MosaicLayout

/// `mosaic demo remote`: 100,000 records from a simulated server that answers each request
/// after 150 to 400 ms. A card shows a dim "loading…" until its record arrives; the prefetching
/// data source asks for the screen ahead before it is scrolled to, so a steady scroll finds the
/// cards filled; the main thread never waits for the network.
///
/// Written as a UIKit app writes it: the scene is the data source and the prefetching data
/// source, `cellForItemAt` copes with data loaded, loading or never asked for, and an answer
/// fills the cell on screen through `cellForItem(at:)`.
public final class RemoteDemo: StatusBarController, CollectionViewDataSource,
  CollectionViewDataSourcePrefetching
{
  /// The number of records the server has.
  public static let recordCount = 100_000
  private static let cellIdentifier = "record"

  private let remote: SimulatedRemote
  /// The records that have arrived, by number.
  private var records: [Int: RemoteRecord] = [:]
  /// The records asked for and not arrived or withdrawn.
  private var requested: Set<Int> = []
  /// What was asked and answered, for the counters line.
  private(set) var counts = RemoteCounts()

  /// Creates the demo; its server answers through `delivery` (a background queue by default;
  /// tests pass a virtual clock).
  public init(delivery: any RemoteDelivery = QueueDelivery()) {
    remote = SimulatedRemote(delivery: delivery)
    let layout = FlowLayout()
    let metrics = CellMetrics.standard
    // Cards of 26 × 4 cells, a column apart, rows touching: three across on 80 columns.
    layout.itemSize = Size(width: 26 * metrics.pointsPerColumn, height: 4 * metrics.pointsPerRow)
    layout.minimumInteritemSpacing = metrics.pointsPerColumn
    layout.minimumLineSpacing = 0
    super.init(collectionViewLayout: layout)
    contentInsets = (top: 0, bottom: 2)
    collectionView.register(RemoteRecordCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    collectionView.dataSource = self
    collectionView.prefetchDataSource = self
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
  }

  /// The records asked for that have neither arrived nor been withdrawn.
  public var recordsInFlight: Int { requested.count }

  /// The records that have arrived.
  public var recordsLoaded: Int { records.count }

  /// The counters line above the status bar: "prefetched 12 · on demand 6 · loaded 15 · …".
  public var countersText: String { counts.line(inFlight: requested.count) }

  // MARK: Answers from the server

  /// Takes the answers that arrived (the run loop calls this when `BackgroundWork` wakes it):
  /// each record is kept and, if its card is on screen, shown in it at once.
  public override func tick() -> Bool {
    let arrivals = remote.takeArrivals()
    for record in arrivals where requested.remove(record.number) != nil {
      records[record.number] = record
      counts.loaded += 1
      let path = IndexPath(item: record.number, section: 0)
      if let cell = collectionView.cellForItem(at: path) as? RemoteRecordCell {
        cell.record = record
      }
    }
    return !arrivals.isEmpty
  }

  /// Asks the server for record `number` unless it has arrived or is on its way.
  private func load(_ number: Int) -> Bool {
    guard records[number] == nil, requested.insert(number).inserted else { return false }
    remote.request(number)
    return true
  }

  // MARK: CollectionViewDataSource

  /// One section of `recordCount` records.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { Self.recordCount }

  /// The record's card if it has arrived; otherwise a placeholder, and the record asked for if
  /// nothing has asked yet (prefetching is a hint: a jump lands on records never prefetched).
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      RemoteRecordCell.self, withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    cell.number = indexPath.item
    cell.record = records[indexPath.item]
    if cell.record == nil, load(indexPath.item) { counts.onDemand += 1 }
    return cell
  }

  // MARK: CollectionViewDataSourcePrefetching

  /// Asks the server for the records coming into view, nearest first.
  public func collectionView(
    _ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]
  ) {
    for path in indexPaths where load(path.item) { counts.prefetched += 1 }
  }

  /// Withdraws the requests for records no longer coming into view.
  public func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {
    for path in indexPaths where requested.remove(path.item) != nil {
      remote.cancel(path.item)
      counts.cancelled += 1
    }
  }

  // MARK: Screen and keys

  /// Draws the counters line above the status bar.
  public override func drawAccessories(into surface: any Surface) {
    guard surface.rows > 1 else { return }
    let line = Canvas(
      surface: surface,
      area: CellRect(column: 0, row: surface.rows - 2, columns: surface.columns, rows: 1))
    line.fill()
    line.text(
      " " + countersText, column: 0, row: 0, maxWidth: surface.columns,
      style: TextStyle(foreground: .cyan, attributes: .bold))
  }

  /// `p` turns prefetching off and on (`isPrefetchingEnabled`); the rest is the controller's.
  public override func handle(_ event: InputEvent) -> SceneResponse {
    guard !isShowingHelp, case .key(.character("p")) = event else { return super.handle(event) }
    collectionView.isPrefetchingEnabled.toggle()
    return .continue
  }

  /// "remote │ 100,000 records, 150–400 ms each │ prefetch on │ item 1.5 │ ? keys · q quits".
  public override var statusText: String {
    status(
      "remote", "\(Self.recordCount.groupedDigits()) records, 150–400 ms each",
      collectionView.isPrefetchingEnabled ? "prefetch on" : "prefetch off", focusedItemStatus,
      "? keys · q quits")
  }

  /// "remote: keys".
  public override var helpTitle: String { "remote: keys" }

  /// The collection view's keys and the demo's own.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last record"),
      ("p", "prefetching off / on"),
      ("Enter", "select the focused card"),
      ("click, wheel", "focus and select; scroll"),
      ("?", "this help"),
      ("q Esc", "quit"),
    ]
  }
}
