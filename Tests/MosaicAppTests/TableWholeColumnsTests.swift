import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The table never shows fragments (issue 22): a column is shown whole or not at all beside the
/// pinned title column, cut with "…" at the right edge only, with ◀ ▶ saying that columns lie
/// off-screen; a resize brings the focused column back and a wider screen is filled.
@MainActor @Suite struct TableWholeColumnsTests {
  /// The flights in the table.
  static let rowCount = 40
  /// A 19-column table of `rowCount` flights.
  static let csv = WideFlights.csv(rows: rowCount)

  func makeTable(columns: Int, rows: Int = 12) throws -> BrowserFixture {
    try BrowserFixture(Self.csv, columns: columns, rows: rows, layout: .table)
  }

  /// What a table screen shows: the title column's width (through its rule and blank), and
  /// each column header after it with where it starts.
  struct Header {
    var titleColumns: Int
    var cells: [(start: Int, text: String)]
    var hasLeftHint: Bool
    var hasRightHint: Bool
  }

  /// Reads the header row of `line` (every glyph one column wide).
  static func header(_ line: String) -> Header? {
    let glyphs = Array(line)
    guard let rule = glyphs.firstIndex(where: { $0 == "│" || $0 == "◀" }) else { return nil }
    let titleColumns = rule + 2
    var cells: [(Int, String)] = []
    var index = titleColumns
    var hasRight = false
    while index < glyphs.count {
      if glyphs[index] == " " {
        index += 1
        continue
      }
      let start = index
      while index < glyphs.count && glyphs[index] != " " { index += 1 }
      var text = String(glyphs[start..<index])
      if text.hasSuffix("▶") && index == glyphs.count {
        hasRight = true
        text.removeLast()
      }
      if !text.isEmpty { cells.append((start, text)) }
    }
    return Header(
      titleColumns: titleColumns, cells: cells, hasLeftHint: glyphs[rule] == "◀",
      hasRightHint: hasRight)
  }

