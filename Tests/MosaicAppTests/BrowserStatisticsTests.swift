import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The frequency table (`F`) and the field summary (`I`), headless: screens as text.
@Suite @MainActor struct BrowserStatisticsTests {
  static let cities = """
    name,city,amount
    a,Cork,10
    b,Hanoi,2.5
    c,Cork,
    d,Lima,7
    e,Hanoi,x
    f,Cork,1
    g,,3

    """

  /// A browser over `cities` with `city` focused (the first field a card lists).
  func browser(columns: Int = 40, rows: Int = 14) throws -> BrowserFixture {
    let browser = try BrowserFixture(Self.cities, columns: columns, rows: rows)
    #expect(browser.scene.focusedField == 1)
    return browser
  }

  /// Presses `key` and draws until the count it started has been shown.
  func pressAndWait(_ browser: BrowserFixture, _ key: Key) {
    browser.press(key)
    let deadline = ContinuousClock.now + .seconds(10)
    while browser.scene.awaitsStatistics && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(!browser.scene.awaitsStatistics, "the count did not finish within 10 s")
  }

  @Test func fOpensTheFocusedFieldsValueCountsMostCommonFirst() throws {
    let browser = try browser()
    pressAndWait(browser, .character("F"))
    browser.expectScreen(
      """
      ╭ city · 7 values · 3 distinct ────────╮
      │ value      count   share             │
      │ Cork           3   42.9%  ■■■■■■■■■■ │
      │ Hanoi          2   28.6%  ■■■■■■■    │
      │ Lima           1   14.3%  ■■■■       │
      │ (missing)      1   14.3%  ■■■■       │
      │                                      │
      │                                      │
      │                                      │
      │                                      │
      │                                      │
      │                                      │
      ╰──────────────────────────────────────╯
       1/7      Enter add condition  Esc back
      """)
    // The most common value is focused: its row is reversed.
    #expect(browser.screen.attributeLines[2].dropFirst(2).hasPrefix("RRRRRRR"))
    #expect(!browser.screen.attributeLines[3].contains("R"))
  }

  @Test func theArrowsMoveTheFocusAndEscOrQGoBack() throws {
    let browser = try browser()
    pressAndWait(browser, .character("F"))
    browser.press(.down)
    #expect(browser.screen.attributeLines[3].dropFirst(2).hasPrefix("RRRRRRR"))
    #expect(!browser.screen.attributeLines[2].dropFirst(2).hasPrefix("R"))
    browser.press(.escape)
    #expect(browser.lines[0].hasPrefix("┏"), "\(browser.text)")
    pressAndWait(browser, .character("F"))
    browser.press(.character("q"))
    #expect(browser.lines[0].hasPrefix("┏"), "\(browser.text)")
  }

