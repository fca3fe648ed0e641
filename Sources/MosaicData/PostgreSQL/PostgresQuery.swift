import Foundation

// @unchecked: the window keys kept by the count, the scanning connection and the flag live
// under `state`; the reading connection has its own lock.
/// A query of a PostgreSQL table or statement read in windows (the `RowWindowQuery` of
/// PostgreSQL): a table's rows by keyset on its primary key (or a unique index of NOT NULL
/// columns, or `ctid`), sorted and filtered ones by keyset on the sort terms and that key, and
/// a view or `--query` by LIMIT/OFFSET.
///
/// UIKit has no counterpart. Nothing is loaded whole: the background count walks the order and
/// keeps each window's first key (10M rows, 39k keys), and a window is one indexed
/// `WHERE (key…) >= ($1…) ORDER BY key… LIMIT 256`. Sort and filter become SQL that keeps the
/// rows, in the order, every other source gives (`PostgresColumn`, `ConditionSQL`).
final class PostgresQuery: RowWindowQuery, @unchecked Sendable {
  /// One `ORDER BY` term: an expression never NULL, its type (to bind a kept key back), and
  /// its direction.
  struct Term: Sendable {
    /// The expression.
    var sql: String
    /// The type a key's text is cast to when bound (`int`, `numeric`, `text`, a column's).
    var type: String
    /// Whether it sorts descending.
    var descending: Bool
  }

  /// What the rows come from.
  enum Base: Sendable {
    /// A table (or materialized view) with a key: its quoted name, the key's terms (ascending)
    /// and the catalog's estimate of its rows.
    case relation(name: String, key: [Term], estimate: Int?)
    /// A view, a table without a key, or a `--query` (`isUserQuery`: run in a read-only
    /// transaction that is rolled back), read by LIMIT/OFFSET.
    case statement(String, isUserQuery: Bool)
  }

  /// The rows counted per statement of a table's count: a short statement, and progress.
  static let countChunk = 256 * 1024

  let name: String
  let fieldNames: [String]
  /// The columns, as conditions and sorting read them.
  let columns: [PostgresColumn]
  let base: Base
  /// The order: the sort keys' terms, then (for a relation) the key's.
  let order: [Term]
  /// The filter, its parameters `$1`… first.
  let filter: ConditionSQL?
  /// The order as PostgreSQL sorts a number column by itself, for the first screen, when it
  /// may be the same as `order`'s (one sort key, on a number column).
  let plainOrder: PlainOrder?
  let reader: PostgresConnection

  private let state = NSLock()
  /// The first key of each window counted so far.
  private var keys: [[String]] = []
  private var scanner: PostgresConnection?
  private var interrupted = false
  /// Whether the scanner runs an arrangement's numbering (`countRows`), which gives way to a
  /// question (`yieldCount`), and whether it just did.
  private var numbering = false
  private var yielded = false

  /// A query of `base` in its own order (its key's), read through `reader`.
  ///
  /// - Throws: `PostgresFailure` when the server rejects it.
  convenience init(reader: PostgresConnection, name: String, base: Base) throws {
    let result = try reader.execute(
      "SELECT * FROM \(Self.source(of: base)) LIMIT 0", readOnlyTransaction: base.isUserQuery)
    let columns = zip(result.columnNames, result.columnTypes).map {
      PostgresColumn(name: $0, type: $1)
    }
    let order: [Term]
    if case .relation(_, let key, _) = base { order = key } else { order = [] }
    self.init(
      reader: reader, name: name, base: base, columns: columns, order: order, filter: nil,
      plainOrder: nil)
  }

  private init(
    reader: PostgresConnection, name: String, base: Base, columns: [PostgresColumn],
    order: [Term], filter: ConditionSQL?, plainOrder: PlainOrder?
  ) {
    self.reader = reader
    self.name = name
    self.base = base
    self.columns = columns
    fieldNames = columns.map(\.name)
    self.order = order
    self.filter = filter
    self.plainOrder = plainOrder
  }

  /// The FROM clause's source.
  static func source(of base: Base) -> String {
    switch base {
    case .relation(let name, _, _): return name
    case .statement(let sql, _): return "(\(sql)) AS q"
    }
  }

  /// `FROM source WHERE filter [AND extra]`.
  func from(and extra: String? = nil) -> String {
    let conditions = [filter.map(\.expression), extra].compactMap { $0 }
    return "FROM \(Self.source(of: base))"
      + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
  }

  /// `ORDER BY` the order (reversed when `reversed`), or "" when there is none.
  func orderBy(reversed: Bool = false) -> String {
    guard !order.isEmpty else { return "" }
    return " ORDER BY "
      + order.map { $0.sql + ($0.descending != reversed ? " DESC" : "") }.joined(separator: ", ")
  }

