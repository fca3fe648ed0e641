import Foundation

// @unchecked: the count, the flags and the cache live under `state`; the query is Sendable.
/// A record source over a database query that fetches only the windows of rows the screen
/// reads (256 rows each, the last 32 windows kept, 64 MB of values at most: `WindowCache`) and counts the rows in the background, the
/// count growing as it is found, as a large file's records grow while it is indexed.
///
/// UIKit has no counterpart; it is a fetched results controller with a fetch batch size. Sort and
/// filter go to the database (`ArrangingSource`), which answers them in SQL.
public final class WindowedTable: ArrangingSource, StatisticsSource, @unchecked Sendable {
  /// The rows fetched at a time.
  public static let windowSize = 256
  /// The windows kept: a few screens around the focus, and what a background search reads.
  static let cachedWindows = 32

  /// The query whose rows these are.
  public let query: any RowWindowQuery
  /// How errors and titles name the source.
  public let name: String
  /// The query's column names.
  public let fieldNames: [String]

  private let state = NSCondition()
  private var counted = 0
  private var fraction: Double?
  private var finished = false
  /// The counting thread and its cancel flag.
  private let job = BackgroundJob<Bool>()
  private var failure: DataError?
  private var windows = WindowCache(windowLimit: WindowedTable.cachedWindows)
  /// The query's last rows, found for `End` before the count reached them.
  private var tail: [[DataValue]] = []
  /// The query's estimate of its rows, asked once.
  private let estimate: Int?
  /// The query's rows by its database's `count(*)`, before the count has numbered them.
  private var known: Int?
  /// The table's count gives way to its arrangements' (shared with every `arranged` table).
  private let turns: CountingTurns
  /// Whether this is the table (whose count gives way), not one of its arrangements.
  private let givesWay: Bool

  /// The ids by which the rows of `tail` are read: far past any row's position.
  static let tailBase = 1 << 48

  /// A source over `query`: fetches its first window now (so a bad query fails here), and when
  /// that is full counts the rest on a background thread. Without `fetchingFirstWindow` (a
  /// sorted or filtered query, slow to give its first row) everything happens in the
  /// background: the first window first when the query reads it sooner than its count
  /// (`RowWindowQuery.rowsBeforeCounting`), then its number of rows when the database counts
  /// them sooner than it numbers them (`rowCountBeforeNumbering`), then the rows as the count
  /// finds them; meanwhile the table it arranges pauses its own count.
  ///
  /// - Throws: `DataError` when the database rejects the query.
  public convenience init(query: any RowWindowQuery, fetchingFirstWindow: Bool = true) throws {
    try self.init(query: query, fetchingFirstWindow: fetchingFirstWindow, turns: CountingTurns())
  }

  private init(query: any RowWindowQuery, fetchingFirstWindow: Bool, turns: CountingTurns) throws {
    self.query = query
    self.turns = turns
    givesWay = fetchingFirstWindow
    name = query.name
    fieldNames = query.fieldNames
    // An arrangement's estimate is the table's when it keeps every row (a sort).
    estimate = query.estimatedRowCount
    guard fetchingFirstWindow else {
      job.start { [self] _ in
        turns.arrangementCounts {
          showRowsBeforeCounting()
          learnRowCount()
          return count()
        }
      }
      return
    }
    let first: [[DataValue]]
    do {
      first = try query.rows(0..<Self.windowSize)
    } catch {
      throw DataError.unreadable(file: query.name, reason: "\(error)")
    }
    windows.insert(first, for: 0)
    counted = first.count
    guard first.count == Self.windowSize else {
      finished = true
      return
    }
    job.start { [self] _ in count() }
  }

  /// Shows the query's first window before the count, when the query reads it sooner
  /// (`RowWindowQuery.rowsBeforeCounting`): a server's sorted first screen by its top-N. A
  /// failure is left to the count, which meets it too and says so.
  private func showRowsBeforeCounting() {
    guard !job.isCancelled,
      let first = try? query.rowsBeforeCounting(Self.windowSize), !first.isEmpty
    else { return }
    state.lock()
    if counted == 0 {
      windows.insert(first, for: 0)
      counted = first.count
    }
    state.broadcast()
    state.unlock()
    BackgroundWork.didFinish()
  }

