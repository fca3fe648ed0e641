import Foundation
import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// What the user is looking at is one thing: the conditions on show decide the cards, the
/// counts of `F`, the figures of `I` and what Enter in `F` adds; conditions stack with `&`.
@MainActor @Suite struct BrowserConditionsTests {
  /// Flights whose tail numbers hold "UA" for other carriers too, and whose largest delay is
  /// another carrier's (`SampleFlights`).
  static let flights = SampleFlights.make(count: 400, seed: 42, delaySpread: 300)

  func browser() throws -> BrowserFixture {
    let browser = try BrowserFixture(
      SampleFlights.csv(Self.flights), columns: 100, rows: 30,
      fields: ["carrier", "origin", "arr_delay", "tailnum"],
      layout: .table)
    return browser
  }

  /// Types `expression` at `&` and keeps it with Enter, waiting for the filter to be on show.
  func addCondition(_ browser: BrowserFixture, _ expression: String) {
    browser.press(.character("&"))
    browser.type(expression)
    browser.press(.enter)
    settle(browser)
  }

  func settle(_ browser: BrowserFixture) {
    let deadline = ContinuousClock.now + .seconds(10)
    while (browser.scene.stagedArrangement != nil || !browser.scene.arranger.isComplete
      || browser.scene.awaitsStatistics) && ContinuousClock.now < deadline
    {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.scene.stagedArrangement == nil, "the filter did not finish within 10 s")
    #expect(!browser.scene.awaitsStatistics, "the count did not finish within 10 s")
  }

  func focus(_ browser: BrowserFixture, field name: String) {
    let field = browser.scene.baseSource.fieldIndex(named: name)!
    while browser.scene.focusedField != field { browser.press(.tab) }
  }

  func shownCount(_ browser: BrowserFixture) -> Int { browser.scene.dataSource.index.totalCount }

  @Test func theSummaryCountsOnlyTheRecordsTheConditionsKeep() throws {
    let browser = try browser()
    addCondition(browser, "carrier = UA")
    let united = Self.flights.filter { $0.carrier == "UA" }
    #expect(shownCount(browser) == united.count)
    focus(browser, field: "arr_delay")
    browser.press(.character("I"))
    settle(browser)
    guard case .summary(let panel) = browser.scene.mode else {
      Issue.record("I opened no summary")
      return
    }
    let statistics = try #require(panel.statistics)
    #expect(statistics.count == united.count)
    #expect(statistics.numbers?.maximum == String(united.map(\.arrDelay).max()!))
    #expect(statistics.numbers?.minimum == String(united.map(\.arrDelay).min()!))
    #expect(browser.text.contains("arr_delay where carrier = 'UA'"), "\(browser.text)")
    // The detail counts the records on show too.
    browser.press(.escape)
    browser.press(.enter)
    #expect(browser.text.contains("record 1 of \(united.count)"), "\(browser.text)")
  }

