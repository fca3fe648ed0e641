import MosaicCollection
import MosaicData
import Testing

@testable import MosaicApp

@MainActor
@Suite struct BrowserEstimatedEndTests {
  /// A browser of 1,000 rows of which 100 are indexed, the last found with numbers 20 too high.
  func indexing(layout: BrowserLayoutStyle = .list) throws -> (EstimatingSource, BrowserFixture) {
    let base = try DataFile.open(text: FixtureRows.text(1000), name: "big.csv", format: .csv)
    let source = try EstimatingSource(base, available: 100, skew: 20)
    let configuration = try BrowserConfiguration(source: source, layoutStyle: layout)
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: 60, rows: 10)
    return (source, browser)
  }

  @Test(arguments: [BrowserLayoutStyle.list, .table, .grid])
  func endGoesToTheLastRecordAtOnceWithItsNumberEstimated(layout: BrowserLayoutStyle) throws {
    let (source, browser) = try indexing(layout: layout)
    browser.press(.end)
    #expect(browser.focusedTitle == "r999")
    #expect(browser.statusLine.contains("≈1,020/≈1,020"), "\(browser.statusLine)")
    #expect(browser.text.contains("r999"))
    // One record back: Up in a list or table, Left among the grid's cards.
    browser.press(layout == .grid ? .left : .up)
    #expect(browser.focusedTitle == "r998")
    #expect(browser.statusLine.contains("≈1,019/≈1,020"), "\(browser.statusLine)")
    // Indexing reaches the end: the same record, its true number.
    source.grow(to: 1000)
    source.finish()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r998")
    #expect(browser.statusLine.contains("999/1,000"), "\(browser.statusLine)")
    #expect(!browser.statusLine.contains("≈"), "\(browser.statusLine)")
  }

  @Test func upFromTheFirstRecordsFoundFindsTheOnesBefore() throws {
    let (source, browser) = try indexing()
    _ = browser.scene.handle(.key(.character("G")))
    for _ in 0..<450 { _ = browser.scene.handle(.key(.up)) }
    browser.draw()
    #expect(browser.focusedTitle == "r549")
    #expect(browser.statusLine.contains("≈570/≈1,020"), "\(browser.statusLine)")
    // Indexing has reached part of the way: numbers stay estimated until the focused record.
    source.grow(to: 500)
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.statusLine.contains("≈"), "\(browser.statusLine)")
    source.grow(to: 600)
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r549")
    #expect(browser.statusLine.contains("550/600"), "\(browser.statusLine)")
  }

  @Test func homeOrAnotherKeyGoesBackToTheIndexedRecords() throws {
    let (_, browser) = try indexing()
    browser.press(.end)
    browser.press(.home)
    #expect(browser.focusedTitle == "r0")
    #expect(browser.statusLine.contains("1/100"), "\(browser.statusLine)")
    browser.press(.end)
    #expect(browser.focusedTitle == "r999")
    // A key that does not move over the last records (here :) starts from the indexed ones.
    browser.press(.character(":"))
    browser.press(.escape)
    #expect(browser.focusedTitle == "r99")
    #expect(browser.statusLine.contains("100/100"), "\(browser.statusLine)")
  }

  @Test func aSortedFileGoesToTheLastRecordIndexed() throws {
    let base = try DataFile.open(text: FixtureRows.text(1000), name: "big.csv", format: .csv)
    let source = try EstimatingSource(base, available: 100, skew: 20)
    let configuration = try BrowserConfiguration(source: source, sort: "n", layoutStyle: .list)
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: 60, rows: 10)
    _ = browser.scene.tick()
    browser.press(.end)
    #expect(!browser.statusLine.contains("≈"), "\(browser.statusLine)")
    #expect(browser.focusedTitle != "r999")
  }

  @Test func indexingThatStopsShortGoesBackToTheIndexedRecords() throws {
    let (source, browser) = try indexing()
    browser.press(.end)
    #expect(browser.focusedTitle == "r999")
    // The file ends up shorter than the records found at its end (truncated underneath).
    source.grow(to: 300)
    source.finish()
    browser.scene.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r299")
    #expect(browser.statusLine.contains("300/300"), "\(browser.statusLine)")
    #expect(!browser.scene.wantsTicks)
  }
}