  /// Publishes the query's number of rows when its database counts them sooner than it
  /// numbers them (`RowWindowQuery.rowCountBeforeNumbering`). A failure is left to the count.
  private func learnRowCount() {
    guard !job.isCancelled, let total = try? query.rowCountBeforeNumbering() else { return }
    state.lock()
    if !finished { known = total }
    state.broadcast()
    state.unlock()
    BackgroundWork.didFinish()
  }

  /// Counts the rows, publishing the count as it grows; true when done (the job's result).
  /// Between its steps it waits while an arrangement of this table counts.
  private func count() -> Bool {
    do {
      let total = try StoreScans.counting(name) {
        try query.countRows { [self] counted, fraction in
          state.lock()
          // The first window was counted already; never show fewer rows than before.
          self.counted = max(self.counted, counted)
          self.fraction = fraction
          state.broadcast()
          state.unlock()
          turns.waitForTurn(ofTable: givesWay) { job.isCancelled }
          return !job.isCancelled
        }
      }
      state.lock()
      if !job.isCancelled { counted = total }
    } catch {
      state.lock()
      if !job.isCancelled { failure = .unreadable(file: name, reason: "\(error)") }
    }
    finished = true
    state.broadcast()
    state.unlock()
    return true
  }

  // MARK: RecordSource

  /// Waits for the count to pass `count` rows (or finish, or `timeout`).
  public func waitForRecords(beyond count: Int, timeout: TimeInterval) {
    let deadline = Date().addingTimeInterval(timeout)
    state.lock()
    defer { state.unlock() }
    while !finished, counted <= count, state.wait(until: deadline) {}
  }

  /// The rows counted so far.
  public var recordCount: Int {
    state.lock()
    defer { state.unlock() }
    return counted
  }

  /// Whether the count is final.
  public var isComplete: Bool {
    state.lock()
    defer { state.unlock() }
    return finished
  }

  /// Whether the count knows how far it has come: a table's row ids do; a statement's rows
  /// and a filtered scan's kept rows do not.
  public var isProgressMeasured: Bool {
    state.lock()
    defer { state.unlock() }
    return finished || fraction != nil
  }

  /// The fraction counted, when the query can tell (a table's row ids against its largest).
  public var progress: Double {
    state.lock()
    defer { state.unlock() }
    return finished ? 1 : fraction ?? 0
  }

  /// Why the count stopped early or a window could not be read, if either failed.
  public var indexingError: DataError? {
    state.lock()
    defer { state.unlock() }
    return failure
  }

  /// A database has no sections of its own.
  public var definedSections: [DefinedSection]? { nil }

  /// Blocks until the count is final.
  public func waitUntilComplete() throws {
    state.lock()
    while !finished { state.wait() }
    let failure = failure
    state.unlock()
    if let failure { throw failure }
  }

  /// Stops the background count; the rows counted stay browsable.
  public func cancel() {
    state.lock()
    let running = !finished
    job.cancel()
    state.unlock()
    turns.wake()
    if running { query.interrupt() }
  }

  /// The value as display text ("" for NULL or a missing row).
  public func value(_ record: Int, _ field: Int) -> String {
    typedValue(record, field)?.text ?? ""
  }

