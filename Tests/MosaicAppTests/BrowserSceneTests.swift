import MosaicCollection
import MosaicData
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The browser's screens and keys, headless.
@Suite @MainActor struct BrowserSceneTests {
  static let grouped = "name,region\na,X\nb,Y\nc,X\nd,Y\ne,X\nf,X\n"

  @Test func sectionsHaveAHeaderAndAFooterWithTheCount() throws {
    let browser = try BrowserFixture(Self.grouped, columns: 40, rows: 24, groupBy: "region")
    let lines = browser.lines
    #expect(lines[0].hasPrefix("─ X ───"))
    #expect(lines[1].hasPrefix("┏"))
    let footer = try #require(lines.firstIndex { $0.contains("4 records") })
    #expect(lines[footer].hasSuffix("4 records "))
    #expect(lines[footer + 1].hasPrefix("─ Y ───"))
    #expect(lines.contains { $0.hasSuffix("2 records ") })
  }

  @Test func theSectionHeaderStaysPinnedWhileItsSectionScrolls() throws {
    let browser = try BrowserFixture(Self.grouped, columns: 40, rows: 9, groupBy: "region")
    browser.press(.down, .down)
    browser.expectScreen(
      """
      ─ X ────────────────────────────────────
      └──────────────────────────────────────┘
      ┌──────────────────────────────────────┐
      │ c                                    │
      └──────────────────────────────────────┘
      ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
      ┃ e                                    ┃
      ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
       test.csv  3/6  X        ? help  q quit
      """)
    // Once the next section fills the view, its header takes the top.
    browser.press(.end)
    #expect(browser.lines[0].hasPrefix("─ Y ───"))
    #expect(browser.lines[1].hasPrefix("┌"))
    #expect(browser.statusLine.contains("6/6  Y"))
  }

