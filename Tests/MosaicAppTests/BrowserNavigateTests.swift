import MosaicCollection
import MosaicData
import Testing

@testable import MosaicApp

/// Jumps, the detail's next and previous record, the selected count, copying, Esc and the mouse,
/// driven through the browser scene as a user's keys drive it.
@Suite @MainActor struct BrowserNavigateTests {
  /// Presses `:`, types `text` and Enter.
  func goTo(_ browser: BrowserFixture, _ text: String) {
    browser.press(.character(":"))
    browser.type(text)
    browser.press(.enter)
  }

  @Test func colonAndANumberFocusesThatRecord() throws {
    let browser = try BrowserFixture(FixtureRows.text(500), columns: 40, rows: 12)
    browser.press(.character(":"))
    browser.type("123")
    #expect(browser.statusLine.contains(":123▏"), "\(browser.statusLine)")
    browser.press(.enter)
    #expect(browser.focusedTitle == "r122")
    #expect(browser.statusLine.contains("123/500"), "\(browser.statusLine)")
    #expect(browser.text.contains("r122"))
    // Digits grouped as the status bar groups them are read too.
    goTo(browser, "1,5")
    #expect(browser.focusedTitle == "r14")
  }

  @Test(arguments: [
    ("0", "no record 0: records are 1 to 500"),
    ("501", "no record 501: records are 1 to 500"),
    ("12x", "not a record number: “12x”"),
    ("-3", "no record -3: records are 1 to 500"),
  ])
  func aBadRecordNumberSaysSoAndStays(typed: String, message: String) throws {
    let browser = try BrowserFixture(FixtureRows.text(500), columns: 80, rows: 12)
    browser.press(.down)
    let before = browser.focusedTitle
    goTo(browser, typed)
    #expect(browser.statusLine.contains(message), "\(browser.statusLine)")
    #expect(browser.focusedTitle == before)
    // The message lasts until the next key.
    browser.press(.down)
    #expect(!browser.statusLine.contains(message))
  }

  @Test func escapeOrBackspaceOnNothingLeavesThePrompt() throws {
    let browser = try BrowserFixture(FixtureRows.text(50), columns: 40, rows: 12)
    browser.press(.character(":"))
    browser.type("7")
    browser.press(.escape)
    #expect(!browser.statusLine.contains(":7"))
    #expect(browser.focusedTitle == "r0")
    browser.press(.character(":"), .backspace)
    guard case .browsing = browser.scene.mode else {
      Issue.record("Backspace on an empty prompt closes it")
      return
    }
    // Keys typed after the prompt closed are the cards' again.
    browser.press(.character("G"))
    #expect(browser.focusedTitle == "r49")
  }

  @Test(arguments: [BrowserLayoutStyle.grid, .list, .table, .horizontal])
  func gAndShiftGGoToTheFirstAndLastRecords(layout: BrowserLayoutStyle) throws {
    let browser = try BrowserFixture(FixtureRows.text(300), columns: 40, rows: 12, layout: layout)
    browser.press(.character("G"))
    #expect(browser.focusedTitle == "r299")
    #expect(browser.statusLine.contains("300/300"))
    browser.press(.character("g"))
    #expect(browser.focusedTitle == "r0")
    #expect(browser.scene.collectionView.contentOffset == .zero)
  }

  @Test func bracesGoToThePreviousAndNextSection() throws {
    let browser = try BrowserFixture(
      FixtureData.countries, columns: 40, rows: 30, groupBy: "region", layout: .list)
    #expect(browser.focusedTitle == "Japan")
    browser.press(.character("}"))
    #expect(browser.focusedTitle == "Finland")
    browser.press(.character("}"))
    #expect(browser.focusedTitle == "New Zealand")
    browser.press(.character("}"))
    #expect(browser.focusedTitle == "New Zealand")
    #expect(browser.statusLine.contains("this is the last section"), "\(browser.statusLine)")
    // Inside a section, { goes to its first record first.
    browser.press(.down)
    #expect(browser.focusedTitle == "Fiji")
    browser.press(.character("{"))
    #expect(browser.focusedTitle == "New Zealand")
    browser.press(.character("{"))
    #expect(browser.focusedTitle == "Finland")
    browser.press(.character("{"), .character("{"))
    #expect(browser.focusedTitle == "Japan")
    #expect(browser.statusLine.contains("this is the first section"))
  }

  @Test func bracesWithoutSectionsSayHowToMakeThem() throws {
    let browser = try BrowserFixture(FixtureRows.text(10), columns: 80, rows: 12)
    browser.press(.character("}"))
    #expect(browser.focusedTitle == "r0")
    #expect(browser.statusLine.contains("no sections"), "\(browser.statusLine)")
  }