  @Test func theFrequencyTableCountsUnderTheConditionsAndEnterAddsOne() throws {
    let browser = try browser()
    addCondition(browser, "carrier = UA")
    focus(browser, field: "origin")
    browser.press(.character("F"))
    settle(browser)
    guard case .frequencies(let view) = browser.scene.mode else {
      Issue.record("F opened no table")
      return
    }
    let statistics = try #require(view.statistics)
    let unitedJFK = Self.flights.filter { $0.carrier == "UA" && $0.origin == "JFK" }.count
    #expect(statistics.frequencies.first { $0.value == "JFK" }?.count == unitedJFK)
    #expect(browser.text.contains("origin where carrier = 'UA'"), "\(browser.text)")
    // Enter on JFK adds `origin == 'JFK'`: carrier = UA stays.
    while view.focusedEntry?.value != "JFK" { browser.press(.down) }
    browser.press(.enter)
    settle(browser)
    #expect(browser.scene.conditions.count == 2)
    #expect(shownCount(browser) == unitedJFK)
    #expect(
      browser.statusLine.contains("& carrier = 'UA'  & origin == 'JFK'"), "\(browser.statusLine)")
  }

  @Test func ampersandAddsAConditionInsteadOfEditingTheLast() throws {
    let browser = try browser()
    addCondition(browser, "carrier = UA")
    browser.press(.character("&"))
    // The new line starts empty: the first condition is not there to edit.
    guard case .filtering(let editor) = browser.scene.mode else {
      Issue.record("& opened no prompt")
      return
    }
    #expect(editor.query == "")
    browser.type("arr_delay > 60")
    browser.press(.enter)
    settle(browser)
    let expected = Self.flights.filter { $0.carrier == "UA" && $0.arrDelay > 60 }.count
    #expect(shownCount(browser) == expected)
    // Plain text still means any field contains it: tail numbers hold "UA" too.
    let anyField = Self.flights.filter { ($0.carrier + $0.tailnum).contains("UA") }.count
    let browser2 = try self.browser()
    addCondition(browser2, "UA")
    #expect(shownCount(browser2) == anyField)
    #expect(anyField > Self.flights.filter { $0.carrier == "UA" }.count)
  }

  @Test func backspaceOnAnEmptyPromptTakesTheLastConditionAwayAndCtrlUClears() throws {
    let browser = try browser()
    addCondition(browser, "carrier = UA")
    addCondition(browser, "origin = JFK")
    browser.press(.character("&"))
    browser.type("arr_delay > 1")
    browser.press(.control("u"))
    guard case .filtering(let editor) = browser.scene.mode else {
      Issue.record("the prompt closed")
      return
    }
    #expect(editor.query == "")
    browser.press(.backspace)
    settle(browser)
    #expect(browser.scene.conditions.count == 1)
    #expect(shownCount(browser) == Self.flights.filter { $0.carrier == "UA" }.count)
    browser.press(.escape)
    settle(browser)
    #expect(browser.scene.conditions.count == 1)
    // Esc on the cards backs out one level: the last condition.
    browser.press(.escape)
    settle(browser)
    #expect(browser.scene.conditions.isEmpty)
    #expect(shownCount(browser) == Self.flights.count)
  }

  @Test func aBadExpressionSaysWhereAndKeepsWhatIsOnShow() throws {
    let browser = try browser()
    addCondition(browser, "carrier = UA")
    browser.press(.character("&"))
    browser.type("arr_delay >> 60")
    #expect(browser.statusLine.contains("unexpected '>>' at 11"), "\(browser.statusLine)")
    browser.press(.enter)
    // Enter does not apply what was not understood: the line closes and says why, the
    // conditions before it stay.
    settle(browser)
    #expect(browser.scene.conditions.count == 1)
    #expect(shownCount(browser) == Self.flights.filter { $0.carrier == "UA" }.count)
    #expect(
      browser.statusLine.contains("not applied: & arr_delay >> 60: unexpected '>>' at 11"),
      "\(browser.statusLine)")
    browser.press(.character("&"))
    browser.type("arr_dealy > 60")
    #expect(browser.statusLine.contains("did you mean arr_delay?"), "\(browser.statusLine)")
  }

  @Test func conditionsTooLongForTheStatusBarGetALineOfTheirOwnAndTheCountStays() throws {
    let browser = try BrowserFixture(
      SampleFlights.csv(Self.flights), columns: 80, rows: 20, layout: .table)
    addCondition(browser, "carrier = UA")
    addCondition(browser, "origin = JFK")
    addCondition(browser, "arr_delay > 60")
    let kept = Self.flights.filter { $0.carrier == "UA" && $0.origin == "JFK" && $0.arrDelay > 60 }
    #expect(
      browser.statusLine.contains("& 3 conditions: \(kept.count) of 401"), "\(browser.statusLine)")
    // The conditions have a line of their own, above the status bar; the table is a row shorter.
    let lines = browser.lines
    #expect(
      lines[lines.count - 2].hasPrefix(" & carrier = 'UA'  & origin = 'JFK'  & arr_delay > 60"),
      "\(browser.text)")
    #expect(browser.scene.collectionView.frame.rows == 18)
    // Back to one condition: the line goes, the table has its row again.
    browser.press(.escape)
    settle(browser)
    browser.press(.escape)
    settle(browser)
    browser.draw()
    #expect(browser.scene.collectionView.frame.rows == 19)
    #expect(browser.statusLine.contains("& carrier = 'UA': "), "\(browser.statusLine)")
  }

  @Test func theConditionsListRemovesAnyOne() throws {
    let browser = try browser()
    addCondition(browser, "carrier = UA")
    addCondition(browser, "origin = JFK")
    browser.press(.character("|"))
    #expect(browser.text.contains("& carrier = 'UA'"), "\(browser.text)")
    #expect(browser.text.contains("& origin = 'JFK'"), "\(browser.text)")
    browser.press(.character("d"))
    settle(browser)
    #expect(browser.scene.conditions.count == 1)
    #expect(shownCount(browser) == Self.flights.filter { $0.origin == "JFK" }.count)
  }
}

/// `a` selects every record on show, so `y` prints exactly the records the conditions keep.
@MainActor @Suite struct BrowserSelectAllTests {
  @Test func aSelectsTheRecordsOnShowAndYPrintsThem() throws {
    let flights = BrowserConditionsTests.flights
    let browser = try BrowserFixture(
      SampleFlights.csv(flights), columns: 100, rows: 30, layout: .table)
    browser.press(.character("&"))
    browser.type("carrier = UA and arr_delay > 100")
    browser.press(.enter)
    let deadline = ContinuousClock.now + .seconds(10)
    while browser.scene.stagedArrangement != nil && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    browser.press(.character("a"))
    let kept = flights.filter { $0.carrier == "UA" && $0.arrDelay > 100 }
    #expect(browser.statusLine.contains("\(kept.count) selected"), "\(browser.statusLine)")
    #expect(browser.press(.character("y")) == .quit)
    let printed = try #require(browser.scene.output).split(separator: "\n")
    #expect(printed.count == kept.count)
    #expect(
      printed.map(String.init)
        == kept.map {
          #"{"carrier":"\#($0.carrier)","origin":"\#($0.origin)","arr_delay":"\#($0.arrDelay)","tailnum":"\#($0.tailnum)"}"#
        })
  }

  @Test func aAgainDeselectsThemAll() throws {
    let browser = try BrowserFixture(BrowserFixture.rows(50), columns: 60, rows: 20)
    browser.press(.character("a"))
    #expect(browser.scene.selectedRecords.count == 50)
    browser.press(.character("a"))
    #expect(browser.scene.selectedRecords.isEmpty)
    #expect(browser.statusLine.contains("selection cleared"), "\(browser.statusLine)")
  }
}
