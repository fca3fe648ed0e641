import MosaicCollection
import MosaicData
import Testing

@testable import MosaicApp

/// The columns sheet (`#`) and `u` in the scene, headless: the sheet's keys act on the focused
/// row's field (pin, sort, hide), `u` takes each change back, Enter goes to the column.
@Suite @MainActor struct ColumnsSheetSceneTests {
  static let csv = "name,n,word\na,3,x\nb,1,yy\nc,2,\n"

  /// A table over `csv`, the sheet open and counted.
  func sheet() throws -> BrowserFixture {
    let browser = try BrowserFixture(Self.csv, columns: 100, rows: 12, layout: .table)
    browser.press(.character("#"))
    let deadline = ContinuousClock.now + .seconds(10)
    while browser.scene.shownColumnsSheet?.isCounting == true && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.scene.shownColumnsSheet?.isCounting == false, "counted within 10 s")
    return browser
  }

  @Test func theSheetShowsEachFieldsFigures() throws {
    let browser = try sheet()
    let word = try #require(browser.lines.first { $0.contains(" word ") })
    // word: 2 values present, 1 missing, 2 distinct, text (no numbers: no min to mean).
    #expect(
      word.split(separator: " ").filter { $0 != "│" } == ["word", "text", "2", "1", "2"],
      "\(word)")
    let n = try #require(browser.lines.first { $0.contains(" n ") })
    // n: 3, 1, 2 → min 1, max 3, mean 2, median 2.
    #expect(
      n.split(separator: " ").filter { $0 != "│" }
        == ["n", "integer", "3", "0", "3", "1", "3", "2", "2"], "\(n)")
  }

  /// Waits for the open sheet to count every field.
  func counted(_ browser: BrowserFixture) {
    let deadline = ContinuousClock.now + .seconds(10)
    while browser.scene.shownColumnsSheet?.isCounting == true && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.scene.shownColumnsSheet?.isCounting == false, "counted within 10 s")
  }

  /// The sheet's figures are `I`'s: `--na` tokens are missing there too (2 of 5 here: count
  /// 3 present, missing 2, distinct 3, the numbers 1, 3 and 5 with mean and median 3), and a
  /// field typed as text with `t` counts no numbers and shows the type set, marked `*`.
  @Test func theSheetCountsMissingTokensAndTheTypeSetAsIDoes() throws {
    let source = try DataFile.open(
      text: "name,score\na,1\nb,NA\nc,3\nd,NA\ne,5\n", name: "t.csv", format: .csv)
    try source.waitUntilComplete()
    var configuration = try BrowserConfiguration(
      source: source, groupBy: nil, sort: nil, title: nil, fields: nil, layoutStyle: .table,
      itemSize: nil, columns: nil)
    configuration.missingValues = MissingValues(tokens: ["NA"])
    let browser = BrowserFixture(
      source: source, configuration: configuration, columns: 100, rows: 12)
    browser.scene.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.press(.character("#"))
    counted(browser)
    func row() -> [Substring] {
      let line = browser.lines.first { $0.contains(" score ") } ?? ""
      return line.split(separator: " ").filter { $0 != "│" }
    }
    #expect(row() == ["score", "integer", "3", "2", "3", "1", "5", "3", "3"], "\(browser.text)")
    browser.press(.escape, .character("t"), .character("#"))
    counted(browser)
    #expect(row() == ["score", "text*", "3", "2", "3"], "\(browser.text)")
  }

  /// Types as `mosaic describe` reads them: date-times and booleans are named, and a column
  /// of dates shows its earliest and latest value, ordered as instants (`Jan 9 2013` before
  /// `2013-02-01`), not as text.
  @Test func theSheetNamesDatesAndBooleansAsDescribeDoes() throws {
    let browser = try BrowserFixture(
      "name,when,day,ok\na,2013-01-01 05:00,2013-02-01,true\nb,2013-01-01 06:30,Jan 9 2013,false\n"
        + "c,2012-12-31 23:59,2013-01-20,TRUE\n",
      columns: 110, rows: 12, layout: .table)
    browser.press(.character("#"))
    counted(browser)
    func row(_ name: String) -> [Substring] {
      let line = browser.lines.first { $0.contains(" \(name) ") } ?? ""
      return line.split(separator: " ").filter { $0 != "│" }
    }
    #expect(Array(row("when").prefix(2)) == ["when", "datetime"], "\(browser.text)")
    #expect(row("day") == ["day", "date", "3", "0", "3", "Jan", "9", "2013", "2013-02-01"])
    #expect(Array(row("ok").prefix(5)) == ["ok", "boolean", "3", "0", "3"])
  }

  @Test func sheetKeysPinSortAndHideTheFocusedRowsFieldAndUUndoesThem() throws {
    let browser = try sheet()
    let scene = browser.scene
    // The rows: name (the title), n, word; the focus starts on the focused field, n.
    #expect(scene.shownColumnsSheet?.focusedField == 1)
    browser.press(.character("!"))
    #expect(scene.table.fields == [1, 0, 2], "n pinned")
    browser.press(.character("]"))
    scene.arranger.waitUntilComplete()
    _ = scene.tick()
    #expect(scene.pendingArrangement.sortKeys == [SortKey(field: 1, descending: true)])
    browser.press(.character("j"), .character("x"))
    #expect(scene.table.fields == [1, 0], "word hidden")
    #expect(browser.lines.contains { $0.contains("│ x word") }, "marked hidden:\n\(browser.text)")
    browser.press(.character("u"))
    #expect(scene.table.fields == [1, 0, 2])
    browser.press(.character("u"))
    #expect(scene.pendingArrangement.sortKeys.isEmpty)
    browser.press(.character("u"))
    #expect(scene.table.fields == [0, 1, 2])
    browser.press(.character("k"), .character("k"), .enter)
    guard case .browsing = scene.mode else {
      Issue.record("Enter goes back to the table")
      return
    }
    #expect(scene.focusedField == 0)
  }
}
