import Foundation
import MosaicTestSupport
import Testing

/// A large file's sorted first screen comes from the order's ends, picked out before the whole
/// sort (issue 20): the first screen, PgDn, Down and End right after it show exactly the rows
/// of the whole order, computed here by Python (numbers descending, then text descending
/// ignoring case, then empty values, ties in file order), and nothing moves when the whole
/// order lands.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxSortedFirstScreenTests {
  /// A 300,000-row CSV of ids and mixed values (numbers with many ties, text in mixed case,
  /// empty values) and the ids in the order `--sort -value` must show, from Python.
  static func made() throws -> (path: String, order: [String]) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-sorted-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("mixed.csv").path
    let program = """
      import csv, random, sys
      rng = random.Random(20)
      words = ["apple", "Apple", "banana", "Cherry", "cherry", "zebra", "Yak", "x"]
      rows = []
      for i in range(300000):
          r = rng.random()
          if r < 0.4: v = str(rng.randrange(1000))
          elif r < 0.6: v = f"{rng.randrange(10000) / 10:.1f}"
          elif r < 0.7: v = ""
          else: v = rng.choice(words)
          rows.append((f"r{i:06d}", v))
      with open(sys.argv[1], "w", newline="") as f:
          w = csv.writer(f)
          w.writerow(["id", "value"])
          w.writerows(rows)
      numbers = sorted((r for r in rows if r[1] and r[1][0].isdigit()),
                       key=lambda r: float(r[1]), reverse=True)
      texts = sorted((r for r in rows if r[1] and not r[1][0].isdigit()),
                     key=lambda r: r[1].lower().encode(), reverse=True)
      empties = [r for r in rows if not r[1]]
      print(" ".join(r[0] for r in numbers + texts + empties))
      """
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env")).run(
      ["python3", "-c", program, path], input: Data())
    try #require(result.status == 0, "\(result)")
    let order = result.stdout.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    try #require(order.count == 300_000)
    return (path, order)
  }

  /// The ids on the screen, top to bottom.
  static func ids(_ screen: String) -> [String] {
    screen.split(separator: "\n").compactMap { line in
      line.firstRange(of: /r[0-9]{6}/).map { String(line[$0]) }
    }
  }

  /// Where `shown` lies in `order` as one unbroken run, or nil.
  static func run(_ shown: [String], in order: [String], from start: Int = 0) -> Int? {
    guard let first = shown.first, shown.count > 5,
      let at = order[start...].firstIndex(of: first) ?? order.firstIndex(of: first),
      at + shown.count <= order.count
    else { return nil }
    return Array(order[at..<(at + shown.count)]) == shown ? at : nil
  }

  @Test func firstScreenPageDownAndEndShowTheWholeOrdersRows() throws {
    let (path, order) = try Self.made()
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let tmux = try MosaicPane.start(
      [path, "--sort", "-value", "--layout", "table", "--no-animation"], columns: 80, rows: 30)
    defer { tmux.kill() }
    let first = tmux.waitFor(text: order[0], timeout: 60)
    let top = Self.ids(first)
    #expect(Self.run(top, in: order) == 0, "first screen \(top), want \(order.prefix(top.count))")
    tmux.sendKeys("PageDown")
    let paged = tmux.waitFor("a page down", timeout: 30) {
      !Self.ids($0).isEmpty && Self.ids($0).first != top.first
    }
    let page = Self.ids(paged)
    let pageAt = Self.run(page, in: order)
    #expect(pageAt != nil && pageAt! > 0, "after PgDn \(page)")
    tmux.sendKeys("Down")
    tmux.sendKeys("End")
    let end = tmux.waitFor(text: order[order.count - 1], timeout: 30)
    let bottom = Self.ids(end)
    #expect(
      Self.run(bottom, in: order, from: order.count - 100) == order.count - bottom.count,
      "after End \(bottom), want \(order.suffix(bottom.count))")
    // The whole order lands (or has landed): the same rows stay on show.
    let settled = tmux.waitFor("the sort to end", timeout: 60) { !$0.contains("sorting") }
    #expect(Self.ids(settled) == bottom, "after the sort \(Self.ids(settled))")
    tmux.sendKeys("Home")
    let home = tmux.waitFor(text: order[0], timeout: 30)
    #expect(Self.ids(home) == top)
    tmux.sendKeys("q")
    tmux.waitFor("mosaic to exit") { $0.contains("mosaic-exit=") }
  }
}
