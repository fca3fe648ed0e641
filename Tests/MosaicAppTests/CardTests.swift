import MosaicCollection
import MosaicData
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
    // The focused title is reversed; the selected one is not.
    #expect(browser.screen[22, 1].style.attributes.contains(.reverse))
    #expect(!browser.screen[4, 1].style.attributes.contains(.reverse))
    browser.press(.character(" "))
    #expect(browser.lines[0].hasSuffix("┏━━━━━━━━┓"))
    #expect(browser.lines[1].hasSuffix("┃ ✓ 日本 ┃"))
    #expect(browser.screen[20, 0].style.foreground == .yellow)
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
