import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// Huge values and wide records: cards read a bounded prefix, the detail view is a list on the
/// toolkit's viewport that wraps values as far as the user reads.
@Suite @MainActor struct HugeValueTests {
  static func browser(size: Int = 50_000_000, columns: Int = 60, rows: Int = 12) throws -> (
    BrowserFixture, HugeValueSource
  ) {
    let source = HugeValueSource(size: size)
    let configuration = try BrowserConfiguration(source: source)
    return (
      BrowserFixture(source: source, configuration: configuration, columns: columns, rows: rows),
      source
    )
  }

  @Test func aCardReadsOnlyAPrefixOfAHugeValue() throws {
    let (browser, source) = try Self.browser()
    #expect(browser.text.contains("│ notes: lorem ipsum dolor… │"), "\(browser.text)")
    browser.press(.right, .down, .left, .character("v"), .character("v"), .character("v"))
    #expect(source.wholeValueReads == 0)
    #expect(source.largestRead <= BrowserDataSource.prefixBytes)
    // Three cards, a few configurations each: a prefix per configuration, not the value.
    #expect(source.bytesRead <= 40 * BrowserDataSource.prefixBytes, "\(source.bytesRead)")
  }

  @Test func theDetailOfAHugeValueOpensAtOnceAndWrapsAsItIsRead() throws {
    let (browser, source) = try Self.browser()
    _ = browser.scene.handle(.key(.enter))
    // Budgets a debug build wraps quickly; the rule is the same at any size.
    let budget = DetailView.Budget(opening: 64 << 10, tick: 128 << 10, end: 256 << 10)
    try #require(browser.scene.shownDetail).budget = budget
    browser.draw()
    #expect(browser.lines[1].hasPrefix("│ name   record 0"), "\(browser.text)")
    #expect(browser.lines[2].hasPrefix("│ notes  lorem ipsum dolor  "))
    #expect(browser.lines[3].hasPrefix("│        lorem ipsum dolor  "))
    // Only what the first frame wraps was read, and the count says more is coming.
    #expect(source.bytesRead <= budget.opening + 4 * DetailLines.pieceBytes, "\(source.bytesRead)")
    #expect(browser.lines[11 - 1].contains("+ "), "\(browser.lines[10])")
    #expect(browser.scene.wantsTicks)
    let before = try #require(browser.scene.shownDetail).lines.count
    #expect(browser.scene.tick())
    #expect(try #require(browser.scene.shownDetail).lines.count > before)
    // End wraps a bounded amount more and shows the last line known, still a line of the value.
    let read = source.bytesRead
    browser.press(.end)
    #expect(source.bytesRead - read <= budget.end + 4 * DetailLines.pieceBytes)
    #expect(browser.lines[9].hasPrefix("│        lorem ipsum dolor"), "\(browser.text)")
    #expect(source.wholeValueReads == 0)
    browser.press(.home)
    #expect(browser.lines[1].hasPrefix("│ name   record 0"))
    browser.press(.escape)
    #expect(!browser.scene.wantsTicks)
  }

  @Test func theDetailScrollsLineByLineAndByPage() throws {
    let value = (1...40).map { "word\($0)" }.joined(separator: " ")
    let browser = try BrowserFixture(
      "name,text,n\nX,\"\(value)\",7\n", columns: 30, rows: 8)
    browser.press(.enter)
    browser.expectScreen(
      """
      ╭ X ───────── record 1 of 1 ─╮
      │ name  X                    │
      │ text  word1 word2 word3    │
      │       word4 word5 word6    │
      │       word7 word8 word9    │
      │       word10 word11 word12 │
      ╰──────────────── 1–5 of 16 ─╯
       1/1      Esc back  ↑↓ scroll
      """)
    browser.press(.down)
    #expect(browser.lines[1] == "│ text  word1 word2 word3    │")
    browser.press(.pageDown)
    #expect(browser.lines[1] == "│       word13 word14 word15 │")
    #expect(browser.lines[6].contains(" 6–10 of 16 "))
    browser.press(.end)
    #expect(browser.lines[4] == "│       word40               │")
    #expect(browser.lines[5] == "│ n     7                    │")
    browser.press(.up, .pageUp)
    #expect(browser.lines[6].contains(" 7–11 of 16 "))
    #expect(browser.scene.shownDetail?.scrollOffset == 6)
    browser.press(.home)
    #expect(browser.lines[1] == "│ name  X                    │")
    _ = browser.scene.handle(.mouse(MouseEvent(action: .wheelDown, column: 5, row: 3)))
    browser.draw()
    #expect(browser.lines[1] == "│       word7 word8 word9    │")
  }

