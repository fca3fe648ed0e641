import MosaicApp
import MosaicCollection
import MosaicTestSupport
import Testing

/// The `sheet` demo on an 80 × 24 in-memory screen: its first screen, and the pinned header
/// row and column wherever the focus takes the view.
@Suite @MainActor struct SheetDemoTests {
  /// The demo drawn once more after `keys`.
  static func screen(after keys: [Key] = [], rows: Int = 1_000_000) -> (SheetDemo, MemorySurface) {
    let demo = SheetDemo(rows: rows)
    let surface = MemorySurface(columns: 80, rows: 24)
    demo.draw(into: surface)
    for key in keys { _ = demo.handle(.key(key)) }
    demo.draw(into: surface)
    return (demo, surface)
  }

  /// What the screen must show wherever it is scrolled: the column letters on the top row, in
  /// order, right of the corner; a row number at the left of every other row, consecutive;
  /// and under each letter, on each row, the product of the row and the column number (a
  /// column cut by the screen's right edge, or by the row numbers, may show part of its value).
  ///
  /// Returns the first row and the first column letter shown, or nil after recording why not.
  @discardableResult
  static func checkSheet(
    _ surface: MemorySurface, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (row: Int, column: Character)? {
    let lines = Array(surface.lines.dropLast())  // the last row is the status bar
    let header = lines[0]
    #expect(header.hasPrefix("        │"), "corner", sourceLocation: sourceLocation)
    let letters = header.dropFirst(9).split(separator: " ").map { Character(String($0)) }
    let numbers = letters.compactMap { $0.asciiValue.map { Int($0) - 64 } }
    guard let first = numbers.first, numbers == Array(first..<first + numbers.count) else {
      Issue.record("column letters not in order: \(header)", sourceLocation: sourceLocation)
      return nil
    }
    var firstRow: Int?
    for (index, line) in lines.dropFirst().enumerated() {
      let parts = line.split(separator: "│", maxSplits: 1)
      guard parts.count == 2, let row = Int(parts[0].filter { $0 != " " }) else {
        Issue.record("no row number: \(line)", sourceLocation: sourceLocation)
        return nil
      }
      if firstRow == nil { firstRow = row }
      #expect(row == firstRow! + index, "row numbers consecutive", sourceLocation: sourceLocation)
      var values = parts[1].split(separator: " ").map(String.init)
      var expected = numbers.map { String(row * $0) }
      // A column cut by the right edge shows the start of its value or none of it, with or
      // without its letter; one cut by the row numbers shows the end of its value.
      let nextValue = String(row * (numbers.last! + 1))
      let previousValue = String(row * (first - 1))
      if values.count > expected.count, let last = values.last, nextValue.hasPrefix(last) {
        values.removeLast()
      }
      if values.count > expected.count, let head = values.first, previousValue.hasSuffix(head) {
        values.removeFirst()
      }
      if values.count == expected.count - 1 { expected.removeLast() }
      if let last = values.last, let full = expected.last, last != full, full.hasPrefix(last) {
        values[values.count - 1] = full
      }
      if let head = values.first, let full = expected.first, head != full, full.hasSuffix(head) {
        values[0] = full
      }
      #expect(values == expected, "row \(row): \(line)", sourceLocation: sourceLocation)
    }
    return firstRow.map { ($0, letters[0]) }
  }

  @Test func firstScreen() {
    let (_, surface) = Self.screen()
    let expected = """
              │     A          B          C          D          E          F
            1 │         1          2          3          4          5          6
            2 │         2          4          6          8         10         12
            3 │         3          6          9         12         15         18
            4 │         4          8         12         16         20         24
            5 │         5         10         15         20         25         30
            6 │         6         12         18         24         30         36
            7 │         7         14         21         28         35         42
            8 │         8         16         24         32         40         48
            9 │         9         18         27         36         45         54
           10 │        10         20         30         40         50         60
           11 │        11         22         33         44         55         66
           12 │        12         24         36         48         60         72
           13 │        13         26         39         52         65         78
           14 │        14         28         42         56         70         84
           15 │        15         30         45         60         75         90
           16 │        16         32         48         64         80         96
           17 │        17         34         51         68         85        102
           18 │        18         36         54         72         90        108
           19 │        19         38         57         76         95        114
           20 │        20         40         60         80        100        120
           21 │        21         42         63         84        105        126
           22 │        22         44         66         88        110        132
       sheet │ A1 = 1 × 1 = 1 │ 1,000,000 × 26 │ ? keys · q quits
      """
    #expect(Snapshot.diff(surface, expected) == nil, "\(Snapshot.diff(surface, expected) ?? "")")
    Self.checkSheet(surface)
  }

  @Test func headersStayAtTheTopAndLeftAfterScrollingRightAndDown() {
    let keys = Array(repeating: Key.down, count: 40) + Array(repeating: Key.right, count: 9)
    let (demo, surface) = Self.screen(after: keys)
    #expect(demo.focus == (41, 10))
    let shown = Self.checkSheet(surface)
    // The focused J41 is on screen, clear of the headers, against the right edge; D is cut by
    // the row numbers, so E is the first letter shown.
    #expect(shown?.row == 41 - 21 && shown?.column == "E")
    #expect(
      surface.lines.last?.hasPrefix(" sheet │ J41 = 41 × 10 = 410 │ 1,000,000 × 26 │") == true)
  }

