/// A query a database answers in windows of rows: the seam between `WindowedTable` (the record
/// source the browser reads, with its cache and background count) and one database's SQL
/// (`SQLiteQuery`; a PostgreSQL query would be one more adopter).
///
/// UIKit has no counterpart; it plays the part of the persistent store behind a fetched results
/// controller's batched fetches. Every member may be called from any thread.
public protocol RowWindowQuery: AnyObject, Sendable {
  /// How errors and the title bar name the query (`orders.db (orders)`).
  var name: String { get }
  /// The result's column names, in order.
  var fieldNames: [String] { get }

  /// The rows at `positions` of the result, in result order, each a value per field.
  ///
  /// - Complexity: one statement the database answers with an index (keyset on the row id, or
  ///   a lookup of the row ids `countRows` kept); LIMIT/OFFSET where neither is known.
  func rows(_ positions: Range<Int>) throws -> [[DataValue]]

  /// Counts the result's rows, reporting the count so far and the fraction done (nil when
  /// unknown) as it goes; stops early when `progress` returns false. Run on a background thread:
  /// it may read the whole result once, and keeps what makes later `rows` calls fast.
  ///
  /// - Returns: The number of rows, or the number counted when stopped.
  func countRows(progress: (_ counted: Int, _ fraction: Double?) -> Bool) throws -> Int

  /// Stops a `countRows` running on another thread as soon as the database allows.
  func interrupt()

  /// Stops, for now, a `countRows` running on another thread that is one long statement (an
  /// arrangement numbered in one sort), so that a question asked meanwhile (`F`, `I`) has the
  /// machine: `countRows` then calls its `progress` (which waits for its turn) and starts that
  /// statement again. False, doing nothing, when no such statement runs (the default).
  func yieldCount() -> Bool

  /// The result's first `count` rows, read before `countRows` on the connection `interrupt()`
  /// stops: an arranged query's first screen by its own `LIMIT` (a top-N the server answers
  /// in a scan) before the count numbers every row in one sort. Nil when the query reads them
  /// no sooner than its count does (the default).
  func rowsBeforeCounting(_ count: Int) throws -> [[DataValue]]?

  /// The result's number of rows by the database's own `count(*)`, read before `countRows` on
  /// the connection `interrupt()` stops: an arranged query's count in one parallel scan, shown
  /// while `countRows` still numbers the rows in one sort. Nil when the query counts no sooner
  /// than `countRows` does (the default), or once interrupted.
  func rowCountBeforeNumbering() throws -> Int?

  /// The same rows (the base table's, whatever this query's arrangement), those `filter` keeps,
  /// ordered by `sortKeys`, each breaking the ties of the one before (numbers before text before
  /// empty, empty last both ways), as a new query; nil when this database cannot express it (a
  /// regular expression).
  func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)?

  /// The statistics of `field` over this query's rows that `filter` keeps (all when nil),
  /// answered by the database (`GROUP BY`, aggregates) with the figures and order
  /// `FieldStatistics.compute` gives; nil when this database cannot (the caller counts in
  /// memory). Stops soon after `cancellation` is raised.
  func fieldStatistics(
    field: Int, filter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics?

  /// The result's last `count` rows, in result order (the last row last), found without
  /// counting the rows before them (`ORDER BY … DESC LIMIT`); nil when the query cannot tell.
  func lastRows(_ count: Int) throws -> [[DataValue]]?

  /// The number of rows the database estimates at once (a catalog's statistics), or nil.
  var estimatedRowCount: Int? { get }
}

extension RowWindowQuery {
  /// Nil: the count finds the first rows as soon as a first read would.
  public func rowsBeforeCounting(_ count: Int) throws -> [[DataValue]]? { nil }

  /// False: a count that is not one long statement gives way between its steps.
  public func yieldCount() -> Bool { false }

  /// Nil: the count is found no sooner than `countRows` finds it.
  public func rowCountBeforeNumbering() throws -> Int? { nil }

  /// Whether `sortKeys` and `filter` name only fields among this query's `fieldNames`: an
  /// arrangement naming another cannot be said in its SQL.
  func names(onlyOwnFields sortKeys: [SortKey], _ filter: RecordFilter?) -> Bool {
    let fields = fieldNames.indices
    return sortKeys.allSatisfy { fields.contains($0.field) }
      && !(filter?.condition.tests.contains { $0.field.map { !fields.contains($0) } ?? false }
        ?? false)
  }

  /// A database that cannot count a field itself leaves it to the caller.
  public func fieldStatistics(
    field: Int, filter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics? { nil }

  /// A query that cannot find its end without counting.
  public func lastRows(_ count: Int) throws -> [[DataValue]]? { nil }

  /// No estimate.
  public var estimatedRowCount: Int? { nil }
}
