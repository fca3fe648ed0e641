import MosaicCollection
import MosaicData
import Testing

@testable import MosaicApp

/// A database table whose count is still running: its estimated count shows at once, and End
/// lands on its true last row (found by `ORDER BY … DESC LIMIT`), numbered from the estimate
/// until the count ends, then exactly.
@MainActor
@Suite struct BrowserDatabaseEndTests {
  func counting(rows: Int = 1000, estimate: Int = 1000) throws -> (
    GatedQuery, WindowedTable, BrowserFixture
  ) {
    let query = GatedQuery(count: rows, estimate: estimate)
    let table = try WindowedTable(query: query)
    let configuration = try BrowserConfiguration(source: table, layoutStyle: .list)
    let browser = BrowserFixture(source: table, configuration: configuration, columns: 60, rows: 10)
    return (query, table, browser)
  }

  @Test func theEstimatedCountShowsAtOnce() throws {
    let (query, table, browser) = try counting(estimate: 1003)
    defer { query.release() }
    browser.draw()
    #expect(!table.isComplete)
    #expect(browser.statusLine.contains("1/≈1,003"), "\(browser.statusLine)")
  }

  @Test func endWhileCountingLandsOnTheLastRowThenItsTrueNumber() throws {
    let (query, table, browser) = try counting()
    defer { query.release() }
    browser.press(.end)
    #expect(browser.focusedTitle == "r999")
    #expect(browser.statusLine.contains("≈1,000/≈1,000"), "\(browser.statusLine)")
    browser.press(.up)
    #expect(browser.focusedTitle == "r998")
    query.release()
    try table.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r998")
    #expect(browser.statusLine.contains("999/1,000"), "\(browser.statusLine)")
    #expect(!browser.statusLine.contains("≈"), "\(browser.statusLine)")
  }

  @Test func aWrongEstimateIsCorrectedWhenTheCountEnds() throws {
    // The statistics say 900; the table holds 1,000 (rows added since ANALYZE).
    let (query, table, browser) = try counting(estimate: 900)
    defer { query.release() }
    browser.press(.end)
    #expect(browser.focusedTitle == "r999")
    query.release()
    try table.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r999")
    #expect(browser.statusLine.contains("1,000/1,000"), "\(browser.statusLine)")
  }

  @Test func aSortAtLaunchIsTheDatabasesOwn() throws {
    // `--sort -n`: the database sorts; the browser does not fetch every row to sort them.
    let query = GatedQuery(count: 1000, estimate: 1000)
    defer { query.release() }
    let table = try WindowedTable(query: query)
    let configuration = try BrowserConfiguration(source: table, sort: "-n", layoutStyle: .list)
    let browser = BrowserFixture(source: table, configuration: configuration, columns: 60, rows: 10)
    #expect(query.sortsAsked == 1)
    #expect(browser.scene.source !== table)
    try browser.scene.source.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r999", "\(browser.statusLine)")
  }
}
