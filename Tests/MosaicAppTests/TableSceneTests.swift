import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The browser's table view, headless: its screens compared as text.
@Suite @MainActor struct TableSceneTests {
  /// Six fields, the first the title; "wide" values are long, "n" numbers.
  static let wide =
    "name,n,city,wide,code,tail,more,last\n"
    + (1...30).map { row in
      "r\(row),\(row * 7),city\(row % 3),\(String(repeating: "w", count: 12))\(row),c\(row),t\(row),"
        + "m\(row),l\(row)\n"
    }.joined()

  @Test func aRecordPerRowAFieldPerColumnUnderAHeaderRow() throws {
    let browser = try BrowserFixture(BrowserFixture.rows(3), columns: 34, rows: 6, layout: .table)
    browser.expectScreen(
      """
      name│ n word
      r0  │ 0 w0
      r1  │ 1 w1
      r2  │ 2 w2

       test.csv  1/3     ? help  q quit
      """)
    let screen = browser.screen
    #expect(screen[0, 0].style.attributes == [.bold, .underline], "the header")
    #expect(screen[4, 0].style.attributes == .underline, "the title's rule, in the header's style")
    #expect(
      screen[6, 0].style.attributes.contains(.reverse),
      "n, the focused field, reversed")
    #expect(!screen[8, 0].style.attributes.contains(.reverse))
    #expect(
      (0..<34).allSatisfy { screen[$0, 1].style.attributes.contains(.reverse) },
      "the focused row reversed across the view")
    #expect(
      screen[0, 2].style.attributes == [] && screen[4, 2].style.attributes == [],
      "a title and its rule: plain, so a row is one run of one style on the wire")
    #expect(screen[6, 2].style.attributes == [], "a value: plain")
  }

  @Test func numbersAreRightAlignedAndWidthsFollowTheWidestValueShown() throws {
    let csv = "name,n,word\na,5,x\nb,12345,longer word\n"
    let browser = try BrowserFixture(csv, columns: 34, rows: 5, layout: .table)
    browser.expectScreen(
      """
      name│ n     word
      a   │     5 x
      b   │ 12345 longer word

       test.csv  1/2     ? help  q quit
      """)
  }

  @Test func rightScrollsByColumnsWithTheTitleColumnPinned() throws {
    let browser = try BrowserFixture(Self.wide, columns: 34, rows: 5, layout: .table)
    // ▶ in the header row's last cell: more columns lie beyond the right edge.
    browser.expectScreen(
      """
      name│ n   city  wide           c…▶
      r1  │   7 city1 wwwwwwwwwwww1  c1
      r2  │  14 city2 wwwwwwwwwwww2  c2
      r3  │  21 city0 wwwwwwwwwwww3  c3
       test.csv  1/30    ? help  q quit
      """)
    // n → city → wide → code → tail: tail does not fit, so whole columns scroll out on the left
    // (◀ in place of the title's rule says so) and the title column stays; the header of
    // more, whose blank the right edge cuts, leaves its last cell to ▶ (last lies beyond).
    browser.press(.right, .right, .right, .right)
    #expect(browser.scene.focusedField == 5)
    browser.expectScreen(
      """
      name◀ wide           code tail m…▶
      r1  │ wwwwwwwwwwww1  c1   t1   m1
      r2  │ wwwwwwwwwwww2  c2   t2   m2
      r3  │ wwwwwwwwwwww3  c3   t3   m3
       test.csv  1/30    ? help  q quit
      """)
    // Down keeps the sideways offset, under the pinned header row.
    browser.press(.down, .down, .down, .down)
    #expect(browser.lines[0].hasPrefix("name◀ wide "))
    #expect(browser.lines[3].hasPrefix("r5  │ wwwwwwwwwwww5 "))
    // h goes back a column at a time, scrolling only when the column is out of view.
    browser.press(.character("h"))
    #expect(browser.lines[0].hasPrefix("name◀ wide "))
    browser.press(.character("h"), .character("h"))
    #expect(browser.scene.focusedField == 2)
    #expect(browser.lines[0].hasPrefix("name◀ city  wide "))
    // The title column brings the table back to its start; it is the first column.
    browser.press(.left, .left, .left)
    #expect(browser.scene.focusedField == 0)
    #expect(browser.lines[0].hasPrefix("name│ n "))
  }

  @Test func aClickOnAValueScrolledSidewaysFocusesTheFieldDrawnThere() throws {
    let browser = try BrowserFixture(Self.wide, columns: 34, rows: 5, layout: .table)
    func click(column: Int, row: Int) {
      _ = browser.scene.handle(.mouse(MouseEvent(action: .press, column: column, row: row)))
      _ = browser.scene.handle(.mouse(MouseEvent(action: .release, column: column, row: row)))
      browser.draw()
    }
    browser.press(.right, .right, .right, .right)
    #expect(browser.lines[0].hasPrefix("name◀ wide           code tail m…▶"))
    click(column: 22, row: 2)
    #expect(browser.focusedTitle == "r2")
    #expect(browser.scene.focusedField == 4, "code, where the rows show c2")
    #expect(browser.scene.shownDetail == nil)
    click(column: 2, row: 3)
    #expect(browser.focusedTitle == "r3")
    #expect(browser.scene.focusedField == 0, "the pinned title, over the columns scrolled under it")
    #expect(browser.lines[0].hasPrefix("name│ n   city "), "the title column scrolls back")
    click(column: 2, row: 3)
    #expect(browser.scene.shownDetail != nil, "a click on the focused value opens it")
  }

  @Test func endAndHomeKeepTheColumnsInView() throws {
    let browser = try BrowserFixture(Self.wide, columns: 34, rows: 5, layout: .table)
    browser.press(.right, .right, .right, .right)
    browser.press(.end)
    #expect(browser.statusLine.contains("30/30"))
    #expect(browser.lines[3].hasPrefix("r30 │"))
    #expect(browser.lines[3].contains("t30"), "\(browser.text)")
    browser.press(.home)
    #expect(browser.lines[1].hasPrefix("r1  │ wwwwwwwwwwww1"), "\(browser.text)")
  }

  @Test func tabMovesTheFocusedFieldAndScrollsItIntoViewToo() throws {
    let browser = try BrowserFixture(Self.wide, columns: 34, rows: 5, layout: .table)
    browser.press(.tab, .tab, .tab, .tab)
    #expect(browser.scene.focusedField == 5)
    #expect(browser.lines[0].contains("tail"))
    #expect(browser.lines[0].hasPrefix("name◀"))
  }

  @Test func widthsSettleFromASampleAndStayWhileScrolling() throws {
    // Row 200 has a long word, far from the first screens: the sample of the records on show
    // (every record of a file this small) finds it before the first frame.
    var csv = "name,word,n\n"
    for row in 1...300 { csv += "r\(row),\(row == 200 ? "a-much-longer-word" : "w"),\(row)\n" }
    let browser = try BrowserFixture(csv, columns: 40, rows: 8, layout: .table)
    let settled = "name│ word               n"
    #expect(browser.lines[0].hasPrefix(settled), "\(browser.lines[0])")
    browser.press(.end)
    #expect(browser.lines[0].hasPrefix(settled), "the same at the end")
    for _ in 0..<95 { browser.press(.up) }
    #expect(browser.scene.focusedRecord == 204)
    #expect(browser.lines[0].hasPrefix(settled), "and beside row 200")
    browser.press(.home)
    #expect(browser.lines[0].hasPrefix(settled), "and back at the start")
  }

  @Test func aLongValueIsCutAtTheWidthCap() throws {
    let long = String(repeating: "x", count: 100)
    let browser = try BrowserFixture("name,v\na,\(long)\n", columns: 80, rows: 4, layout: .table)
    let row = browser.lines[1]
    #expect(row.contains(String(repeating: "x", count: 39) + "…"))
    #expect(!row.contains(String(repeating: "x", count: 41)))
  }

  @Test func theTitleColumnTakesAtMostAThirdOfANarrowScreen() throws {
    let csv = "name,v\nA very long country name indeed,1\n"
    let browser = try BrowserFixture(csv, columns: 30, rows: 4, layout: .table)
    #expect(browser.lines[1].hasPrefix("A very lo…│ 1"), "ten columns of thirty:\n\(browser.text)")
  }

  @Test func theSortedFieldHasAMarkInItsHeader() throws {
    let browser = try BrowserFixture(
      "name,n\na,3\nb,1\nc,2\n", columns: 34, rows: 5, sort: "n", layout: .table)
    browser.expectScreen(
      """
      name│ n ▲
      b   │   1
      c   │   2
      a   │   3
       test.…  1/3  n ▲  ? help  q quit
      """)
    #expect(TableDisplay.sortMark(of: 1, keys: [SortKey(field: 1, descending: true)]) == "▼")
    #expect(TableDisplay.sortMark(of: 0, keys: [SortKey(field: 1, descending: true)]) == nil)
    let two = [SortKey(field: 2), SortKey(field: 0, descending: true)]
    #expect(TableDisplay.sortMark(of: 0, keys: two) == "▼2")
    #expect(TableDisplay.sortMark(of: 2, keys: two) == "▲")
    // ] sorts the focused field (n) descending: the mark turns over.
    browser.press(.character("]"))
    browser.scene.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.lines[0].hasPrefix("name│ n ▼"), "\(browser.text)")
    #expect(
      browser.lines[1...3].map { $0.trimmingCharacters(in: .whitespaces) } == [
        "a   │   3", "c   │   2", "b   │   1",
      ], "the rows show their new records' values, not those they showed before")
  }

  @Test func pagingShowsEachRowsOwnValuesWhateverTheRowShowedBefore() throws {
    let browser = try BrowserFixture(Self.wide, columns: 34, rows: 5, layout: .table)
    browser.press(.pageDown)
    #expect(browser.lines[1].hasPrefix("r4  │"), "\(browser.text)")
    #expect(browser.lines[1].hasSuffix(" 28 city1 wwwwwwwwwwww4  c4 "), "\(browser.text)")
    #expect(browser.lines[3].hasSuffix(" 42 city0 wwwwwwwwwwww6  c6 "), "\(browser.text)")
    browser.press(.pageDown, .pageDown, .pageDown, .pageDown)
    #expect(browser.lines[3].hasPrefix("r18 │ 126 city0 wwwwwwwwwwww18 c18"), "\(browser.text)")
    browser.press(.home)
    #expect(
      browser.lines[1].hasPrefix("r1  │   7 city1 wwwwwwwwwwww1  c1"),
      "the columns widened since, the first rows drawn again in them:\n\(browser.text)")
  }

  @Test func sectionsGetAHeaderRowEach() throws {
    let browser = try BrowserFixture(
      BrowserSceneTests.grouped, columns: 34, rows: 12, groupBy: "region", layout: .table)
    browser.expectScreen(
      """
      name│
      ─ X ──────────────────────────────
      a   │
      c   │
      e   │
      f   │
      ─ Y ──────────────────────────────
      b   │
      d   │


       test.csv  1/6  X  ? help  q quit
      """)
  }

  @Test func vReachesTheTableAndLeavesIt() throws {
    let browser = try BrowserFixture(BrowserFixture.rows(3), columns: 34, rows: 6)
    #expect(browser.lines[0].hasPrefix("┏"), "cards by default")
    browser.press(.character("v"), .character("v"))
    #expect(browser.scene.layoutStyle == .table)
    #expect(browser.lines[0].hasPrefix("name│ n word"))
    browser.press(.down)
    #expect(browser.statusLine.contains("2/3"))
    browser.press(.character("v"))
    #expect(browser.scene.layoutStyle == .horizontal)
    #expect(!browser.text.contains("name│"))
    #expect(browser.focusedTitle == "r1", "the focused record carries over")
  }

  @Test func theSelectionAndTheSearchShowInTheTitleColumn() throws {
    let browser = try BrowserFixture(BrowserFixture.rows(3), columns: 34, rows: 6, layout: .table)
    browser.press(.character(" "), .down)
    #expect(browser.lines[1].hasPrefix("✓ r0│") || browser.lines[1].hasPrefix("✓ r…│"))
    browser.type("/r2")
    browser.press(.enter)
    #expect(browser.focusedTitle == "r2")
    let attributes = browser.screen.attributeLines
    #expect(attributes[3].first == "*", "the match's title: underlined and focused")
  }
}