  @Test(arguments: [30, 40, 41, 80])
  func theStatusBarFitsTheWidth(columns: Int) throws {
    let long = "a very long file name that cannot possibly fit.csv"
    let browser = try BrowserFixture(
      Self.grouped, name: long, columns: columns, rows: 10, groupBy: "region")
    let status = browser.lines.last!
    #expect(CharacterWidth.of(status) == columns)
    #expect(status.contains("1/6"), "\(status)")
    #expect(status.contains("? help"), "\(status)")
    if columns >= 40 { #expect(status.contains("  X  "), "\(status)") }
    #expect(browser.screen.attributeLines.last!.allSatisfy { $0 == "R" })
  }

  @Test func theStatusBarDropsAndCutsPiecesByImportance() {
    var bar = StatusBar()
    bar.fileName = "countries.csv"
    bar.position = 124
    bar.total = 249
    bar.section = "Africa"
    bar.progress = "indexing 43%"
    let wide = bar.line(width: 80)
    #expect(wide.left == "countries.csv  124/249  Africa")
    #expect(wide.right == "indexing 43%  ? help  q quit")
    let narrow = bar.line(width: 40)
    #expect(narrow.left == "124/249")
    #expect(narrow.right == "indexing 43%  ? help  q quit")
    let tiny = bar.line(width: 24)
    #expect(tiny.left == "124/249")
    #expect(tiny.right == "? help")
  }

  @Test func enterOpensTheDetailWithEveryFieldAndEscapeGoesBack() throws {
    let csv = "name,motto,notes\nX,\"short\",\"first line\nsecond line\"\n"
    let browser = try BrowserFixture(csv, columns: 40, rows: 8, fields: ["motto"])
    let cards = browser.text
    browser.press(.enter)
    browser.expectScreen(
      """
      ╭ X ─────────────────── record 1 of 1 ─╮
      │ name   X                             │
      │ motto  short                         │
      │ notes  first line                    │
      │        second line                   │
      │                                      │
      ╰──────────────────────────────────────╯
       1/1     Esc back  ↑↓ scroll  ←→ record
      """)
    browser.press(.escape)
    #expect(browser.text == cards)
  }

  @Test func theDetailScrollsWhenTallerThanTheScreen() throws {
    let fields = (1...30).map { "f\($0)" }
    let csv = fields.joined(separator: ",") + "\n" + fields.map { "v" + $0 }.joined(separator: ",")
    let browser = try BrowserFixture(csv + "\n", columns: 40, rows: 10)
    browser.press(.enter)
    #expect(browser.lines[1].contains("f1 "))
    #expect(browser.lines[8].contains("1–7 of 30"))
    browser.press(.pageDown)
    #expect(browser.lines[1].contains("f7 "))
    browser.press(.end)
    #expect(browser.lines[7].contains("f30 "))
    browser.press(.character("q"))
    guard case .browsing = browser.scene.mode else {
      Issue.record("q leaves the detail, not the browser")
      return
    }
  }

  @Test(arguments: [(80, 24), (40, 16)])
  func theHelpListsEveryKey(columns: Int, rows: Int) throws {
    let browser = try BrowserFixture(Self.grouped, columns: columns, rows: rows)
    browser.press(.character("?"))
    // 80×24 shows every key at once; a smaller screen pages through them with PgDn.
    var text = browser.text
    var pages = 1
    while columns < 80, !browser.text.contains("–\(Self.helpLines) of \(Self.helpLines) "),
      pages < 10
    {
      browser.press(.pageDown)
      text += browser.text
      pages += 1
    }
    #expect(columns < 80 ? pages > 1 : !text.contains(" of "), "\(text)")
    for binding in HelpOverlay.bindings + HelpOverlay.inspectorBindings {
      #expect(text.contains(binding.keys), "\(binding.keys) missing")
      #expect(text.contains(binding.action), "\(binding.action) missing or cut")
    }
    for group in HelpOverlay.groups {
      #expect(text.contains(group.title), "\(group.title) missing")
    }
    #expect(!text.contains("reload the file"), "r is listed only when the file can be reloaded")
    browser.press(.character("x"))
    #expect(!browser.text.contains("Keys"))
  }

  /// The help's lines in one column: every group's heading and bindings, a blank line between.
  static var helpLines: Int {
    HelpOverlay.groups.reduce(0) { $0 + 1 + $1.bindings.count } + HelpOverlay.groups.count - 1
      + HelpOverlay.inspectorBindings.count
  }

  @Test func theHelpIsTwoColumnsOfGroupsAt80Columns() throws {
    let browser = try BrowserFixture(Self.grouped, columns: 80, rows: 24)
    browser.scene.canReload = true
    browser.press(.character("?"))
    let lines = browser.lines
    let move = try #require(lines.firstIndex { $0.contains("Move") })
    // Move opens the left column; a later group opens the right one on the same row.
    #expect(lines[move].contains("Records") || lines[move].contains("Arrange"), "\(browser.text)")
    #expect(browser.text.contains("reload the file"))
    #expect(!browser.text.contains(" of "), "no scrolling needed:\n\(browser.text)")
  }

  @Test func iAndOToggleTheInspectorPanelAndOutlines() throws {
    let browser = try BrowserFixture(FixtureRows.text(20), columns: 80, rows: 24)
    let plain = browser.text
    browser.press(.character("i"))
    #expect(browser.scene.inspector?.isShowingPanel == true)
    #expect(browser.text != plain)
    browser.press(.character("i"), .character("o"))
    #expect(browser.scene.inspector?.isShowingPanel == false)
    #expect(browser.scene.inspector?.isShowingOutlines == true)
    browser.press(.character("o"))
    #expect(browser.text == plain)
    browser.scene.inspector = nil
    browser.press(.character("i"))
    #expect(browser.text == plain)
  }

  @Test func searchFindsMatchesIncrementallyWithCountAndNextPrevious() throws {
    let browser = try BrowserFixture(
      FixtureData.countries, columns: 40, rows: 12, groupBy: "region")
    browser.press(.character("/"))
    browser.type("lan")
    // Matches are looked for from the focused record (Japan) onwards, in display order.
    #expect(browser.focusedTitle == "Thailand")
    #expect(browser.statusLine.contains("/lan▏ 1/4"), "\(browser.statusLine)")
    browser.press(.enter)
    #expect(browser.statusLine.contains("/lan 1/4"), "\(browser.statusLine)")
    browser.press(.character("n"))
    #expect(browser.focusedTitle == "Finland")
    #expect(browser.statusLine.contains("/lan 2/4"))
    browser.press(.character("n"), .character("n"))
    #expect(browser.focusedTitle == "New Zealand")
    browser.press(.character("n"))
    #expect(browser.focusedTitle == "Thailand")
    browser.press(.character("N"))
    #expect(browser.focusedTitle == "New Zealand")
    #expect(browser.statusLine.contains("/lan 4/4"))
    // Matching cards have an underlined title.
    #expect(browser.scene.dataSource.isMatch?(browser.scene.focusedRecord!) == true)
    browser.press(.escape)
    #expect(!browser.statusLine.contains("/lan"))
    #expect(browser.scene.dataSource.isMatch == nil)
  }

  @Test func aSearchWithoutMatchesSaysSoAndBackspaceEdits() throws {
    let browser = try BrowserFixture(FixtureData.countries, columns: 40, rows: 12)
    browser.press(.character("/"))
    browser.type("zzq")
    #expect(browser.statusLine.contains("/zzq▏ no match"), "\(browser.statusLine)")
    #expect(browser.focusedTitle == "Japan")
    browser.press(.backspace, .backspace, .backspace)
    browser.type("fin")
    #expect(browser.focusedTitle == "Finland")
    browser.press(.backspace, .backspace, .backspace, .backspace)
    guard case .browsing = browser.scene.mode else {
      Issue.record("backspace on an empty query ends the search")
      return
    }
  }

  @Test func vCyclesTheLayoutsAndKeepsTheFocusedCardInView() throws {
    let browser = try BrowserFixture(FixtureRows.text(200), columns: 40, rows: 12)
    browser.press(.end)
    let focused = try #require(browser.scene.collectionView.indexPathForFocusedItem)
    for style in [BrowserLayoutStyle.list, .table, .horizontal, .grid, .list] {
      browser.press(.character("v"))
      #expect(browser.scene.layoutStyle == style)
      #expect(browser.scene.collectionView.indexPathForFocusedItem == focused)
      #expect(browser.scene.collectionView.indexPathsForVisibleItems.contains(focused), "\(style)")
      #expect(browser.text.contains("r199"), "\(style):\n\(browser.text)")
    }
    let flow = try #require(browser.scene.collectionView.collectionViewLayout as? FlowLayout)
    #expect(flow.itemSize.height == 16)
  }

  @Test func plusAndMinusResizeTheCards() throws {
    let browser = try BrowserFixture(FixtureRows.text(50), columns: 80, rows: 24)
    func cardCells() throws -> CellRect {
      let path = try #require(browser.scene.collectionView.indexPathForFocusedItem)
      let frame = try #require(browser.scene.collectionView.layoutAttributesForItem(at: path))
      return CellMetrics.standard.cellRect(for: frame.frame)
    }
    let start = try cardCells()
    #expect(start.rows == 5)  // border, title and both fields
    browser.press(.character("-"))
    let smaller = try cardCells()
    #expect(smaller.rows == 4)
    #expect(smaller.columns < start.columns)
    #expect(browser.lines[2].contains("n: 0") && !browser.text.contains("word: w0"))
    browser.press(.character("+"), .character("+"))
    let larger = try cardCells()
    #expect(larger.rows == 5)  // no taller than the fields need
    #expect(larger.columns > start.columns)
    // In the list, the steps change the rows of a row.
    browser.press(.character("v"), .character("+"), .character("+"), .character("+"))
    #expect(try cardCells().rows == 4)
  }

  @Test func gridColumnsFollowTheViewWidthAndPlusMinusChangeTheirNumber() throws {
    let browser = try BrowserFixture(
      FixtureRows.text(50), columns: 80, rows: 24, gridColumns: 4)
    let view = browser.scene.collectionView
    func width() throws -> Int {
      let frame = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
      return CellMetrics.standard.cellRect(for: frame.frame).columns
    }
    #expect(try width() == 19)  // (80 − 3 gaps) / 4
    browser.press(.character("+"))
    #expect(try width() == 26)
    browser.screen.resize(columns: 41, rows: 24)
    browser.draw()
    #expect(try width() == 13)
  }

  @Test func spaceSelectsAndYPrintsTheSelectionAsJSONLines() throws {
    let browser = try BrowserFixture(FixtureRows.text(10), columns: 40, rows: 12)
    browser.press(.character(" "), .down, .down, .character(" "), .up, .character(" "))
    browser.press(.character(" "))  // deselects r1 again
    #expect(browser.press(.character("y")) == .quit)
    #expect(browser.scene.recordsToPrint == [0, 2])
    #expect(
      browser.scene.output == """
        {"name":"r0","n":"0","word":"w0"}
        {"name":"r2","n":"2","word":"w2"}

        """)
  }