  @Test func enterAddsTheFocusedValueAsAConditionAndGoesBackToTheCards() throws {
    let browser = try browser()
    pressAndWait(browser, .character("F"))
    browser.press(.down)
    #expect(
      browserCondition(browser) == RecordFilter.condition(.value("Hanoi"), field: 1))
    browser.press(.enter)
    settle(browser)
    #expect(browser.lines[0].hasPrefix("┏"), "\(browser.text)")
    #expect(browser.scene.arrangement.filter == RecordFilter(.value("Hanoi"), field: 1))
    #expect(titles(browser) == ["b", "e"])
    #expect(browser.statusLine.contains("2 of 7"), "\(browser.statusLine)")
    // The counts are of the records on show, and say under which conditions.
    pressAndWait(browser, .character("I"))
    #expect(browser.text.contains("values    2"), "\(browser.text)")
    #expect(browser.text.contains("city where city == 'Hanoi'"), "\(browser.text)")
    browser.press(.escape)
    // Esc takes the condition away again: every record.
    browser.press(.escape)
    settle(browser)
    #expect(titles(browser).count == 7)
    // The empty value adds `is missing`.
    pressAndWait(browser, .character("F"))
    browser.press(.end)
    #expect(browserCondition(browser) == RecordFilter.condition(.value(""), field: 1))
    browser.press(.enter)
    settle(browser)
    #expect(titles(browser) == ["g"])
  }

  @Test func underAFilterTheFocusedFieldIsCountedAheadAndIOpensOnItsAnswer() throws {
    let browser = try BrowserFixture(BrowserFixture.rows(3000), columns: 50, rows: 16)
    browser.press(.tab)
    #expect(browser.scene.focusedField == 2)
    // Unfiltered, nothing is counted ahead.
    _ = browser.scene.tick()
    #expect(browser.scene.statisticsCache.task == nil)
    pressAndWait(browser, .character("F"))
    // w0 is the most common word (429 of 3,000: every seventh row from row 0).
    #expect(browserCondition(browser) == RecordFilter.condition(.value("w0"), field: 2))
    browser.press(.enter)
    settle(browser)
    #expect(browser.statusLine.contains("429 of 3,000"), "\(browser.statusLine)")
    // The focus rests on a field under the filter: its count starts without F or I.
    var tabs = 0
    while browser.scene.focusedField != 1 && tabs < 3 {
      browser.press(.tab)
      tabs += 1
    }
    #expect(browser.scene.focusedField == 1)
    _ = browser.scene.tick()
    let ahead = try #require(browser.scene.statisticsCache.task)
    #expect(ahead.field == 1)
    ahead.waitUntilDone()
    // I opens on the answer at once: no count to wait for. The numbers kept are 0, 7, …, 2996.
    browser.press(.character("I"))
    #expect(!browser.scene.awaitsStatistics)
    browser.draw()
    #expect(browser.text.contains("values    429"), "\(browser.text)")
    #expect(browser.text.contains("maximum   2996"), "\(browser.text)")
    #expect(browser.text.contains("minimum   0"), "\(browser.text)")
    browser.press(.escape)
    // F on the same field finds the same count.
    browser.press(.character("F"))
    #expect(!browser.scene.awaitsStatistics)
    browser.press(.escape)
  }

  /// Ticks until the arrangement asked for is on show.
  func settle(_ browser: BrowserFixture) {
    let deadline = ContinuousClock.now + .seconds(10)
    while browser.scene.stagedArrangement != nil && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.scene.stagedArrangement == nil, "the filter did not finish within 10 s")
  }

  /// The titles of the records on show, in order.
  func titles(_ browser: BrowserFixture) -> [String] {
    let index = browser.scene.dataSource.index
    return index.sections.flatMap { section in
      (0..<section.count).map { browser.scene.source.value(section.record(at: $0), 0) }
    }
  }

  /// The condition Enter would add in the open frequency table.
  func browserCondition(_ browser: BrowserFixture) -> RecordCondition? {
    guard case .frequencies(let view) = browser.scene.mode else { return nil }
    return view.focusedCondition
  }

  @Test func iSumsTheFieldUpWithNumbersAndTheMostCommonValues() throws {
    let browser = try browser()
    browser.press(.tab)
    pressAndWait(browser, .character("I"))
    browser.expectScreen(
      """
      ┏━━╭ amount ───────────────────────╮━━━┓
      ┃ a│ values    7                   │   ┃
      ┃ c│ missing   1 (14.3%)           │   ┃
      ┃ a│ distinct  6                   │   ┃
      ┗━━│ numbers   5 of 6              │━━━┛
      ┌──│ minimum   1                   │───┐
      │ b│ maximum   10                  │   │
      │ c│ mean      4.7                 │   │
      │ a│ median    3                   │   │
      └──│ stdev     3.7                 │───┘
      ┌──│ quartiles 2.5  3  7           │───┐
      │ c│ p5 – p95  1.3 – 9.4           │   │
      │ c╰────────────────── 1–11 of 19 ─╯   │
       test.c…  1/7  Esc back  Tab next field
      """)
    browser.press(.escape)
    #expect(!browser.text.contains("amount ─"))
  }

  @Test func aCountShowsItsProgressFollowsIndexingAndEscStopsIt() throws {
    let base = try DataFile.open(text: BrowserFixture.rows(1000), name: "big.csv", format: .csv)
    let source = CountingSource(base, available: 100)
    let browser = BrowserFixture(
      source: source, configuration: try BrowserConfiguration(source: source), columns: 40,
      rows: 12)
    browser.press(.tab)
    browser.press(.character("F"))
    #expect(browser.scene.awaitsStatistics && browser.scene.wantsTicks)
    // The 100 records indexed are counted; the file is a tenth indexed, so the count is too.
    let deadline = ContinuousClock.now + .seconds(10)
    while !browser.statusLine.contains("counting word… 10%") && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.statusLine.contains("counting word… 10%"), "\(browser.statusLine)")
    #expect(browser.text.contains("counting word… 10%"), "\(browser.text)")
    source.grow(to: 1000)
    source.finish()
    while browser.scene.awaitsStatistics && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.lines[0].hasPrefix("╭ word · 1,000 values · 7 distinct"), "\(browser.text)")
    #expect(!browser.statusLine.contains("counting"))
    #expect(browser.lines[2].contains("w0") && browser.lines[2].contains("143"), "\(browser.text)")
    // A count still running: Esc leaves at once and stops it.
    let slow = CountingSource(base, available: 10)
    let second = BrowserFixture(
      source: slow, configuration: try BrowserConfiguration(source: slow), columns: 50, rows: 12)
    second.press(.character("F"))
    #expect(second.scene.statisticsCache.isCounting)
    second.press(.escape)
    #expect(!second.scene.awaitsStatistics)
    #expect(second.scene.statisticsCache.task == nil)
    #expect(second.lines[0].hasPrefix("┏"), "\(second.text)")
  }
}
