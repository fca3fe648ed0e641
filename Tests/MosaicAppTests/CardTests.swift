import MosaicCollection
import MosaicData
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// Cards: title and `key: value` lines, truncation at the card's width, focus and selection.
@Suite @MainActor struct CardTests {
  static let countries = """
    name,capital,people
    France,Paris,68
    日本,東京都,125
    Iceland,Reykjavík,0.4
    Chad,N'Djamena,18

    """

  @Test func cardsShowTitleAndFieldsInABorder() throws {
    let browser = try BrowserFixture(Self.countries, columns: 40, rows: 12)
    browser.expectScreen(
      """
      ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
      ┃ France                               ┃
      ┃ capital: Paris                       ┃
      ┃ people: 68                           ┃
      ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
      ┌──────────────────────────────────────┐
      │ 日本                                 │
      │ capital: 東京都                      │
      │ people: 125                          │
      └──────────────────────────────────────┘
      ┌──────────────────────────────────────┐
       test.csv  1/4           ? help  q quit
      """)
  }

  @Test func textIsCutWithAnEllipsisAtTheCardsWidth() throws {
    // 80 × 64 points: cards 10 × 4 cells, 6 columns of text inside border and padding.
    let browser = try BrowserFixture(
      Self.countries, columns: 30, rows: 8, itemSize: Size(width: 80, height: 64))
    browser.expectScreen(
      """
      ┏━━━━━━━━┓          ┌────────┐
      ┃ France ┃          │ 日本   │
      ┃ capit… ┃          │ capit… │
      ┗━━━━━━━━┛          └────────┘
      ┌────────┐          ┌────────┐
      │ Icela… │          │ Chad   │
      │ capit… │          │ capit… │
       test.c…  1/4  ? help  q quit
      """)
  }

  @Test(arguments: 4...12)
  func wideCharactersAreNeverCutInHalf(width: Int) throws {
    let cell = CardCell()
    cell.title = "日本語のタイトル"
    cell.fields = [("都", "東京都千代田区")]
    let screen = MemorySurface(columns: width, rows: 4)
    cell.draw(in: Canvas(surface: screen))
    for row in 1...2 {
      let line = screen.lines[row]
      #expect(CharacterWidth.of(line) == width, "row \(row) \"\(line)\" at width \(width)")
      // Every wide glyph has its continuation cell: none was split by the border or the "…".
      for column in 0..<width where screen[column, row].width == 2 {
        #expect(column + 1 < width && screen[column + 1, row].width == 0)
      }
    }
    #expect(screen.lines[1].contains("…") == (width - 4 < 16), "\(screen.lines[1])")
  }

  @Test func focusedAndSelectedCardsLookDifferent() throws {
    let browser = try BrowserFixture(
      Self.countries, columns: 30, rows: 8, itemSize: Size(width: 80, height: 64))
    browser.press(.character(" "), .right)
    // France: selected, not focused (double yellow border, ✓); 日本: focused (heavy border).
    #expect(browser.lines[0].hasPrefix("╔════════╗"))
    #expect(browser.lines[1].hasPrefix("║ ✓ Fra… ║"))
    #expect(browser.screen[0, 0].style.foreground == .yellow)
    #expect(browser.lines[0].hasSuffix("┏━━━━━━━━┓"))
    #expect(browser.screen[20, 0].style.foreground == .cyan)
    // The focus is the border alone: no title is reversed, so moving the focus between cards
    // changes only their borders.
    #expect(!browser.screen[22, 1].style.attributes.contains(.reverse))
    #expect(!browser.screen[4, 1].style.attributes.contains(.reverse))
    #expect(browser.screen[22, 1].style.attributes.contains(.bold))
    browser.press(.character(" "))
    #expect(browser.lines[0].hasSuffix("┏━━━━━━━━┓"))
    #expect(browser.lines[1].hasSuffix("┃ ✓ 日本 ┃"))
    #expect(browser.screen[20, 0].style.foreground == .yellow)
  }

  @Test func movingTheFocusBetweenCardsChangesOnlyTheirBorders() throws {
    // Room for all four cards: no key scrolls.
    let browser = try BrowserFixture(Self.countries, columns: 40, rows: 22)
    let view = browser.scene.collectionView
    for key in [Key.down, .down, .up] {
      let before = browser.screen.cells
      let from = try #require(view.indexPathForFocusedItem.flatMap { view.cellForItem(at: $0) })
      let fromFrame = from.frame
      browser.press(key)
      let to = try #require(view.indexPathForFocusedItem.flatMap { view.cellForItem(at: $0) })
      #expect(fromFrame != to.frame, "the focus moved to another card")
      func onBorder(_ rect: CellRect, _ column: Int, _ row: Int) -> Bool {
        rect.contains(column: column, row: row)
          && (row == rect.row || row == rect.endRow - 1 || column == rect.column
            || column == rect.endColumn - 1)
      }
      // The status bar (the last row) says where the focus is; everything else that changed
      // must be one of the two cards' borders.
      for row in 0..<(browser.screen.rows - 1) {
        for column in 0..<browser.screen.columns
        where browser.screen[column, row] != before[row * browser.screen.columns + column] {
          #expect(
            onBorder(fromFrame, column, row) || onBorder(to.frame, column, row),
            "after \(key): (\(column), \(row)) changed off the two borders\n\(browser.text)")
        }
      }
    }
  }

  @Test func listRowsShowTheRecordOnOneLine() throws {
    let browser = try BrowserFixture(Self.countries, columns: 40, rows: 5, layout: .list)
    browser.expectScreen(
      """
       France  capital: Paris  people: 68
       日本  capital: 東京都  people: 125
       Iceland  capital: Reykjavík  people: …
       Chad  capital: N'Djamena  people: 18
       test.csv  1/4           ? help  q quit
      """)
    #expect(browser.screen.attributeLines[0].allSatisfy { $0 == "R" || $0 == "*" })
    #expect(browser.screen.attributeLines[1].allSatisfy { $0 == "." || $0 == "B" })
  }

  @Test func lineBreaksInValuesShowAsSpaces() {
    #expect(BrowserDataSource.singleLine("a\nb\tc\r\nd") == "a b c  d")
    #expect(BrowserDataSource.singleLine("plain") == "plain")
  }
}

/// The detail view's wrapping of long values.
@Suite @MainActor struct DetailWrapTests {
  @Test(arguments: [
    ("one two three", 7, ["one two", "three"]),
    ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
    ("日本語テキスト", 5, ["日本", "語テ", "キス", "ト"]),
    ("first\nsecond line", 6, ["first", "second", "line"]),
    ("", 5, [""]),
  ])
  func valuesWrapAtSpacesAndNeverSplitAWideGlyph(text: String, width: Int, expected: [String]) {
    let lines = DetailView.wrap(text, width: width)
    #expect(lines == expected)
    #expect(lines.allSatisfy { CharacterWidth.of($0) <= width })
  }
}
