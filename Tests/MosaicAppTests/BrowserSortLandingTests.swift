import Foundation
import MosaicData
import Testing

@testable import MosaicApp

/// A sort lands on the first record of the new order, the same on a CSV and on a SQLite table
/// of the same rows (it used to keep a CSV's focused record mid-list and jump a table's to the
/// top).
@MainActor @Suite struct BrowserSortLandingTests {
  static let rows = (1...300).map { (id: $0, amount: ($0 * 7919) % 1000) }

  func csvBrowser() throws -> BrowserFixture {
    let csv = "id,amount\n" + Self.rows.map { "\($0.id),\($0.amount)\n" }.joined()
    return try BrowserFixture(csv, columns: 60, rows: 20, layout: .table)
  }

  /// The same rows as a SQLite table, written by Python's sqlite3 (the test target does not
  /// link SQLite itself).
  func sqliteBrowser(in directory: URL) throws -> BrowserFixture {
    let path = directory.appendingPathComponent("rows.db").path
    let values = Self.rows.map { "(\($0.id), \($0.amount))" }.joined(separator: ",")
    let script =
      "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); "
      + "db.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, amount INTEGER)'); "
      + "db.execute('INSERT INTO t VALUES \(values)'); db.commit()"
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", script, path]
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0, "python3 could not write the database")
    let table = try SQLiteDatabase(path: path).open(table: "t")
    try table.waitUntilComplete()
    let configuration = try BrowserConfiguration(source: table, layoutStyle: .table)
    return BrowserFixture(source: table, configuration: configuration, columns: 60, rows: 20)
  }

  func settle(_ browser: BrowserFixture) {
    let deadline = ContinuousClock.now + .seconds(10)
    while (browser.scene.stagedArrangement != nil || !browser.scene.source.isComplete)
      && ContinuousClock.now < deadline
    {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.scene.stagedArrangement == nil, "the sort did not finish within 10 s")
  }

  /// The focused row's id after going down 40 rows, then sorting by amount descending.
  func landing(_ browser: BrowserFixture) -> String? {
    for _ in 0..<40 { browser.press(.down) }
    // amount is the focused column after id's pinned title column.
    browser.press(.character("]"))
    settle(browser)
    return browser.scene.focusedRecord.map { browser.scene.source.value($0, 0) }
  }

  @Test func aSortLandsOnTheFirstRecordOnEverySource() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-landing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // The largest amount, the first of its ties in file order.
    let top = Self.rows.max { $0.amount < $1.amount || ($0.amount == $1.amount && $0.id > $1.id) }!
    let csv = try csvBrowser()
    #expect(landing(csv) == String(top.id))
    let sqlite = try sqliteBrowser(in: directory)
    #expect(landing(sqlite) == String(top.id))
    #expect(csv.statusLine.contains("amount ▼") && sqlite.statusLine.contains("amount ▼"))
  }
}
