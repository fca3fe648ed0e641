import Foundation
import MosaicTestSupport
import Testing

/// The figures `I` adds (median, deviation, quartiles, 5th/95th percentiles, histogram), `F`'s
/// bins (`b`), `--na` tokens and dates sorted as dates, in the real binary in tmux on a generated
/// file; every expected figure is Python's (`statistics`, and the bins counted by the formula
/// docs/data.md gives).
@Suite(
  .serialized,
  .enabled(if: TmuxSession.shouldRun && PythonScript.isAvailable, "needs tmux and python3"))
struct TmuxFieldFiguresTests {
  /// 3,000 rows: `qty` integers with `NA`/`N/A`/empty among them, `day` in `Jan 1 2000` form in
  /// random order, `amount` with float noise.
  static let generator = """
    import random, sys, datetime
    random.seed(22)
    months = ["Jan","Feb","Mar","Apr","May","Jun","Jul","Aug","Sep","Oct","Nov","Dec"]
    base = datetime.date(2000, 1, 1)
    with open(sys.argv[1], "w") as f:
        f.write("name,qty,day,amount,team\\n")
        for i in range(3000):
            qty = random.choice(["NA", "N/A", ""]) if random.random() < 0.1 else str(random.randint(0, 400))
            d = base + datetime.timedelta(days=random.randint(0, 9000))
            team = random.choice(["red", "blue"])
            f.write(f"r{i},{qty},{months[d.month-1]} {d.day} {d.year},{random.uniform(0, 50) + 1e-13!r},{team}\\n")
    """

  /// Python's figures for `qty`, written as the summary writes them (two decimals at most,
  /// groups of three digits), the first bin's count, and the earliest and latest days.
  static let expectation = """
    import csv, statistics, sys, datetime, math
    rows = list(csv.DictReader(open(sys.argv[1])))
    qty = [r["qty"] for r in rows]
    xs = [float(v) for v in qty if v not in ("", "NA", "N/A")]
    def shown(x):
        t = f"{x:,.2f}"
        t = t.rstrip("0").rstrip(".") if "." in t else t
        return t
    q = statistics.quantiles(xs, n=4, method="inclusive")
    q20 = statistics.quantiles(xs, n=20, method="inclusive")
    lo, hi = min(xs), max(xs)
    bins = [0] * 10
    for x in xs:
        bins[min(9, max(0, math.floor(10 * ((x - lo) / (hi - lo)))))] += 1
    days = sorted(datetime.datetime.strptime(r["day"], "%b %d %Y") for r in rows)
    fmt = lambda d: f"{d.strftime('%b')} {d.day} {d.year}"
    blue = [float(r["qty"]) for r in rows if r["team"] == "blue" and r["qty"] not in ("", "NA", "N/A")]
    blues = sum(1 for r in rows if r["team"] == "blue")
    print("|".join([str(len(qty) - len(xs)), shown(statistics.median(xs)),
                    shown(statistics.stdev(xs)), shown(q[0]), shown(q[2]), shown(q20[0]),
                    shown(q20[18]), f"{len(xs):,}", str(bins[0]), fmt(days[0]), fmt(days[-1]),
                    f"{blues:,}", shown(sum(blue)), shown(statistics.mean(blue)),
                    shown(min(blue)), shown(max(blue))]))
    """

  /// Whether a screen line is a table row: it starts with a record's name, `r` and digits.
  static func isRecordRow(_ line: Substring) -> Bool {
    let trimmed = line.drop { $0 == " " || $0 == "│" || $0 == "▌" }
    guard trimmed.first == "r", let second = trimmed.dropFirst().first else { return false }
    return second.isNumber
  }

  /// Opens `I` and presses Tab until it sums up `field` (at most once per field), then waits
  /// until `ready` holds for the screen.
  static func summary(
    of field: String, in tmux: TmuxSession, ready: (String) -> Bool
  ) -> String {
    tmux.sendKeys("I")
    var screen = tmux.waitFor(text: "╭ ")
    for _ in 0..<6 where !screen.contains("╭ \(field) ") {
      tmux.sendKeys("Tab")
      screen = tmux.waitFor("the next field's summary") { $0 != screen && $0.contains("╭ ") }
    }
    return tmux.waitFor("the summary of \(field)", timeout: 20) {
      $0.contains("╭ \(field) ") && ready($0)
    }
  }

