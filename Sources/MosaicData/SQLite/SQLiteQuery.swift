import Foundation

// @unchecked: the row ids kept by the count live under `state`; the stop flag has its own lock;
// the reading connection has its own lock.
/// A query of a SQLite database read in windows (the `RowWindowQuery` of SQLite): a table's rows
/// by keyset on its row id, an arranged table's rows by the row ids its sorted and filtered scan
/// kept, and any other statement (`--query`, a view, a table without row ids) by LIMIT/OFFSET.
///
/// UIKit has no counterpart. Sort and filter become SQL: `ORDER BY`, for each sort key in turn,
/// numbers (and text that reads as a number) first, then text ignoring ASCII case, then empty
/// (NULL or blank) values, the ties left in row id order; `WHERE` the filter's condition
/// (`ConditionSQL`), its texts bound as parameters.
final class SQLiteQuery: RowWindowQuery, @unchecked Sendable {
  /// What the rows come from.
  enum Base {
    /// A table with row ids, under the name that reads them (`rowid` unless a column takes it).
    case table(name: String, rowid: String)
    /// A statement (a `--query`, a view, a `WITHOUT ROWID` table), wrapped as a subquery.
    case statement(String)
  }

  /// How windows are found.
  private enum Plan {
    /// Keyset on the row id: the count keeps every window's first row id.
    case keyset
    /// The row ids of `sql`'s result (`parameters` bound to it), kept by the count in result
    /// order, looked up a window at a time.
    /// `condition` is `sql`'s WHERE expression, for scanning a range of row ids at a time.
    case rowids(sql: String, parameters: [String], condition: String)
    /// The row ids of `sql`'s result (row id first, then the sort keys' columns, in row id
    /// order), sorted in memory by `keys` (over those columns) as a file's records are sorted,
    /// then looked up a window at a time as `rowids`.
    /// `columns` is `sql`'s select list and `condition` its WHERE expression, for reading a
    /// range of row ids at a time.
    case sorted(
      sql: String, parameters: [String], keys: [SortKey], columns: String, condition: String)
    /// LIMIT/OFFSET over `sql` (`parameters` bound to it), whose count is a `count(*)` over it;
    /// `sorts` when Mosaic added an `ORDER BY` to it (a sort key on a statement), whose count
    /// then has `sortBudget` to end in.
    case offset(sql: String, parameters: [String], sorts: Bool)
  }

  let name: String
  let fieldNames: [String]
  /// The database file, reopened for background scans.
  let path: String
  /// How errors name the file.
  let fileName: String
  let base: Base
  /// The condition the rows are kept by (an arranged query's), which statistics count under.
  let filter: RecordFilter?
  private let plan: Plan
  private let reader: SQLiteConnection

  private let state = NSLock()
  /// `.keyset`: the row id of each window's first row. `.rowids`: every row id, in order.
  private var keys: [Int64] = []
  /// Whether the count ended with every row id kept in `keys`.
  private var keysComplete = false
  /// Raised by `interrupt()`: stops the count's scan, whichever of its statements runs.
  private let stopping = Cancellation()

  /// A query of the whole of `base`.
  ///
  /// - Throws: `SQLiteFailure` when SQLite rejects the statement.
  convenience init(
    reader: SQLiteConnection, path: String, fileName: String, name: String, base: Base
  ) throws {
    let plan: Plan
    switch base {
    case .table: plan = .keyset
    case .statement(let sql): plan = .offset(sql: sql, parameters: [], sorts: false)
    }
    try self.init(
      reader: reader, path: path, fileName: fileName, name: name, base: base, plan: plan,
      filter: nil, fieldNames: nil)
  }

  private init(
    reader: SQLiteConnection, path: String, fileName: String, name: String, base: Base,
    plan: Plan, filter: RecordFilter?, fieldNames: [String]?
  ) throws {
    self.reader = reader
    self.filter = filter
    self.path = path
    self.fileName = fileName
    self.name = name
    self.base = base
    self.plan = plan
    let source = Self.source(of: base)
    self.fieldNames =
      try fieldNames
      ?? reader.withLock {
        let statement = try reader.prepare("SELECT * FROM \(source) LIMIT 0")
        return (0..<statement.columnCount).map(statement.columnName)
      }
    // A bad sort or filter fails now, on the caller's thread, not in the background count.
    switch plan {
    case .keyset: break
    case .rowids(let sql, _, _), .offset(let sql, _, _), .sorted(let sql, _, _, _, _):
      _ = try reader.withLock { try reader.prepare(sql) }
    }
  }

