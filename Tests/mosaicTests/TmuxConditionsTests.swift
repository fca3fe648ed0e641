import CSQLite
import Foundation
import MosaicTestSupport
import Testing

/// Conditions in the real binary, in tmux: stacked with `&`, counted by `F` and `I` under them,
/// added by Enter in `F`, removed from the `|` list; a fault said with its column; text that
/// looks like SQL bound as a value, the database left byte for byte as it was.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxConditionsTests {
  /// Flights whose tail numbers hold "UA" for other carriers, and whose largest delay is HA's.
  static let flights = SampleFlights.make(count: 3000, seed: 7, delaySpread: 500)

  static var csv: String { SampleFlights.csv(flights) }

  /// `n` with a comma every three digits, as the status bar writes counts.
  func grouped(_ n: Int) -> String {
    var digits = String(n)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }

  func start(_ file: String, columns: Int = 120, rows: Int = 30) throws -> TmuxSession {
    try MosaicPane.start(
      [file, "--layout", "table", "--no-animation"], columns: columns, rows: rows)
  }

  func type(_ tmux: TmuxSession, _ text: String) {
    tmux.sendLiteral(text)
  }

  func quit(_ tmux: TmuxSession) {
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func twoStackedConditionsThenFAndICountOnlyTheirRecords() throws {
    let scratch = try ScratchDirectory("mosaic-conditions")
    try scratch.write(Self.csv, to: "flights.csv")
    let tmux = try start(scratch.path("flights.csv"))
    defer { tmux.kill() }
    tmux.waitFor(text: "N3DUAA")
    let total = grouped(Self.flights.count)
    tmux.sendKeys("&")
    type(tmux, "carrier = UA")
    tmux.sendKeys("Enter")
    let united = Self.flights.filter { $0.carrier == "UA" }
    tmux.waitFor(text: "& carrier = 'UA': \(grouped(united.count)) of \(total)")
    tmux.sendKeys("&")
    type(tmux, "arr_delay > 60")
    tmux.sendKeys("Enter")
    let late = united.filter { $0.arrDelay > 60 }
    tmux.waitFor(text: "& carrier = 'UA'  & arr_delay > 60: \(grouped(late.count)) of \(total)")
    // The focus starts on origin, the first column after the pinned title; arr_delay is next.
    tmux.sendKeys("Tab")
    tmux.sendKeys("I")
    let summary = tmux.waitFor("the summary") {
      $0.contains("arr_delay where carrier = 'UA' and arr_delay > 60") && $0.contains("most common")
    }
    #expect(summary.contains("values    \(grouped(late.count))"), "\(summary)")
    #expect(summary.contains(String(late.map(\.arrDelay).max()!)), "\(summary)")
    #expect(!summary.contains("1272"), "\(summary)")
    tmux.sendKeys("Escape")
    tmux.sendKeys("BTab")
    tmux.sendKeys("F")
    let table = tmux.waitFor("the counts") {
      $0.contains("origin where carrier = 'UA' and arr_delay > 60") && $0.contains("│ JFK ")
    }
    let jfk = late.filter { $0.origin == "JFK" }.count
    let row = table.split(separator: "\n").first { $0.contains("│ JFK ") }.map(String.init) ?? ""
    #expect(row.contains(" \(grouped(jfk)) "), "\(table)")
    tmux.sendKeys("Escape")
    quit(tmux)
  }

  @Test func enterInTheFrequencyTableAddsAConditionAndTheListRemovesOne() throws {
    let scratch = try ScratchDirectory("mosaic-conditions")
    try scratch.write(Self.csv, to: "flights.csv")
    let tmux = try start(scratch.path("flights.csv"))
    defer { tmux.kill() }
    tmux.waitFor(text: "N3DUAA")
    let total = grouped(Self.flights.count)
    tmux.sendKeys("&")
    type(tmux, "carrier = UA")
    tmux.sendKeys("Enter")
    // The focus starts on origin, the first column after the pinned title.
    tmux.sendKeys("F")
    tmux.waitFor("the counts") {
      $0.contains("origin where carrier = 'UA'") && $0.contains("│ JFK ")
    }
    // Down to JFK's row: the table lists the most common first, ties in order of appearance.
    let united = Self.flights.filter { $0.carrier == "UA" }
    let counts = Dictionary(grouping: united, by: \.origin).mapValues(\.count)
    var appearance: [String] = []
    for flight in united where !appearance.contains(flight.origin) {
      appearance.append(flight.origin)
    }
    let order = appearance.enumerated().sorted {
      counts[$0.element]! > counts[$1.element]!
        || (counts[$0.element]! == counts[$1.element]! && $0.offset < $1.offset)
    }.map(\.element)
    let jfkRow = order.firstIndex(of: "JFK")!
    for _ in 0..<jfkRow { tmux.sendKeys("Down") }
    tmux.sendKeys("Enter")
    tmux.waitFor(
      text: "& carrier = 'UA'  & origin == 'JFK': \(grouped(counts["JFK"]!)) of \(total)")
    tmux.sendKeys("|")
    let list = tmux.waitFor(text: "conditions")
    #expect(list.contains("& carrier = 'UA'") && list.contains("& origin == 'JFK'"), "\(list)")
    tmux.sendKeys("d")
    let jfk = Self.flights.filter { $0.origin == "JFK" }.count
    tmux.waitFor(text: "& origin == 'JFK': \(grouped(jfk)) of \(total)")
    tmux.sendKeys("Escape")
    quit(tmux)
  }

  @Test func aBadExpressionSaysWhereOnOneLine() throws {
    let scratch = try ScratchDirectory("mosaic-conditions")
    try scratch.write(Self.csv, to: "flights.csv")
    let tmux = try start(scratch.path("flights.csv"))
    defer { tmux.kill() }
    tmux.waitFor(text: "N3DUAA")
    tmux.sendKeys("&")
    type(tmux, "arr_delay >> 60")
    tmux.waitFor(text: "& arr_delay >> 60▏: unexpected '>>' at 11")
    tmux.sendKeys("Enter")
    // Enter closes the line without applying it, and says why.
    tmux.waitFor(text: "not applied: & arr_delay >> 60: unexpected '>>' at 11")
    tmux.sendKeys("&")
    type(tmux, "arr_delay > 6")
    // Ctrl-U clears the line.
    tmux.sendKeys("C-u")
    type(tmux, "arr_dealy > 60")
    tmux.waitFor(text: "no field 'arr_dealy' (did you mean arr_delay?) at 1")
    tmux.sendKeys("Escape")
    quit(tmux)
  }

  @Test func textThatLooksLikeSQLIsAValueAndTheDatabaseIsUntouched() throws {
    let scratch = try ScratchDirectory("mosaic-conditions")
    let path = scratch.path("flights.db")
    var db: OpaquePointer?
    try #require(sqlite3_open(path, &db) == SQLITE_OK)
    let rows = Self.flights.prefix(500).map {
      "('\($0.carrier)', '\($0.origin)', \($0.arrDelay), '\($0.tailnum)')"
    }
    let script =
      "CREATE TABLE t (carrier TEXT, origin TEXT, arr_delay INTEGER, tailnum TEXT);"
      + "INSERT INTO t VALUES \(rows.joined(separator: ","));"
    #expect(sqlite3_exec(db, script, nil, nil, nil) == SQLITE_OK)
    sqlite3_close(db)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let tmux = try MosaicPane.start(
      [path, "--table", "t", "--layout", "table", "--no-animation"], columns: 120, rows: 30)
    defer { tmux.kill() }
    tmux.waitFor(text: "N3DUAA")
    tmux.sendKeys("&")
    type(tmux, "x' OR 1=1; DROP TABLE t;--")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: ": 0 of 500")
    tmux.sendKeys("Escape")
    tmux.sendKeys("&")
    type(tmux, "carrier = 'x'' OR 1=1; DROP TABLE t;--'")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: ": 0 of 500")
    tmux.sendKeys("Escape")
    tmux.sendKeys("&")
    type(tmux, "carrier = UA")
    tmux.sendKeys("Enter")
    let united = Self.flights.prefix(500).filter { $0.carrier == "UA" }.count
    tmux.waitFor(text: "& carrier = 'UA': \(grouped(united)) of 500")
    quit(tmux)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}

