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
}
