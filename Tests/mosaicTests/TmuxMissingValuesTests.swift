import Foundation
import MosaicTestSupport
import Testing

/// Missing values in the real binary, in tmux, on a generated file with `NA`, `N/A` and empty
/// values (`--na NA,N/A`): they sort last both ways, `is missing` keeps exactly them, and they
/// draw as a dimmed `·` in the table and the cards, never as text in the numeric column. The
/// orders and counts expected are Python's (csv).
@Suite(
  .serialized,
  .enabled(if: TmuxSession.shouldRun && PythonScript.isAvailable, "needs tmux and python3"))
struct TmuxMissingValuesTests {
  /// 24 rows: `name` r0…r23, `qty` integers with NA/N/A/empty among them, `note` text.
  static let generator = """
    import random, sys
    random.seed(6)
    with open(sys.argv[1], "w") as f:
        f.write("name,qty,note\\n")
        for i in range(24):
            qty = random.choice(["NA", "N/A", ""]) if i % 4 == 1 else str(random.randint(-50, 900))
            f.write(f"r{i},{qty},{random.choice(['ok', 'late', 'NA'])}\\n")
    """

  /// Python's orders of `name` by `qty` ascending and descending (missing last), and the names
  /// whose `qty` is missing.
  static let expectation = """
    import csv, sys
    rows = list(csv.DictReader(open(sys.argv[1])))
    missing = lambda v: v.strip() in ("", "NA", "N/A")
    numbers = [r for r in rows if not missing(r["qty"])]
    gone = [r["name"] for r in rows if missing(r["qty"])]
    up = [r["name"] for r in sorted(numbers, key=lambda r: int(r["qty"]))] + gone
    down = [r["name"] for r in sorted(numbers, key=lambda r: -int(r["qty"]))] + gone
    print(" ".join(up)); print(" ".join(down)); print(" ".join(gone))
    """

  /// The record names down the screen, in order.
  static func names(_ screen: String) -> [String] {
    screen.split(separator: "\n").compactMap { line in
      let word = line.split(separator: " ").first { !$0.isEmpty && $0 != "│" && $0 != "▌" }
      guard let word, word.first == "r", word.dropFirst().allSatisfy(\.isNumber), word.count > 1
      else { return nil }
      return String(word)
    }
  }

  /// Whether every `·` on the screen captured with its attributes (`capture-pane -e`) is drawn
  /// dim (SGR 2), and there is at least one.
  static func markersAreDim(_ styled: String) -> Bool {
    var sawOne = false
    var attributes: Set<String> = []
    var index = styled.startIndex
    while index < styled.endIndex {
      if styled[index] == "\u{1B}", styled[styled.index(after: index)...].hasPrefix("[") {
        let start = styled.index(index, offsetBy: 2)
        guard let end = styled[start...].firstIndex(where: { $0.isLetter }) else { break }
        if styled[end] == "m" {
          let parameters = styled[start..<end].split(
            separator: ";", omittingEmptySubsequences: false)
          for parameter in parameters {
            if parameter.isEmpty || parameter == "0" {
              attributes = []
            } else {
              attributes.insert(String(parameter))
            }
            if parameter == "22" { attributes.remove("2") }
          }
        }
        index = styled.index(after: end)
        continue
      }
      if styled[index] == "·" {
        sawOne = true
        if !attributes.contains("2") { return false }
      }
      index = styled.index(after: index)
    }
    return sawOne
  }

  @Test func missingValuesSortLastMatchIsMissingAndDrawDimmed() throws {
    let scratch = try ScratchDirectory("tmux-missing")
    let data = scratch.path("data.csv")
    _ = try PythonScript.run(Self.generator, [data])
    let lines = try PythonScript.run(Self.expectation, [data]).split(separator: "\n")
    try #require(lines.count == 3)
    let up = lines[0].split(separator: " ").map(String.init)
    let down = lines[1].split(separator: " ").map(String.init)
    let gone = lines[2].split(separator: " ").map(String.init)
    try #require(gone.count == 6)
    let tmux = try MosaicPane.start(
      [data, "--layout", "table", "--na", "NA,N/A", "--no-animation"], columns: 80, rows: 34)
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "r23")
    // Neither NA nor N/A is drawn as text: a dimmed marker stands in for them.
    let table = first.split(separator: "\n").dropFirst().dropLast()
    #expect(!table.contains { $0.contains("N/A") || $0.contains(" NA") }, "\(first)")
    #expect(first.contains("·"), "\(first)")
    #expect(Self.markersAreDim(tmux.command("capture-pane", "-p", "-e")), "dim markers")
    // qty is the column after the pinned title, focused first.
    tmux.sendKeys("[")
    let ascending = tmux.waitFor("sorted by qty") { MosaicPane.statusBar($0).contains("qty ▲") }
    #expect(Self.names(ascending) == up, "\(ascending)")
    tmux.sendKeys("]")
    let descending = tmux.waitFor("sorted by qty, largest first") {
      MosaicPane.statusBar($0).contains("qty ▼")
    }
    #expect(Self.names(descending) == down, "\(descending)")
    tmux.sendKeys("&")
    tmux.sendLiteral("qty is missing")
    tmux.sendKeys("Enter")
    let kept = tmux.waitFor(text: "& qty is missing: \(gone.count) of 24")
    #expect(Set(Self.names(kept)) == Set(gone), "\(kept)")
    // The cards show the missing qty as the dimmed marker too.
    tmux.sendKeys("v")
    // (The sorted field's label carries its mark: `qty ▼: ·`.)
    let cards = tmux.waitFor("the cards") { $0.contains("qty ▼: ·") }
    #expect(!cards.contains(": NA") && !cards.contains(": N/A"), "\(cards)")
    #expect(Self.markersAreDim(tmux.command("capture-pane", "-p", "-e")), "dim in the cards")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux).contains("mosaic-exit=0"))
  }
}