  @Test func controlKeysMoveByAScreenOrHalfAScreen() throws {
    // A list: one record a row, 11 rows of cards above the status bar.
    let browser = try BrowserFixture(FixtureRows.text(200), columns: 40, rows: 12, layout: .list)
    browser.press(.control("f"))
    #expect(browser.focusedTitle == "r11")
    browser.press(.control("d"))
    #expect(browser.focusedTitle == "r16")
    browser.press(.control("u"))
    #expect(browser.focusedTitle == "r11")
    browser.press(.control("b"))
    #expect(browser.focusedTitle == "r0")
    // Page Down moves as far as Ctrl-F.
    browser.press(.pageDown)
    #expect(browser.focusedTitle == "r11")
  }

  @Test func theDetailShowsTheNextAndPreviousRecord() throws {
    let browser = try BrowserFixture(
      FixtureData.countries, columns: 60, rows: 12, groupBy: "region")
    browser.press(.enter)
    #expect(browser.lines[0].contains("Japan"))
    #expect(browser.lines[0].contains("record 1 of 7"), "\(browser.lines[0])")
    browser.press(.right)
    #expect(browser.lines[0].contains("Thailand"))
    #expect(browser.lines[0].contains("record 2 of 7"))
    // Across the section's end, in the order shown.
    browser.press(.character("n"))
    #expect(browser.lines[0].contains("Finland"))
    #expect(browser.text.contains("Helsinki"))
    browser.press(.character("p"), .left)
    #expect(browser.lines[0].contains("Japan"))
    browser.press(.left)
    #expect(browser.lines[0].contains("record 1 of 7"))
    #expect(browser.statusLine.contains("this is the first record"), "\(browser.statusLine)")
    browser.press(.character("n"), .character("n"), .escape)
    // The card of the record last shown has the focus.
    #expect(browser.focusedTitle == "Finland")
    guard case .browsing = browser.scene.mode else {
      Issue.record("Esc leaves the detail")
      return
    }
  }

  @Test func theStatusBarCountsTheSelectedRecords() throws {
    let browser = try BrowserFixture(FixtureRows.text(20), columns: 60, rows: 12)
    #expect(!browser.statusLine.contains("selected"))
    browser.press(.character(" "), .down, .character(" "), .down, .character(" "))
    #expect(browser.statusLine.contains("3 selected"), "\(browser.statusLine)")
    browser.press(.character(" "))
    #expect(browser.statusLine.contains("2 selected"))
  }

  @Test func escapeBacksOutOneLevelAtATimeAndNeverQuits() throws {
    let browser = try BrowserFixture(FixtureData.countries, columns: 60, rows: 12)
    browser.press(.character(" "), .right, .character(" "))
    browser.press(.character("&"))
    browser.type("a")
    browser.press(.enter)
    #expect(browser.scene.hasFilter)
    browser.press(.character("/"))
    browser.type("lan")
    browser.press(.enter, .enter)
    #expect(browser.scene.shownDetail != nil)
    // Detail, then search, then filter, then selection, then nothing but a hint.
    #expect(browser.press(.escape) == .continue)
    #expect(browser.scene.shownDetail == nil)
    #expect(browser.statusLine.contains("/lan"))
    #expect(browser.press(.escape) == .continue)
    #expect(!browser.statusLine.contains("/lan"))
    #expect(browser.scene.hasFilter)
    #expect(browser.press(.escape) == .continue)
    #expect(!browser.scene.hasFilter)
    #expect(browser.statusLine.contains("2 selected"), "\(browser.statusLine)")
    #expect(browser.press(.escape) == .continue)
    #expect(!browser.statusLine.contains("selected"), "\(browser.statusLine)")
    #expect(browser.scene.collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(browser.press(.escape) == .continue)
    #expect(browser.statusLine.contains("q quits"))
    #expect(browser.press(.character("q")) == .quit)
  }

  @Test func cCopiesTheFocusedValueAndCTheRecordAsJSON() throws {
    let csv = "name,motto\nX,\"tab\there, \u{1B}[31mred\"\nY,why\n"
    let browser = try BrowserFixture(csv, columns: 80, rows: 12)
    #expect(browser.scene.takeClipboardText() == nil, "nothing is copied unless asked")
    // The focused field starts at the first field the cards show (Tab moves it).
    browser.press(.character("c"))
    #expect(browser.scene.takeClipboardText() == "tab\there, \u{1B}[31mred")
    #expect(browser.scene.takeClipboardText() == nil, "handed over once")
    #expect(browser.statusLine.contains("copied motto"), "\(browser.statusLine)")
    // The status bar shows the copy, never the value's control bytes.
    #expect(!browser.text.contains("\u{1B}"))
    browser.press(.right, .character("C"))
    #expect(browser.scene.takeClipboardText() == #"{"name":"Y","motto":"why"}"#)
    #expect(browser.statusLine.contains("copied record 2 as JSON"), "\(browser.statusLine)")
  }

