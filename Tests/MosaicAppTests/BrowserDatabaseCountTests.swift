import Foundation
import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// A database filter's count is final as soon as the server has counted the kept rows, before
/// it has numbered them for paging: the status bar says the count, without a `+`, and that the
/// rows are still being indexed.
@MainActor
@Suite struct BrowserDatabaseCountTests {
  // @unchecked: the rows never change; `filters` lives under `lock`.
  /// A table of 1,000 rows whose filter `n > 499` counts its 500 rows at once and numbers
  /// them only when the table is released (or the filter interrupted).
  final class CountedFirst: RowWindowQuery, @unchecked Sendable {
    let name = "counted.db (rows)"
    let fieldNames = ["name", "n"]
    let all: [[DataValue]]
    let isFiltered: Bool
    let gate = Gate()
    private let lock = NSLock()
    /// The filters asked of this table, each numbering behind a gate of its own.
    private var filters: [CountedFirst] = []

    init(rows: [[DataValue]], isFiltered: Bool) {
      all = rows
      self.isFiltered = isFiltered
    }

    /// Lets this query's count and every filter's end.
    func release() {
      gate.open()
      for filter in lock.withLock({ filters }) { filter.release() }
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
      gate.waitUntilOpen()
      return all.count
    }
    func interrupt() { gate.open() }
    func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
      guard sortKeys.isEmpty, filter != nil else { return nil }
      let filtered = CountedFirst(rows: all.filter { Int($0[1].text)! > 499 }, isFiltered: true)
      lock.withLock { filters.append(filtered) }
      return filtered
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
