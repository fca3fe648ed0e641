import CSQLite
import Foundation
import Testing

@testable import MosaicData

/// A filter or a sort over a large SQLite table is scanned in pieces of its row ids at once (a
/// piece per core): the filter keeps exactly the rows, in row id order, that SQLite's own plain
/// SQL keeps, and the sort gives the order the same values read from a CSV give.
@Suite struct SQLitePiecewiseScanTests {
  /// The ids SQL's `sql` gives, asked of SQLite directly.
  static func ids(_ path: String, _ sql: String) throws -> [String] {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
      throw SQLiteFixtureError()
    }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw SQLiteFixtureError(message: String(cString: sqlite3_errmsg(db)))
    }
    defer { sqlite3_finalize(statement) }
    var ids: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      ids.append(String(sqlite3_column_int64(statement, 0)))
    }
    return ids
  }

  @Test func aLargeTableIsFilteredInPiecesWithTheRowsSQLKeeps() throws {
    // Row ids with gaps (every seventh missing) over a span past the pieces' threshold.
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, city TEXT, amount REAL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 320000)
        INSERT INTO t SELECT i, CASE i % 5 WHEN 0 THEN 'Hanoi' WHEN 1 THEN 'hanoi'
          WHEN 2 THEN 'Lima' WHEN 3 THEN 'Oslo' ELSE 'Graz' END,
          (i * 7919) % 1000 + 0.25 FROM n WHERE i % 7 <> 0;
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    let parser = ConditionParser(fieldNames: table.fieldNames)
    let cases = [
      (
        "city = 'Hanoi' and amount > 500",
        "SELECT id FROM t WHERE lower(city) = 'hanoi' AND amount > 500 ORDER BY id"
      ),
      ("amount <= 3", "SELECT id FROM t WHERE amount <= 3 ORDER BY id"),
      ("city = 'nowhere'", "SELECT id FROM t WHERE 0"),
    ]
    for (expression, sql) in cases {
      let before = SQLiteQuery.piecewiseScans
      let filter = RecordFilter(conditions: [try #require(try parser.parse(expression))])
      let arranged = try #require(try table.arranged(sortKeys: [], filter: filter))
      try arranged.waitUntilComplete()
      let expected = try Self.ids(fixture.path, sql)
      #expect(arranged.recordCount == expected.count, "\(expression)")
      #expect(
        (0..<arranged.recordCount).map { arranged.value($0, 0) } == expected, "\(expression)")
      if ParallelWork.width > 1 {
        #expect(SQLiteQuery.piecewiseScans > before, "\(expression): scanned in one piece")
      }
    }
  }

  /// Every row of `path`'s table `t` as a CSV (SQLite's text of each value; NULL empty).
  static func csv(_ path: String) throws -> any RecordSource {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
      throw SQLiteFixtureError()
    }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    guard
      sqlite3_prepare_v2(db, "SELECT id, city, amount FROM t ORDER BY id", -1, &statement, nil)
        == SQLITE_OK, let statement
    else { throw SQLiteFixtureError() }
    defer { sqlite3_finalize(statement) }
    var text = "id,city,amount\n"
    while sqlite3_step(statement) == SQLITE_ROW {
      let fields = (0..<3).map { column -> String in
        guard let value = sqlite3_column_text(statement, Int32(column)) else { return "" }
        return String(cString: value)
      }
      text += fields.joined(separator: ",") + "\n"
    }
    let source = try DataFile.open(text: text, name: "t.csv", format: .csv)
    try source.waitUntilComplete()
    return source
  }

  @Test func aLargeTableSortsInPiecesAsTheCSVSorts() throws {
    // Text in either case, numbers written as text, NULL and blank; amounts with ties and NULL.
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, city TEXT, amount REAL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
        INSERT INTO t SELECT i, CASE i % 9 WHEN 0 THEN 'Hanoi' WHEN 1 THEN 'hanoi'
          WHEN 2 THEN 'Lima' WHEN 3 THEN NULL WHEN 4 THEN '' WHEN 5 THEN (i % 13) || ''
          WHEN 6 THEN 'oslo' ELSE 'Graz' END,
          CASE WHEN i % 11 = 0 THEN NULL ELSE (i * 7919) % 1000 + 0.25 END
          FROM n WHERE i % 5 <> 0;
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    let csv = try Self.csv(fixture.path)
    let parser = ConditionParser(fieldNames: table.fieldNames)
    let above = RecordFilter(conditions: [try #require(try parser.parse("amount > 500"))])
    let cases: [([SortKey], RecordFilter?)] = [
      ([SortKey(field: 2, descending: true)], nil), ([SortKey(field: 1)], nil),
      ([SortKey(field: 1, descending: true), SortKey(field: 2)], nil),
      ([SortKey(field: 1)], above),
    ]
    for (keys, filter) in cases {
      let before = SQLiteQuery.piecewiseScans
      let arranged = try #require(try table.arranged(sortKeys: keys, filter: filter))
      try arranged.waitUntilComplete()
      let arranger = Arranger(source: csv, groupBy: nil, sortKeys: keys, filter: filter)
      arranger.waitUntilComplete()
      let expected = arranger.index.recordList.map { csv.value(Int($0), 0) }
      #expect(arranged.recordCount == expected.count, "\(keys) \(String(describing: filter))")
      #expect(
        (0..<arranged.recordCount).map { arranged.value($0, 0) } == expected,
        "\(keys) \(String(describing: filter))")
      if ParallelWork.width > 1 {
        #expect(SQLiteQuery.piecewiseScans > before, "\(keys): read in one piece")
      }
    }
  }

  /// Rows of SQL `sql` (text of each column), asked of SQLite directly.
  static func rows(_ path: String, _ sql: String) throws -> [[String]] {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
      throw SQLiteFixtureError()
    }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw SQLiteFixtureError(message: String(cString: sqlite3_errmsg(db)))
    }
    defer { sqlite3_finalize(statement) }
    var rows: [[String]] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      rows.append(
        (0..<sqlite3_column_count(statement)).map { column in
          sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
        })
    }
    return rows
  }

  /// `F` and `I` under a filter that kept many rows (yet under a fifth of the table) look them
  /// up in pieces at once: the counts, first-seen order of ties, minimum, maximum and mean are
  /// SQLite's own figures for the same rows.
  @Test func manyKeptRowsAreCountedInPiecesAsSQLCountsThem() throws {
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, city TEXT, status TEXT, amount REAL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 800000)
        INSERT INTO t SELECT i, CASE WHEN i % 6 = 0 THEN 'Hanoi' ELSE 'Lima' END,
          CASE (i * 31) % 7 WHEN 0 THEN 'new' WHEN 1 THEN NULL WHEN 2 THEN 'paid'
          WHEN 3 THEN 'paid' ELSE 'sent ' || (i % 3) END,
          (i * 7919) % 100000 / 100.0 FROM n;
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    let parser = ConditionParser(fieldNames: table.fieldNames)
    let kept = RecordFilter(conditions: [try #require(try parser.parse("city = 'Hanoi'"))])
    let arranged = try #require(
      try table.arranged(sortKeys: [], filter: kept) as? WindowedTable)
    try arranged.waitUntilComplete()
    let lookups = SQLiteQuery.keptRowLookups
    let status = try #require(
      try arranged.storeStatistics(
        field: 2, filter: nil, limits: .init(), cancellation: Cancellation()))
    // Most first, ties in the order first met; NULL counted as the empty value.
    let expected = try Self.rows(
      fixture.path,
      """
      SELECT coalesce(status, ''), count(*) FROM t WHERE city = 'Hanoi'
      GROUP BY 1 ORDER BY count(*) DESC, min(id)
      """)
    #expect(status.frequencies.map { [$0.value, String($0.count)] } == expected)
    #expect(status.count == 800_000 / 6)
    let amount = try #require(
      try arranged.storeStatistics(
        field: 3, filter: nil, limits: .init(), cancellation: Cancellation()))
    let figures = try #require(
      try Self.rows(
        fixture.path,
        "SELECT count(*), min(amount), max(amount), avg(amount) FROM t WHERE city = 'Hanoi'"
      ).first)
    let numbers = try #require(amount.numbers)
    #expect(String(numbers.count) == figures[0])
    #expect(Double(numbers.minimum) == Double(figures[1]))
    #expect(Double(numbers.maximum) == Double(figures[2]))
    #expect(abs(numbers.mean - (Double(figures[3]) ?? 0)) < 1e-6)
    // Room for one or three values only: those met first in row id order are counted,
    // exactly, the rest uncounted (with room for one, a later piece meets more values than it
    // can keep on its own, and is counted again after the first).
    for room in [1, 3] {
      var capped = FieldStatisticsTask.Limits()
      capped.distinctValues = room
      let few = try #require(
        try arranged.storeStatistics(
          field: 2, filter: nil, limits: capped, cancellation: Cancellation()))
      let first = try Self.rows(
        fixture.path,
        """
        SELECT coalesce(status, ''), count(*) FROM t WHERE city = 'Hanoi'
        GROUP BY 1 ORDER BY min(id) LIMIT \(room)
        """)
      #expect(
        few.frequencies.map { [$0.value, String($0.count)] }
          == first.sorted { Int($0[1])! > Int($1[1])! }, "room for \(room)")
      #expect(
        few.uncountedCount == 800_000 / 6 - first.reduce(0) { $0 + Int($1[1])! },
        "room for \(room)")
    }
    #expect(SQLiteQuery.keptRowLookups >= lookups + 4)
    if ParallelWork.width > 1 {
      #expect(SQLiteQuery.pieceLookups >= 2, "looked up in one piece")
    }
  }
}
