import Foundation
import MosaicTestSupport
import Testing

/// `mosaic demo compositional` in a real terminal: the banner row pages sideways, the card row
/// scrolls sideways by card, and the list below scrolls down under its pinned header.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "tmux is not installed"))
struct TmuxCompositionalDemoTests {
  /// The status line (the last row that names the demo).
  func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { $0.contains("compositional") && $0.contains("│") }
      .map(String.init) ?? ""
  }

  @Test("← → scroll the rows sideways, ↓ leaves them for the list, which scrolls down")
  func rowsScrollSidewaysAndTheListDown() throws {
    // 80 columns: a banner is the screen's width, a page; cards are 22 columns, 24 apart from
    // column 1, so cards 1 to 3 show whole and card 4 (from column 73) is cut.
    let run = try TmuxDemoTests.DemoRun(["demo", "compositional"], columns: 80, rows: 24)
    var screen = run.session.waitFor(text: "banner 1 of 5")
    #expect(screen.contains("Featured: Summer Games"))
    #expect(screen.contains("Card 1: Alto") && screen.contains("Card 3: Cinder"))
    #expect(screen.contains("Top Charts"))

    run.session.sendKeys("Right")
    screen = run.session.waitFor("the next banner, a page to the right") {
      $0.contains("banner 2 of 5") && $0.contains("Featured: Editors' Choice")
        && !$0.contains("Summer Games")
    }
    // Down into the cards: the card nearest below the banner's middle (column 40) is card 2
    // (columns 25 to 47); right twice reaches card 4, cut by the edge: the row moves a card at a
    // time until card 4 starts at the leading inset, so card 1 leaves the screen.
    run.session.sendKeys("Down")
    screen = run.session.waitFor(text: "card 2 of 12")
    run.session.sendKeys("Right", "Right")
    screen = run.session.waitFor("card 4 at the row's start") {
      $0.contains("card 4 of 12") && $0.contains("Card 4: Drift") && !$0.contains("Card 1: Alto")
    }
    let cardRow = try #require(screen.split(separator: "\n").first { $0.contains("Card 4:") })
    #expect(cardRow.range(of: "Card 4:")!.lowerBound.utf16Offset(in: cardRow) < 6, "\(cardRow)")
    // The banner row kept its page.
    #expect(screen.contains("Featured: Editors' Choice"))

    // Down to the chart, then a page down: the rows above scroll away, the header stays.
    run.session.sendKeys("Down")
    screen = run.session.waitFor(text: "chart #1 of 100")
    run.session.sendKeys("PageDown")
    screen = run.session.waitFor("the chart scrolled under its pinned header") {
      self.statusLine($0).contains("chart #") && !self.statusLine($0).contains("chart #1 of")
        && !$0.contains("Featured") && $0.contains("Top Charts")
    }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.contains("Top Charts") == true, "the header is pinned on the top row")
    // Back up to the cards: the card row is where it was left.
    run.session.sendKeys("Home")
    screen = run.session.waitFor("the first banner again") {
      $0.contains("banner 1 of 5") && $0.contains("Summer Games")
    }
    #expect(screen.contains("Card 4: Drift") && !screen.contains("Card 1: Alto"))
    run.session.sendKeys("q")
    let (status, after) = run.waitForExit()
    #expect(status == 0)
    let words = Set(after.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    #expect(words.contains("icanon") && !words.contains("-icanon"), "the terminal is restored")
  }
}