  @Test(arguments: [
    ([Key.end], 1_000_000 - 21),
    ([Key.pageDown, .pageDown], 45),
    ([Key.end, .pageUp, .home], 1),
    ([Key.end] + Array(repeating: Key.right, count: 30), 1_000_000 - 21),
  ])
  func headersStayPinnedAfterPagesAndJumps(keys: [Key], firstRow: Int) {
    let (_, surface) = Self.screen(after: keys)
    #expect(Self.checkSheet(surface)?.row == firstRow)
  }

  @Test func focusStopsAtTheEdgesAndNeverEntersTheHeaders() {
    let (demo, _) = Self.screen(after: [.up, .left, .left], rows: 3)
    #expect(demo.focus == (1, 1))
    demo.setFocus(row: 99, column: 99)
    #expect(demo.focus == (3, 26))
    // A click on a row number or a column letter leaves the focus where it was.
    let surface = MemorySurface(columns: 80, rows: 24)
    demo.setFocus(row: 2, column: 2)
    demo.draw(into: surface)
    _ = demo.handle(.mouse(MouseEvent(action: .press, column: 2, row: 2)))
    _ = demo.handle(.mouse(MouseEvent(action: .press, column: 30, row: 0)))
    #expect(demo.focus == (2, 2))
    // A click on a value focuses it. Focusing B2 scrolled back just far enough to show B
    // whole, so B is the first column shown (screen columns 9…19) and 22 is in C.
    _ = demo.handle(.mouse(MouseEvent(action: .press, column: 9 + 11 + 2, row: 3)))
    #expect(demo.focus == (3, 3))
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 3, section: 3))
  }

  @Test func aResizeKeepsTheFocusedValueInViewClearOfTheHeaders() {
    let keys = Array(repeating: Key.down, count: 40) + Array(repeating: Key.right, count: 9)
    let (demo, _) = Self.screen(after: keys)
    // J41 is at the bottom right; a screen 30 columns narrower and 10 rows shorter must
    // scroll the least that keeps it: J against the right edge, G cut by the row numbers.
    _ = demo.handle(.resize(columns: 50, rows: 14))
    let surface = MemorySurface(columns: 50, rows: 14)
    demo.draw(into: surface)
    #expect(Self.checkSheet(surface)?.row == 41 - 11)
    #expect(surface.lines[12].hasPrefix("     41 │"))
    #expect(surface.lines[0] == "        │  G          H          I          J     ")
    #expect(demo.focus == (41, 10))
  }

  @Test func onlyTheVisibleCellsAreEverMade() {
    let (demo, _) = Self.screen(after: Array(repeating: .pageDown, count: 50) + [.end, .home])
    // 23 rows of 1 + 7 columns (a partial one) on an 80 × 24 screen.
    #expect(demo.collectionView.statistics.maxLiveViews <= 23 * 8)
  }

  @Test func quitsOnQ() {
    let (demo, _) = Self.screen()
    #expect(demo.handle(.key(.character("q"))) == .quit)
    #expect(demo.handle(.key(.character("x"))) == .continue)
  }
}
