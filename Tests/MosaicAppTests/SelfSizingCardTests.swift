import MosaicCollection
import MosaicData
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// Cards that size themselves (`--item-size auto`): as tall as their record needs.
@Suite @MainActor struct SelfSizingCardTests {
  /// A browser over `csv` with self-sizing cards, indexing finished, drawn once.
  private static func browser(
    _ csv: String, columns: Int = 30, rows: Int = 20, fields: [String]? = nil
  ) throws -> BrowserFixture {
    let source = try DataFile.open(text: csv, name: "test.csv", format: .csv)
    try source.waitUntilComplete()
    let configuration = try BrowserConfiguration(
      source: source, fields: fields, sizesCardsToContent: true)
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: columns, rows: rows)
    browser.scene.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    return browser
  }

  @Test("a record with missing values is a shorter card; a long value wraps on up to 3 rows")
  func cardsAreAsTallAsTheirRecords() throws {
    let csv = """
      name,capital,people,motto
      France,Paris,68,"Liberty, equality, fraternity"
      Atlantis,,,
      Chad,N'Djamena,18,"Unity, work, progress, and a motto long enough to be cut short, surely"

      """
    let browser = try Self.browser(csv, rows: 19)
    browser.expectScreen(
      """
      ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
      ┃ France                     ┃
      ┃ capital: Paris             ┃
      ┃ people: 68                 ┃
      ┃ motto: Liberty, equality,  ┃
      ┃ fraternity                 ┃
      ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
      ┌────────────────────────────┐
      │ Atlantis                   │
      └────────────────────────────┘
      ┌────────────────────────────┐
      │ Chad                       │
      │ capital: N'Djamena         │
      │ people: 18                 │
      │ motto: Unity, work,        │
      │ progress, and a motto long │
      │ enough to be cut short, s… │
      └────────────────────────────┘
       test.c…  1/3  ? help  q quit
      """)
  }

  @Test("a card measures three fields shorter than twelve, its width fixed by the layout")
  func fewerFieldsMeasureShorter() {
    let card = CardCell()
    card.valueRowLimit = CardCell.wrappedValueRows
    let proposed = LayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 208, height: 96))
    card.fields = (0..<3).map { ("k\($0)", "v") }
    let three = card.preferredLayoutAttributesFitting(proposed)
    card.fields = (0..<12).map { ("k\($0)", "v") }
    let twelve = card.preferredLayoutAttributesFitting(proposed)
    // Border, title row and one row per field; 16 points per row.
    #expect(three.frame.size == Size(width: 208, height: 6 * 16))
    #expect(twelve.frame.size == Size(width: 208, height: 15 * 16))
    #expect(proposed.frame.height == 96)
  }

  @Test(
    "values wrap at spaces, mid-word only when a word is longer than a row",
    arguments: [
      ("one two three", 5, 5, 3, ["one", "two", "three"]),
      ("abcdefghij", 4, 4, 3, ["abcd", "efgh", "ij"]),
      ("a b c d e f g h i j k", 3, 3, 2, ["a b", "c …"]),
      ("short", 10, 10, 3, ["short"]),
      ("", 4, 4, 3, [""]),
      ("after a long label", 0, 8, 3, ["", "after a", "long la…"]),
    ] as [(String, Int, Int, Int, [String])])
  func wrapping(value: String, first: Int, width: Int, limit: Int, rows: [String]) {
    #expect(CardCell.wrap(value, firstWidth: first, width: width, limit: limit) == rows)
  }

  @Test("End shows the last record whole at the bottom, and the status bar counts it")
  func endWithEstimates() throws {
    var csv = "name,a,b,c\n"
    for row in 0..<500 {
      // Every third record has only its name: cards of three heights.
      csv += row % 3 == 0 ? "r\(row),,,\n" : "r\(row),\(row),x,\(row % 2 == 0 ? "y" : "")\n"
    }
    let browser = try Self.browser(csv, columns: 30, rows: 16)
    browser.press(.end)
    let lines = browser.lines
    // r499: 499 % 3 == 1, fields a, b and c (499 is odd: c is empty, left out): 5 rows.
    #expect(lines[11].contains("r499"), "\(browser.text)")
    #expect(lines[14].hasPrefix("┗"), "\(browser.text)")
    #expect(browser.statusLine.contains("500/500"), "\(browser.statusLine)")
    browser.press(.home)
    #expect(browser.lines[1].contains("r0"))
    #expect(browser.lines[2].hasPrefix("┗"), "r0 has no fields: \(browser.text)")
    #expect(browser.statusLine.contains("1/500"))
  }

  @Test("fixed cards are not measured")
  func fixedCardsAreNotMeasured() throws {
    let browser = try BrowserFixture(BrowserFixture.rows(200), columns: 40, rows: 12)
    browser.press(.pageDown, .end, .home)
    #expect(browser.scene.statistics.selfSizingMeasurements == 0)
  }
}
