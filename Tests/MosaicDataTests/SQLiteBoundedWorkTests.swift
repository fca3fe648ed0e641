import CSQLite
import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// A database's scans stop when asked, whenever asked (issue 24 item 3), and a sort that could
/// never end is stopped by its budget with one line saying so (item 13).
@Suite(.serialized) struct SQLiteBoundedWorkTests {
  /// A database of `t` (`rows` rows: id, name, word with non-ASCII letters) in a new directory.
  static func database(rows: Int) throws -> String {
    let directory = NSTemporaryDirectory() + "mosaic-bounded-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/words.db"
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw SQLiteFixtureError() }
    defer { sqlite3_close(db) }
    let sql = """
      PRAGMA journal_mode = OFF; BEGIN;
      CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, word TEXT);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
      INSERT INTO t SELECT i, 'name ' || i,
        CASE i % 4 WHEN 0 THEN 'café' WHEN 1 THEN 'naïve' WHEN 2 THEN 'über' ELSE 'déjà' END
        || ' ' || (i % 1000) FROM n;
      COMMIT;
      """
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw SQLiteFixtureError() }
    return path
  }

  /// Waits up to `seconds` for `done`.
  func wait(seconds: Double, until done: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !done() {
      if Date() > deadline { return false }
      usleep(2_000)
    }
    return true
  }

  @Test func aScanCancelledAtAnyMomentStopsAtOnce() throws {
    let path = try Self.database(rows: 200_000)
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let table = try SQLiteDatabase(path: path).open(table: "t")
    try table.waitUntilComplete()
    var generator = SeededGenerator(seed: 3)
    var late: [String] = []
    // Non-ASCII text is decided by Mosaic's own test, row by row: a whole scan takes long
    // enough that one left running would still be running when looked at.
    for round in 0..<40 {
      let filter = RecordFilter(.text("ïve \(round)"))
      let arranged = try #require(try table.arranged(sortKeys: [], filter: filter))
      // Cancelled before its scan starts, while it opens, or while it runs.
      usleep(UInt32(generator.below(3) == 0 ? 0 : generator.below(20_000)))
      arranged.cancel()
      if !wait(seconds: 0.5, until: { StoreScans.live(of: table.name) == 0 }) {
        late.append("round \(round): \(StoreScans.live(of: table.name)) scans still running")
      }
    }
    #expect(late.isEmpty, "\(late)")
  }

  /// Past 2^18 row ids a filter and a sort scan a piece per core at once: cancelled at any
  /// moment, every piece stops (the count returns only when all have).
  @Test func aScanInPiecesCancelledAtAnyMomentStopsAtOnce() throws {
    let path = try Self.database(rows: 300_000)
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let table = try SQLiteDatabase(path: path).open(table: "t")
    try table.waitUntilComplete()
    var generator = SeededGenerator(seed: 5)
    var late: [String] = []
    let pieces = SQLiteQuery.piecewiseScans
    for round in 0..<24 {
      let filter = RecordFilter(.text("ïve \(round)"))
      let keys = round % 2 == 0 ? [] : [SortKey(field: 2, descending: true)]
      let arranged = try #require(try table.arranged(sortKeys: keys, filter: filter))
      usleep(UInt32(generator.below(3) == 0 ? 0 : generator.below(30_000)))
      arranged.cancel()
      if !wait(seconds: 0.5, until: { StoreScans.live(of: table.name) == 0 }) {
        late.append("round \(round): \(StoreScans.live(of: table.name)) scans still running")
      }
    }
    #expect(late.isEmpty, "\(late)")
    if ParallelWork.width > 1 {
      #expect(SQLiteQuery.piecewiseScans > pieces, "no scan in pieces")
    }
  }

  @Test func anEndlessSortStopsAtItsBudgetAndSaysSo() throws {
    let path = try Self.database(rows: 10)
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let saved = SQLiteQuery.sortBudget
    SQLiteQuery.sortBudget = 1
    defer { SQLiteQuery.sortBudget = saved }
    // A recursive CTE with no end: its rows come one window at a time, but sorting them never
    // could end.
    let endless = try SQLiteDatabase(path: path).open(
      query: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
        + " SELECT i, i % 7 AS k FROM n")
    defer { endless.cancel() }
    #expect(endless.value(0, 0) == "1")
    let sorted = try #require(
      try endless.arranged(sortKeys: [SortKey(field: 1, descending: false)], filter: nil))
    defer { sorted.cancel() }
    let ended = wait(seconds: 20) { sorted.isComplete }
    #expect(ended, "the sort was still running after 20 s")
    let message = sorted.indexingError?.description ?? ""
    #expect(message.contains("sort stopped after 1 s"), "\(message)")
    #expect(!message.contains("\n"))
    #expect(sorted.recordCount == 0)
  }

  /// An endless statement's rows are counted as they come, so the browser can go as far as the
  /// count has, and the count stops at its budget with the rows counted kept and one line
  /// saying so: it never keeps a core busy for as long as the browser is open.
  @Test func anEndlessCountStopsAtItsBudgetKeepingTheRowsCounted() throws {
    let path = try Self.database(rows: 10)
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let saved = SQLiteQuery.countBudget
    SQLiteQuery.countBudget = 1
    defer { SQLiteQuery.countBudget = saved }
    let endless = try SQLiteDatabase(path: path).open(
      query: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n")
    defer { endless.cancel() }
    #expect(!endless.isProgressMeasured, "a statement's count cannot know its end")
    let ended = wait(seconds: 20) { endless.isComplete }
    #expect(ended, "the count was still running after 20 s")
    let message = endless.indexingError?.description ?? ""
    #expect(message.contains(" rows in 1 s, then stopped: the query may not end"), "\(message)")
    #expect(!message.contains("\n"))
    let counted = endless.recordCount
    #expect(counted > 65_536, "rows counted before the budget: \(counted)")
    // The last row counted is there to go to, and holds its number: the CTE counts from 1.
    #expect(endless.value(counted - 1, 0) == String(counted))
  }

  /// A statement that ends is counted exactly, row by row.
  @Test func aStatementsRowsAreCountedExactly() throws {
    let path = try Self.database(rows: 200_000)
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let query = try SQLiteDatabase(path: path).open(
      query: "SELECT id, word FROM t WHERE id % 3 = 0 -- every third")
    try query.waitUntilComplete()
    #expect(query.recordCount == 200_000 / 3)
    #expect(query.isProgressMeasured)
  }
}
