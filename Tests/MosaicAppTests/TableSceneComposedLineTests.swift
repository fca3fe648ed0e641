import Foundation
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
    expectValueByValue(browser.scene, on: browser.screen, step, sourceLocation: sourceLocation)
  }

  /// Fails unless `screen`, as `scene` drew it, equals the screen `scene` draws again with every
  /// row drawing its values one by one.
  func expectValueByValue(
    _ scene: BrowserScene, on screen: MemorySurface, _ step: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let plain = MemorySurface(columns: screen.columns, rows: screen.rows)
    scene.table.rowsMayComposeLines = false
    scene.draw(into: plain)
    scene.table.rowsMayComposeLines = true
    let rows = (0..<plain.rows).filter { row in
      (0..<plain.columns).contains { plain[$0, row] != screen[$0, row] }
    }
    let styles = screen.attributeLines.joined(separator: "\n")
    #expect(
      rows.isEmpty,
      """
      after \(step), rows \(rows) differ from the rows drawn value by value:
      \(screen.text)
      value by value:
      \(plain.text)
      \(styles)
      """,
      sourceLocation: sourceLocation)
  }

  /// Does `action`, shows the arrangement it started once worked out, and checks the screen
  /// then and after each of `downs` Downs: the rows the action gave other records or values
  /// (and the rows reused after it) must not put a line composed before it.
  func expectValueByValue(
    _ browser: BrowserFixture, after step: String, downs: Int = 3,
    sourceLocation: SourceLocation = #_sourceLocation, _ action: () throws -> Void
  ) rethrows {
    try action()
    browser.scene.stagedArrangement?.arranger.waitUntilComplete()
    browser.scene.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    expectValueByValue(browser, step, sourceLocation: sourceLocation)
    for down in 0..<downs {
      browser.press(.down)
      expectValueByValue(
        browser, "\(step), then Down \(down + 1)", sourceLocation: sourceLocation)
    }
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

  // MARK: Actions that give rows other records or values

  /// The rows' titles (the pinned column's text), top to bottom, under the header row.
  func titles(_ browser: BrowserFixture) -> [String] {
    browser.lines.dropFirst().dropLast().compactMap { line in
      line.split(separator: "│", maxSplits: 1).first.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
  }

  @Test(arguments: [34, 80])
  func sortingGivesTheRowsOtherRecordsAndTheirLinesAreComposedAgain(columns: Int) throws {
    let browser = try BrowserFixture(Self.mixed, columns: columns, rows: 9, layout: .table)
    // End and Home widen the columns to every value first: a line composed before the sort
    // is then still current but for its record, which only the sort changed.
    browser.press(.end, .home, .down, .down)
    let before = titles(browser)
    try expectValueByValue(browser, after: "] on n (descending)") {
      browser.press(.character("]"))
    }
    #expect(titles(browser) != before, "the rows show other records:\n\(browser.text)")
    #expect(browser.statusLine.contains("n ▼"), "\(browser.statusLine)")
    try expectValueByValue(browser, after: "[ on n (ascending)") { browser.press(.character("[")) }
    try expectValueByValue(browser, after: "[ again (file order)") {
      browser.press(.character("["))
      #expect(browser.statusLine.contains("file order"), "\(browser.statusLine)")
    }
    browser.press(.pageDown, .right)
    try expectValueByValue(browser, after: "[ on city") {
      browser.press(.character("["))
    }
    #expect(browser.statusLine.contains("city ▲"), "\(browser.statusLine)")
  }

  @Test func filteringGivesTheRowsOtherRecordsAndTheirLinesAreComposedAgain() throws {
    let browser = try BrowserFixture(Self.mixed, columns: 47, rows: 9, layout: .table)
    // End and Home widen the columns to every value first, so that only the filter changes
    // what a line composed before it shows (the filter's rows would widen them too).
    browser.press(.end, .home, .down, .down)
    try expectValueByValue(browser, after: "& and Z typed (filtering as typed)", downs: 0) {
      browser.press(.character("&"))
      browser.type("Z")
    }
    #expect(titles(browser).first != "r1", "the filter dropped rows:\n\(browser.text)")
    try expectValueByValue(browser, after: "ür typed and Enter") {
      browser.type("ür")
      browser.press(.enter)
    }
    #expect(browser.scene.dataSource.index.totalCount == 13, "Zürich's rows")
    #expect(!browser.text.contains("Cork"), "only Zürich's rows:\n\(browser.text)")
    try expectValueByValue(browser, after: "another filter (6)") {
      // Backspace on the new, empty line takes the last condition (ür) away.
      browser.press(.character("&"), .backspace)
      browser.type("6")
      browser.press(.enter)
    }
    #expect(browser.statusLine.contains("& 6"), "\(browser.statusLine)")
    try expectValueByValue(browser, after: "Esc (the filter cleared)") { browser.press(.escape) }
    #expect(!browser.statusLine.contains("&"), "\(browser.statusLine)")
  }

  /// The mixed rows with a field of three values to group by, its sections long enough to
  /// scroll through on a screen of nine rows.
  static let kinds =
    "name,kind,n,city,long\n"
    + (1...40).map { row in
      let name = row % 5 == 0 ? "Ærø\(row)" : row % 7 == 0 ? "a-long-title-\(row)-cut" : "r\(row)"
      let kind = ["alpha", "beta", "gämma"][row % 3]
      let long = String(repeating: row % 4 == 0 ? "é" : "x", count: 20 + row)
      return "\(name),\(kind),\(row * 37),\(row % 3 == 0 ? "Zürich" : "Cork\(row)"),\(long)\n"
    }.joined()

  @Test func sectionsWithPinnedHeadersComposeTheLinesOfTheirRows() throws {
    let browser = try BrowserFixture(
      Self.kinds, columns: 47, rows: 9, groupBy: "kind", layout: .table)
    #expect(browser.lines[1].hasPrefix("─ beta"), "a section header row:\n\(browser.text)")
    expectValueByValue(browser, "the first frame, grouped by --group-by")
    for step in 1...16 {
      browser.press(.down)
      expectValueByValue(browser, "Down \(step) through the sections, their headers pinned")
    }
    try expectValueByValue(browser, after: "a Page Down") { browser.press(.pageDown) }
    try expectValueByValue(browser, after: "} (the next section)") {
      browser.press(.character("}"))
    }
    // s groups by the focused field (n: a section a record) instead, again ungroups; on
    // another field (city) it groups by that one.
    try expectValueByValue(browser, after: "s on n (grouped by n instead)") {
      browser.press(.character("s"))
    }
    #expect(
      browser.text.contains("─ ") && !browser.text.contains("─ beta")
        && !browser.text.contains("─ gämma"), "sections by n:\n\(browser.text)")
    try expectValueByValue(browser, after: "s on n again (ungrouped)") {
      browser.press(.character("s"))
    }
    #expect(!browser.text.contains("─ "), "no sections:\n\(browser.text)")
    try expectValueByValue(browser, after: "s on city (grouped by city)") {
      browser.press(.right, .character("s"))
    }
    #expect(browser.text.contains("─ Zürich"), "sections by city:\n\(browser.text)")
  }

  @Test func aFileTruncatedOnDiskAndReloadedComposesTheLinesAgain() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-composed-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Self.mixed.write(toFile: path, atomically: false, encoding: .utf8)
    let open = {
      let source = try DataFile.open(path: path, name: "t.csv")
      try source.waitUntilComplete()
      let scene = BrowserScene(
        source: source,
        configuration: try BrowserConfiguration(source: source, layoutStyle: .table))
      scene.arranger.waitUntilComplete()
      return scene
    }
    let host = BrowserHost(browser: try open(), reopen: open)
    let screen = MemorySurface(columns: 47, rows: 9)
    func draw() {
      screen.clear(style: .plain)
      host.draw(into: screen)
    }
    func press(_ key: Key, _ step: String) {
      _ = host.handle(.key(key))
      draw()
      expectValueByValue(host.browser!, on: screen, step)
    }
    draw()
    press(.down, "a Down")
    press(.down, "another")
    let first = try #require(host.browser)
    // The header and three records stay: the rows below show their records, now empty.
    let kept = Self.mixed.split(separator: "\n").prefix(4).map { $0 + "\n" }.joined()
    #expect(truncate(path, off_t(kept.utf8.count)) == 0)
    // The file is looked at every 250 ms at most: after that, the next frame sees the change.
    usleep(300_000)
    draw()
    #expect(screen.lines.last!.contains("file truncated on disk"), "\(screen.text)")
    #expect(screen.lines[3].contains("r3"), "a record still in the file:\n\(screen.text)")
    #expect(!screen.lines[4].contains("r4"), "a record past the end is empty:\n\(screen.text)")
    expectValueByValue(first, on: screen, "the file truncated on disk")
    for step in 1...3 { press(.down, "the file truncated, then Down \(step)") }
    // Rewritten with other values, then reloaded with r: the host opens a new scene (new rows,
    // nothing kept from the old ones) with the old one's column widths.
    try Self.kinds.write(toFile: path, atomically: false, encoding: .utf8)
    press(.character("r"), "r (reloaded)")
    #expect(host.browser !== first, "r reopened the file")
    #expect(screen.lines[0].hasPrefix("name"), "\(screen.text)")
    #expect(screen.text.contains("beta"), "the reloaded file's values:\n\(screen.text)")
    for step in 1...3 { press(.down, "reloaded, then Down \(step)") }
    press(.pageDown, "reloaded, then Page Down")
  }

  @Test func aGlideToTheNextMatchComposesTheLinesWhereItEnds() throws {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    View.setAnimationsEnabled(true)
    // Jumps glide with --smooth-scroll only.
    let browser = try BrowserFixture(
      Self.mixed, columns: 47, rows: 9, layout: .table, smoothScrolling: true)
    // End and Home (at once: no clock yet) widen the columns to every value first, so that only
    // the rows' records change under the glide (the rows it ends on would widen them too).
    browser.press(.end, .home, .down)
    let clock = ManualAnimationClock()
    browser.scene.collectionView.animationClock = clock
    // A search settled on screen: its rows put composed lines, r3 a match.
    browser.type("/c3")
    browser.press(.enter)
    clock.advance(by: CollectionView.defaultAnimationDuration)
    browser.draw()
    browser.draw()
    #expect(!browser.scene.isAnimating)
    expectValueByValue(browser, "the search, settled")
    // n glides to the next match, the 30th record (c30), three screens further on.
    browser.press(.character("n"))
    #expect(browser.scene.isAnimating, "the jump to the next match glides")
    let start = browser.text
    clock.advance(by: CollectionView.defaultAnimationDuration / 2)
    browser.draw()
    #expect(browser.scene.isAnimating)
    #expect(browser.text != start, "a step of the glide:\n\(browser.text)")
    expectValueByValue(browser, "half way through the glide")
    try expectValueByValue(browser, after: "the glide's end") {
      clock.advance(by: CollectionView.defaultAnimationDuration)
      browser.draw()
      // A completion runs at the first frame at or after the end.
      browser.draw()
    }
    #expect(!browser.scene.isAnimating)
    #expect(browser.text.contains("Ærø30"), "\(browser.text)")
  }
}
