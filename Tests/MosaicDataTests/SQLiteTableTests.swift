import CSQLite
import Foundation
import Testing

@testable import MosaicData

/// A SQLite database written for one test, removed when the test ends.
final class SQLiteFixture {
  let path: String

  /// Writes a database by running `script`; an `orders` table of `orders` rows is added first
  /// when `orders` > 0 (id, customer, amount: a number, sometimes NULL, sometimes text, note).
  init(orders: Int = 0, script: String = "") throws {
    path = NSTemporaryDirectory() + "mosaic-sqlite-\(UUID().uuidString).db"
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw SQLiteFixtureError() }
    defer { sqlite3_close(db) }
    var sql = "BEGIN;"
    if orders > 0 {
      sql += """
        CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount, note TEXT);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(orders))
        INSERT INTO orders SELECT i, 'customer ' || i,
          CASE WHEN i % 10 = 0 THEN NULL WHEN i % 10 = 5 THEN 'n/a' ELSE (i * 37) % 1000 END,
          CASE WHEN i % 3 = 0 THEN 'gift 100%_off' ELSE 'plain' END FROM n;
        """
    }
    sql += script + "COMMIT;"
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      throw SQLiteFixtureError(message: String(cString: sqlite3_errmsg(db)))
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}

struct SQLiteFixtureError: Error {
  var message = "cannot create the database"
}

@Suite struct SQLiteTableTests {
  /// Every value of `field` in display order.
  func column(_ source: any RecordSource, _ field: Int) -> [String] {
    (0..<source.recordCount).map { source.value($0, field) }
  }