  /// The FROM clause's source for `base`.
  private static func source(of base: Base) -> String {
    switch base {
    case .table(let name, _): return SQLiteConnection.quoted(name)
    // The line break ends a `--` comment the query may finish with.
    case .statement(let sql): return "(\(sql)\n)"
    }
  }

  // MARK: Windows

  func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
    guard !positions.isEmpty else { return [] }
    let source = Self.source(of: base)
    switch plan {
    case .keyset:
      guard case .table(_, let rowid) = base else { return [] }
      let window = positions.lowerBound / WindowedTable.windowSize
      state.lock()
      let first = window < keys.count ? keys[window] : nil
      state.unlock()
      let id = SQLiteConnection.quoted(rowid)
      if let first {
        return try fetch(
          "SELECT * FROM \(source) WHERE \(id) >= \(first) ORDER BY \(id) LIMIT \(positions.count)"
            + " OFFSET \(positions.lowerBound - window * WindowedTable.windowSize)")
      }
      return try fetch(
        "SELECT * FROM \(source) ORDER BY \(id) LIMIT \(positions.count)"
          + " OFFSET \(positions.lowerBound)")
    case .rowids, .sorted:
      guard case .table(_, let rowid) = base else { return [] }
      state.lock()
      let ids = Array(
        keys[min(positions.lowerBound, keys.count)..<min(positions.upperBound, keys.count)])
      state.unlock()
      guard !ids.isEmpty else { return [] }
      let id = SQLiteConnection.quoted(rowid)
      let list = ids.map(String.init).joined(separator: ",")
      var byID: [Int64: [DataValue]] = [:]
      try reader.withLock {
        let statement = try reader.prepare(
          "SELECT \(id), * FROM \(source) WHERE \(id) IN (\(list))")
        let count = statement.columnCount
        while try statement.step() {
          byID[statement.int64(0)] = (1..<count).map(statement.value)
        }
      }
      return ids.map { byID[$0] ?? [] }
    case .offset(let sql, let parameters, _):
      return try fetch(
        "SELECT * FROM (\(sql)) LIMIT \(positions.count) OFFSET \(positions.lowerBound)",
        binding: parameters)
    }
  }

  private func fetch(_ sql: String, binding parameters: [String] = []) throws -> [[DataValue]] {
    try reader.withLock {
      let statement = try reader.prepare(sql, binding: parameters)
      let count = statement.columnCount
      var rows: [[DataValue]] = []
      while try statement.step() {
        rows.append((0..<count).map(statement.value))
      }
      return rows
    }
  }

  // MARK: Counting

  /// How long a sort Mosaic asks of a statement (`]` on a `--query`) may run: about 100 MB of
  /// temporary files at the rate SQLite's sorter spills an endless query.
  nonisolated(unsafe) static var sortBudget: TimeInterval = 30

  /// How long the count of a statement's rows (a `--query`, a view) may run: a recursive CTE
  /// may never end, and its count would keep a core busy for as long as the browser is open.
  /// About 300 million rows of a plain query on this project's machine.
  nonisolated(unsafe) static var countBudget: TimeInterval = 30

  func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
    let scanner = try SQLiteConnection(path: path, mapped: true)
    if case .offset(_, _, let sorts) = plan {
      // Stopped by `interrupt()` as any scan, and by its budget too.
      let overBudget = Cancellation()
      stopping.onCancel { overBudget.cancel() }
      DispatchQueue.global().asyncAfter(
        deadline: .now() + (sorts ? Self.sortBudget : Self.countBudget)
      ) {
        overBudget.cancel()
      }
      scanner.stop(when: overBudget)
    } else {
      scanner.stop(when: stopping)
    }
    if stopping.isCancelled { return 0 }
    // SQLite's sorter may use a second thread, and sorts more in memory before spilling.
    try scanner.withLock {
      for pragma in ["PRAGMA threads = 2", "PRAGMA cache_size = -65536"] {
        _ = try scanner.prepare(pragma).step()
      }
    }
    let source = Self.source(of: base)
    return try scanner.withLock {
      switch plan {
      case .keyset:
        guard case .table(_, let rowid) = base else { return 0 }
        let id = SQLiteConnection.quoted(rowid)
        let bounds = try rowidBounds(scanner)
        let low = Double(bounds?.lowerBound ?? 0)
        let span = max(1, Double(bounds?.upperBound ?? 0) - low)
        // SQLite counts a table's rows without reading them (a fifth of the scan below's CPU on
        // ten million rows); when there are as many as the row ids' span, every id in it is
        // taken, and each window's first row id is known without reading one.
        if let bounds {
          let total = try scanner.prepare("SELECT count(*) FROM \(source)")
          _ = try total.step()
          let count = total.int64(0)
          let (first, last) = (bounds.lowerBound, bounds.upperBound)
          let span = last.subtractingReportingOverflow(first)
          if !span.overflow, span.partialValue == count - 1 {
            let size = Int64(WindowedTable.windowSize)
            var found = (0..<(count + size - 1) / size).map { first + $0 * size }
            publish(&found)
            return Int(count)
          }
        }
        let statement = try scanner.prepare("SELECT \(id) FROM \(source) ORDER BY \(id)")
        var count = 0
        var found: [Int64] = []
        while try statement.step() {
          if count % WindowedTable.windowSize == 0 {
            found.append(statement.int64(0))
            // Keys are published in batches, then the count, so a row counted has its window.
            if found.count == 64 {
              publish(&found)
              if !progress(count, (Double(statement.int64(0)) - low) / span) { return count }
            }
          }
          count += 1
        }
        publish(&found)
        return count
      case .rowids(let sql, let parameters, let condition):
        guard case .table(_, let rowid) = base else { return 0 }
        // SQLite reads and tests every row on one core (on ten million rows, a second): the
        // row ids' span is cut into a piece per core, each scanned at once on a connection of
        // its own. The first piece's rows are shown as they come, the others' once it ends.
        let pieces = try rowidBounds(scanner).map(Self.pieces) ?? [nil]
        Self.countScan(pieces: pieces.count)
        let id = SQLiteConnection.quoted(rowid)
        let scans = ParallelWork.map(0..<pieces.count, minimumPiece: 1) {
          indices -> Result<[Int64], any Error> in
          Result {
            let piece = indices.lowerBound
            let range = pieces[piece]
            let connection = piece == 0 ? scanner : try SQLiteConnection(path: path, mapped: true)
            if piece > 0 { connection.stop(when: stopping) }
            let statement = try connection.prepare(
              range.map {
                "SELECT \(id) FROM \(source) WHERE \(id) BETWEEN \($0.lowerBound)"
                  + " AND \($0.upperBound) AND (\(condition)) ORDER BY \(id)"
              } ?? sql, binding: parameters)
            var found: [Int64] = []
            found.reserveCapacity(4096)
            var count = 0
            while try statement.step() {
              found.append(statement.int64(0))
              count += 1
              if piece == 0, found.count == 4096 {
                publish(&found)
                if !progress(count, nil) {
                  // Nobody waits for the other pieces either.
                  stopping.cancel()
                  return []
                }
              }
            }
            if piece == 0 { publish(&found) }
            return found
          }
        }
        // Stopped (by the user, or a piece told to stop): the rows published so far stay.
        if stopping.isCancelled { return recordCountSoFar }
        for var found in try scans.map({ try $0.get() }) { publish(&found) }
        state.lock()
        keysComplete = true
        state.unlock()
        return recordCountSoFar
      case .sorted(let sql, let parameters, let keys, let list, let condition):
        guard case .table(_, let rowid) = base else { return 0 }
        let bounds = try rowidBounds(scanner)
        // Reading the keys is most of the work (SQLite's, on one core): a piece of the row ids
        // per core, read at once on connections of their own, then joined in row id order.
        let pieces = bounds.map(Self.pieces) ?? [nil]
        Self.countScan(pieces: pieces.count)
        let id = SQLiteConnection.quoted(rowid)
        let reads = ParallelWork.map(0..<pieces.count, minimumPiece: 1) {
          indices -> Result<SQLiteSortColumns?, any Error> in
          Result {
            let piece = indices.lowerBound
            let range = pieces[piece] ?? bounds
            let connection = piece == 0 ? scanner : try SQLiteConnection(path: path, mapped: true)
            if piece > 0 { connection.stop(when: stopping) }
            let statement = try connection.prepare(
              pieces[piece].map {
                "SELECT \(list) FROM \(source) WHERE \(id) BETWEEN \($0.lowerBound)"
                  + " AND \($0.upperBound) AND (\(condition)) ORDER BY \(id)"
              } ?? sql, binding: parameters)
            let low = Double(range?.lowerBound ?? 0)
            let high = Double(range?.upperBound ?? 0)
            let columns = SQLiteSortColumns(keyCount: statement.columnCount - 1)
            // The sort the rest of the bar.
            let finished = try columns.read(statement, every: 65_536) { id in
              piece > 0 || progress(0, (Double(id) - low) / max(1, high - low) * 0.7)
            }
            guard finished else {
              // Nobody waits for the other pieces either.
              stopping.cancel()
              return nil
            }
            return columns
          }
        }
        if stopping.isCancelled { return 0 }
        let parts = try reads.map { try $0.get() }
        guard let columns = parts.first ?? nil else { return 0 }
        for part in parts.dropFirst() {
          guard let part else { return 0 }
          columns.append(part)
        }
        // The first screen need not wait for the whole sort: when the order is a number's
        // alone, its first rows are found in one pass and shown while the rest is sorted.
        var shown: [Int32] = []
        func show(_ first: [Int32]) -> Bool {
          shown = first
          var ids = first.map { columns.rowid(Int($0)) }
          publish(&ids)
          return progress(first.count, 0.75)
        }
        // (Not for a field typed as text, whose numbers sort as text, nor with `--na` tokens.)
        if keys.count == 1, !keys[0].sortsAsText, keys[0].missing.tokens.isEmpty,
          let first = columns.firstRows(WindowedTable.windowSize, descending: keys[0].descending)
        {
          if !show(first) { return 0 }
        }
        // Any other single key: the sort's own first rows, picked out as its keys are read
        // (the same order by construction, ties and missing values included), shown before
        // the rest is put in order.
        let order = withoutActuallyEscaping(show) { show in
          let provisional: ((ProvisionalOrder) -> Void)? =
            keys.count == 1 && shown.isEmpty ? { _ = show($0.first) } : nil
          return columns.sorted(by: keys, provisional: provisional) { [self] in isInterrupted }
        }
        guard let order else { return 0 }
        // The rows shown first are the sort's first rows: the same order, by construction.
        assert(Array(order.prefix(shown.count)) == shown)
        _ = progress(shown.count, 0.95)
        // Every row id in order, the first ones (shown) again: one array, swapped in whole.
        var ids: [Int64] = []
        ids.reserveCapacity(order.count)
        for position in order { ids.append(columns.rowid(Int(position))) }
        state.lock()
        self.keys = ids
        state.unlock()
        return order.count
      case .offset(let sql, let parameters, let sorts):
        // A statement's sort has no end of its own (a recursive CTE may never stop, its sorter
        // spilling to the temp folder for as long as it runs): it gets `sortBudget`, after
        // which it stops (SQLite deletes its temporary files) and says so in one line.
        // Unsorted, the rows are counted as they come, so the browser can go as far as the
        // count has (End included) while it runs, and an endless statement's count stops at
        // `countBudget` with the rows counted kept.
        var count = 0
        do {
          if sorts {
            let statement = try scanner.prepare(
              "SELECT count(*) FROM (\(sql))", binding: parameters)
            _ = try statement.step()
            return Int(statement.int64(0))
          }
          let statement = try scanner.prepare("SELECT 1 FROM (\(sql))", binding: parameters)
          while try statement.step() {
            count += 1
            if count % 65_536 == 0, !progress(count, nil) { return count }
          }
          return count
        } catch let failure as SQLiteFailure
          where failure.wasInterrupted && !stopping.isCancelled && sorts
        {
          throw SQLiteFailure(
            message: "sort stopped after \(Int(Self.sortBudget)) s, its temporary files deleted:"
              + " the query's rows are too many to sort (a LIMIT bounds them)",
            wasInterrupted: true)
        } catch let failure as SQLiteFailure where failure.wasInterrupted && !stopping.isCancelled {
          _ = progress(count, nil)
          throw SQLiteFailure(
            message: "counted \(Self.grouped(count)) rows in \(Int(Self.countBudget)) s, then"
              + " stopped: the query may not end",
            wasInterrupted: true)
        }
      }
    }
  }

  /// `count` with its digits in threes, `1,234,567`, as the browser writes counts.
  private static func grouped(_ count: Int) -> String {
    var digits = Array(String(count))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }

  private func publish(_ found: inout [Int64]) {
    state.lock()
    keys.append(contentsOf: found)
    state.unlock()
    found.removeAll(keepingCapacity: true)
  }

  private static let splitScans = PathTally()

  /// How many filters' scans were cut into pieces run at once (tests: the path is taken).
  static var piecewiseScans: Int { splitScans.count }

  private static func countScan(pieces: Int) {
    if pieces > 1 { splitScans.add() }
  }

  /// `bounds` cut into a range per core, when there are enough row ids for the pieces to pay
  /// for their connections (else one piece, nil: the whole table).
  static func pieces(_ bounds: ClosedRange<Int64>) -> [ClosedRange<Int64>?] {
    let width = Int64(ParallelWork.width)
    let (span, overflow) = bounds.upperBound.subtractingReportingOverflow(bounds.lowerBound)
    guard width > 1, !overflow, span >= 1 << 18 else { return [nil] }
    let step = span / width + 1
    return (0..<width).map { i in
      let low = bounds.lowerBound + i * step
      return low...(i == width - 1 ? bounds.upperBound : low + step - 1)
    }
  }

  /// The row ids published so far.
  private var recordCountSoFar: Int {
    state.lock()
    defer { state.unlock() }
    return keys.count
  }

  /// Every row id the filter kept, in row id order, once its count has ended; nil before, and
  /// for any other plan.
  var keptRowids: [Int64]? {
    guard case .rowids = plan else { return nil }
    state.lock()
    defer { state.unlock() }
    return keysComplete ? keys : nil
  }

  /// Whether `interrupt()` was called.
  private var isInterrupted: Bool { stopping.isCancelled }

  /// The smallest and largest row id of the table, or nil for a statement (or an empty table).
  /// Two lookups at the b-tree's ends: `min` and `max` in one SELECT read every row (on ten
  /// million rows 1.5 s of CPU, run at launch on the drawing thread for the estimate, and
  /// again beside every sort, filter and count).
  func rowidBounds(_ connection: SQLiteConnection) throws -> ClosedRange<Int64>? {
    guard case .table(let table, let rowid) = base else { return nil }
    let id = SQLiteConnection.quoted(rowid)
    let from = "FROM \(SQLiteConnection.quoted(table))"
    let statement = try connection.prepare(
      "SELECT (SELECT min(\(id)) \(from)), (SELECT max(\(id)) \(from))")
    guard try statement.step(), statement.value(0) != .null else { return nil }
    return statement.int64(0)...statement.int64(1)
  }

  // MARK: The end and the estimate

  func lastRows(_ count: Int) throws -> [[DataValue]]? {
    guard case .keyset = plan, case .table(let table, let rowid) = base else { return nil }
    let id = SQLiteConnection.quoted(rowid)
    // The row id first, to put the rows back in order, then dropped.
    let rows = try fetch(
      "SELECT \(id), * FROM \(SQLiteConnection.quoted(table)) ORDER BY \(id) DESC"
        + " LIMIT \(max(0, count))")
    return rows.reversed().map { Array($0.dropFirst()) }
  }

  var estimatedRowCount: Int? {
    guard case .keyset = plan, case .table(let table, _) = base else { return nil }
    return try? reader.withLock {
      // ANALYZE's figure when the database has one; else the span of the row ids, which is
      // the count itself for a table nothing was deleted from.
      if let statement = try? reader.prepare(
        "SELECT stat FROM sqlite_stat1 WHERE tbl = ?1 AND idx IS NULL"
          + " UNION ALL SELECT stat FROM sqlite_stat1 WHERE tbl = ?1 LIMIT 1",
        binding: [table]),
        try statement.step(),
        let rows = statement.value(0).text.split(separator: " ").first.flatMap({ Int($0) })
      {
        return rows
      }
      return try rowidBounds(reader).map { Int($0.upperBound - $0.lowerBound + 1) } ?? 0
    }
  }

  func interrupt() {
    stopping.cancel()
  }

  // MARK: Arranging

  func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
    // Column names are how SQL names fields: two alike cannot be told apart.
    guard Set(fieldNames).count == fieldNames.count else { return nil }
    guard names(onlyOwnFields: sortKeys, filter) else { return nil }
    // A number compared as text (a field typed as text) cannot be said to `mosaic_test`, which
    // reads its test back from text: those records are arranged in memory.
    if filter?.condition.hasTextLiterals == true { return nil }
    // User text is bound, never spliced: `x' OR 1=1; DROP TABLE t;--` is a value.
    let condition = filter.map {
      ConditionSQL($0.condition, fieldNames: fieldNames, missing: $0.missing)
    }
    let parameters = condition?.parameters ?? []
    let source = Self.source(of: base)
    let whereClause = condition.map { " WHERE \($0.expression)" } ?? ""
    // Each key's terms in turn: a later key only decides among rows the earlier ones tie.
    let terms = sortKeys.map { key in
      Self.ordering(
        SQLiteConnection.quoted(fieldNames[key.field]), key.descending, missing: key.missing,
        asText: key.sortsAsText)
    }
    let order = terms.isEmpty ? nil : terms.joined(separator: ", ")
    let plan: Plan
    switch base {
    case .table(_, let rowid):
      guard !sortKeys.isEmpty || filter != nil else {
        return try SQLiteQuery(
          reader: reader, path: path, fileName: fileName, name: name, base: base, plan: .keyset,
          filter: nil, fieldNames: fieldNames)
      }
      let id = SQLiteConnection.quoted(rowid)
      if sortKeys.isEmpty {
        plan = .rowids(
          sql: "SELECT \(id) FROM \(source)\(whereClause) ORDER BY \(id)", parameters: parameters,
          condition: condition?.expression ?? "1")
      } else {
        // The key columns read once in row id order and sorted in memory, as a file's records
        // are: on ten million rows, seconds instead of SQLite's minute over the ordering terms.
        var columns: [Int] = []
        for key in sortKeys where !columns.contains(key.field) { columns.append(key.field) }
        let keys = sortKeys.map {
          SortKey(
            field: columns.firstIndex(of: $0.field)!, descending: $0.descending,
            missing: $0.missing, type: $0.type)
        }
        let list = columns.map { SQLiteConnection.quoted(fieldNames[$0]) }.joined(separator: ", ")
        plan = .sorted(
          sql: "SELECT \(id), \(list) FROM \(source)\(whereClause) ORDER BY \(id)",
          parameters: parameters, keys: keys, columns: "\(id), \(list)",
          condition: condition?.expression ?? "1")
      }
    case .statement:
      plan = .offset(
        sql: "SELECT * FROM \(source)\(whereClause)" + (order.map { " ORDER BY \($0)" } ?? ""),
        parameters: parameters, sorts: order != nil)
    }
    return try SQLiteQuery(
      reader: reader, path: path, fileName: fileName, name: name, base: base, plan: plan,
      filter: filter, fieldNames: fieldNames)
  }

  /// `ORDER BY` terms putting `column`'s numbers (numerically) before its text (ignoring ASCII
  /// case) before its empty values (and those `missing` names: `NULLS LAST` for every kind of
  /// missing), numbers and text reversed when `descending`.
  static func ordering(
    _ column: String, _ descending: Bool, missing: MissingValues = .empty, asText: Bool = false
  ) -> String {
    let value = "trim(\(column))"
    // The column's own type decides first: a typed number or NULL costs no text test (on ten
    // million rows this is a third of the sort's time).
    var kind =
      "(CASE typeof(\(column)) WHEN 'integer' THEN 0 WHEN 'real' THEN 0 WHEN 'null' THEN 2"
      + " ELSE (CASE WHEN \(value) = '' THEN 2"
      + " WHEN \(value) GLOB '*[0-9]*' AND \(value) NOT GLOB '*[^0-9.eE+-]*'"
      + " AND \(value) GLOB '[0-9+.-]*' THEN 0 ELSE 1 END) END)"
    if asText {
      // Every value is text (a field typed as text): NULL and blanks last.
      kind = "(CASE WHEN \(column) IS NULL OR \(value) = '' THEN 2 ELSE 1 END)"
    }
    if !missing.tokens.isEmpty {
      kind =
        "(CASE WHEN trim(CAST(\(column) AS TEXT), char(32, 9)) IN"
        + " \(ConditionSQL.sqliteTokens(missing)) THEN 2 ELSE \(kind) END)"
    }
    let direction = descending ? " DESC" : ""
    // CAST skips the spaces around a number itself.
    return "\(kind), (CASE WHEN \(kind) = 0 THEN CAST(\(column) AS REAL) END)\(direction),"
      + " (CASE WHEN \(kind) = 1 THEN lower(\(value)) END)\(direction)"
  }
}
