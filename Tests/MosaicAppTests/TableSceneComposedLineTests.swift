import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The table's rows put a line composed ahead of time, kept while the row's record, state,
/// column geometry and view stay: each screen must be, cell for cell and style for style, the
/// one the rows draw value by value, and stay so after every change that alters a line.
@Suite @MainActor struct TableSceneComposedLineTests {
  /// Values of every kind a line holds: right-aligned numbers, accented and wide (CJK) text,
  /// values cut with "…" at the width cap, titles that are not ASCII or are cut.
  static let mixed =
    "name,n,city,wide,long,code\n"
    + (1...40).map { row in
      let name = row % 5 == 0 ? "Ærø\(row)" : row % 7 == 0 ? "a-long-title-\(row)-cut" : "r\(row)"
      let city = row % 3 == 0 ? "Zürich" : "Cork\(row)"
      let wide = row % 2 == 0 ? "東京タワー\(row)" : "tower\(row)"
      let long = String(repeating: row % 4 == 0 ? "é" : "x", count: 30 + row)
      return "\(name),\(row * 37),\(city),\(wide),\(long),c\(row)\n"
    }.joined()

  /// Fails unless the screen as drawn equals the screen drawn again with every row drawing its
  /// values one by one.
  func expectValueByValue(
    _ browser: BrowserFixture, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let plain = MemorySurface(columns: browser.screen.columns, rows: browser.screen.rows)
    browser.scene.tableRowsMayComposeLines = false
    browser.scene.draw(into: plain)
    browser.scene.tableRowsMayComposeLines = true
    let rows = (0..<plain.rows).filter { row in
      (0..<plain.columns).contains { plain[$0, row] != browser.screen[$0, row] }
    }
    let styles = browser.screen.attributeLines.joined(separator: "\n")
    #expect(
      rows.isEmpty,
      """
      after \(step), rows \(rows) differ from the rows drawn value by value:
      \(browser.text)
      value by value:
      \(plain.text)
      \(styles)
      """,
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [34, 47, 80])
  func everyScreenIsTheOneTheValuesDrawOneByOne(columns: Int) throws {
    let browser = try BrowserFixture(Self.mixed, columns: columns, rows: 9, layout: .table)
    expectValueByValue(browser, "the first frame")
    let steps: [(String, [Key])] = [
      ("a Down that moves the focus", [.down]),
      ("a selection", [.character(" ")]),
      ("a Down past the selection", [.down, .down]),
      ("scrolling down", [.down, .down, .down, .down, .down]),
      ("a field to the right", [.right]),
      ("another", [.right, .right]),
      ("a Page Down, widening columns", [.pageDown]),
      ("a field to the left", [.left]),
      ("selecting again", [.character(" "), .up]),
      ("Home", [.home]),
      ("back to the title column", [.left, .left, .left, .left]),
      ("End", [.end]),
      ("Page Up", [.pageUp]),
    ]
    for (step, keys) in steps {
      for key in keys { browser.press(key) }
      expectValueByValue(browser, step)
    }
    browser.type("/Zür")
    browser.press(.enter)
    expectValueByValue(browser, "a search that matches rows on screen")
    browser.press(.character("n"), .down)
    expectValueByValue(browser, "the next match and a Down")
    browser.press(.escape)
    expectValueByValue(browser, "the search cleared")
  }

  @Test func aRowShowingAnotherRecordOrNewColumnWidthsIsComposedAgain() throws {
    let browser = try BrowserFixture(TableSceneTests.wide, columns: 34, rows: 5, layout: .table)
    let first = browser.lines[1]
    browser.press(.down, .down, .down)
    expectValueByValue(browser, "scrolling: rows reused for other records")
    #expect(browser.lines[1] != first, "the rows moved on")
    browser.press(.pageDown, .pageDown, .pageDown, .pageDown)
    expectValueByValue(browser, "paging, the columns widened by wider values")
    browser.press(.home)
    #expect(
      browser.lines[1].hasPrefix("r1  │   7 city1 wwwwwwwwwwww1  c1"),
      "the first rows composed again in the wider columns:\n\(browser.text)")
    expectValueByValue(browser, "Home")
  }

  @Test func aValueIsANumberWhenItStartsLikeOneAndReadsAsADouble() {
    let values = [
      "0", "7", "-7", "12.5", "-0.25", "00012", "1.", "-.5", ".5", "-", "", "1e5", "-2E-3", "1.2.3",
      "12a", "1 ", " 1", "0x1p3", "inf", "-inf", "nan", "1,000", "١٢", "1e999", "--1", "3.14159",
      String(repeating: "9", count: 400),
    ]
    for value in values {
      let startsLikeOne = value.first.map { $0 == "-" || ("0"..."9").contains($0) } ?? false
      #expect(TableRowCell.isNumeric(value) == (startsLikeOne && Double(value) != nil), "\(value)")
    }
  }

  @Test func rowsStayingOnScreenWhileTheirColumnsWidenAreComposedAgain() throws {
    let csv =
      "name,n,city,code\n"
      + (1...40).map { row in
        row == 16 ? "wide,123456789,a-much-longer-city,c\(row)\n" : "r\(row),\(row),x,c\(row)\n"
      }.joined()
    let browser = try BrowserFixture(csv, columns: 40, rows: 8, layout: .table)
    let before = browser.lines[1]
    var widened = false
    for step in 1...12 {
      browser.press(.down)
      expectValueByValue(browser, "Down \(step)")
      if !browser.lines.contains(before) { widened = true }
    }
    #expect(widened, "a row on screen since the first frame was drawn in wider columns")
  }

  @Test func aNarrowerOrWiderScreenComposesTheLinesAgain() throws {
    let browser = try BrowserFixture(Self.mixed, columns: 60, rows: 9, layout: .table)
    browser.press(.down, .right)
    browser.screen.resize(columns: 41, rows: 9)
    browser.draw()
    expectValueByValue(browser, "a narrower screen")
    browser.screen.resize(columns: 90, rows: 12)
    browser.draw()
    expectValueByValue(browser, "a wider screen")
  }
}
