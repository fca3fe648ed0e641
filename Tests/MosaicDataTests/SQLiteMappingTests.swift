import Foundation
import Testing

@testable import MosaicData

/// The connections that scan a whole table read it through SQLite's memory map, each mapping
/// under `MappingFaultGuard`: the answers are the same, and a database cut short underneath by
/// another program fails the scan with SQLite's own message instead of killing the process.
@Suite struct SQLiteMappingTests {
  static let rowCount = 60_000

  static func fixture() throws -> SQLiteFixture {
    try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, city TEXT, amount REAL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rowCount))
        INSERT INTO t SELECT i, CASE i % 7 WHEN 0 THEN 'Hanoi' WHEN 1 THEN 'hanoi '
          WHEN 2 THEN 'Lima' ELSE 'Oslo' END, (i * 7919) % 1000 FROM n;
        """)
  }

  @Test func aMappedScanIsGuardedAndReadsEveryRow() throws {
    let fixture = try Self.fixture()
    let before = SQLiteMapping.guardedMappings
    let connection = try SQLiteConnection(path: fixture.path, mapped: true)
    let (rows, kept) = try connection.withLock {
      let statement = try connection.prepare(
        "SELECT count(*), sum(city = 'Hanoi' AND amount > 500) FROM t")
      _ = try statement.step()
      return (statement.int64(0), statement.int64(1))
    }
    #expect(SQLiteMapping.vfsName != nil)
    #expect(SQLiteMapping.guardedMappings > before, "no mapping guarded")
    // Counted by hand: ids that are multiples of 7 whose (id * 7919) % 1000 is over 500.
    let expected = (1...Self.rowCount).filter { $0 % 7 == 0 && ($0 * 7919) % 1000 > 500 }.count
    #expect(rows == Int64(Self.rowCount))
    #expect(kept == Int64(expected))
  }

  @Test func aDatabaseCutShortUnderAMappedScanFailsWithALine() throws {
    let fixture = try Self.fixture()
    let connection = try SQLiteConnection(path: fixture.path, mapped: true)
    let before = SQLiteMapping.guardedMappings
    try connection.withLock {
      let statement = try connection.prepare("SELECT city FROM t ORDER BY id")
      for _ in 0..<100 { _ = try statement.step() }
      #expect(SQLiteMapping.guardedMappings > before, "no mapping guarded")
      // Another program, not SQLite, cuts the file to its first two pages mid-scan.
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.path))
      try handle.truncate(atOffset: 8192)
      try handle.close()
      var failure: SQLiteFailure?
      do {
        while try statement.step() {}
      } catch let error as SQLiteFailure {
        failure = error
      }
      #expect(failure != nil, "the scan of a cut database ended as if whole")
      #expect(
        failure.map { $0.message.contains("malformed") } ?? false, "\(String(describing: failure))")
    }
  }

  /// `F` under a two-condition filter gives the same counts whether it is asked while the
  /// filter's count has not run (one scan under the condition) or after it (the kept rows
  /// looked up one by one): the counts computed here from the rows' formulas.
  @Test func frequenciesUnderAFilterAreTheSameBeforeAndAfterItsCount() throws {
    let count = 300_000
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, city TEXT, status TEXT, amount REAL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO t SELECT i, CASE i % 7 WHEN 0 THEN 'Hanoi' WHEN 3 THEN 'HANOI'
          WHEN 1 THEN 'Lima' ELSE 'Oslo' END,
          CASE WHEN i % 11 = 0 THEN NULL ELSE char(97 + i % 3) END, (i * 7919) % 1000 FROM n;
        """)
    var expected: [String: Int] = [:]
    for i in 1...count where (i % 7 == 0 || i % 7 == 3) && (i * 7919) % 1000 > 500 {
      let status = i % 11 == 0 ? "" : String(UnicodeScalar(UInt8(97 + i % 3)))
      expected[status, default: 0] += 1
    }
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    let parser = ConditionParser(fieldNames: table.fieldNames)
    let filter = RecordFilter(conditions: [
      try #require(try parser.parse("city = 'hanoi' and amount > 500"))
    ])
    // Not counted yet: no kept row ids, so the statistics scan under the condition.
    let uncounted = try #require(
      try table.query.arranged(sortKeys: [], filter: filter) as? SQLiteQuery)
    #expect(uncounted.keptRowids == nil)
    let scanned = try #require(
      try uncounted.fieldStatistics(
        field: 2, filter: nil, limits: .init(), cancellation: Cancellation()))
    // Counted: the kept rows are looked up.
    let arranged = try #require(try table.arranged(sortKeys: [], filter: filter) as? WindowedTable)
    try arranged.waitUntilComplete()
    let lookups = SQLiteQuery.keptRowLookups
    let looked = try #require(
      try arranged.storeStatistics(
        field: 2, filter: nil, limits: .init(), cancellation: Cancellation()))
    #expect(SQLiteQuery.keptRowLookups > lookups, "the kept rows were not looked up")
    #expect(arranged.recordCount == expected.values.reduce(0, +))
    for statistics in [scanned, looked] {
      let counts = Dictionary(
        uniqueKeysWithValues: statistics.frequencies.map { ($0.value, $0.count) })
      #expect(counts == expected)
    }
  }
}
