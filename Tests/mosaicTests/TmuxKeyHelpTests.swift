import Foundation
import MosaicTestSupport
import Testing

/// `?` on every screen of the real binary in tmux: the help lists that screen's keys over it,
/// and Esc closes the help back to that screen, not to the cards.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxKeyHelpTests {
  @Test func questionMarkInTheFrequencyTableAndTheDetailGoesBackToThem() throws {
    let tmux = try MosaicPane.start(["demo-data/countries.csv"], columns: 100, rows: 30)
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tmux.sendKeys("F")
    let counts = tmux.waitFor("the counts") {
      $0.contains(" values · ") && !$0.contains("counting")
    }
    tmux.sendKeys("?")
    let help = tmux.waitFor(text: "Frequency table")
    #expect(help.contains("add as a condition"), "\(help)")
    #expect(!help.contains("sort by field"), "the cards' keys are not the table's:\n\(help)")
    tmux.sendKeys("Escape")
    let back = tmux.waitFor("the frequency table again") { !$0.contains("╭ Keys") }
    #expect(back.split(separator: "\n").first == counts.split(separator: "\n").first, "\(back)")
    #expect(MosaicPane.statusBar(back).contains("Enter add condition"), "\(back)")
    tmux.sendKeys("Escape")
    tmux.waitFor("the cards") { !$0.contains(" values · ") && $0.contains("Afghanistan") }
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "record 1 of")
    tmux.sendKeys("?")
    let detailHelp = tmux.waitFor(text: "next record")
    #expect(detailHelp.contains("record 1 of"), "the detail stays under the help:\n\(detailHelp)")
    tmux.sendKeys("Escape")
    let detail = tmux.waitFor("the detail again") { !$0.contains("╭ Keys") }
    #expect(detail.contains("record 1 of"), "\(detail)")
    tmux.sendKeys("q")
    tmux.waitFor("the cards") { !$0.contains("record 1 of") && $0.contains("Afghanistan") }
  }
}
