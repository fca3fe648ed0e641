import CSQLite
import Foundation
import Testing

@testable import MosaicData

/// Opening a database to read changes nothing on disk: not the database, not its directory.
@Suite struct SQLiteReadOnlyTests {
  /// Every file in `directory` with a digest of its bytes.
  func listing(_ directory: String) throws -> [String: Int] {
    var files: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
      var hasher = Hasher()
      hasher.combine(data)
      files[name] = hasher.finalize()
    }
    return files
  }

  /// A directory holding a database in WAL mode, written and closed cleanly (SQLite then
  /// removes its `-wal` and `-shm` files).
  func walDatabase() throws -> (directory: String, path: String) {
    let directory = NSTemporaryDirectory() + "mosaic-wal-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/shop.db"
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw SQLiteFixtureError() }
    let sql = """
      PRAGMA journal_mode = WAL;
      CREATE TABLE orders (id INTEGER PRIMARY KEY, city TEXT, amount REAL);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
      INSERT INTO orders SELECT i, CASE i % 3 WHEN 0 THEN 'Oslo' WHEN 1 THEN 'Lima' ELSE 'Rome' END,
        i * 1.5 FROM n;
      """
    let code = sqlite3_exec(db, sql, nil, nil, nil)
    sqlite3_close(db)
    guard code == SQLITE_OK else { throw SQLiteFixtureError() }
    return (directory, path)
  }

  @Test func browsingAWALDatabaseLeavesItsDirectoryAsItWas() throws {
    let (directory, path) = try walDatabase()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let before = try listing(directory)
    #expect(before.keys.sorted() == ["shop.db"])
    do {
      let database = try SQLiteDatabase(path: path, name: "shop.db")
      let table = try database.open(table: "orders")
      try table.waitUntilComplete()
      #expect(table.recordCount == 2000)
      #expect(table.value(1999, 1) == "Rome")
      // What the browser asks too: an arranged view (its own scan) and a field's counts.
      let filter = RecordFilter(conditions: [
        .test(FieldTest(field: 1, .compare(.equal, ConditionLiteral("Oslo"))))
      ])
      let arranged = try #require(
        try table.arranged(sortKeys: [SortKey(field: 2, descending: true)], filter: filter))
      try arranged.waitUntilComplete()
      #expect(arranged.recordCount == 666)
      #expect(arranged.value(0, 0) == "1998")
      let counts = FieldStatistics.compute(source: table, field: 1)
      #expect(counts.frequencies.first?.count == 667)
    }
    #expect(try listing(directory) == before)
  }

  @Test func aLockedDatabaseIsSaidToBeLockedNotToBeNoDatabase() throws {
    let fixture = try SQLiteFixture(orders: 10)
    var writer: OpaquePointer?
    guard sqlite3_open(fixture.path, &writer) == SQLITE_OK, let writer else {
      throw SQLiteFixtureError()
    }
    defer { sqlite3_close(writer) }
    // A rollback-journal writer mid-transaction holds the exclusive lock readers wait on.
    #expect(
      sqlite3_exec(writer, "BEGIN EXCLUSIVE; DELETE FROM orders;", nil, nil, nil) == SQLITE_OK)
    do {
      _ = try SQLiteDatabase(path: fixture.path, name: "shop.db")
      Issue.record("a locked database opened")
    } catch let error as DataError {
      #expect(
        error.description.hasPrefix("shop.db: locked by another program writing to it"), "\(error)")
      #expect(!error.description.contains("not a SQLite database"), "\(error)")
    }
    sqlite3_exec(writer, "ROLLBACK;", nil, nil, nil)
    // Once the writer is done, the same file opens.
    let table = try SQLiteDatabase(path: fixture.path, name: "shop.db").open(table: "orders")
    try table.waitUntilComplete()
    #expect(table.recordCount == 10)
  }
}
