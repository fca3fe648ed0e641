import Foundation
import MosaicCollection
import MosaicData
import Testing

@testable import MosaicApp

/// A database filter's count is final as soon as the server has counted the kept rows, before
/// it has numbered them for paging: the status bar says the count, without a `+`, and that the
/// rows are still being indexed.
@MainActor
@Suite struct BrowserDatabaseCountTests {
  // @unchecked: the gate lives under `condition`.
  /// A table of 1,000 rows whose filter `n > 499` counts its 500 rows at once and numbers
  /// them only when released.
  final class CountedFirst: RowWindowQuery, @unchecked Sendable {
    let name = "counted.db (rows)"
    let fieldNames = ["name", "n"]
    let all: [[DataValue]]
    let isFiltered: Bool
    let gate: NSCondition
    private var open = false

    init(rows: [[DataValue]], isFiltered: Bool, gate: NSCondition = NSCondition()) {
      all = rows
      self.isFiltered = isFiltered
      self.gate = gate
    }

    func release() {
      gate.lock()
      open = true
      gate.broadcast()
      gate.unlock()
    }
    func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
      Array(all[min(positions.lowerBound, all.count)..<min(positions.upperBound, all.count)])
    }
    func rowsBeforeCounting(_ count: Int) throws -> [[DataValue]]? {
      isFiltered ? Array(all.prefix(count)) : nil
    }
    func rowCountBeforeNumbering() throws -> Int? { isFiltered ? all.count : nil }
    func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
      guard isFiltered else { return all.count }
      gate.lock()
      while !open { gate.wait() }
      gate.unlock()
      return all.count
    }
    func interrupt() { release() }
    func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
      guard sortKeys.isEmpty, filter != nil else { return nil }
      return CountedFirst(
        rows: all.filter { Int($0[1].text)! > 499 }, isFiltered: true, gate: gate)
    }
  }

  @Test func aFiltersCountIsFinalWhileItsRowsAreIndexed() throws {
    let query = CountedFirst(
      rows: (0..<1000).map { [.string("r\($0)"), .number("\($0)")] }, isFiltered: false)
    let table = try WindowedTable(query: query)
    try table.waitUntilComplete()
    let configuration = try BrowserConfiguration(source: table, layoutStyle: .list)
    let browser = BrowserFixture(source: table, configuration: configuration, columns: 90, rows: 10)
    defer { query.release() }
    browser.press(.character("&"))
    browser.type("n > 499")
    browser.press(.enter)
    let deadline = Date().addingTimeInterval(10)
    while !browser.statusLine.contains(": 500 of 1,000"), Date() < deadline {
      BackgroundWork.waitForNews(timeout: 0.05)
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.statusLine.contains(": 500 of 1,000 "), "\(browser.statusLine)")
    #expect(browser.statusLine.contains("1/500"), "\(browser.statusLine)")
    #expect(browser.statusLine.contains("indexing…"), "\(browser.statusLine)")
    #expect(!browser.statusLine.contains("+"), "\(browser.statusLine)")
  }
}
