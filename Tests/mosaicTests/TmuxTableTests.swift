import Foundation
import MosaicTestSupport
import Testing

/// The table view end to end in a real terminal (tmux): `--layout table` and `v`, the pinned
/// header row and title column while → scrolls the columns, End, on the demo data and on a
/// generated million-row CSV.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxTableTests {
  @Test func countriesAsATableScrollSidewaysWithTheTitlePinned() throws {
    let browse = TmuxBrowseTests()
    let tmux = try browse.start(["--layout", "table", "demo-data/countries.csv"])
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "Afghanistan")
    let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].hasPrefix("name "), "the header row:\n\(first)")
    #expect(lines[0].contains("│ official name"), "\(first)")
    #expect(lines[1].hasPrefix("Afghanistan "), "\(first)")
    #expect(lines[1].contains("│ Islamic Republic of Afghanistan"), "\(first)")
    #expect(!first.contains("area km2"), "the last column is off screen at first")
    // → moves the focused field a column at a time and scrolls it into view.
    for _ in 0..<8 { tmux.sendKeys("Right") }
    let right = tmux.waitFor(text: "area km2")
    let rightLines = right.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rightLines[0].hasPrefix("name "), "the title column stays:\n\(right)")
    #expect(rightLines[1].hasPrefix("Afghanistan "), "\(right)")
    #expect(rightLines[1].contains("652230"), "Afghanistan's area:\n\(right)")
    #expect(!right.contains("Islamic Republic"), "the first columns scrolled out:\n\(right)")
    // End: the last country, the header row still on top, the columns kept.
    tmux.sendKeys("End")
    let end = tmux.waitFor(text: "249/249")
    let endLines = end.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(endLines[0].hasPrefix("name "), "\(end)")
    #expect(endLines[0].contains("area km2"), "\(end)")
    #expect(end.contains("Zimbabwe"), "\(end)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func vReachesTheTableAndLeavesIt() throws {
    let browse = TmuxBrowseTests()
    let tmux = try browse.start(["demo-data/countries.csv", "--layout", "cards"])
    defer { tmux.kill() }
    let cards = tmux.waitFor(text: "Afghanistan")
    #expect(cards.contains("┏"), "cards, as asked")
    tmux.sendKeys("v")
    tmux.sendKeys("v")
    let table = tmux.waitFor("the table") { $0.hasPrefix("name ") }
    #expect(table.contains("│ official name"), "\(table)")
    #expect(!table.contains("┏"), "\(table)")
    tmux.sendKeys("v")
    let horizontal = tmux.waitFor("the horizontal cards") {
      !$0.hasPrefix("name ") && $0.contains("Afghanistan")
    }
    #expect(horizontal.contains("┏"), "\(horizontal)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func aMillionRowsAsATable() throws {
    let rows = try MillionRows.path()
    let browse = TmuxBrowseTests()
    let tmux = try browse.start(["--layout", "table", rows], columns: 80, rows: 30)
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "Edsger Lovelace")
    let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
    // The id column is as wide as the widths' sample of the records indexed so far needs.
    #expect(
      lines[0].range(of: #"^id +│ customer"#, options: .regularExpression) != nil,
      "the title column is id:\n\(first)")
    #expect(
      lines[1].range(of: #"^1 +│ Edsger Lovelace"#, options: .regularExpression) != nil,
      "\(first)")
    tmux.sendKeys("Down")
    tmux.sendKeys("Down")
    tmux.waitFor(text: "3/1")
    for _ in 0..<9 { tmux.sendKeys("Right") }
    let right = tmux.waitFor("the note column") {
      $0.split(separator: "\n").first?.contains("note") == true
    }
    #expect(
      right.split(separator: "\n")[0].range(of: #"^id +◀ "#, options: .regularExpression) != nil,
      "◀: columns off on the left:\n\(right)")
    #expect(!right.contains("customer"), "customer scrolled out:\n\(right)")
    // End goes to the last record indexed so far: wait for the whole file.
    tmux.waitFor("the whole file indexed", timeout: 60) { !$0.contains("indexing") }
    tmux.sendKeys("End")
    let end = tmux.waitFor("the last row") { $0.contains("\n1000000│") }
    let endLines = end.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(endLines[0].hasPrefix("id "), "the title column widened:\n\(end)")
    #expect(endLines[0].contains("note"), "the columns kept:\n\(end)")
    #expect(
      endLines.contains { $0.hasPrefix("1000000│ ") }, "the last record's title:\n\(end)"
    )
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }
}