  @Test func detectsTheHeader() throws {
    let fixture = try SQLiteFixture(script: "CREATE TABLE t (a);")
    #expect(SQLiteDatabase.isDatabase(path: fixture.path))
    let text = NSTemporaryDirectory() + "mosaic-not-sqlite-\(UUID().uuidString).db"
    try "SQLite format 2 but not really\n".write(toFile: text, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: text) }
    #expect(!SQLiteDatabase.isDatabase(path: text))
    #expect(!SQLiteDatabase.isDatabase(path: "/nonexistent/file.db"))
  }

  @Test func listsTablesAndViewsByName() throws {
    let fixture = try SQLiteFixture(
      orders: 3,
      script: #"""
        CREATE TABLE "b ""quoted""" (x);
        CREATE TABLE kv (k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        CREATE VIEW cheap AS SELECT * FROM orders WHERE amount < 100;
        CREATE INDEX orders_amount ON orders (amount);
        """#)
    let database = try SQLiteDatabase(path: fixture.path, name: "shop.db")
    #expect(database.tables.map(\.name) == ["b \"quoted\"", "cheap", "kv", "orders"])
    #expect(database.tables.map(\.isView) == [false, true, false, false])
    #expect(try database.rowCount(of: "orders") == 3)
    #expect(try database.rowCount(of: "b \"quoted\"") == 0)
  }

  @Test func readsATableInWindowsAndCountsItInTheBackground() throws {
    let fixture = try SQLiteFixture(orders: 10_000)
    let database = try SQLiteDatabase(path: fixture.path, name: "shop.db")
    let table = try database.open(table: "orders")
    #expect(table.name == "shop.db (orders)")
    #expect(table.fieldNames == ["id", "customer", "amount", "note"])
    #expect(table.recordCount >= WindowedTable.windowSize)
    try table.waitUntilComplete()
    #expect(table.recordCount == 10_000)
    #expect(table.isComplete && table.progress == 1)
    // Every row, in row id order, read window by window through the keyset.
    #expect(column(table, 0) == (1...10_000).map(String.init))
    #expect(table.value(9_999, 1) == "customer 10000")
    #expect(table.typedValue(6, 2) == .number("259"))
    #expect(table.typedValue(9, 2) == .null)
    #expect(table.value(9, 2) == "")
    #expect(table.typedValue(4, 2) == .string("n/a"))
    #expect(table.jsonLine(0) == #"{"id":1,"customer":"customer 1","amount":37,"note":"plain"}"#)
    // The cache keeps a bounded number of windows, however many were read.
    #expect(table.cachedWindowCount <= WindowedTable.cachedWindows)
    #expect(table.typedValue(10_000, 0) == nil)
  }

  @Test func keysetFollowsRowIDsWithGaps() throws {
    let fixture = try SQLiteFixture(
      orders: 2_000, script: "DELETE FROM orders WHERE id % 7 = 0 OR id BETWEEN 300 AND 900;")
    let table = try SQLiteDatabase(path: fixture.path).open(table: "orders")
    try table.waitUntilComplete()
    let expected = (1...2_000).filter { $0 % 7 != 0 && !(300...900).contains($0) }
    #expect(table.recordCount == expected.count)
    // Read from the end backwards, so no window is read through its neighbour.
    #expect(
      (0..<table.recordCount).reversed().map { table.value($0, 0) }
        == expected.reversed().map(String.init))
  }

  /// A table whose row ids are every integer of their span is counted without being read, each
  /// window's first row id worked out: the windows must still hold the right rows.
  @Test func keysetOfRowIDsWithoutGapsNotFromOneReadsEveryRow() throws {
    let fixture = try SQLiteFixture(orders: 2_000, script: "DELETE FROM orders WHERE id <= 1001;")
    let table = try SQLiteDatabase(path: fixture.path).open(table: "orders")
    try table.waitUntilComplete()
    #expect(table.recordCount == 999)
    #expect(
      (0..<table.recordCount).reversed().map { table.value($0, 0) }
        == (1002...2_000).reversed().map(String.init))
    #expect(table.typedValue(999, 0) == nil)
  }

  @Test func smallTablesAreCompleteAtOnce() throws {
    let fixture = try SQLiteFixture(orders: 12)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "ORDERS")
    #expect(table.isComplete)
    #expect(table.recordCount == 12)
  }

  @Test func viewsTablesWithoutRowIDsAndQueriesReadByOffset() throws {
    let fixture = try SQLiteFixture(
      orders: 1_000,
      script: """
        CREATE TABLE kv (k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        INSERT INTO kv SELECT 'key ' || id, id FROM orders;
        CREATE VIEW cheap AS SELECT id, amount FROM orders WHERE amount < 100;
        CREATE TABLE shadow (rowid TEXT, oid TEXT, _rowid_ TEXT);
        INSERT INTO shadow VALUES ('a', 'b', 'c');
        """)
    let database = try SQLiteDatabase(path: fixture.path)
    let kv = try database.open(table: "kv")
    try kv.waitUntilComplete()
    #expect(kv.recordCount == 1_000)
    #expect(kv.value(999, 0) == "key 999")
    let cheap = try database.open(table: "cheap")
    try cheap.waitUntilComplete()
    #expect(column(cheap, 0).allSatisfy { (Int($0)! * 37) % 1000 < 100 })
    let shadow = try database.open(table: "shadow")
    #expect(shadow.fieldNames == ["rowid", "oid", "_rowid_"])
    #expect(column(shadow, 2) == ["c"])
    let query = try database.open(
      query: "  SELECT id, id * 2 AS twice FROM orders WHERE id > 500 ORDER BY id DESC ; ")
    try query.waitUntilComplete()
    #expect(query.name.hasSuffix("(query)"))
    #expect(query.fieldNames == ["id", "twice"])
    #expect(query.recordCount == 500)
    #expect(query.value(0, 1) == "2000")
    #expect(query.value(499, 0) == "501")
  }

  @Test func sortIsPushedDownNumbersThenTextThenEmpty() throws {
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (name TEXT, value);
        INSERT INTO t VALUES ('a', 10), ('b', 'banana'), ('c', NULL), ('d', '9'), ('e', 2.5),
          ('f', 'Apple'), ('g', ''), ('h', ' 100 '), ('i', -3), ('j', 'cherry');
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    let up = try #require(try table.arranged(sortKeys: [SortKey(field: 1)], filter: nil))
    try up.waitUntilComplete()
    #expect(column(up, 0) == ["i", "e", "d", "a", "h", "f", "b", "j", "c", "g"])
    let down = try #require(
      try table.arranged(sortKeys: [SortKey(field: 1, descending: true)], filter: nil))
    try down.waitUntilComplete()
    #expect(column(down, 0) == ["h", "a", "d", "e", "i", "j", "b", "f", "c", "g"])
    // The arranged source sorts the base table again, not itself.
    let back = try #require(
      try (up as? ArrangingSource)?.arranged(sortKeys: [], filter: nil))
    try back.waitUntilComplete()
    #expect(column(back, 0) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])
  }

  @Test func sortMatchesTheInMemoryArrangerOnASCIIValues() throws {
    let fixture = try SQLiteFixture(orders: 3_000)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "orders")
    try table.waitUntilComplete()
    let sorted = try #require(try table.arranged(sortKeys: [SortKey(field: 2)], filter: nil))
    try sorted.waitUntilComplete()
    let memory = Arranger(source: table, sortBy: 2, synchronousLimit: 10_000).index
    #expect(sorted.recordCount == 3_000)
    #expect(
      column(sorted, 0)
        == (0..<memory.totalCount).map { table.value(memory.record(section: 0, item: $0), 0) })
  }

  @Test func textFilterIsLikeWithItsWildcardsEscaped() throws {
    let fixture = try SQLiteFixture(orders: 3_000)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "orders")
    let gift = try #require(
      try table.arranged(sortKeys: [], filter: RecordFilter(.text("GIFT"))))
    try gift.waitUntilComplete()
    #expect(gift.recordCount == 1_000)
    #expect(column(gift, 0).allSatisfy { Int($0)! % 3 == 0 })
    // % and _ are the letters typed, not LIKE's wildcards.
    let percent = try #require(
      try table.arranged(
        sortKeys: [], filter: RecordFilter(.text("0%_o"), field: 3)))
    try percent.waitUntilComplete()
    #expect(percent.recordCount == 1_000)
    let wildcard = try #require(
      try table.arranged(
        sortKeys: [], filter: RecordFilter(.text("g%f"), field: 3)))
    try wildcard.waitUntilComplete()
    #expect(wildcard.recordCount == 0)
    let quote = try #require(
      try table.arranged(
        sortKeys: [], filter: RecordFilter(.text("it's"), field: 1)))
    try quote.waitUntilComplete()
    #expect(quote.recordCount == 0)
  }

  @Test func valueFilterAndSortTogether() throws {
    let fixture = try SQLiteFixture(orders: 200)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "orders")
    let missing = try #require(
      try table.arranged(
        sortKeys: [SortKey(field: 0, descending: true)], filter: RecordFilter(.value(""), field: 2))
    )
    try missing.waitUntilComplete()
    #expect(column(missing, 0) == stride(from: 200, through: 10, by: -10).map(String.init))
    let text = try #require(
      try table.arranged(sortKeys: [], filter: RecordFilter(.value("n/a"))))
    try text.waitUntilComplete()
    #expect(text.recordCount == 20)
    let number = try #require(
      try table.arranged(
        sortKeys: [], filter: RecordFilter(.value("259"), field: 2)))
    try number.waitUntilComplete()
    #expect(column(number, 0) == ["7"])
  }

  @Test func queriesArrangeTooRegularExpressionsIncluded() throws {
    let fixture = try SQLiteFixture(orders: 100)
    let database = try SQLiteDatabase(path: fixture.path)
    let query = try database.open(query: "SELECT id, amount FROM orders WHERE id <= 20")
    let sorted = try #require(
      try query.arranged(sortKeys: [SortKey(field: 1)], filter: RecordFilter(.text("5"))))
    try sorted.waitUntilComplete()
    #expect(column(sorted, 1) == ["259", "518", "592", "n/a", "n/a"])
    let matching = try #require(
      try query.arranged(
        sortKeys: [], filter: RecordFilter(.regularExpression("^1"), field: 0))
    )
    try matching.waitUntilComplete()
    #expect(column(matching, 0) == ["1"] + (10...19).map(String.init))
    // Two columns of one name are told apart as SQLite names them in a subquery.
    let twice = try database.open(query: "SELECT id, -id AS id FROM orders")
    #expect(twice.fieldNames == ["id", "id:1"])
    let byNegated = try #require(try twice.arranged(sortKeys: [SortKey(field: 1)], filter: nil))
    try byNegated.waitUntilComplete()
    #expect(byNegated.value(0, 0) == "100")
  }

  @Test func errorsNameTheFileAndTable() throws {
    let fixture = try SQLiteFixture(orders: 5, script: "CREATE TABLE cities (name);")
    let database = try SQLiteDatabase(path: fixture.path, name: "shop.db")
    #expect(throws: DataError.self) { try database.open(table: "nosuch") }
    do {
      _ = try database.open(table: "nosuch")
    } catch let error as DataError {
      #expect(error.description == #"shop.db: no table named "nosuch" (tables: cities, orders)"#)
    }
    do {
      _ = try database.open(query: "SELEC * FROM orders")
      Issue.record("a bad query opened")
    } catch let error as DataError {
      #expect(error.description == #"shop.db: --query: near "SELEC": syntax error"#)
    }
    do {
      _ = try database.open(query: "SELECT 1; SELECT 2")
      Issue.record("two statements opened")
    } catch let error as DataError {
      #expect(error.description.hasPrefix("shop.db: --query: one statement only"))
    }
    do {
      _ = try database.open(query: "DELETE FROM orders")
      Issue.record("a write opened")
    } catch let error as DataError {
      #expect(error.description.hasPrefix("shop.db: --query: "))
    }
    let fake = NSTemporaryDirectory() + "mosaic-fake-\(UUID().uuidString).db"
    var bytes = Array("SQLite format 3\0".utf8)
    bytes += [UInt8](repeating: 0xAB, count: 4096)
    try Data(bytes).write(to: URL(fileURLWithPath: fake))
    defer { try? FileManager.default.removeItem(atPath: fake) }
    do {
      _ = try SQLiteDatabase(path: fake, name: "fake.db")
      Issue.record("a broken database opened")
    } catch let error as DataError {
      #expect(error.description.hasPrefix("fake.db: not a SQLite database ("))
    }
  }

  @Test func aQueryMayEndInACommentOrSemicolonAndANonQueryIsToldSo() throws {
    let fixture = try SQLiteFixture(orders: 5)
    let database = try SQLiteDatabase(path: fixture.path, name: "shop.db")
    for sql in [
      "SELECT id FROM orders -- the ids", "SELECT id FROM orders;", "SELECT id FROM orders; -- x",
      "/* first */ SELECT id FROM orders /* last */ ;\n",
      "WITH t AS (SELECT id FROM orders) SELECT * FROM t",
    ] {
      let table = try database.open(query: sql)
      try table.waitUntilComplete()
      #expect(table.recordCount == 5, "\(sql)")
      #expect(table.fieldNames == ["id"], "\(sql)")
    }
    for (sql, says) in [
      ("DELETE FROM orders", "this statement would change the database"),
      ("VACUUM", "this statement would change the database"),
      ("PRAGMA user_version = 3", "this statement would change the database"),
      ("PRAGMA table_info(orders)", "only queries are browsed (SELECT, WITH or VALUES)"),
      ("EXPLAIN SELECT 1", "only queries are browsed (SELECT, WITH or VALUES)"),
    ] {
      do {
        _ = try database.open(query: sql)
        Issue.record("\(sql) opened")
      } catch let error as DataError {
        #expect(
          error.description.hasPrefix("shop.db: --query: only queries are browsed"), "\(error)")
        #expect(error.description.contains(says), "\(sql): \(error)")
        #expect(!error.description.contains("syntax error"), "\(sql): \(error)")
        #expect(!error.description.contains("no such table"), "\(sql): \(error)")
      }
    }
  }

  @Test func cancelStopsTheBackgroundCount() throws {
    let fixture = try SQLiteFixture(orders: 50_000)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "orders")
    table.cancel()
    try table.waitUntilComplete()
    #expect(table.recordCount <= 50_000)
    #expect(table.value(0, 0) == "1")
  }
}