  /// The rows come after (or at, unless `strict`) the key bound from `$first` on.
  func after(first: Int, strict: Bool) -> String {
    let placeholders = order.enumerated().map { "$\(first + $0.offset)::\($0.element.type)" }
    if order.allSatisfy({ !$0.descending }) {
      // One row comparison, which an index on the key answers.
      return "(" + order.map(\.sql).joined(separator: ", ") + ") \(strict ? ">" : ">=") ("
        + placeholders.joined(separator: ", ") + ")"
    }
    var clause = strict ? "false" : "true"
    for (term, placeholder) in zip(order, placeholders).reversed() {
      let beyond = term.descending ? "<" : ">"
      clause =
        "(\(term.sql) \(beyond) \(placeholder) OR (\(term.sql) = \(placeholder) AND \(clause)))"
    }
    return clause
  }

  /// Runs `sql` on the reading connection.
  func execute(_ sql: String, _ parameters: [String?]) throws -> PostgresResult {
    try reader.execute(sql, parameters, readOnlyTransaction: base.isUserQuery)
  }

  /// The filter's parameters, bound first.
  var filterParameters: [String?] { (filter?.parameters ?? []).map { Optional($0) } }

  // MARK: Windows

  func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
    guard !positions.isEmpty else { return [] }
    let window = positions.lowerBound / WindowedTable.windowSize
    state.lock()
    let first = window < keys.count ? keys[window] : nil
    state.unlock()
    if case .relation = base, let first {
      let skip = positions.lowerBound - window * WindowedTable.windowSize
      return try execute(
        "SELECT * "
          + from(and: after(first: filterParameters.count + 1, strict: false)) + orderBy()
          + " LIMIT \(positions.count)" + (skip > 0 ? " OFFSET \(skip)" : ""),
        filterParameters + first.map { Optional($0) }
      ).values
    }
    return try execute(
      "SELECT * " + from() + orderBy() + " LIMIT \(positions.count) OFFSET \(positions.lowerBound)",
      filterParameters
    ).values
  }

  func lastRows(_ count: Int) throws -> [[DataValue]]? {
    guard case .relation = base, count > 0 else { return nil }
    let rows = try execute(
      "SELECT * " + from() + orderBy(reversed: true) + " LIMIT \(count)", filterParameters)
    return Array(rows.values.reversed())
  }

  var estimatedRowCount: Int? {
    guard case .relation(_, _, let estimate) = base, filter == nil else { return nil }
    return estimate
  }

  // MARK: Counting

  /// Runs `body` on a connection of its own that `interrupt()` cancels; nil, without running
  /// it, once interrupted.
  private func onScanner<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result? {
    let scanner = try reader.settings.connect()
    state.lock()
    self.scanner = scanner
    let stop = interrupted
    state.unlock()
    defer {
      state.lock()
      self.scanner = nil
      state.unlock()
    }
    return stop ? nil : try body(scanner)
  }

  func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
    while true {
      do {
        return try onScanner { try countRows(on: $0, progress: progress) } ?? 0
      } catch {
        state.lock()
        let gaveWay = yielded
        yielded = false
        state.unlock()
        // Stopped for a question (`yieldCount`): numbered again once `progress` says go on.
        guard gaveWay else { throw error }
        if !progress(0, nil) { return 0 }
      }
    }
  }

  func yieldCount() -> Bool {
    state.lock()
    let scanner = numbering ? scanner : nil
    if scanner != nil { yielded = true }
    state.unlock()
    scanner?.cancel()
    return scanner != nil
  }

  /// `countRows` on `scanner`.
  private func countRows(on scanner: PostgresConnection, progress: (Int, Double?) -> Bool) throws
    -> Int
  {
    guard case .relation(_, let key, let estimate) = base else {
      return try countAll(on: scanner) ?? 0
    }
    // A table's own order walks its index a chunk at a time (progress, short statements); a
    // sorted one is one sort, numbered by the server, of which only window starts come back.
    // The first chunks are short: a filter or sort the user asks for at launch finds the
    // table's count between two of them sooner, and it waits there (`CountingTurns`).
    var chunk = order.count == key.count && filter == nil ? Self.countChunk / 8 : nil
    let terms = order.enumerated().map { "\($0.element.sql) AS k\($0.offset)" }
      .joined(separator: ", ")
    let keyNames = order.indices.map { "k\($0)" }.joined(separator: ", ")
    var counted = 0
    var last: [String]?
    if chunk == nil {
      // One statement nobody waits on: it gives way to a question, to run again after it.
      state.lock()
      numbering = true
      state.unlock()
    }
    defer {
      state.lock()
      numbering = false
      state.unlock()
    }
    while true {
      // A cancel sent before the statement reached the server would be lost: give way here.
      if chunk == nil, state.withLock({ yielded }) { throw CancellationError() }
      let inner =
        "SELECT \(terms) "
        + from(and: last.map { _ in after(first: filterParameters.count + 1, strict: true) })
        + orderBy() + (chunk.map { " LIMIT \($0)" } ?? "")
      let result = try scanner.execute(
        "SELECT n, c, \(keyNames) FROM (SELECT row_number() OVER () AS n,"
          + " count(*) OVER () AS c, s.* FROM (\(inner)) AS s) AS w"
          + " WHERE n % \(WindowedTable.windowSize) = 1 OR n = c ORDER BY n",
        filterParameters + (last ?? []).map { Optional($0) })
      var found: [[String]] = []
      var total = 0
      for row in result.rows {
        let n = Int(row[0] ?? "") ?? 0
        total = Int(row[1] ?? "") ?? 0
        let values = row.dropFirst(2).map { $0 ?? "" }
        if n % WindowedTable.windowSize == 1 { found.append(values) }
        if n == total { last = values }
      }
      state.lock()
      keys.append(contentsOf: found)
      let stop = interrupted
      // A cancel that came after the statement ended stopped nothing: the numbering is done.
      if chunk == nil { yielded = false }
      state.unlock()
      counted += total
      guard let size = chunk, total == size, !stop else { return counted }
      chunk = min(Self.countChunk, size * 2)
      let fraction = estimate.flatMap { $0 > 0 ? min(0.99, Double(counted) / Double($0)) : nil }
      if !progress(counted, fraction) { return counted }
    }
  }

  /// Whether the query is a table's rows filtered or sorted: its count is one sort of every
  /// kept row, which a top-N and a `count(*)` each answer sooner, in one parallel scan.
  private var isArrangedRelation: Bool {
    guard case .relation(_, let key, _) = base else { return false }
    return filter != nil || order.count > key.count
  }

  func rowsBeforeCounting(_ count: Int) throws -> [[DataValue]]? {
    // 1.5 s against 20 s over 10M rows.
    guard isArrangedRelation, count > 0 else { return nil }
    return try onScanner { scanner in
      func firstRows(_ orderBy: String) throws -> PostgresResult {
        try scanner.execute(
          "SELECT * " + from() + orderBy + " LIMIT \(count)", filterParameters,
          readOnlyTransaction: base.isUserQuery)
      }
      // The server's own order costs no expression per row (0.8 s against 3.9 s over 10M
      // rows); its rows tell whether they are `order`'s too.
      if let plainOrder {
        let first = try firstRows(plainOrder.orderBy)
        if plainOrder.isSameOrder(first.rows) { return first.values }
      }
      return try firstRows(orderBy()).values
    }
  }

  func rowCountBeforeNumbering() throws -> Int? {
    guard isArrangedRelation else { return nil }
    return try onScanner { try countAll(on: $0) } ?? nil
  }

  /// The rows kept, by `count(*)` on `scanner`.
  private func countAll(on scanner: PostgresConnection) throws -> Int? {
    let result = try scanner.execute(
      "SELECT count(*) " + from(), filterParameters, readOnlyTransaction: base.isUserQuery)
    return (result.rows.first?.first ?? nil).flatMap { Int($0) }
  }

  func interrupt() {
    state.lock()
    interrupted = true
    let scanner = scanner
    state.unlock()
    scanner?.cancel()
  }

  // MARK: Arranging

  func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
    guard names(onlyOwnFields: sortKeys, filter) else { return nil }
    // The `--na` tokens the filter and the keys were given (the browser gives both the same).
    let tokens = (filter?.missing.tokens ?? []).union(sortKeys.flatMap(\.missing.tokens))
    let columns = self.columns.map { column in
      var column = column
      column.missing = MissingValues(tokens: tokens)
      return column
    }
    // User text is bound, never spliced: `x' OR 1=1; DROP TABLE t;--` is a value.
    let condition = filter.map {
      ConditionSQL($0.condition, fieldNames: fieldNames, dialect: .postgreSQL(columns))
    }
    var order = sortKeys.flatMap {
      columns[$0.field].orderTerms(descending: $0.descending, asText: $0.sortsAsText)
    }
    var plainOrder: PlainOrder?
    if case .relation(_, let key, _) = base {
      order += key
      if sortKeys.count == 1, !sortKeys[0].sortsAsText {
        let field = sortKeys[0].field
        plainOrder = PlainOrder(
          column: columns[field], field: field, descending: sortKeys[0].descending, key: key)
      }
    }
    let query = PostgresQuery(
      reader: reader, name: name, base: base, columns: columns, order: order, filter: condition,
      plainOrder: plainOrder)
    // A bad filter fails now, on the caller's thread, not in the background count.
    _ = try query.execute("SELECT 1 " + query.from() + " LIMIT 0", query.filterParameters)
    return query
  }
}

extension PostgresQuery.Base {
  /// Whether it is the user's own SQL.
  var isUserQuery: Bool {
    if case .statement(_, true) = self { return true }
    return false
  }
}