  @Test func summaryShowsTheNewFiguresBinsAndMissingTokens() throws {
    let scratch = try ScratchDirectory("tmux-figures")
    let data = scratch.path("data.csv")
    _ = try PythonScript.run(Self.generator, [data])
    let figures = try PythonScript.run(Self.expectation, [data])
      .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
    try #require(figures.count == 16, "\(figures)")
    let tmux = try MosaicPane.start(
      [data, "--layout", "table", "--na", "NA,N/A"], columns: 100, rows: 40)
    defer { tmux.kill() }
    tmux.waitFor(text: "r0")
    let summary = Self.summary(of: "qty", in: tmux) { $0.contains("histogram") }
    #expect(summary.contains("missing   \(figures[0]) ("), "\(summary)")
    #expect(summary.contains("median    \(figures[1])"), "\(summary)")
    #expect(summary.contains("stdev     \(figures[2])"), "\(summary)")
    #expect(summary.contains("quartiles \(figures[3])  \(figures[1])  \(figures[4])"), "\(summary)")
    #expect(summary.contains("p5 – p95  \(figures[5]) – \(figures[6])"), "\(summary)")
    let histogram = summary.split(separator: "\n").first { $0.contains("histogram") } ?? ""
    #expect(
      histogram.contains("▕")
        && histogram.unicodeScalars.contains { (0x2581...0x2588).contains($0.value) },
      "\(summary)")
    // NA and N/A are missing, so qty is all numbers: no "numbers N of M" line.
    #expect(!summary.contains("numbers "), "\(summary)")
    tmux.sendKeys("Escape")
    tmux.waitFor("the table") { !$0.contains("╭ qty") }
    // F, then b: the numbers over ten equal-width bins, the first bin's count Python's.
    tmux.sendKeys("F")
    tmux.waitFor(text: "╭ qty · ")
    tmux.sendKeys("b")
    let bins = tmux.waitFor("the bins") { $0.contains("╭ qty · \(figures[7]) numbers · 10 bins") }
    let first = bins.split(separator: "\n").first { $0.contains("0 – 40)") }
    #expect(
      first?.split(separator: " ").contains { $0 == Substring(figures[8]) } == true, "\(bins)")
    #expect(bins.contains("(not a number)"), "\(bins)")
    tmux.sendKeys("Escape")
    tmux.waitFor("the table") { !$0.contains("╭ qty") }
    // Dates sort as dates: the earliest day first, not the alphabetically first month.
    tmux.sendKeys("Right")
    tmux.sendKeys("[")
    let sorted = tmux.waitFor("sorted by day", timeout: 20) {
      MosaicPane.statusBar($0).contains("day ▲")
    }
    let rows = sorted.split(separator: "\n").filter(Self.isRecordRow)
    #expect(rows.first?.contains(figures[9]) == true, "earliest \(figures[9]): \(sorted)")
    tmux.sendKeys("]")
    let descending = tmux.waitFor("sorted by day, latest first", timeout: 20) {
      MosaicPane.statusBar($0).contains("day ▼")
    }
    let latest = descending.split(separator: "\n").filter(Self.isRecordRow)
    #expect(latest.first?.contains(figures[10]) == true, "latest \(figures[10]): \(descending)")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux).contains("mosaic-exit=0"))
  }

  /// With sections (`--group-by team`), `I` adds the group summary: each section's records and
  /// its numbers' sum, mean, minimum and maximum, Python's.
  @Test func summaryAddsEachSectionsFigures() throws {
    let scratch = try ScratchDirectory("tmux-groups")
    let data = scratch.path("data.csv")
    _ = try PythonScript.run(Self.generator, [data])
    let figures = try PythonScript.run(Self.expectation, [data])
      .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
    try #require(figures.count == 16, "\(figures)")
    let tmux = try MosaicPane.start(
      [data, "--layout", "table", "--na", "NA,N/A", "--group-by", "team"], columns: 100,
      rows: 50)
    defer { tmux.kill() }
    tmux.waitFor(text: "r0")
    let summary = Self.summary(of: "qty", in: tmux) {
      $0.contains("by section") && $0.contains("histogram")
    }
    // The panel's row for blue: the part of a line between two box edges that starts with it.
    var cells: [String] = []
    for line in summary.split(separator: "\n") {
      for part in line.split(separator: "│") {
        let words: [String] = part.split(separator: " ").map { String($0) }
        if words.count == 6 && words[0] == "blue" { cells = words }
      }
    }
    #expect(
      Array(cells.prefix(6)) == ["blue"] + Array(figures[11...15]),
      "blue: \(figures[11...15]) in \(summary)")
    tmux.sendKeys("q")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux).contains("mosaic-exit=0"))
  }

  /// Writes `rows` flights (id, one of 12 destinations weighted unevenly, delay 0–400) to
  /// `path` and returns the destinations of those delayed more than `over` minutes, ranked as
  /// Python's `Counter.most_common` ranks them: `["ATL:14,480", "LAX:12,052", …]`.
  static func flights(_ path: String, rows: Int, seed: Int, over: Int) throws -> [String] {
    try PythonScript.run(
      """
      import csv, random, sys, collections
      random.seed(int(sys.argv[3]))
      dests = ["SAN", "ATL", "MCO", "FLL", "RSW", "SJU", "SLC", "LAX", "AUS", "MIA", "LAS", "SFO"]
      weights = [3, 12, 7, 5, 1, 4, 5, 10, 3, 9, 7, 9]
      with open(sys.argv[1], "w") as f:
          f.write("id,dest,delay\\n")
          for i in range(int(sys.argv[2])):
              f.write(f"f{i},{random.choices(dests, weights)[0]},{random.randint(0, 400)}\\n")
      rows = [r for r in csv.DictReader(open(sys.argv[1])) if int(r["delay"]) > int(sys.argv[4])]
      counts = collections.Counter(r["dest"] for r in rows).most_common()
      print(" ".join(f"{d}:{n:,}" for d, n in counts))
      """, [path, String(rows), String(seed), String(over)]
    ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
  }

  /// The group summary's rows as `section:records`, in the order shown.
  static func sectionRows(in summary: String) -> [String] {
    var listed: [String] = []
    for line in summary.split(separator: "\n") {
      for part in line.split(separator: "│") {
        let words = part.split(separator: " ").map(String.init)
        if words.count == 6, words[0].count == 3, words[0].uppercased() == words[0] {
          listed.append("\(words[0]):\(words[1])")
        }
      }
    }
    return listed
  }

  /// The group summary lists the sections with most records first, ties in section order, as
  /// Python's `Counter.most_common` ranks them: its first ten lines answer "the top ten".
  @Test func groupSummaryRanksSectionsByRecords() throws {
    let scratch = try ScratchDirectory("tmux-group-rank")
    let data = scratch.path("data.csv")
    let ranking = try Self.flights(data, rows: 600, seed: 7, over: -1)
    try #require(ranking.count == 12, "\(ranking)")
    let tmux = try MosaicPane.start(
      [data, "--layout", "table", "--group-by", "dest"], columns: 100, rows: 50)
    defer { tmux.kill() }
    tmux.waitFor(text: "f0")
    let summary = Self.summary(of: "delay", in: tmux) {
      $0.contains("by section, most records first") && $0.contains("SFO ")
    }
    #expect(Self.sectionRows(in: summary) == ranking, "\(summary)")
    tmux.sendKeys("q")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux).contains("mosaic-exit=0"))
  }

  /// `I` pressed while the file is still indexed and just grouped waits for every record before
  /// adding up the sections: each section's count is Python's for the whole file, never the
  /// part indexed when the key came.
  @Test func groupSummaryWaitsForEveryRecordOnShow() throws {
    let scratch = try ScratchDirectory("tmux-group-settle")
    let data = scratch.path("data.csv")
    let ranking = try Self.flights(data, rows: 120_000, seed: 11, over: 100)
    try #require(ranking.count == 12, "\(ranking)")
    let tmux = try MosaicPane.start(
      shell: "MOSAIC_SLOW_INDEXING=0.4 \"$MOSAIC\" \(TmuxSession.shellQuoted(data))"
        + " --layout table --filter 'delay > 100'",
      directory: scratch.url.path, columns: 100, rows: 50)
    defer { tmux.kill() }
    // Indexing takes about 3 s (7 batches, each followed by 0.4 s of rest): the keys come
    // while it runs, the filter's count still growing ("of 120,000+").
    // Under load the filter may show its first count before the screen is read: either way
    // the file is still being read.
    let first = tmux.waitFor("the first screen while indexing") { $0.contains("f1 ") }
    let status = MosaicPane.statusBar(first)
    #expect(status.contains("filtering…") || status.contains("indexing"), "\(first)")
    for key in ["@", "dest", "Enter", "s", "@", "delay", "Enter", "I"] {
      if key.count > 1 && key != "Enter" { tmux.sendLiteral(key) } else { tmux.sendKeys(key) }
    }
    let summary = tmux.waitFor("the group summary", timeout: 30) {
      $0.contains("by section, most records first") && $0.contains("SFO ")
    }
    #expect(Self.sectionRows(in: summary) == ranking, "\(summary)")
    tmux.sendKeys("q")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux).contains("mosaic-exit=0"))
  }
}
