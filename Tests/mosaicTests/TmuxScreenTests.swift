import Foundation
import MosaicTestSupport
import Testing

/// The terminal shows exactly what mosaic drew, after any key: the real `mosaic` in tmux with
/// its screen-dump hook on (`MOSAIC_SCREEN_DUMP`, docs/terminal.md), and after each step the
/// pane's text and styles (`capture-pane -p -e -N`) compared cell for cell with the screen
/// the scene drew into curses' window. Whatever the output path sends (curses' diff, scroll
/// regions, synchronized frames), the terminal must end on the drawn screen: scrolling,
/// paging, End and Home, resizing larger and smaller, every layout `v` reaches, animated and
/// not, in the cards and the table, on a million rows and on the demo data.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxScreenTests {
  /// One case: what mosaic is started with, in which terminal.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    /// The arguments after the data file (the million rows when `millionRows`).
    var arguments: [String]
    var millionRows = false
    /// Whether the data file is `WideRows`: wide glyphs and combining marks in every record.
    var wideRows = false
    var term = "screen"

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "cards, a million rows", arguments: [], millionRows: true),
    Case(
      name: "cards, a million rows, no animation", arguments: ["--no-animation"],
      millionRows: true),
    Case(
      name: "table, a million rows", arguments: ["--layout", "table"], millionRows: true,
      term: "tmux-256color"),
    Case(
      name: "table, a million rows, no animation",
      arguments: ["--layout", "table", "--no-animation"], millionRows: true),
    Case(name: "the bundled elements in sections", arguments: []),
    Case(
      name: "countries by region, no animation",
      arguments: ["demo-data/countries.csv", "--group-by", "region", "--no-animation"],
      term: "tmux-256color"),
    Case(
      name: "wide glyphs and combining marks, table", arguments: ["--layout", "table"],
      wideRows: true),
    Case(name: "wide glyphs and combining marks, cards", arguments: [], wideRows: true),
  ]

  @Test(arguments: cases) func theTerminalShowsWhatWasDrawn(_ testCase: Case) throws {
    var arguments = testCase.arguments
    if testCase.millionRows { arguments.append(try MillionRows.path()) }
    let wide = testCase.wideRows ? try WideRows() : nil
    defer { wide?.remove() }
    if let wide { arguments.append(wide.path) }
    let run = try DumpedRun(arguments, term: testCase.term, columns: 120, rows: 40)
    defer { run.close() }
    let first = try run.expectShownAsDrawn("the first screen")
    // Focus moves and scrolls: one Down, then enough to scroll a lot, then back up.
    try run.press("Down", "one Down")
    for _ in 0..<14 { run.session.sendKeys("Down") }
    let scrolled = try run.expectShownAsDrawn("fifteen Downs")
    #expect(scrolled.lines != first.lines, "fifteen Downs changed nothing")
    try run.press("Up", "Up")
    try run.press("PageDown", "PgDn")
    try run.press("PageDown", "a second PgDn")
    try run.press("PageUp", "PgUp")
    try run.press("C-f", "Ctrl-F")
    try run.press("C-b", "Ctrl-B")
    try run.press("End", "End")
    try run.press("Up", "Up from the end")
    try run.press("Home", "Home")
    // Larger, smaller, back: the whole screen is laid out again each time.
    try run.resize(columns: 150, rows: 50)
    try run.resize(columns: 72, rows: 20)
    try run.press("PageDown", "PgDn at 72 × 20")
    try run.resize(columns: 120, rows: 40)
    for _ in 0..<3 { run.session.sendKeys("Down") }
    try run.expectShownAsDrawn("three Downs after the resizes")
    // Every layout v reaches, scrolled in each, round to the first again.
    for turn in 1...4 {
      let layout = "layout \(turn % 4 + 1) of 4"
      try run.press("v", "v to \(layout)")
      try run.press("Down", "Down in \(layout)")
      try run.press("PageDown", "PgDn in \(layout)")
      try run.press("Up", "Up in \(layout)")
    }
    // Overlays over the content and back: the help, then a record's detail.
    try run.press("?", "? (the help)")
    try run.press("Escape", "Esc from the help")
    try run.press("Enter", "Enter (the detail)")
    try run.press("Escape", "Esc from the detail")
    run.session.sendKeys("q")
    #expect(MosaicPane.exitLine(run.session) == "mosaic-exit=0")
  }

  /// Proves the comparison can fail: a screen that differs from the dump by one cell's text,
  /// and one by one cell's style, are each reported.
  @Test func aDifferenceIsReported() throws {
    let dump = """
      mosaic-screen frame=3 columns=6 rows=2
      ab
      ┌─┐
      2*b/-1/-1 4*/-1/-1
      3*/2/-1 3*/-1/-1

      """
    let drawn = try #require(ShownScreen(dump: dump))
    #expect(drawn.frame == 3)
    let same = ShownScreen(
      tmuxCapture: "\u{1B}[1mab\u{1B}[0m    \n\u{1B}[32m┌─┐\u{1B}[39m   \n")
    #expect(drawn.differences(from: same).isEmpty, "\(drawn.differences(from: same))")
    let otherText = ShownScreen(tmuxCapture: "\u{1B}[1mab\u{1B}[0m    \n\u{1B}[32m┌ ┐\u{1B}[39m\n")
    #expect(drawn.differences(from: otherText).contains("row 1 shown:  \"┌ ┐\""))
    let otherStyle = ShownScreen(tmuxCapture: "\u{1B}[1mab\u{1B}[0m    \n┌─┐   \n")
    #expect(
      drawn.differences(from: otherStyle).first
        == "row 1 cell 0 (\"┌\"): drawn in style /2/-1, shown in /-1/-1")
    // Bold, dim and the foreground do not show on a blank: curses may clear one with an erase.
    let boldBlanks = try #require(
      ShownScreen(dump: "mosaic-screen frame=1 columns=3 rows=1\nx\n1*/-1/-1 2*bd/3/-1\n"))
    #expect(boldBlanks.differences(from: ShownScreen(tmuxCapture: "x  \n")).isEmpty)
    #expect(!boldBlanks.differences(from: ShownScreen(tmuxCapture: "x\u{1B}[7m  \n")).isEmpty)
  }
}