  @Test func yWithoutASelectionPrintsTheFocusedRecord() throws {
    let browser = try BrowserFixture(FixtureRows.text(10), columns: 40, rows: 12)
    browser.press(.down, .character("y"))
    #expect(browser.scene.output == "{\"name\":\"r1\",\"n\":\"1\",\"word\":\"w1\"}\n")
  }

  @Test(arguments: [
    ("name,n\n", DataFormat.csv), ("[]", .json),
    ("{\"sections\": [{\"title\": \"A\", \"items\": []}]}", .json),
  ])
  func aFileWithoutRecordsShowsAnEmptyBrowser(text: String, format: DataFormat) throws {
    let browser = try BrowserFixture(text, format: format, columns: 40, rows: 6)
    #expect(browser.statusLine.hasPrefix("test.csv  0/"), "\(browser.statusLine)")
    #expect(browser.text.contains("No records in test.csv"), "\(browser.text)")
    browser.press(.down, .enter, .character(" "), .character("/"))
    browser.type("x")
    browser.press(.enter, .character("n"), .character("v"), .character("+"), .character("?"))
    browser.press(.escape)
    #expect(browser.press(.character("y")) == .quit)
    #expect(browser.scene.output?.isEmpty ?? true)
  }

  @Test func qQuitsAndEscapeNeverDoesAndNothingIsPrinted() throws {
    let browser = try BrowserFixture(FixtureRows.text(3), columns: 40, rows: 12)
    #expect(browser.press(.character("q")) == .quit)
    #expect(browser.scene.output == nil)
    let other = try BrowserFixture(FixtureRows.text(3), columns: 40, rows: 12)
    #expect(other.press(.escape, .escape) == .continue)
    #expect(other.statusLine.contains("q quits"), "\(other.statusLine)")
  }

