import Foundation
import MosaicTestSupport
import Testing

/// `t` sets the focused field's type, in the real binary in tmux: typed as text, a column of
/// numbers sorts as text (`10` before `9`), is left-aligned, compares `n > 50` as text and `I`
/// counts no numbers; `u` puts the inferred type back. The orders and counts expected are
/// Python's (csv, str comparison).
@Suite(
  .serialized,
  .enabled(if: TmuxSession.shouldRun && PythonScript.isAvailable, "needs tmux and python3"))
struct TmuxColumnTypeTests {
  /// 20 rows: `name` r0…r19, `n` integers of one to four digits.
  static let generator = """
    import random, sys
    random.seed(9)
    with open(sys.argv[1], "w") as f:
        f.write("name,n\\n")
        for i in range(20):
            f.write(f"r{i},{random.choice([random.randint(0, 9), random.randint(10, 99), random.randint(100, 9999)])}\\n")
    """

  /// Python's order of the names by `n` as text, by `n` as numbers, and how many `n` are above
  /// "50" as text.
  static let expectation = """
    import csv, sys
    rows = list(csv.DictReader(open(sys.argv[1])))
    print(" ".join(r["name"] for r in sorted(rows, key=lambda r: r["n"])))
    print(" ".join(r["name"] for r in sorted(rows, key=lambda r: int(r["n"]))))
    print(sum(1 for r in rows if r["n"] > "50"))
    """

  /// The record rows of a screen: (name, the column where `n`'s value starts, where it ends).
  static func rows(_ screen: String) -> [(name: String, start: Int, end: Int)] {
    screen.split(separator: "\n").compactMap { line in
      let characters = Array(line)
      guard let rule = characters.firstIndex(of: "│") else { return nil }
      let name = String(characters[..<rule]).trimmingCharacters(in: .whitespaces)
      guard name.first == "r", name.dropFirst().allSatisfy(\.isNumber), name.count > 1 else {
        return nil
      }
      guard let start = characters[(rule + 1)...].firstIndex(where: \.isNumber),
        let end = characters.lastIndex(where: \.isNumber)
      else { return nil }
      return (name, start, end)
    }
  }

  @Test func typingAColumnAsTextSortsAlignsComparesAndCountsItAsText() throws {
    let scratch = try ScratchDirectory("tmux-types")
    let data = scratch.path("data.csv")
    _ = try PythonScript.run(Self.generator, [data])
    let lines = try PythonScript.run(Self.expectation, [data]).split(separator: "\n")
    try #require(lines.count == 3)
    let asText = lines[0].split(separator: " ").map(String.init)
    let asNumbers = lines[1].split(separator: " ").map(String.init)
    let above = try #require(Int(lines[2]))
    #expect(asText != asNumbers, "the file tells text order from number order")
    let tmux = try MosaicPane.start(
      [data, "--layout", "table", "--no-animation"], columns: 60, rows: 30)
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "r19")
    // Inferred, n is numeric: right-aligned, every value ends in the same column.
    #expect(Set(Self.rows(first).map(\.end)).count == 1, "\(first)")
    #expect(Set(Self.rows(first).map(\.start)).count > 1, "\(first)")
    tmux.sendKeys("t")
    let typed = tmux.waitFor(text: "n: text")
    // As text: left-aligned, every value starts in the same column.
    #expect(Set(Self.rows(typed).map(\.start)).count == 1, "\(typed)")
    tmux.sendKeys("[")
    let sorted = tmux.waitFor("sorted by n") { MosaicPane.statusBar($0).contains("n ▲") }
    #expect(Self.rows(sorted).map(\.name) == asText, "\(sorted)")
    tmux.sendKeys("&")
    tmux.sendLiteral("n > 50")
    tmux.sendKeys("Enter")
    // The condition reads back with its literal quoted: it compares text.
    tmux.waitFor(text: "& n > '50': \(above) of 20")
    tmux.sendKeys("I")
    let summary = tmux.waitFor("the summary of n") { $0.contains("╭ n ") }
    #expect(!summary.contains("mean"), "no numbers counted: \(summary)")
    tmux.sendKeys("Escape")
    tmux.waitFor("the table") { !$0.contains("╭ n ") }
    // u undoes the filter, the sort, then the type: right-aligned numbers in file order again.
    tmux.sendKeys("u")
    tmux.waitFor("the filter undone") { !MosaicPane.statusBar($0).contains("& n > ") }
    tmux.sendKeys("u")
    tmux.waitFor("the sort undone") { !MosaicPane.statusBar($0).contains("n ▲") }
    tmux.sendKeys("u")
    let back = tmux.waitFor("the type undone") { screen in
      let rows = Self.rows(screen)
      return rows.count == 20 && Set(rows.map(\.end)).count == 1
    }
    #expect(Self.rows(back).map(\.name) == (0..<20).map { "r\($0)" }, "\(back)")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux).contains("mosaic-exit=0"))
  }
}