/// Ctrl-S in the real binary: the view (the records the conditions keep, in sort order) saved to
/// a file, which opens again with exactly those records.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxSaveViewTests {
  /// Ctrl-S, the path typed over the one offered, Enter.
  func saveView(_ tmux: TmuxSession, to path: String) {
    tmux.sendKeys("C-s")
    tmux.waitFor(text: "save view to: ")
    tmux.sendKeys("C-u")
    tmux.sendLiteral(path)
    tmux.sendKeys("Enter")
  }

  @Test func ctrlSSavesTheViewAndTheFileReadsBackAsTheView() throws {
    let scratch = try ScratchDirectory("mosaic-save")
    try scratch.write(TmuxConditionsTests.csv, to: "flights.csv")
    let saved = scratch.path("late-united.csv")
    let tmux = try MosaicPane.start(
      [scratch.path("flights.csv"), "--layout", "table", "--no-animation", "--sort", "-arr_delay"],
      columns: 120, rows: 30)
    defer { tmux.kill() }
    tmux.waitFor(text: "arr_delay ▼")
    tmux.sendKeys("&")
    tmux.sendLiteral("carrier = UA and arr_delay > 300")
    tmux.sendKeys("Enter")
    let kept = TmuxConditionsTests.flights.filter { $0.carrier == "UA" && $0.arrDelay > 300 }
    tmux.waitFor(text: ": \(kept.count) of ")
    saveView(tmux, to: saved)
    tmux.waitFor(text: "saved \(kept.count) records to ")
    // Saving again asks before replacing the file.
    saveView(tmux, to: saved)
    tmux.waitFor(text: "exists: replace it? y/n")
    tmux.sendKeys("n")
    tmux.waitFor(text: "not saved: /tmp/")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux) == "mosaic-exit=0")
    // The file holds the kept records, largest delay first (ties in file order), every field.
    let lines = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n")
    let expected = kept.enumerated().sorted {
      $0.element.arrDelay > $1.element.arrDelay
        || ($0.element.arrDelay == $1.element.arrDelay && $0.offset < $1.offset)
    }.map {
      "\($0.element.carrier),\($0.element.origin),\($0.element.arrDelay),\($0.element.tailnum)"
    }
    #expect(lines.first == "carrier,origin,arr_delay,tailnum")
    #expect(Array(lines.dropFirst().map(String.init)) == expected)
    // And it opens again as that view.
    let again = try MosaicPane.start([saved, "--layout", "table", "--no-animation"])
    defer { again.kill() }
    again.waitFor(text: "1/\(kept.count)")
    again.sendKeys("q")
    #expect(MosaicPane.exitLine(again) == "mosaic-exit=0")
  }
}
