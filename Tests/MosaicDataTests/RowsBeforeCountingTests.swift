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
    private let condition = NSCondition()
    private var open = false

    func release() {
      condition.lock()
      open = true
      condition.broadcast()
      condition.unlock()
    }
    func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
      Array(all[min(positions.lowerBound, all.count)..<min(positions.upperBound, all.count)])
    }
    func rowsBeforeCounting(_ count: Int) throws -> [[DataValue]]? { Array(all.prefix(count)) }
    func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
      condition.lock()
      while !open { condition.wait() }
      condition.unlock()
      return all.count
    }
    func interrupt() { release() }
    func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
      nil
    }
    func lastRows(_ count: Int) throws -> [[DataValue]]? { nil }
    var estimatedRowCount: Int? { nil }
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
    let server = try PostgresTestServer.shared()
    let csv =
      "id,city,amount\n"
      + (1...3000).map { "\($0),\(["Lima", "Oslo", "lima"][$0 % 3]),\(($0 * 37) % 100)\n" }.joined()
    let name = try server.database("before_counting") { database in
      try server.psql(
        "CREATE TABLE t (id int PRIMARY KEY, city text, amount numeric)", database: database)
      try server.copy(csv, into: "t", database: database)
    }
    let base = try PostgresDatabase(connectionString: server.connectionString(name)).open(
      table: "t")
    try base.waitUntilComplete()
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
}