  @Test func aValueLongerThanTheClipboardTakesIsNotCopied() throws {
    let long = String(repeating: "m", count: Clipboard.maximumBytes + 1)
    let fits = String(repeating: "f", count: Clipboard.maximumBytes)
    let csv = "name,notes\nA,\(long)\nB,\(fits)\n"
    let browser = try BrowserFixture(csv, columns: 120, rows: 12)
    browser.press(.character("c"))
    #expect(browser.scene.takeClipboardText() == nil)
    #expect(
      browser.statusLine.contains(
        "not copied: notes is 100,001 bytes, over the clipboard's 100,000"),
      "\(browser.statusLine)")
    browser.press(.character("C"))
    #expect(browser.scene.takeClipboardText() == nil)
    #expect(browser.statusLine.contains("y prints it"), "\(browser.statusLine)")
    browser.press(.right, .character("c"))
    #expect(browser.scene.takeClipboardText()?.utf8.count == Clipboard.maximumBytes)
  }

  @Test func aClickFocusesAndASecondClickOnTheFocusedCardOpensIt() throws {
    let browser = try BrowserFixture(FixtureRows.text(40), columns: 40, rows: 12, layout: .list)
    // Row 3 of a list is the fourth record.
    func click(row: Int) {
      _ = browser.scene.handle(.mouse(MouseEvent(action: .press, column: 3, row: row)))
      _ = browser.scene.handle(.mouse(MouseEvent(action: .release, column: 3, row: row)))
      browser.draw()
    }
    click(row: 3)
    #expect(browser.focusedTitle == "r3")
    #expect(browser.scene.shownDetail == nil)
    click(row: 5)
    #expect(browser.focusedTitle == "r5")
    #expect(browser.scene.selectedRecords.isEmpty)
    click(row: 5)
    #expect(browser.scene.shownDetail?.record == 5)
    #expect(browser.lines[0].contains("record 6 of 40"))
  }

  @Test func aClickInTheTableFocusesTheRowAndTheFieldAndOnTheFocusedValueOpens() throws {
    let browser = try BrowserFixture(FixtureData.countries, columns: 60, rows: 12, layout: .table)
    let lines = browser.lines
    // The header row, then a row a record; the capital column is where its header is.
    let header = try #require(lines.firstIndex { $0.contains("capital") })
    let column = try #require(lines[header].range(of: "capital")).lowerBound
    let x = lines[header].distance(from: lines[header].startIndex, to: column) + 1
    let row = try #require(lines.firstIndex { $0.contains("Finland") })
    func click(column: Int, row: Int) {
      _ = browser.scene.handle(.mouse(MouseEvent(action: .press, column: column, row: row)))
      _ = browser.scene.handle(.mouse(MouseEvent(action: .release, column: column, row: row)))
      browser.draw()
    }
    click(column: x, row: row)
    #expect(browser.focusedTitle == "Finland")
    #expect(browser.scene.focusedField == 2, "the capital column")
    #expect(browser.scene.shownDetail == nil)
    click(column: x, row: row)
    #expect(browser.scene.shownDetail?.record == 2)
    browser.press(.escape)
    // A header focuses its field only.
    click(column: 1, row: header)
    #expect(browser.scene.focusedField == 0)
    #expect(browser.focusedTitle == "Finland")
    #expect(browser.scene.shownDetail == nil)
  }

  @Test func theDetailCopiesAndPagesAsTheCardsDo() throws {
    let notes = (1...60).map { "line \($0)" }.joined(separator: "\n")
    let browser = try BrowserFixture(
      "name,capital,notes\nX,Oslo,\"\(notes)\"\n", columns: 40, rows: 12)
    browser.press(.enter)
    browser.press(.character("c"))
    #expect(browser.scene.takeClipboardText() == "Oslo")
    #expect(browser.statusLine.contains("copied capital"), "\(browser.statusLine)")
    browser.press(.character("C"))
    #expect(browser.scene.takeClipboardText()?.hasPrefix(#"{"name":"X","capital":"Oslo""#) == true)
    // Nine rows of lines: Ctrl-D moves four, Ctrl-F eight, Ctrl-U and Ctrl-B back.
    let detail = try #require(browser.scene.shownDetail)
    browser.press(.control("d"))
    #expect(detail.scrollOffset == 4)
    browser.press(.control("f"))
    #expect(detail.scrollOffset == 12)
    browser.press(.control("u"), .control("b"))
    #expect(detail.scrollOffset == 0)
  }

  @Test func aRecordNotIndexedYetIsGoneToOnceItIs() throws {
    let base = try DataFile.open(text: FixtureRows.text(1000), name: "big.csv", format: .csv)
    let source = CountingSource(base, available: 100)
    let browser = BrowserFixture(
      source: source, configuration: try BrowserConfiguration(source: source), columns: 40,
      rows: 10)
    goTo(browser, "700")
    #expect(browser.statusLine.contains("going to record 700"), "\(browser.statusLine)")
    #expect(browser.focusedTitle == "r0")
    source.grow(to: 800)
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r699")
    // Past the end of a file that turns out shorter: its last record.
    goTo(browser, "5000")
    source.grow(to: 1000)
    source.finish()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.focusedTitle == "r999")
    // Once the file is read, out of range is refused.
    goTo(browser, "1001")
    #expect(browser.statusLine.contains("no record 1,001: records…"), "\(browser.statusLine)")
  }
}
