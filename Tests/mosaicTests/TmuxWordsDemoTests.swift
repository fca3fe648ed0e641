import Foundation
import MosaicTestSupport
import Testing

/// `mosaic demo words` in a real terminal: a word grabbed, carried and dropped by keys, a
/// letter typed to jump, and a word dragged with the mouse.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "tmux is not installed"))
struct TmuxWordsDemoTests {
  /// The status line (the last row that names the demo).
  func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { $0.contains("words") && $0.contains("│") }
      .map(String.init) ?? ""
  }

  /// The words of a row of one-row cells, each drawn "[word]".
  func cellWords(_ row: Substring) -> [String] {
    row.split(separator: " ").filter { $0.hasPrefix("[") }
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
  }

  @Test("m grabs a word, the arrows carry it, Enter drops it, a letter jumps")
  func grabMoveDropAndJump() throws {
    let run = try TmuxDemoTests.DemoRun(["demo", "words"], columns: 80, rows: 24)
    var screen = run.session.waitFor(text: "m moves")
    // The first words of A, in order: the focus starts on the first.
    #expect(statusLine(screen).contains("A 1"))
    let firstRow = try #require(screen.split(separator: "\n").dropFirst().first)
    let words = cellWords(firstRow)
    try #require(words.count >= 2, "first row: \(firstRow)")
    run.session.sendKeys("m")
    screen = run.session.waitFor(text: "Enter drops")
    run.session.sendKeys("Right")
    screen = run.session.waitFor(text: "A 2")
    run.session.sendKeys("Enter")
    screen = run.session.waitFor(text: "m moves")
    let after = try #require(screen.split(separator: "\n").dropFirst().first)
    #expect(
      after.range(of: words[1])!.lowerBound < after.range(of: words[0])!.lowerBound,
      "the first word now comes second: \(after)")
    #expect(statusLine(screen).contains("“\(words[0])” A 2"))
    // A letter jumps to its first word; Escape with nothing carried quits.
    run.session.sendKeys("t")
    screen = run.session.waitFor(text: " T 1")
    run.session.sendKeys("Escape")
    let (status, restored) = run.waitForExit()
    #expect(status == 0)
    #expect(restored.contains("icanon"))
  }

  @Test("Escape puts a carried word back and only a second Escape quits")
  func escapeCancels() throws {
    let run = try TmuxDemoTests.DemoRun(["demo", "words"], columns: 80, rows: 24)
    run.session.waitFor(text: "m moves")
    run.session.sendKeys("m")
    run.session.waitFor(text: "Enter drops")
    run.session.sendKeys("Down")
    run.session.sendKeys("Escape")
    let screen = run.session.waitFor(text: "m moves")
    #expect(statusLine(screen).contains("A 1"))
    run.session.sendKeys("q")
    #expect(run.waitForExit().status == 0)
  }

  @Test("a mouse drag carries a word and the release drops it")
  func mouseDrag() throws {
    let run = try TmuxDemoTests.DemoRun(["demo", "words"], columns: 80, rows: 24)
    let screen = run.session.waitFor(text: "m moves")
    let firstRow = try #require(screen.split(separator: "\n").dropFirst().first)
    let words = cellWords(firstRow)
    try #require(words.count >= 2, "first row: \(firstRow)")
    // SGR reports (1-based): press on the first word (column 3, row 2), drag to the second
    // (column 22), release there.
    run.session.sendLiteral("\u{1B}[<0;3;2M\u{1B}[<32;10;2M\u{1B}[<32;22;2M\u{1B}[<0;22;2m")
    let after = run.session.waitFor("the drop") { screen in
      guard let row = screen.split(separator: "\n").dropFirst().first,
        let a = row.range(of: words[0]), let b = row.range(of: words[1])
      else { return false }
      return b.lowerBound < a.lowerBound && self.statusLine(screen).contains("m moves")
    }
    #expect(statusLine(after).contains("A 2"))
    run.session.sendKeys("q")
    #expect(run.waitForExit().status == 0)
  }
}
