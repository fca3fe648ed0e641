import Foundation
import MosaicTestSupport
import Testing

/// The `/` and `&` prompts edit like a shell line (Ctrl-U, Ctrl-W, Ctrl-A, Ctrl-E, ← →) and
/// keep a history across runs in `$XDG_STATE_HOME/mosaic/` that ↑ ↓ go through (issue 22,
/// item 8), end to end in tmux.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxPromptTests {
  /// The status bar of `screen`.
  static func bar(_ screen: String) -> String { MosaicPane.statusBar(screen) }

  @Test func theSearchLineEditsLikeAShellLine() throws {
    let path = try TmuxColumnsTests.flights()
    let state = try ScratchDirectory("mosaic-prompt-state")
    let browse = TmuxBrowseTests()
    let tmux = try browse.start(
      [path], columns: 120, rows: 30, environment: ["XDG_STATE_HOME": state.url.path])
    defer { tmux.kill() }
    tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/300") }
    tmux.sendKeys("/")
    tmux.sendLiteral("UA JFK")
    tmux.waitFor(text: "/UA JFK▏")
    tmux.sendKeys("C-w")
    tmux.waitFor("the word deleted") { Self.bar($0).contains("/UA ▏") }
    tmux.sendLiteral("N14230")
    tmux.waitFor(text: "/UA N14230▏")
    tmux.sendKeys("C-a")
    tmux.waitFor(text: "/▏UA N14230")
    tmux.sendKeys("Right")
    tmux.waitFor(text: "/U▏A N14230")
    tmux.sendKeys("C-e")
    tmux.waitFor(text: "/UA N14230▏")
    for _ in 0..<6 { tmux.sendKeys("Left") }
    tmux.waitFor(text: "/UA ▏N14230")
    tmux.sendKeys("C-u")
    tmux.waitFor(text: "/▏N14230")
    // The query is N14230 now: the one record with that tail number.
    tmux.sendKeys("Enter")
    let found = tmux.waitFor(text: "/N14230 1/1")
    #expect(found.contains("N14230"), "\(found)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func theConditionLineEditsAndItsHistoryOutlivesTheRun() throws {
    let path = try TmuxColumnsTests.flights()
    let state = try ScratchDirectory("mosaic-prompt-state")
    let environment = ["XDG_STATE_HOME": state.url.path]
    let browse = TmuxBrowseTests()
    let first = try browse.start([path], columns: 120, rows: 30, environment: environment)
    defer { first.kill() }
    first.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/300") }
    first.sendKeys("&")
    first.sendLiteral("carrier = 'UA'")
    first.sendKeys("C-a")
    first.sendKeys("C-u")
    // Ctrl-U at the start deletes nothing (nothing is before the cursor).
    first.waitFor(text: "& ▏carrier = 'UA'")
    first.sendKeys("C-e")
    first.waitFor(text: "& carrier = 'UA'▏")
    first.sendKeys("C-w")
    first.waitFor(text: "& carrier = ▏")
    first.sendLiteral("'DL'")
    first.sendKeys("Enter")
    first.waitFor(text: "75 of 300")
    first.sendKeys("/")
    first.sendLiteral("N14230")
    first.sendKeys("Enter")
    first.waitFor(text: "/N14230")
    first.sendKeys("q")
    browse.expectExit(first)
    let saved = try String(
      contentsOfFile: state.path("mosaic/filter-history"), encoding: .utf8)
    #expect(saved == "carrier = 'DL'\n", "the history file: \(saved)")

    // A second run: ↑ brings the lines back.
    let second = try browse.start([path], columns: 120, rows: 30, environment: environment)
    defer { second.kill() }
    second.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/300") }
    second.sendKeys("&")
    second.sendKeys("Up")
    second.waitFor(text: "& carrier = 'DL'▏")
    second.sendKeys("Down")
    second.waitFor("back to the empty line") { Self.bar($0).contains("& ▏") }
    second.sendKeys("Up")
    second.sendKeys("Enter")
    second.waitFor(text: "75 of 300")
    second.sendKeys("/")
    second.sendKeys("Up")
    second.waitFor(text: "/N14230▏")
    second.sendKeys("Escape")
    second.sendKeys("q")
    browse.expectExit(second)
  }
}