  @Test func theMouseWheelScrollsAndAClickFocusesAndASecondClickOpens() throws {
    let browser = try BrowserFixture(FixtureRows.text(40), columns: 40, rows: 12)
    let view = browser.scene.collectionView
    _ = browser.scene.handle(.mouse(MouseEvent(action: .wheelDown, column: 5, row: 5)))
    #expect(view.contentOffset.y == 48)
    browser.draw()
    _ = browser.scene.handle(.mouse(MouseEvent(action: .press, column: 5, row: 5)))
    _ = browser.scene.handle(.mouse(MouseEvent(action: .release, column: 5, row: 5)))
    browser.draw()
    let focused = try #require(browser.scene.focusedRecord)
    #expect(focused > 0)
    #expect(browser.scene.selectedRecords.isEmpty, "a click focuses, Space selects")
    guard case .browsing = browser.scene.mode else {
      Issue.record("the first click only focuses")
      return
    }
    _ = browser.scene.handle(.mouse(MouseEvent(action: .press, column: 5, row: 5)))
    _ = browser.scene.handle(.mouse(MouseEvent(action: .release, column: 5, row: 5)))
    browser.draw()
    #expect(browser.scene.shownDetail?.record == focused)
    #expect(browser.scene.selectedRecords.isEmpty)
  }
}
