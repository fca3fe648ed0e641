import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// How the browser uses its data: lazily, following background indexing, with clear errors.
@Suite @MainActor struct BrowserDataTests {
  @Test func onlyTheVisibleRecordsAreRead() throws {
    let base = try DataFile.open(text: FixtureRows.text(20_000), name: "big.csv", format: .csv)
    try base.waitUntilComplete()
    let source = CountingSource(base)
    let configuration = try BrowserConfiguration(source: source)
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: 80, rows: 24)
    let visible = browser.scene.collectionView.indexPathsForVisibleItems.count
    #expect(visible > 0 && visible <= 15)
    #expect(source.recordsRead.count == visible, "read \(source.recordsRead.sorted())")
    // Title and the fields a card shows: no more than three values per card.
    #expect(source.valueReads <= visible * 3)
    // Paging down reads the cards that arrive, not those skipped.
    browser.press(.pageDown, .pageDown)
    #expect(source.recordsRead.count <= 3 * visible)
    browser.press(.end)
    #expect(source.recordsRead.count <= 4 * visible)
    #expect(source.recordsRead.contains(19_999))
  }

  @Test func backgroundIndexingShowsProgressAndGrowsTheView() throws {
    let base = try DataFile.open(text: FixtureRows.text(1000), name: "big.csv", format: .csv)
    let source = CountingSource(base, available: 100)
    let browser = BrowserFixture(
      source: source, configuration: try BrowserConfiguration(source: source), columns: 40,
      rows: 10)
    #expect(browser.scene.wantsTicks)
    #expect(browser.statusLine.contains("1/100"))
    #expect(browser.statusLine.contains("indexing 10%"), "\(browser.statusLine)")
    #expect(browser.scene.tick() == false)
    source.grow(to: 430)
    #expect(browser.scene.tick())
    browser.draw()
    #expect(browser.statusLine.contains("1/430"))
    #expect(browser.statusLine.contains("indexing 43%"))
    browser.press(.end)
    #expect(browser.focusedTitle == "r429")
    source.grow(to: 1000, error: .malformed(file: "big.csv", line: 1001, column: nil, reason: "x"))
    source.finish()
    #expect(browser.scene.tick())
    browser.draw()
    #expect(!browser.scene.wantsTicks)
    #expect(browser.statusLine.contains("430/1,000"))
    #expect(!browser.statusLine.contains("indexing"))
    #expect(browser.statusLine.contains("! big.csv:1001: x"), "\(browser.statusLine)")
  }

  @Test func indexingThatFinishesBetweenTicksIsStillShown() throws {
    let base = try DataFile.open(text: FixtureRows.text(500), name: "big.csv", format: .csv)
    let source = CountingSource(base, available: 100)
    let browser = BrowserFixture(
      source: source, configuration: try BrowserConfiguration(source: source), columns: 40,
      rows: 10)
    source.grow(to: 500)
    source.finish()
    // Everything is complete, but the screen still shows 100 records: ticks must go on.
    #expect(browser.scene.wantsTicks)
    browser.press(.end)
    #expect(browser.focusedTitle == "r499")
    #expect(browser.statusLine.contains("500/500"))
    #expect(!browser.scene.wantsTicks)
  }

  @Test func groupingFollowsIndexingAndKeepsTheFocusedRecord() throws {
    let text = "name,kind\n" + (0..<3000).map { "r\($0),k\($0 % 3)\n" }.joined()
    let base = try DataFile.open(text: text, name: "g.csv", format: .csv)
    let source = CountingSource(base, available: 30)
    let configuration = try BrowserConfiguration(source: source, groupBy: "kind", sort: "name")
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: 40, rows: 10)
    browser.press(.down)
    let focused = try #require(browser.focusedTitle)
    source.grow(to: 3000)
    source.finish()
    browser.scene.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == focused)
    #expect(browser.scene.dataSource.index.numberOfSections == 3)
    #expect(browser.statusLine.contains("/3,000"))
  }

  @Test func theFirstScreenOfAFileStillBeingSortedBecomesTheSortedStart() throws {
    let text = "name,kind\n" + (0..<3000).map { "r\(2999 - $0),k\($0 % 3)\n" }.joined()
    let base = try DataFile.open(text: text, name: "g.csv", format: .csv)
    let source = CountingSource(base, available: 30)
    let configuration = try BrowserConfiguration(source: source, sort: "name")
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: 40, rows: 10)
    source.grow(to: 3000)
    source.finish()
    browser.scene.arranger.waitUntilComplete()
    browser.draw()
    #expect(browser.focusedTitle == "r0")
    #expect(browser.statusLine.contains("1/3,000"))
  }

  @Test func unknownFieldsAreReportedWithTheFileAndTheFieldsItHas() throws {
    let source = try DataFile.open(text: FixtureData.countries, name: "c.csv", format: .csv)
    for (option, make) in [
      ("group", { try BrowserConfiguration(source: source, groupBy: "regoin") }),
      ("sort", { try BrowserConfiguration(source: source, sort: "regoin") }),
      ("title", { try BrowserConfiguration(source: source, title: "regoin") }),
      ("fields", { try BrowserConfiguration(source: source, fields: ["name", "regoin"]) }),
    ] as [(String, () throws -> BrowserConfiguration)] {
      #expect(
        throws: DataError.unknownField(
          file: "c.csv", field: "regoin", known: ["name", "region", "capital"]), "\(option)"
      ) { try make() }
    }
  }

  @Test(arguments: [
    (["id", "label", "name"], 2), (["ID", "x"], 0), (["a", "Title", "id"], 1), (["a", "b"], 0),
  ])
  func theDefaultTitleIsANameTitleOrIdField(names: [String], expected: Int) {
    #expect(BrowserConfiguration.defaultTitleField(names) == expected)
  }

  @Test func cardsShowTheFieldsOtherThanTitleAndGroup() throws {
    let source = try DataFile.open(text: FixtureData.countries, name: "c.csv", format: .csv)
    let grouped = try BrowserConfiguration(source: source, groupBy: "region")
    #expect(grouped.titleField == 0)
    #expect(grouped.cardFields == [2])
    let chosen = try BrowserConfiguration(source: source, fields: ["capital", "name"])
    #expect(chosen.cardFields == [2, 0])
    #expect(chosen.defaultVisibleFields == 2)
  }

  @Test func theBundledDemoOpensWithSectionsByCategory() throws {
    let source = try BundledData.openElements()
    let configuration = try BrowserConfiguration(source: source, groupBy: "category")
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: 80, rows: 24)
    browser.scene.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.lines[0].hasPrefix("─ Nonmetals ─"))
    #expect(browser.text.contains("Hydrogen"))
    #expect(browser.statusLine.hasPrefix("elements.json  1/118  Nonmetals"))
  }
}
