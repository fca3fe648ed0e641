import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// A sorted or filtered server query shows its first screen from its own `LIMIT` (a top-N)
/// before the count has numbered every row: the rows are the full order's first rows, and the
/// source can be read while the count still runs.
@Suite struct RowsBeforeCountingTests {
  // @unchecked: the gate lives under `condition`.
  /// Rows in memory whose count waits at a gate, and whose first rows come at once.
  final class SlowCount: RowWindowQuery, @unchecked Sendable {
    let name = "slow"
    let fieldNames = ["n"]
    let all = (0..<1000).map { [DataValue.number("\($0)")] }
    private let gate = Gate()

    func release() { gate.open() }
    func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
      Array(all[min(positions.lowerBound, all.count)..<min(positions.upperBound, all.count)])
    }
    func rowsBeforeCounting(_ count: Int) throws -> [[DataValue]]? { Array(all.prefix(count)) }
    func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
      gate.waitUntilOpen()
      return all.count
    }
    func interrupt() { release() }
    func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
      nil
    }
    func lastRows(_ count: Int) throws -> [[DataValue]]? { nil }
    var estimatedRowCount: Int? { nil }
  }

  /// Table `t` of database `database` on the test server, made by `create` (and `csv` copied
  /// into it), opened and counted.
  static func serverTable(_ database: String, create: String, csv: String? = nil) throws
    -> WindowedTable
  {
    let server = try PostgresTestServer.shared()
    let name = try server.database(database) { database in
      try server.psql(create, database: database)
      if let csv { try server.copy(csv, into: "t", database: database) }
    }
    let table = try PostgresDatabase(connectionString: server.connectionString(name)).open(
      table: "t")
    try table.waitUntilComplete()
    return table
  }

  /// 3,000 rows: an id, a city among `Lima`, `Oslo` and `lima`, and an amount with ties.
  static let cities = (1...3000).map { ($0, ["Lima", "Oslo", "lima"][$0 % 3], ($0 * 37) % 100) }

  /// `cities` on the test server.
  static func citiesTable() throws -> WindowedTable {
    try serverTable(
      "before_counting", create: "CREATE TABLE t (id int PRIMARY KEY, city text, amount numeric)",
      csv: "id,city,amount\n" + cities.map { "\($0.0),\($0.1),\($0.2)\n" }.joined())
  }

  @Test func theFirstWindowIsReadableWhileTheCountRuns() throws {
    let query = SlowCount()
    let table = try WindowedTable(query: query, fetchingFirstWindow: false)
    defer { query.release() }
    table.waitForRecords(beyond: 0, timeout: 10)
    #expect(table.recordCount == WindowedTable.windowSize, "the first window, before the count")
    #expect(!table.isComplete)
    #expect(table.value(0, 0) == "0" && table.value(255, 0) == "255")
    query.release()
    try table.waitUntilComplete()
    #expect(table.recordCount == 1000)
  }

  /// On a real server: the first rows of a filtered, sorted table with ties are those of the
  /// whole order the count numbers (ties broken by the key both ways).
  @Test func aServersFirstRowsAreTheWholeOrdersFirstRows() throws {
    let base = try Self.citiesTable()
    let condition = try #require(
      try ConditionParser(fieldNames: ["id", "city", "amount"]).parse("city = 'lima'"))
    let query = try #require(
      try base.query.arranged(
        sortKeys: [SortKey(field: 2, descending: true)],
        filter: RecordFilter(conditions: [condition])))
    let first = try #require(try query.rowsBeforeCounting(WindowedTable.windowSize))
    let arranged = try WindowedTable(query: query, fetchingFirstWindow: false)
    try arranged.waitUntilComplete()
    #expect(arranged.recordCount == 2000)
    let whole = (0..<WindowedTable.windowSize).map { arranged.value($0, 0) }
    #expect(first.map { $0[0].text } == whole)
    // Python's order: amount descending, then id ascending, over the rows whose city is Lima
    // ignoring case.
    let expected = (1...3000).filter { $0 % 3 != 1 }
      .sorted { a, b in
        let (x, y) = ((a * 37) % 100, (b * 37) % 100)
        return x != y ? x > y : a < b
      }.prefix(WindowedTable.windowSize).map(String.init)
    #expect(whole == Array(expected))
  }

  /// The value a row of the number tables holds, as PostgreSQL writes it: finite numbers with
  /// ties, NULL (nil), NaN, both infinities and a `numeric` past a `Double`'s range.
  static func number(_ id: Int, sparse: Bool, float: Bool) -> String? {
    if sparse, id % 5 != 0 {
      return [nil, "NaN", "Infinity", "-Infinity", float ? "-2.5e300" : "-1" + zeros][id % 5]
    }
    if id % 50 == 0 { return nil }
    if id % 97 == 0 { return "NaN" }
    if id % 89 == 0 { return "Infinity" }
    if id % 83 == 0 { return "-Infinity" }
    if id % 79 == 0 { return float ? "1.5e+300" : "1" + zeros }
    return "\((id * 37) % 40).5"
  }
  static let zeros = String(repeating: "0", count: 400)

  /// Every source's order, computed here: finite numbers, then the rest as text ignoring case,
  /// then missing values, numbers and text reversed when descending, ties by id.
  static func expectedOrder(_ values: [(id: Int, value: String?)], descending: Bool) -> [Int] {
    func kind(_ value: String?) -> Int {
      guard let value else { return 2 }
      return Double(value).map { $0.isFinite } == true ? 0 : 1
    }
    return values.sorted { a, b in
      let (ka, kb) = (kind(a.value), kind(b.value))
      if ka != kb { return ka < kb }
      if ka == 0, let x = Double(a.value!), let y = Double(b.value!), x != y {
        return descending ? x > y : x < y
      }
      if ka == 1, a.value!.lowercased() != b.value!.lowercased() {
        let (x, y) = (a.value!.lowercased(), b.value!.lowercased())
        return descending ? x > y : x < y
      }
      return a.id < b.id
    }.map(\.id)
  }

  /// PostgreSQL orders NaN and +Infinity above every number and -Infinity below; the first
  /// screen read by the server's own order of a number column is every source's order
  /// whichever of them the column holds and wherever they fall, both ways, for `numeric` and
  /// `float8`.
  @Test(arguments: [false, true])
  func aNumberColumnsFirstRowsAreEverySourcesOrderWhateverItsSpecialValues(sparse: Bool) throws {
    let ids = 1...600
    let csv =
      "id,amount,ratio\n"
      + ids.map {
        "\($0),\(Self.number($0, sparse: sparse, float: false) ?? ""),"
          + "\(Self.number($0, sparse: sparse, float: true) ?? "")\n"
      }.joined()
    let base = try Self.serverTable(
      sparse ? "plain_order_sparse" : "plain_order",
      create: "CREATE TABLE t (id int PRIMARY KEY, amount numeric, ratio float8)", csv: csv)
    for (field, float) in [(1, false), (2, true)] {
      for descending in [false, true] {
        let query = try #require(
          try base.query.arranged(
            sortKeys: [SortKey(field: field, descending: descending)], filter: nil))
        let first = try #require(try query.rowsBeforeCounting(WindowedTable.windowSize))
        let expected = Self.expectedOrder(
          ids.map { ($0, Self.number($0, sparse: sparse, float: float)) },
          descending: descending)
        #expect(
          first.map { Int($0[0].text) } == expected.prefix(WindowedTable.windowSize).map { $0 },
          "field \(field) descending \(descending)")
        let arranged = try WindowedTable(query: query, fetchingFirstWindow: false)
        try arranged.waitUntilComplete()
        #expect(
          (0..<ids.count).map { Int(arranged.value($0, 0)) } == expected.map { $0 },
          "the numbered order, field \(field) descending \(descending)")
      }
    }
  }

  /// A filtered table's number of rows is known, and final, before the count has numbered
  /// them: the status bar can say it while the rows are still being numbered for paging.
  @Test func theRowCountIsKnownBeforeTheRowsAreNumbered() throws {
    final class CountedFirst: RowWindowQuery, @unchecked Sendable {
      let slow = SlowCount()
      var name: String { slow.name }
      var fieldNames: [String] { slow.fieldNames }
      func rows(_ positions: Range<Int>) throws -> [[DataValue]] { try slow.rows(positions) }
      func rowsBeforeCounting(_ count: Int) throws -> [[DataValue]]? {
        try slow.rowsBeforeCounting(count)
      }
      func rowCountBeforeNumbering() throws -> Int? { slow.all.count }
      func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
        try slow.countRows(progress: progress)
      }
      func interrupt() { slow.interrupt() }
      func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
        nil
      }
    }
    let query = CountedFirst()
    let table = try WindowedTable(query: query, fetchingFirstWindow: false)
    defer { query.slow.release() }
    let deadline = Date().addingTimeInterval(10)
    while table.exactRecordCount == nil, Date() < deadline {
      table.waitForRecords(beyond: table.recordCount, timeout: 0.05)
    }
    #expect(table.exactRecordCount == 1000, "the count, before the numbering")
    #expect(table.recordCount == WindowedTable.windowSize && !table.isComplete)
    query.slow.release()
    try table.waitUntilComplete()
    #expect(table.recordCount == 1000 && table.exactRecordCount == nil)
  }

  /// On a real server, a two-condition filter's `count(*)` is Python's count of the same rows.
  @Test func aServersRowCountBeforeNumberingIsTheFiltersCount() throws {
    let base = try Self.citiesTable()
    let rows = Self.cities
    let parser = ConditionParser(fieldNames: ["id", "city", "amount"])
    let conditions = try ["city = 'lima'", "amount > 60"].map { try #require(try parser.parse($0)) }
    let query = try #require(
      try base.query.arranged(sortKeys: [], filter: RecordFilter(conditions: conditions)))
    let expected = rows.filter { $0.1.lowercased() == "lima" && $0.2 > 60 }.count
    #expect(try query.rowCountBeforeNumbering() == expected)
    #expect(try base.query.rowCountBeforeNumbering() == nil, "the table itself counts as it goes")
  }

  /// While a filter or sort of a table counts, the table's own count (whose rows are not on
  /// show) waits between its steps, and goes on when the arrangement's count is done.
  @Test func aTablesOwnCountWaitsWhileItsArrangementCounts() throws {
    // @unchecked: `steps` lives under `condition`.
    final class SteppedCount: RowWindowQuery, @unchecked Sendable {
      let name = "stepped"
      let fieldNames = ["n"]
      let arrangement = SlowCount()
      let condition = NSCondition()
      var steps = 0
      func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
        positions.map { [DataValue.number("\($0)")] }
      }
      func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
        for step in 1...10 {
          condition.lock()
          steps = step
          condition.broadcast()
          condition.unlock()
          guard progress(step * WindowedTable.windowSize, Double(step) / 10) else { break }
        }
        return 10 * WindowedTable.windowSize
      }
      func interrupt() {}
      func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
        arrangement
      }
    }
    let query = SteppedCount()
    defer { query.arrangement.release() }
    // The arrangement starts counting before the table's count takes its first step.
    query.condition.lock()
    let table = try WindowedTable(query: query)
    let arranged = try #require(try table.arranged(sortKeys: [SortKey(field: 0)], filter: nil))
    arranged.waitForRecords(beyond: 0, timeout: 10)
    query.condition.unlock()
    query.condition.lock()
    while query.steps == 0 { query.condition.wait() }
    let waited = !query.condition.wait(until: Date().addingTimeInterval(0.3))
    let stepsWhileArranging = query.steps
    query.condition.unlock()
    #expect(waited && stepsWhileArranging == 1, "the table's count waited after its first step")
    #expect(!table.isComplete)
    query.arrangement.release()
    try arranged.waitUntilComplete()
    try table.waitUntilComplete()
    #expect(table.recordCount == 10 * WindowedTable.windowSize)
  }

  /// A question (`F`, `I`) asked of a sorted server table while the server numbers its rows
  /// has the machine: the numbering stops, and is done again, whole, once the question is
  /// answered; the rows then read are the whole order's.
  @Test func aServersNumberingGivesWayToAQuestionAndIsDoneAgainAfter() throws {
    let count = 100_000
    let words = "(SELECT md5(i::text) AS word FROM generate_series(1, \(count)) AS i) AS w"
    let base = try Self.serverTable(
      "numbering_gives_way",
      create: "CREATE TABLE t AS SELECT i AS id, md5(i::text) AS word FROM generate_series(1,"
        + " \(count)) AS i; ALTER TABLE t ADD PRIMARY KEY (id)")
    // @unchecked: every member lives under `lock`.
    final class Outcome: @unchecked Sendable {
      let lock = NSLock()
      var restarts = 0
      var result: Result<Int, any Error>?
      var isDone: Bool { lock.withLock { result != nil } }
    }
    // The numbering is one statement of a fraction of a second here, which the question may
    // miss: asked again on a new query until one numbering was stopped and done again.
    var restarted = false
    for _ in 0..<5 where !restarted {
      let query = try #require(try base.query.arranged(sortKeys: [SortKey(field: 1)], filter: nil))
      let outcome = Outcome()
      Thread {
        let counted = Result {
          try query.countRows { counted, _ in
            if counted == 0 { outcome.lock.withLock { outcome.restarts += 1 } }
            return true
          }
        }
        outcome.lock.withLock { outcome.result = counted }
      }.start()
      let deadline = Date().addingTimeInterval(60)
      var yielded = false
      while !yielded, !outcome.isDone, Date() < deadline {
        yielded = query.yieldCount()
        if !yielded { Thread.sleep(forTimeInterval: 0.001) }
      }
      while !outcome.isDone, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
      let (final, restarts) = outcome.lock.withLock { (outcome.result, outcome.restarts) }
      #expect(restarts <= 1, "stopped once at most")
      #expect(try final?.get() == count, "the whole count, stopped or not")
      restarted = yielded && restarts == 1
      // The server's own order of these lowercase hex texts (none reads as a number) is every
      // source's: code point order.
      let window = 300
      let expected = try PostgresTestServer.shared().psql(
        "SELECT word FROM \(words) ORDER BY word COLLATE \"C\" OFFSET \(window * 256) LIMIT 3")
      let rows = try query.rows(window * 256..<window * 256 + 3)
      #expect(rows.map { $0[1].text } == expected.split(separator: "\n").map(String.init))
    }
    #expect(restarted, "no numbering was stopped and done again in five tries")
  }
}
