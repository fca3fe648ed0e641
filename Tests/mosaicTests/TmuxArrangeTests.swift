import Foundation
import MosaicTestSupport
import Testing

/// Sort, filter and sections in the real binary, in tmux: on the demo countries and on a
/// generated million-row CSV.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxArrangeTests {
  /// Starts the built `mosaic` with `arguments` in the package directory; see `MosaicPane`.
  func start(_ arguments: [String], columns: Int = 100, rows: Int = 30) throws -> TmuxSession {
    try MosaicPane.start(arguments, columns: columns, rows: rows)
  }

  /// Presses Tab `count` times (the focused field moves one field each).
  func tab(_ tmux: TmuxSession, _ count: Int) {
    for _ in 0..<count { tmux.sendKeys("Tab") }
  }

  /// Quits and expects status 0.
  func quit(_ tmux: TmuxSession) {
    tmux.sendKeys("q")
    let screen = tmux.waitFor("mosaic to exit") { $0.contains("mosaic-exit=") }
    #expect(screen.contains("mosaic-exit=0"), "\(screen)")
  }

  @Test func bracketSortsDescendingAndAgainReturnsToFileOrder() throws {
    // The cards show population first: it is the focused field.
    let tmux = try start([
      "demo-data/countries.csv", "--fields", "population,region", "--no-animation", "--layout",
      "cards",
    ])
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tmux.sendKeys("]")
    let sorted = tmux.waitFor(text: "population ▼")
    // A sort goes to the top: the most populous first, focused.
    #expect(sorted.contains("┃ China"), "\(sorted)")
    #expect(sorted.contains("India"), "\(sorted)")
    #expect(sorted.contains("population ▼: "), "\(sorted)")
    tmux.sendKeys("]")
    let back = tmux.waitFor(text: "file order")
    // File order is a new order too: back to its top.
    #expect(back.contains("┃ Afghanistan"), "\(back)")
    #expect(!back.contains("▼"))
    quit(tmux)
  }

  @Test func ampersandFiltersWithACountAndEscapeWhileTypingCancels() throws {
    let tmux = try start(["demo-data/countries.csv", "--no-animation"])
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tmux.sendKeys("&")
    for key in ["l", "a", "n", "d"] { tmux.sendKeys(key) }
    let filtered = tmux.waitFor(text: "& land▏: 29 of 249")
    #expect(filtered.contains("Åland Islands") || filtered.contains("Finland"), "\(filtered)")
    #expect(!filtered.contains("Afghanistan"))
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "& land: 29 of 249")
    // A second condition, a regular expression: names starting with "Fi" (and holding "land").
    tmux.sendKeys("&")
    tmux.sendKeys("Tab")
    for key in ["^", "F", "i"] { tmux.sendKeys(key) }
    let regex = tmux.waitFor(text: "& land  & /^Fi/▏: 1 of 249")
    #expect(regex.contains("Finland") && !regex.contains("Fiji"), "\(regex)")
    tmux.sendKeys("[")
    tmux.waitFor(text: "bad pattern")
    // Esc while typing goes back to the conditions before.
    tmux.sendKeys("Escape")
    tmux.waitFor(text: "& land: 29 of 249")
    // Esc on the cards takes the last condition away: every country again.
    tmux.sendKeys("Escape")
    tmux.waitFor("the filter to go") { !$0.contains("& land") && $0.contains("/249") }
    quit(tmux)
  }

  @Test func sGroupsByTheFocusedFieldAndAgainUngroups() throws {
    let tmux = try start(["demo-data/countries.csv", "--no-animation"])
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tab(tmux, 4)
    tmux.sendKeys("s")
    let grouped = tmux.waitFor(text: "─ Asia ─")
    #expect(grouped.contains("Afghanistan"))
    tmux.sendKeys("s")
    tmux.waitFor("the sections to go") { !$0.contains("─ Asia ─") && $0.contains("Afghanistan") }
    quit(tmux)
  }

  @Test func aMillionRowsSortAndFilterInTheBackground() throws {
    let path = try MillionRows.path()
    let tmux = try start(
      [path, "--fields", "amount,city", "--no-animation", "--layout", "cards"], columns: 120,
      rows: 40)
    defer { tmux.kill() }
    tmux.waitFor(text: "amount: 17196.83", timeout: 30)
    tmux.waitFor("indexing to end", timeout: 60) { !$0.contains("indexing") }
    tmux.sendKeys("]")
    tmux.waitFor(text: "amount ▼", timeout: 60)
    tmux.waitFor("the sort to end", timeout: 60) { !$0.contains("sorting") }
    tmux.sendKeys("Home")
    // The largest amount (computed by make-rows.py's seeded generator) heads the sorted cards.
    let top = tmux.waitFor(text: "amount ▼: 99999.94", timeout: 30)
    #expect(top.contains("99999.81"), "\(top)")
    tmux.sendKeys("&")
    for key in ["g", "i", "f", "t"] { tmux.sendKeys(key) }
    let count = try MillionRows.count(containing: "gift")
    tmux.waitFor(text: "& gift▏: \(count) of 1,000,000", timeout: 60)
    tmux.sendKeys("Enter")
    let kept = tmux.waitFor(text: "& gift: \(count) of 1,000,000")
    #expect(kept.contains("amount ▼"))
    quit(tmux)
  }
}