  /// Expects no fragment on `browser`'s screen: the first column after the title starts at the
  /// title's edge, every header is a whole field name (or the last, cut with "…" at the right
  /// edge), and each value of the first row lies in its header's column and is one record's
  /// whole value (or, in the last column, its start and "…").
  static func expectWhole(
    _ browser: BrowserFixture, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = browser.lines
    guard let header = Self.header(lines[0]) else {
      Issue.record("no header row in \(what):\n\(browser.text)", sourceLocation: sourceLocation)
      return
    }
    let screen = "\(what):\n\(browser.text)"
    #expect(lines[0].hasPrefix("year"), "\(screen)", sourceLocation: sourceLocation)
    guard let first = header.cells.first else {
      Issue.record("no column beside the title, \(screen)", sourceLocation: sourceLocation)
      return
    }
    #expect(
      first.start == header.titleColumns, "the left edge is a column boundary, \(screen)",
      sourceLocation: sourceLocation)
    // The columns on show are consecutive fields from the first one beside the title.
    let names = WideFlights.names
    guard let firstField = names.firstIndex(of: first.text) else {
      Issue.record(
        "the first column's header \"\(first.text)\" is no whole name, \(screen)",
        sourceLocation: sourceLocation)
      return
    }
    /// Whether `shown` is `whole`, or (when it may be cut) its start cut with "…".
    func isWhole(_ shown: String, _ whole: String, mayBeCut: Bool) -> Bool {
      shown == whole || (mayBeCut && shown.hasSuffix("…") && whole.hasPrefix(shown.dropLast()))
    }
    for (position, cell) in header.cells.enumerated() {
      let field = firstField + position
      #expect(
        field < names.count
          && isWhole(cell.text, names[field], mayBeCut: position == header.cells.count - 1),
        "header \"\(cell.text)\" is not a whole name, \(screen)", sourceLocation: sourceLocation)
    }
    // The first row: its values one per column, in the headers' order, whole (the last may be
    // cut with "…"), all one record's.
    let glyphs = Array(lines[1])
    let values = String(glyphs[header.titleColumns...]).split(separator: " ").map(String.init)
    let matches = (0..<rowCount).contains { row in
      let record = WideFlights.values(row)
      return values.count >= header.cells.count
        && values.enumerated().allSatisfy { position, text in
          firstField + position < record.count
            && isWhole(text, record[firstField + position], mayBeCut: position == values.count - 1)
        }
    }
    #expect(
      matches, "the first row's values are a record's, whole, \(screen)",
      sourceLocation: sourceLocation)
    // Nothing between the title's rule and the first column.
    let gap = String(glyphs[(header.titleColumns - 1)..<first.start])
    #expect(gap.allSatisfy { $0 == " " }, "\(screen)", sourceLocation: sourceLocation)
  }

  @Test(
    "walking the focus over every column at several widths shows no fragment",
    arguments: [60, 80, 120])
  func everyColumnPosition(width: Int) throws {
    let browser = try makeTable(columns: width)
    Self.expectWhole(browser, "at first, \(width) wide")
    let names = WideFlights.names
    for step in 1..<names.count {
      browser.press(.right)
      Self.expectWhole(browser, "\(step) columns right, \(width) wide")
      #expect(
        browser.lines[0].contains(names[min(step + 1, names.count - 1)])
          || browser.lines[0].contains(names[step]), "the focused column shows")
    }
    let header = try #require(Self.header(browser.lines[0]))
    #expect(header.cells.last?.text == "time_hour", "the last column, whole:\n\(browser.text)")
    #expect(!header.hasRightHint, "nothing lies beyond the last column")
    #expect(header.hasLeftHint || width >= 200, "◀: columns off-screen on the left")
    for step in 1..<names.count {
      browser.press(.left)
      Self.expectWhole(browser, "\(step) columns back, \(width) wide")
    }
    let back = try #require(Self.header(browser.lines[0]))
    #expect(!back.hasLeftHint, "back at the start:\n\(browser.text)")
    #expect(back.hasRightHint, "▶: columns off-screen on the right:\n\(browser.text)")
  }

  @Test("Down over rows that widen the columns keeps the edge on a boundary")
  func wideningKeepsWholeColumns() throws {
    let browser = try makeTable(columns: 70)
    for _ in 0..<10 { browser.press(.right) }
    for _ in 0..<30 {
      browser.press(.down)
      Self.expectWhole(browser, "scrolling down")
    }
    browser.press(.end)
    Self.expectWhole(browser, "End")
    browser.press(.pageUp)
    Self.expectWhole(browser, "Page Up")
  }

  /// Draws `browser`'s scene on a new screen `columns` wide (a resize) and returns its text.
  func draw(_ browser: BrowserFixture, columns: Int, rows: Int = 12) -> [String] {
    let screen = MemorySurface(columns: columns, rows: rows)
    screen.clear(style: .plain)
    browser.scene.draw(into: screen)
    return screen.lines
  }

  @Test("a resize brings the focused column back, and a wider screen is filled again")
  func resize() throws {
    let browser = try makeTable(columns: 120)
    for _ in 1..<WideFlights.names.count { browser.press(.right) }
    let wide = browser.lines
    #expect(wide[0].contains("time_hour"), "\(browser.text)")
    for columns in [60, 45, 90] {
      let narrow = draw(browser, columns: columns)
      let header = try #require(Self.header(narrow[0]))
      #expect(
        header.cells.last?.text == "time_hour",
        "the focused last column on screen at \(columns):\n\(narrow.joined(separator: "\n"))")
      #expect(header.cells.first?.start == header.titleColumns)
    }
    // Back to 120: the same screen as before, not the narrow one's columns and blank space.
    let again = draw(browser, columns: 120)
    #expect(again == wide, "\(again.joined(separator: "\n"))")
    // The focus on the first columns, a narrow screen grown keeps them.
    for _ in 1..<WideFlights.names.count { browser.press(.left) }
    let start = draw(browser, columns: 50)
    #expect(start[0].hasPrefix("year"))
    #expect(start[0].contains("month"), "\(start.joined(separator: "\n"))")
  }
}