  @Test func onlyTheVisibleLinesAreConfigured() throws {
    let fields = (1...5_000).map { "f\($0)" }
    let csv = fields.joined(separator: ",") + "\n" + fields.map { "v" + $0 }.joined(separator: ",")
    let browser = try BrowserFixture(csv + "\n", columns: 40, rows: 12)
    browser.press(.enter)
    let detail = try #require(browser.scene.shownDetail)
    #expect(detail.collectionView.visibleCells.count == 9)
    // Every tick wraps at least one field, so this ends; the bound only keeps a bug from hanging.
    for _ in 0..<10_000 where browser.scene.wantsTicks { _ = browser.scene.tick() }
    #expect(!browser.scene.wantsTicks)
    browser.press(.end)
    #expect(browser.lines[9].hasPrefix("│ f5000  vf5000"), "\(browser.text)")
    #expect(detail.collectionView.visibleCells.count == 9)
    #expect(detail.collectionView.statistics.configureCalls < 100)
  }

  @Test func aWiderScreenRewrapsAndKeepsTheFieldOnTop() throws {
    let value = (1...40).map { "word\($0)" }.joined(separator: " ")
    let csv = "name,text,n\nX,\"\(value)\",7\n"
    let source = try DataFile.open(text: csv, name: "test.csv", format: .csv)
    try source.waitUntilComplete()
    let scene = BrowserScene(
      source: source, configuration: try BrowserConfiguration(source: source))
    let narrow = MemorySurface(columns: 30, rows: 8)
    scene.draw(into: narrow)
    // Each key is followed by a frame, as in the run loop.
    _ = scene.handle(.key(.enter))
    scene.draw(into: narrow)
    _ = scene.handle(.key(.down))
    scene.draw(into: narrow)
    #expect(narrow.lines[1] == "│ text  word1 word2 word3    │")
    let wide = MemorySurface(columns: 60, rows: 8)
    scene.draw(into: wide)
    #expect(wide.lines[1].hasPrefix("│ text  word1 word2 word3 word4 word5 word6 word7 word8"))
    #expect(wide.lines[6].contains(" 2–6 of 8 "), "\(wide.text)")
  }

  /// The wrapping the detail view had before it wrapped in pieces, as the reference.
  static func referenceWrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var line = ""
      var lineWidth = 0
      var lastSpace: String.Index?
      for character in paragraph {
        let glyph: Character = character == "\t" ? " " : character
        let w = CharacterWidth.of(glyph)
        if lineWidth + w > width, !line.isEmpty {
          if glyph == " " {
            lines.append(line)
            line = ""
            lineWidth = 0
            lastSpace = nil
            continue
          }
          if let space = lastSpace, space > line.startIndex {
            let rest = String(line[line.index(after: space)...])
            lines.append(String(line[..<space]))
            line = rest
          } else {
            lines.append(line)
            line = ""
          }
          lineWidth = CharacterWidth.of(line)
          lastSpace = nil
        }
        if glyph == " " { lastSpace = line.endIndex }
        line.append(glyph)
        lineWidth += w
      }
      lines.append(line)
    }
    return lines.isEmpty ? [""] : lines
  }

  @Test(arguments: [1, 2, 7, 33])
  func wrappingInPiecesMatchesWrappingTheWholeValue(width: Int) {
    // Over 64 KB, so lines cross the pieces the value is read in.
    let words = ["alpha", "日本語", "é", "😀", "x", "two  spaces", "tab\there", "end.\n", "\r\n"]
    var text = ""
    var n = 0
    while text.utf8.count < 3 * DetailLines.pieceBytes / 2 {
      text += words[n % words.count] + (n % 7 == 0 ? "" : " ")
      n += 1
    }
    let expected = Self.referenceWrap(text, width: width).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    let lines = DetailView.wrap(text, width: width)
    #expect(lines.count == expected.count)
    for (i, pair) in zip(lines, expected).enumerated() where pair.0 != pair.1 {
      Issue.record("line \(i): \"\(pair.0)\" != \"\(pair.1)\"")
      break
    }
  }

  @Test func aHugeSectionTitleIsCutBeforeItIsMeasured() {
    var bar = StatusBar()
    bar.fileName = "f.csv"
    bar.section = String(repeating: "word ", count: 2_000_000)
    let line = bar.line(width: 80)
    #expect(line.left.hasPrefix("0/0  word word"))
    #expect(line.left.hasSuffix("…"))
    #expect(StatusBar.bounded(bar.section!, toWidth: 80).utf8.count <= 80 * 4 + 8)
  }
}
