import Foundation
import MosaicTestSupport
import Testing

/// The table's columns end to end in tmux on generated flights-like data (19 columns, float
/// noise, missing values): `@` with Tab completion, `x` `X` hide and show, `<` `>` move, `!`
/// pins, `+` `-` widen and narrow, `u` undoes, `y` writes the columns on show, and the columns
/// sheet `#` whose figures are checked against Python's `statistics` over the same rows (issue
/// 22, item 4).
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxColumnsTests {
  /// The flights-like rows, with `air_time` written with float noise (`250.99999999999997`)
  /// and `dep_delay` missing on every seventh row.
  static func csv(rows: Int) -> String {
    let names = WideFlights.names
    let airTime = names.firstIndex(of: "air_time")!
    let depDelay = names.firstIndex(of: "dep_delay")!
    var lines = [names.joined(separator: ",")]
    for row in 0..<rows {
      var values = WideFlights.values(row)
      values[airTime] = "\(Double(227 + row % 97) * 1.1)"
      if row % 7 == 3 { values[depDelay] = "" }
      lines.append(values.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The generated file in a scratch folder of its own; its path.
  static func flights(rows: Int = 300) throws -> String {
    try MosaicExecutable.temporaryFile(csv(rows: rows), name: "flights.csv")
  }

  /// The header row (the screen's first line).
  static func header(_ screen: String) -> String {
    String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
  }

  /// The column (in characters) where `name` starts in `line`, or nil.
  static func place(of name: String, in line: String) -> Int? {
    guard let range = line.range(of: name) else { return nil }
    return line.distance(from: line.startIndex, to: range.lowerBound)
  }

  @Test func atJumpsToAColumnByNameWithTabCompletion() throws {
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([try Self.flights()], columns: 120, rows: 30)
    defer { tmux.kill() }
    tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/300") }
    // One name fits: Tab completes it; Enter focuses its column, scrolled into view.
    tmux.sendKeys("@")
    tmux.sendLiteral("time_h")
    tmux.sendKeys("Tab")
    tmux.waitFor(text: "@ time_hour▏")
    tmux.sendKeys("Enter")
    let far = tmux.waitFor(text: "field: time_hour")
    #expect(Self.header(far).contains("time_hour"), "the column scrolled into view:\n\(far)")
    #expect(Self.header(far).hasPrefix("year"), "the title column stays:\n\(far)")
    // Two fit: Tab completes the start they share, then goes through them.
    tmux.sendKeys("@")
    tmux.sendLiteral("dep")
    tmux.sendKeys("Tab")
    tmux.waitFor(text: "@ dep_▏  dep_time dep_delay")
    tmux.sendKeys("Tab")
    tmux.waitFor(text: "@ dep_time▏")
    tmux.sendKeys("Tab")
    tmux.waitFor(text: "@ dep_delay▏")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "field: dep_delay")
    // A name that is none: did you mean.
    tmux.sendKeys("@")
    tmux.sendLiteral("arr_dealy")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "no field \"arr_dealy\" (did you mean \"arr_delay\"?)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func hideShowMovePinWidenAndUndo() throws {
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([try Self.flights()], columns: 120, rows: 30)
    defer { tmux.kill() }
    let first = tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/300") }
    let header = Self.header(first)
    let month = try #require(Self.place(of: "month", in: header), "\(header)")
    let day = try #require(Self.place(of: "day", in: header), "\(header)")
    #expect(month < day)
    // The focus starts on month (the first column after the title).
    tmux.sendKeys("x")
    let hidden = tmux.waitFor(text: "hid month")
    #expect(!Self.header(hidden).contains("month"), "month hidden:\n\(hidden)")
    #expect(Self.place(of: "day", in: Self.header(hidden)) == month, "day took its place")
    tmux.sendKeys("X")
    let shown = tmux.waitFor(text: "showing 1 hidden column")
    #expect(Self.header(shown) == header, "as at first:\n\(shown)")
    // The focus is on day now (it took month's place): move it left of month, then back.
    tmux.sendKeys("<")
    let moved = tmux.waitFor("day before month") {
      let line = Self.header($0)
      guard let d = Self.place(of: "day", in: line), let m = Self.place(of: "month", in: line)
      else { return false }
      return d < m
    }
    #expect(Self.header(moved).hasPrefix("year"), "\(moved)")
    tmux.sendKeys(">")
    tmux.waitFor("back in order") { Self.header($0) == header }
    // ! pins day as the title column.
    tmux.sendKeys("!")
    let pinned = tmux.waitFor(text: "day is the title column")
    #expect(Self.header(pinned).hasPrefix("day"), "\(pinned)")
    #expect(Self.header(pinned).contains("│ year"), "the old title comes next:\n\(pinned)")
    // + widens the focused column three characters, - narrows it by one.
    let before = Self.header(pinned)
    let yearAt = try #require(Self.place(of: "year", in: before))
    tmux.sendKeys("+")
    tmux.sendKeys("+")
    tmux.sendKeys("+")
    let wider = tmux.waitFor(text: "day width +3")
    #expect(Self.place(of: "year", in: Self.header(wider)) == yearAt + 3, "\(wider)")
    tmux.sendKeys("-")
    let narrower = tmux.waitFor(text: "day width +2")
    #expect(Self.place(of: "year", in: Self.header(narrower)) == yearAt + 2, "\(narrower)")
    // u undoes the widths, the pin and the moves, one change at a time.
    tmux.sendKeys("u")
    let unnarrowed = tmux.waitFor(text: "undid narrow day")
    #expect(Self.place(of: "year", in: Self.header(unnarrowed)) == yearAt + 3, "\(unnarrowed)")
    for _ in 0..<3 { tmux.sendKeys("u") }
    let unwidened = tmux.waitFor("the widths undone") { Self.header($0) == before }
    #expect(unwidened.contains("undid widen day"), "\(unwidened)")
    tmux.sendKeys("u")
    let unpinned = tmux.waitFor(text: "undid pin day")
    #expect(Self.header(unpinned) == header, "\(unpinned)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func uUndoesASortAConditionAndAHiddenColumn() throws {
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([try Self.flights()], columns: 120, rows: 30)
    defer { tmux.kill() }
    tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/300") }
    tmux.sendKeys("]")
    tmux.waitFor(text: "month ▼")
    tmux.sendKeys("&")
    tmux.sendLiteral("origin = 'JFK'")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "100 of 300")
    tmux.sendKeys("x")
    tmux.waitFor(text: "hid month")
    tmux.sendKeys("u")
    let column = tmux.waitFor(text: "undid hide month")
    #expect(Self.header(column).contains("month"), "\(column)")
    #expect(column.contains("100 of 300"), "the condition stays:\n\(column)")
    tmux.sendKeys("u")
    let condition = tmux.waitFor("the condition undone") {
      $0.contains("undid &") && !$0.contains("100 of 300")
    }
    #expect(condition.contains("month ▼"), "the sort stays:\n\(condition)")
    tmux.sendKeys("u")
    let sort = tmux.waitFor(text: "undid sort by month")
    #expect(!MosaicPane.statusBar(sort).contains("month ▼"), "\(sort)")
    tmux.sendKeys("u")
    tmux.waitFor(text: "nothing to undo")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func yWritesTheColumnsOnShowInTheirOrder() throws {
    let scratch = try ScratchDirectory("mosaic-columns-y")
    try scratch.write(Self.csv(rows: 20), to: "flights.csv")
    let browse = TmuxBrowseTests()
    let tmux = try browse.start(
      ["flights.csv"], columns: 120, rows: 30, directory: scratch.url,
      redirection: "> out.jsonl")
    defer { tmux.kill() }
    tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/20") }
    // Hide month, then every column but the first four after the title, one by one.
    tmux.sendKeys("x")
    tmux.waitFor(text: "hid month")
    for name in WideFlights.names[6...] {
      tmux.sendKeys("@")
      tmux.sendLiteral(name)
      tmux.sendKeys("Enter")
      tmux.sendKeys("x")
      tmux.waitFor(text: "hid \(name)")
    }
    // sched_dep_time moves before dep_time.
    tmux.sendKeys("@")
    tmux.sendLiteral("sched_dep_time")
    tmux.sendKeys("Enter")
    tmux.sendKeys("<")
    tmux.sendKeys("y")
    browse.expectExit(tmux)
    let output = try String(contentsOfFile: scratch.path("out.jsonl"), encoding: .utf8)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    #expect(Set(object.keys) == ["year", "day", "dep_time", "sched_dep_time", "dep_delay"])
    let order = ["year", "day", "sched_dep_time", "dep_time", "dep_delay"]
    let places = order.compactMap { output.range(of: "\"\($0)\"")?.lowerBound }
    #expect(places == places.sorted() && places.count == 5, "keys in column order: \(output)")
  }

  /// The figures the columns sheet shows for one field, from the screen.
  struct SheetRow {
    var type: String
    var count: Int
    var missing: Int
    var distinct: Int
    var minimum: Double
    var maximum: Double
    var mean: Double
    var median: Double
  }

  /// The row of `field` in the columns sheet on `screen`.
  static func sheetRow(_ field: String, in screen: String) throws -> SheetRow {
    let line = try #require(
      screen.split(separator: "\n").first {
        $0.split(separator: " ").contains { $0 == field }
      }, "no row for \(field):\n\(screen)")
    let words = line.replacingOccurrences(of: "│", with: " ").split(separator: " ").map(String.init)
    let start = try #require(words.firstIndex(of: field))
    let figures = Array(words[(start + 1)...])
    try #require(figures.count == 8, "\(line)")
    func integer(_ text: String) throws -> Int {
      try #require(Int(text.replacingOccurrences(of: ",", with: "")), "\(text) in \(line)")
    }
    func number(_ text: String) throws -> Double {
      try #require(Double(text.replacingOccurrences(of: ",", with: "")), "\(text) in \(line)")
    }
    return SheetRow(
      type: figures[0], count: try integer(figures[1]), missing: try integer(figures[2]),
      distinct: try integer(figures[3]), minimum: try number(figures[4]),
      maximum: try number(figures[5]), mean: try number(figures[6]),
      median: try number(figures[7]))
  }

  /// Python's figures for `fields` of the rows of `path` whose origin is JFK: count (present
  /// values, as pandas' `describe` counts), missing,
  /// distinct, min, max, mean, median (statistics.mean / statistics.median), one JSON object
  /// per field.
  static let python = """
    import csv, json, statistics, sys
    rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['origin'] == 'JFK']
    out = {}
    for name in sys.argv[2:]:
        values = [r[name] for r in rows]
        present = [v for v in values if v != '']
        numbers = [float(v) for v in present]
        out[name] = dict(count=len(present), missing=len(values) - len(present),
            distinct=len(set(present)), min=min(numbers), max=max(numbers),
            mean=statistics.mean(numbers), median=statistics.median(numbers),
            integer=all(v.lstrip('-').isdigit() for v in present))
    print(json.dumps(out))
    """

  @Test(.enabled(if: PythonScript.isAvailable, "needs python3"))
  func theColumnsSheetsFiguresArePythonsOverTheRecordsOnShow() throws {
    let path = try Self.flights()
    let fields = ["air_time", "dep_delay", "distance", "arr_delay"]
    let expected = try #require(
      JSONSerialization.jsonObject(
        with: Data(try PythonScript.run(Self.python, [path] + fields).utf8))
        as? [String: [String: Any]])
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([path], columns: 120, rows: 34)
    defer { tmux.kill() }
    tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/300") }
    tmux.sendKeys("&")
    tmux.sendLiteral("origin = 'JFK'")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "100 of 300")
    tmux.sendKeys("#")
    let sheet = tmux.waitFor("every field counted", timeout: 30) {
      $0.contains("columns where origin") && $0.contains("19 fields")
        && !$0.contains("counting")
    }
    for field in fields {
      let want = try #require(expected[field])
      let row = try Self.sheetRow(field, in: sheet)
      #expect(row.count == want["count"] as? Int, "\(field) count: \(row)")
      #expect(row.missing == want["missing"] as? Int, "\(field) missing: \(row)")
      #expect(row.distinct == want["distinct"] as? Int, "\(field) distinct: \(row)")
      // The sheet rounds to hundredths (a number written longer than its column, too).
      for (shown, key) in [
        (row.minimum, "min"), (row.maximum, "max"), (row.mean, "mean"), (row.median, "median"),
      ] {
        let value = try #require(want[key] as? Double)
        #expect(abs(shown - value) <= 0.0051, "\(field) \(key): \(shown) vs Python's \(value)")
      }
      let integer = try #require(want["integer"] as? Bool)
      #expect(row.type == (integer ? "integer" : "decimal"), "\(field): \(row)")
    }
    // Enter on a row goes to that field's column.
    tmux.sendKeys("G")
    tmux.sendKeys("k")
    tmux.sendKeys("x")
    let marked = tmux.waitFor("minute marked hidden") {
      $0.split(separator: "\n").contains { $0.contains("│ x minute") }
    }
    #expect(marked.contains("19 fields"), "\(marked)")
    tmux.sendKeys("j")
    tmux.sendKeys("Enter")
    let table = tmux.waitFor(text: "field: time_hour")
    #expect(Self.header(table).contains("time_hour"), "\(table)")
    #expect(!Self.header(table).contains("minute"), "minute was hidden from the sheet:\n\(table)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }
  @Test func widthsSettleBeforeScrollingAndFloatNoiseNeverShiftsThem() throws {
    // 5,000 rows; air_time is short (`250.5`) but, from row 400 on, for one row in fifty,
    // written with float noise (`290.40000000000003`): far below the first screens.
    let names = WideFlights.names
    let airTime = names.firstIndex(of: "air_time")!
    var lines = [names.joined(separator: ",")]
    for row in 0..<5_000 {
      var values = WideFlights.values(row)
      let noisy = (row >= 400 && row % 50 == 25) || row == 4_999
      values[airTime] = noisy ? "\(Double(227 + row % 97) * 1.1)" : "250.5"
      lines.append(values.joined(separator: ","))
    }
    let path = try MosaicExecutable.temporaryFile(
      lines.joined(separator: "\n") + "\n", name: "noise.csv")
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([path], columns: 200, rows: 20)
    defer { tmux.kill() }
    let first = tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/5,000") }
    #expect(!first.contains("250.99"), "no noisy value on the first screen:\n\(first)")
    let header = Self.header(first)
    #expect(header.contains("air_time"), "\(first)")
    // Down a screen at a time, then to the first noisy rows, then to the end: the header never
    // moves.
    var bar = MosaicPane.statusBar(first)
    for page in 1...3 {
      tmux.sendKeys("PgDn")
      let screen = tmux.waitFor("page \(page)") { MosaicPane.statusBar($0) != bar }
      bar = MosaicPane.statusBar(screen)
      #expect(Self.header(screen) == header, "the columns shifted on page \(page):\n\(screen)")
    }
    tmux.sendKeys(":")
    tmux.sendLiteral("440")
    tmux.sendKeys("Enter")
    let noise = tmux.waitFor(text: "290.40000000000003")
    #expect(Self.header(noise) == header, "the columns shifted at row 426:\n\(noise)")
    tmux.sendKeys("End")
    let end = tmux.waitFor(text: "5,000/5,000")
    #expect(Self.header(end) == header, "the columns shifted at the end:\n\(end)")
    let noisy = try #require(
      end.split(separator: "\n").first { $0.contains("N19227") }, "the last rows:\n\(end)")
    #expect(noisy.contains("306.90000000000003"), "a noisy value is shown whole:\n\(end)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }
}
