import Foundation
import MosaicTestSupport
import Testing

/// `mosaic demo diffable` in a real terminal: typing narrows the list as each snapshot is applied.
/// The expected words were read off the demo's word list independently (a Python one-liner over
/// TagWords.swift: 288 words, of which "layout" and "delay" contain "lay").
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "tmux is not installed"))
struct TmuxDiffableDemoTests {
  @Test func typingNarrowsTheListAndEscapeWidensItAgain() throws {
    let run = try TmuxDemoTests.DemoRun(["demo", "diffable"])
    var screen = run.session.waitFor(text: "288 of 288 words")
    #expect(screen.contains("terminal"), "\(screen)")
    run.session.sendKeys("/")
    run.session.waitFor(text: "filter: ▏")
    run.session.sendLiteral("la")
    screen = run.session.waitFor("the list narrowed to words with \"la\"") {
      $0.contains("filter: la▏") && !$0.contains("terminal") && $0.contains("layout")
    }
    run.session.sendLiteral("y")
    // The status line changes with the snapshot; the removed cells fade out over the animation
    // after it, so the list is read once the last of them ("latency") has gone.
    screen = run.session.waitFor("only layout and delay") {
      $0.contains("2 of 288 words") && $0.contains("layout") && $0.contains("delay")
        && !$0.contains("binary") && !$0.contains("latency")
    }
    #expect(screen.contains("D · 1 word") && screen.contains("L · 1 word"), "\(screen)")
    #expect(!screen.contains("A · "), "letters with no match are gone:\n\(screen)")
    // Backspace widens again; Enter keeps the filter and stops typing, so q quits after Esc.
    run.session.sendKeys("BSpace")
    run.session.waitFor("the filter back to \"la\"") {
      $0.contains("filter: la▏") && !$0.contains("2 of 288")
    }
    run.session.sendKeys("Escape")
    run.session.waitFor("every word back, \"terminal\" among them") {
      $0.contains("288 of 288 words") && $0.contains("terminal")
    }
    run.session.sendKeys("q")
    let (status, _) = run.waitForExit()
    #expect(status == 0)
  }
}