  /// The value with its SQL type (numbers as numbers, NULL as null); nil past the row's fields.
  public func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    guard let row = row(record), field >= 0, field < row.count else { return nil }
    return row[field]
  }

  /// Every value of the row, from one fetched window.
  public func typedValues(_ record: Int) -> [DataValue?] {
    row(record) ?? []
  }

  /// The row at `record`, fetching its window if it is not cached; nil when the database cannot
  /// give it (the file changed underneath).
  func row(_ record: Int) -> [DataValue]? {
    guard record >= 0 else { return nil }
    if record >= Self.tailBase {
      state.lock()
      defer { state.unlock() }
      let offset = record - Self.tailBase
      return offset < tail.count ? tail[offset] : nil
    }
    let window = record / Self.windowSize
    let offset = record % Self.windowSize
    guard let rows = rows(ofWindow: window), offset < rows.count else { return nil }
    return rows[offset]
  }

  /// The rows of window `window`, cached (least recently used goes first).
  private func rows(ofWindow window: Int) -> [[DataValue]]? {
    // The drawing thread reads what is on show; background work (a search) reads the rest.
    let fromScreen = Thread.isMainThread
    state.lock()
    if let rows = windows.rows(of: window, fromScreen: fromScreen) {
      state.unlock()
      return rows
    }
    state.unlock()
    let start = window * Self.windowSize
    let rows: [[DataValue]]
    do {
      rows = try query.rows(start..<start + Self.windowSize)
    } catch {
      // The status bar says why rows are missing (a server gone, a table dropped); the rows
      // cached stay on show.
      state.lock()
      if failure == nil { failure = .unreadable(file: name, reason: "\(error)") }
      state.unlock()
      return nil
    }
    state.lock()
    defer { state.unlock() }
    windows.insert(rows, for: window, fromScreen: fromScreen)
    return rows
  }

  /// The number of windows cached now (tests: the cache stays bounded).
  var cachedWindowCount: Int {
    state.lock()
    defer { state.unlock() }
    return windows.count
  }

  /// The bytes the cached windows hold (tests: the cache stays within its budget).
  var cachedBytes: Int {
    state.lock()
    defer { state.unlock() }
    return windows.bytes
  }

  // MARK: The end while counting

  /// The estimate of the query's rows (its database's statistics) while the count runs; nil
  /// once it is final, or when the query cannot tell.
  public var estimatedRecordCount: Int? {
    state.lock()
    defer { state.unlock() }
    guard !finished, let estimate = known ?? estimate else { return nil }
    return max(estimate, counted)
  }

  /// The query's rows by its database's `count(*)` while the count still numbers them
  /// (`RowWindowQuery.rowCountBeforeNumbering`); nil once it is final, or before it is known.
  public var exactRecordCount: Int? {
    state.lock()
    defer { state.unlock() }
    return finished ? nil : known
  }

  /// The query's last rows (at least `count`, read by `ORDER BY … DESC LIMIT`) while the count
  /// has not reached them, numbered from the estimate; nil once the count is final or when the
  /// query cannot find its end.
  public func estimatedEnd(atLeast count: Int) -> EstimatedEnd? {
    state.lock()
    let have = tail.count
    let done = finished
    state.unlock()
    guard !done else { return nil }
    if have < count {
      guard let rows = try? query.lastRows(count) else { return nil }
      state.lock()
      if rows.count > tail.count { tail = rows }
      state.unlock()
    }
    state.lock()
    defer { state.unlock() }
    guard !finished, !tail.isEmpty else { return nil }
    // Never before the rows counted: the last rows come after every one of them.
    let total = known ?? max(estimate ?? 0, counted + tail.count)
    return EstimatedEnd(
      records: Self.tailBase..<Self.tailBase + tail.count,
      estimatedFirstIndex: total - tail.count)
  }

  /// The position of a row of `estimatedEnd` once the count is final (the rows before it
  /// counted), else nil.
  public func indexedRecord(ofEstimated id: Int) -> Int? {
    state.lock()
    defer { state.unlock() }
    guard finished, !job.isCancelled, failure == nil, id >= Self.tailBase,
      id - Self.tailBase < tail.count,
      counted >= tail.count
    else { return nil }
    return counted - tail.count + (id - Self.tailBase)
  }

  // MARK: ArrangingSource

  /// The base rows filtered and sorted by the database, as a new windowed source; nil for what
  /// SQL cannot say (a regular expression), which the browser then arranges in memory.
  public func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RecordSource)? {
    let arranged: (any RowWindowQuery)?
    do {
      arranged = try query.arranged(sortKeys: sortKeys, filter: filter)
    } catch {
      throw DataError.unreadable(file: name, reason: "\(error)")
    }
    return try arranged.map {
      try WindowedTable(query: $0, fetchingFirstWindow: false, turns: turns)
    }
  }

  // MARK: StatisticsSource

  /// The store sorts, filters and counts itself.
  public var capabilities: SourceCapabilities {
    SourceCapabilities(arranging: self, statistics: self)
  }

  /// The field's statistics as the database computes them, or nil when it cannot.
  public func storeStatistics(
    field: Int, filter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics? {
    do {
      return try turns.questionIsAnswered {
        // The answer the user waits for has the machine: a numbering under way starts again
        // after it (2 s sooner over 10M rows on two cores).
        _ = query.yieldCount()
        return try StoreScans.counting(name) {
          try query.fieldStatistics(
            field: field, filter: filter, limits: limits, cancellation: cancellation)
        }
      }
    } catch {
      throw DataError.unreadable(file: name, reason: "\(error)")
    }
  }
}
