import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// One list of expressions over the same flights as CSV, JSON Lines, SQLite and PostgreSQL keeps
/// the same records in the same order, and the records a plain reading of the rule keeps.
@Suite struct ConditionAcrossSourcesTests {
  /// A flight as the test writes it: arr_delay nil is missing (empty in CSV, null in JSON, NULL
  /// in SQLite).
  struct Flight: Sendable {
    var id: Int
    var carrier: String
    var origin: String
    var arrDelay: Int?
    var tailnum: String
    var name: String
  }

  static let flights: [Flight] = {
    let carriers = ["UA", "AA", "DL", "HA", "B6", "ua"]
    let origins = ["JFK", "LGA", "EWR", "jfk"]
    // The Kelvin sign's lowercase is "k", İ's "i̇": found by `= 'kilo'` and `contains 'i'`, as
    // Python's `lower()` finds them, though a scan folding ASCII bytes passes them by.
    let names = [
      "Étoile", "zebra", "Mango", "apple", "Ørsted", "delta one", "\u{212A}ilo", "İzmir",
      "\u{212A}ILOMETERS", "kiloMeters", "IZMIR",
    ]
    var seed: UInt64 = 20_131_201
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    return (1...600).map { id in
      let delay = next(9) == 0 ? nil : next(400) - 60
      let tail = ["N3DUAA", "N14228", "N3\(next(90))UA", "N5\(next(900))"][next(4)]
      return Flight(
        id: id, carrier: carriers[next(carriers.count)], origin: origins[next(origins.count)],
        arrDelay: delay, tailnum: tail, name: names[next(names.count)])
    }
  }()

  static let fieldNames = ["id", "carrier", "origin", "arr_delay", "tailnum", "name"]

  /// Whether `text`'s UTF-8 holds `part`'s, as Python's `in` finds a substring by code points
  /// (Swift's `contains` compares whole characters: "i̇" is one and holds no "i").
  static func holds(_ text: String, _ part: String) -> Bool {
    let (bytes, needle) = (Array(text.utf8), Array(part.utf8))
    guard bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains {
      bytes[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  /// Each expression, and what it means read plainly (nil: unknown, kept by neither side).
  static let cases: [(String, @Sendable (Flight) -> Bool)] = [
    ("carrier = 'UA'", { $0.carrier.lowercased() == "ua" }),
    (
      "carrier = 'UA' and origin = 'JFK' and arr_delay > 60",
      {
        $0.carrier.lowercased() == "ua" && $0.origin.lowercased() == "jfk"
          && ($0.arrDelay ?? 0) > 60
      }
    ),
    ("arr_delay > 60", { ($0.arrDelay ?? Int.min) > 60 }),
    ("arr_delay > '60'", { ($0.arrDelay ?? Int.min) > 60 }),
    ("arr_delay <= -5 or arr_delay is missing", { $0.arrDelay == nil || $0.arrDelay! <= -5 }),
    ("not arr_delay <= -5", { $0.arrDelay.map { $0 > -5 } ?? false }),
    ("arr_delay between 10 and 20", { $0.arrDelay.map { (10...20).contains($0) } ?? false }),
    ("arr_delay not between 10 and 20", { $0.arrDelay.map { !(10...20).contains($0) } ?? false }),
    ("tailnum ~ '^N3'", { $0.tailnum.hasPrefix("N3") }),
    ("tailnum !~ 'UA$'", { !$0.tailnum.hasSuffix("UA") }),
    ("tailnum ~ 'ua$'", { $0.tailnum.lowercased().hasSuffix("ua") }),
    ("name contains 'É'", { $0.name.lowercased().contains("é") }),
    ("name = 'KILO'", { $0.name.lowercased() == "kilo" }),
    // More letters than PostgreSQL is given case variants of; İ's lowercase is not "i".
    ("name = 'KILOMETERS'", { $0.name.lowercased() == "kilometers" }),
    ("name = 'izmir'", { $0.name.lowercased() == "izmir" }),
    (
      "name in ('izmir', 'kilometers')", { ["izmir", "kilometers"].contains($0.name.lowercased()) }
    ),
    ("name contains 'k'", { holds($0.name.lowercased(), "k") }),
    ("name contains 'i'", { holds($0.name.lowercased(), "i") }),
    ("name ~ 'kil'", { holds($0.name.lowercased(), "kil") }),
    ("name in ('kilo', 'apple')", { ["kilo", "apple"].contains($0.name.lowercased()) }),
    ("kil", { holds($0.name.lowercased(), "kil") }),
    ("carrier in ('UA', 'AA')", { ["ua", "aa"].contains($0.carrier.lowercased()) }),
    ("not (origin = 'jfk')", { $0.origin.lowercased() != "jfk" }),
    ("carrier == 'ua'", { $0.carrier == "ua" }),
    ("carrier != 'UA'", { $0.carrier.lowercased() != "ua" }),
    ("name > 'm'", { $0.name.lowercased() > "m" }),
    (
      "name >= 'Mango' and name < 'zebra'",
      { $0.name.lowercased() >= "mango" && $0.name.lowercased() < "zebra" }
    ),
    (
      "UA",
      { f in
        [String(f.id), f.carrier, f.origin, f.arrDelay.map(String.init) ?? "", f.tailnum, f.name]
          .contains { $0.lowercased().contains("ua") }
      }
    ),
    ("x' OR 1=1; DROP TABLE flights;--", { _ in false }),
    ("carrier = 'x'' OR 1=1; DROP TABLE flights;--'", { _ in false }),
    ("id = 7 or id = 600", { $0.id == 7 || $0.id == 600 }),
  ]

  var csv: String {
    "id,carrier,origin,arr_delay,tailnum,name\n"
      + Self.flights.map {
        "\($0.id),\($0.carrier),\($0.origin),\($0.arrDelay.map(String.init) ?? ""),\($0.tailnum),\($0.name)\n"
      }.joined()
  }

  var jsonLines: String {
    Self.flights.map {
      #"{"id":\#($0.id),"carrier":"\#($0.carrier)","origin":"\#($0.origin)","arr_delay":\#($0.arrDelay.map(String.init) ?? "null"),"tailnum":"\#($0.tailnum)","name":"\#($0.name)"}"#
        + "\n"
    }.joined()
  }

  func sqlite() throws -> SQLiteFixture {
    let rows = Self.flights.map {
      "(\($0.id), '\($0.carrier)', '\($0.origin)', \($0.arrDelay.map(String.init) ?? "NULL"), '\($0.tailnum)', '\($0.name)')"
    }
    return try SQLiteFixture(
      script: """
        CREATE TABLE flights (id INTEGER PRIMARY KEY, carrier TEXT, origin TEXT, arr_delay INTEGER,
          tailnum TEXT, name TEXT);
        INSERT INTO flights VALUES \(rows.joined(separator: ",\n"));
        """)
  }

  /// The flights as a PostgreSQL table on the test server, loaded with COPY.
  func postgreSQL() throws -> WindowedTable {
    let server = try PostgresTestServer.shared()
    let name = try server.database("across") { database in
      try server.psql(
        "CREATE TABLE flights (id int PRIMARY KEY, carrier text, origin text, arr_delay int,"
          + " tailnum text, name text)", database: database)
      try server.copy(csv, into: "flights", database: database)
    }
    return try PostgresDatabase(connectionString: server.connectionString(name))
      .open(table: "flights")
  }

  /// The ids a source keeps under `filter`, in display order.
  func ids(_ source: any RecordSource, _ filter: RecordFilter) throws -> [Int] {
    let arranged: any RecordSource
    let arranger: Arranger
    if let store = source as? ArrangingSource {
      arranged = try #require(try store.arranged(sortKeys: [], filter: filter))
      try arranged.waitUntilComplete()
      arranger = Arranger(source: arranged)
    } else {
      arranged = source
      arranger = Arranger(source: source, filter: filter)
    }
    arranger.waitUntilComplete()
    let index = arranger.index
    return index.sections.flatMap { section in
      (0..<section.count).map { Int(arranged.value(section.record(at: $0), 0))! }
    }
  }

  @Test func everySourceKeepsTheRecordsThePlainRuleKeeps() throws {
    let fixture = try sqlite()
    let sources: [(String, any RecordSource)] = [
      ("CSV", try DataFile.open(text: csv, name: "f.csv", format: .csv)),
      ("JSON Lines", try DataFile.open(text: jsonLines, name: "f.jsonl", format: .jsonLines)),
      ("SQLite", try SQLiteDatabase(path: fixture.path).open(table: "flights")),
      ("PostgreSQL", try postgreSQL()),
    ]
    for (_, source) in sources { try source.waitUntilComplete() }
    for (expression, rule) in Self.cases {
      let condition = try #require(
        try ConditionParser(fieldNames: Self.fieldNames).parse(expression))
      let filter = RecordFilter(conditions: [condition])
      let expected = Self.flights.filter(rule).map(\.id)
      for (name, source) in sources {
        #expect(try ids(source, filter) == expected, "\(name): \(expression)")
      }
    }
  }

  @Test func stackedConditionsAreAnd() throws {
    let fixture = try sqlite()
    let parser = ConditionParser(fieldNames: Self.fieldNames)
    let filter = RecordFilter(conditions: [
      try #require(try parser.parse("carrier = 'UA'")),
      try #require(try parser.parse("origin = JFK")),
    ])
    let expected = Self.flights.filter {
      $0.carrier.lowercased() == "ua" && $0.origin.lowercased() == "jfk"
    }.map(\.id)
    #expect(!expected.isEmpty)
    let csvSource = try DataFile.open(text: csv, name: "f.csv", format: .csv)
    try csvSource.waitUntilComplete()
    #expect(try ids(csvSource, filter) == expected)
    #expect(
      try ids(try SQLiteDatabase(path: fixture.path).open(table: "flights"), filter) == expected)
  }

  @Test func textThatLooksLikeSQLIsAValueAndTheDatabaseIsUntouched() throws {
    let fixture = try sqlite()
    let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
    let table = try SQLiteDatabase(path: fixture.path).open(table: "flights")
    try table.waitUntilComplete()
    let parser = ConditionParser(fieldNames: Self.fieldNames)
    for text in [
      "x' OR 1=1; DROP TABLE flights;--", "carrier = 'x'' OR 1=1; DROP TABLE flights;--'",
      "name ~ 'x;DROP TABLE flights;--'", "carrier in ('a''); DELETE FROM flights;--')",
    ] {
      let condition = try #require(try parser.parse(text))
      #expect(try ids(table, RecordFilter(conditions: [condition])) == [], "\(text)")
    }
    #expect(
      try ids(table, RecordFilter(conditions: [try #require(try parser.parse("id > 0"))])).count
        == 600)
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == before)
  }
}

/// `F` and `I` count the records a filter keeps, whether they evaluate the conditions again or
/// are handed the arrangement's kept records.
@Suite struct StatisticsUnderConditionsTests {
  @Test func aCountUnderConditionsIsTheCountOfTheKeptRecords() throws {
    let flights = ConditionAcrossSourcesTests.flights
    let csv =
      "id,carrier,origin,arr_delay,tailnum,name\n"
      + flights.map {
        "\($0.id),\($0.carrier),\($0.origin),\($0.arrDelay.map(String.init) ?? ""),\($0.tailnum),\($0.name)\n"
      }.joined()
    let source = try DataFile.open(text: csv, name: "f.csv", format: .csv)
    try source.waitUntilComplete()
    let parser = ConditionParser(fieldNames: ConditionAcrossSourcesTests.fieldNames)
    let filter = RecordFilter(conditions: [
      try #require(try parser.parse("carrier = 'UA'")),
      try #require(try parser.parse("arr_delay > 60")),
    ])
    let kept = flights.filter { $0.carrier.lowercased() == "ua" && ($0.arrDelay ?? Int.min) > 60 }
    let delays = kept.compactMap(\.arrDelay)
    let arranger = Arranger(
      source: source, groupBy: nil, sortKeys: [SortKey(field: 3, descending: true)], filter: filter)
    arranger.waitUntilComplete()
    let viaFilter = FieldStatisticsTask(source: source, field: 3, filter: filter).waitUntilDone()
    let viaRecords = FieldStatisticsTask(
      source: source, field: 3, records: arranger.index.recordList, filter: filter
    ).waitUntilDone()
    for statistics in [viaFilter, viaRecords] {
      let statistics = try #require(statistics)
      #expect(statistics.count == kept.count)
      #expect(statistics.numbers?.maximum == String(delays.max()!))
      #expect(statistics.numbers?.minimum == String(delays.min()!))
      #expect(
        abs(statistics.numbers!.mean - Double(delays.reduce(0, +)) / Double(delays.count)) < 1e-9)
    }
    // Equal counts are listed in file order, however the view was sorted.
    #expect(viaFilter == viaRecords)
    let origins = FieldStatisticsTask(
      source: source, field: 2, records: arranger.index.recordList, filter: filter
    ).waitUntilDone()
    let expected = Dictionary(grouping: kept, by: \.origin).mapValues(\.count)
    #expect(
      Dictionary(
        uniqueKeysWithValues: try #require(origins).frequencies.map { ($0.value, $0.count) })
        == expected)
  }
}

/// Missing values — empty, JSON null, SQL NULL and the `--na` tokens — sort last either way
/// and match `is missing` alike in CSV, JSON Lines, SQLite and PostgreSQL; the orders and ids
/// expected are worked out by Python's csv module from the CSV text, not by Mosaic.
@Suite struct MissingAcrossSourcesTests {
  static let tokens = MissingValues(list: "NA,N/A,-")
  static let fieldNames = ["id", "delay", "tail"]

  /// Rows of id, delay (numbers, blanks, tokens) and tail (text, blanks, tokens); nil is SQL
  /// NULL / JSON null / an empty CSV field.
  static let rows: [(Int, String?, String?)] = {
    var seed: UInt64 = 2_026_112_8
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let delays: [() -> String?] = [
      { String(next(300) - 40) }, { String(next(300) - 40) }, { "\(next(90)).5" }, { nil },
      { "NA" }, { "N/A" }, { "-" }, { " NA " },
    ]
    let tails: [() -> String?] = [
      { "N\(next(900))UA" }, { "n\(next(90))aa" }, { nil }, { "NA" }, { "-" }, { "zed" },
    ]
    return (1...400).map { id in (id, delays[next(delays.count)](), tails[next(tails.count)]()) }
  }()

  var csv: String {
    "id,delay,tail\n" + Self.rows.map { "\($0.0),\($0.1 ?? ""),\($0.2 ?? "")\n" }.joined()
  }

  var jsonLines: String {
    func json(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }
    // Numbers as JSON numbers, tokens as strings.
    func delay(_ text: String?) -> String {
      guard let text else { return "null" }
      return Double(text) != nil ? text : json(text)
    }
    return Self.rows.map {
      #"{"id":\#($0.0),"delay":\#(delay($0.1)),"tail":\#(json($0.2))}"# + "\n"
    }.joined()
  }

  func sqlite() throws -> SQLiteFixture {
    func sql(_ text: String?) -> String {
      guard let text else { return "NULL" }
      return Double(text) != nil ? text : "'\(text)'"
    }
    let values = Self.rows.map { "(\($0.0), \(sql($0.1)), \(sql($0.2)))" }
    return try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, delay, tail TEXT);
        INSERT INTO t VALUES \(values.joined(separator: ",\n"));
        """)
  }

  func postgreSQL() throws -> WindowedTable {
    let server = try PostgresTestServer.shared()
    let name = try server.database("missing") { database in
      try server.psql(
        "CREATE TABLE t (id int PRIMARY KEY, delay text, tail text)", database: database)
      // COPY's CSV reads an unquoted empty field as NULL: the blanks are NULL here.
      try server.copy(csv, into: "t", database: database)
    }
    return try PostgresDatabase(connectionString: server.connectionString(name)).open(table: "t")
  }

  /// What Python's csv module makes of the CSV: for each name, the ids expected.
  func expected() throws -> [String: [Int]] {
    let program = #"""
      import csv, io, json, sys
      rows = list(csv.DictReader(io.StringIO(sys.stdin.read())))
      tokens = {"NA", "N/A", "-"}
      def missing(v): return v.strip() == "" or v.strip() in tokens
      def number(v):
          try: return float(v)
          except ValueError: return None
      def order(field, descending):
          numbers = [r for r in rows if not missing(r[field]) and number(r[field]) is not None]
          texts = [r for r in rows if not missing(r[field]) and number(r[field]) is None]
          gone = [r for r in rows if missing(r[field])]
          numbers.sort(key=lambda r: number(r[field]), reverse=descending)
          texts.sort(key=lambda r: r[field].strip().lower(), reverse=descending)
          # Python's sort is stable, reverse too: ties keep file order.
          return [int(r["id"]) for r in numbers + texts + gone]
      ids = lambda keep: [int(r["id"]) for r in rows if keep(r)]
      print(json.dumps({
        "delay up": order("delay", False), "delay down": order("delay", True),
        "tail up": order("tail", False), "tail down": order("tail", True),
        "delay is missing": ids(lambda r: missing(r["delay"])),
        "tail is not missing": ids(lambda r: not missing(r["tail"])),
        "delay > 60": ids(lambda r: not missing(r["delay"]) and (number(r["delay"]) or 0) > 60),
        "not delay > 60": ids(lambda r: not missing(r["delay"])
                              and number(r["delay"]) is not None and number(r["delay"]) <= 60),
        "tail != 'zed'": ids(lambda r: not missing(r["tail"]) and r["tail"].lower() != "zed"),
        "tail < 'n5'": ids(lambda r: not missing(r["tail"]) and r["tail"].lower() < "n5"),
      }))
      """#
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(["python3", "-c", program], input: Data(csv.utf8))
    #expect(result.status == 0, "\(result)")
    let decoded = try JSONSerialization.jsonObject(with: result.standardOutput)
    return try #require(decoded as? [String: [Int]])
  }

  /// The ids `source` shows arranged by `keys` and `filter`, through its store when it has one.
  func ids(_ source: any RecordSource, keys: [SortKey], filter: RecordFilter?) throws -> [Int] {
    var shown = source
    var arranger: Arranger
    if let store = source as? ArrangingSource {
      shown = try #require(try store.arranged(sortKeys: keys, filter: filter))
      try shown.waitUntilComplete()
      arranger = Arranger(source: shown)
    } else {
      arranger = Arranger(source: source, sortKeys: keys, filter: filter)
    }
    arranger.waitUntilComplete()
    return arranger.index.sections.flatMap { section in
      (0..<section.count).map { Int(shown.value(section.record(at: $0), 0))! }
    }
  }

  @Test func missingValuesSortLastAndMatchIsMissingOnEverySource() throws {
    let expected = try expected()
    #expect(expected["delay is missing"]!.count > 100, "the file has missing values to sort")
    let fixture = try sqlite()
    let sources: [(String, any RecordSource)] = [
      ("CSV", try DataFile.open(text: csv, name: "m.csv", format: .csv)),
      ("JSON Lines", try DataFile.open(text: jsonLines, name: "m.jsonl", format: .jsonLines)),
      ("SQLite", try SQLiteDatabase(path: fixture.path).open(table: "t")),
      ("PostgreSQL", try postgreSQL()),
    ]
    let parser = ConditionParser(fieldNames: Self.fieldNames)
    for (name, source) in sources {
      try source.waitUntilComplete()
      for (field, label) in [(1, "delay"), (2, "tail")] {
        for descending in [false, true] {
          let key = SortKey(field: field, descending: descending, missing: Self.tokens)
          let want = expected["\(label) \(descending ? "down" : "up")"]!
          #expect(try ids(source, keys: [key], filter: nil) == want, "\(name): sort \(label)")
        }
      }
      for expression in [
        "delay is missing", "tail is not missing", "delay > 60", "not delay > 60",
        "tail != 'zed'", "tail < 'n5'",
      ] {
        let condition = try #require(try parser.parse(expression))
        let filter = RecordFilter(conditions: [condition], missing: Self.tokens)
        #expect(
          try ids(source, keys: [], filter: filter) == expected[expression]!,
          "\(name): \(expression)")
      }
    }
  }

  @Test func frequenciesCountEveryMissingValueInOneRow() throws {
    let expected = try expected()
    let fixture = try sqlite()
    let sources: [(String, any RecordSource)] = [
      ("CSV", try DataFile.open(text: csv, name: "m.csv", format: .csv)),
      ("JSON Lines", try DataFile.open(text: jsonLines, name: "m.jsonl", format: .jsonLines)),
      ("SQLite", try SQLiteDatabase(path: fixture.path).open(table: "t")),
      ("PostgreSQL", try postgreSQL()),
    ]
    var limits = FieldStatisticsTask.Limits()
    limits.missing = Self.tokens
    let tokens = ["NA", "N/A", "-", " NA "]
    for (name, source) in sources {
      try source.waitUntilComplete()
      let delay = try #require(
        FieldStatisticsTask(source: source, field: 1, limits: limits).waitUntilDone())
      #expect(delay.emptyCount == expected["delay is missing"]!.count, "\(name)")
      #expect(
        delay.frequencies.filter { $0.value.isEmpty }.map(\.count)
          == [expected["delay is missing"]!.count], "\(name): one row of missing values")
      #expect(!delay.frequencies.contains { tokens.contains($0.value) }, "\(name)")
      let tail = try #require(
        FieldStatisticsTask(source: source, field: 2, limits: limits).waitUntilDone())
      #expect(tail.emptyCount == Self.rows.count - expected["tail is not missing"]!.count)
    }
  }

  @Test func withoutTokensATokenIsText() throws {
    let source = try DataFile.open(text: csv, name: "m.csv", format: .csv)
    try source.waitUntilComplete()
    let condition = try #require(
      try ConditionParser(fieldNames: Self.fieldNames).parse(
        "delay is missing"))
    let kept = try ids(source, keys: [], filter: RecordFilter(conditions: [condition]))
    #expect(kept == Self.rows.filter { $0.1 == nil }.map(\.0))
  }
}

/// Dates in conditions compare as dates: `day > '2013-06-01'` and `between` keep the same
/// records whether the file writes `Jun 5 2013` (CSV, JSON Lines, a SQLite text column) or the
/// server holds a `date` column, and a sort by the day orders them as dates; the ids expected
/// are Python's (datetime), not Mosaic's.
@Suite struct DatesAcrossSourcesTests {
  static let days: [(Int, Int, Int)] = {
    var seed: UInt64 = 1_306_01
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    return (1...300).map { id in (id, 2012 + next(3), 1 + next(12)) }.map {
      ($0.0, $0.1 * 100 + $0.2, 1 + ($0.0 * 7) % 28)
    }
  }()

  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `Jun 5 2013`, as the file writes it.
  static func written(_ day: (Int, Int, Int)) -> String {
    "\(months[day.1 % 100 - 1]) \(day.2) \(day.1 / 100)"
  }

  /// `2013-06-05`, as the server holds it.
  static func iso(_ day: (Int, Int, Int)) -> String {
    String(format: "%04d-%02d-%02d", day.1 / 100, day.1 % 100, day.2)
  }

  var csv: String { "id,day\n" + Self.days.map { "\($0.0),\(Self.written($0))\n" }.joined() }

  func expected() throws -> [String: [Int]] {
    let program = #"""
      import csv, io, json, sys, datetime
      rows = list(csv.DictReader(io.StringIO(sys.stdin.read())))
      day = lambda r: datetime.datetime.strptime(r["day"], "%b %d %Y").date()
      d = datetime.date
      ids = lambda keep: [int(r["id"]) for r in rows if keep(day(r))]
      print(json.dumps({
        "day > '2013-06-01'": ids(lambda x: x > d(2013, 6, 1)),
        "day between 'Mar 1 2013' and '2013-06-30'": ids(lambda x: d(2013, 3, 1) <= x <= d(2013, 6, 30)),
        "day = '2013-06-08'": ids(lambda x: x == d(2013, 6, 8)),
        "not day < 'Jun 1 2013'": ids(lambda x: x >= d(2013, 6, 1)),
        "day in ('2012-01-08', 'Feb 15 2014')": ids(lambda x: x in (d(2012, 1, 8), d(2014, 2, 15))),
        "sorted": [int(r["id"]) for r in sorted(rows, key=day)],
        "sorted down": [int(r["id"]) for r in sorted(rows, key=day, reverse=True)],
      }))
      """#
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(["python3", "-c", program], input: Data(csv.utf8))
    #expect(result.status == 0, "\(result)")
    return try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: [Int]])
  }

  @Test func dateConditionsAndSortsAgreeOnEverySource() throws {
    let expected = try expected()
    #expect(expected["day = '2013-06-08'"]!.count > 0 && expected["day > '2013-06-01'"]!.count > 50)
    let jsonLines = Self.days.map { #"{"id":\#($0.0),"day":"\#(Self.written($0))"}"# + "\n" }
      .joined()
    let fixture = try SQLiteFixture(
      script: "CREATE TABLE t (id INTEGER PRIMARY KEY, day TEXT);\n"
        + "INSERT INTO t VALUES "
        + Self.days.map { "(\($0.0), '\(Self.written($0))')" }.joined(separator: ",\n") + ";")
    let server = try PostgresTestServer.shared()
    let database = try server.database("dates") { database in
      try server.psql("CREATE TABLE t (id int PRIMARY KEY, day date)", database: database)
      try server.copy(
        "id,day\n" + Self.days.map { "\($0.0),\(Self.iso($0))\n" }.joined(), into: "t",
        database: database)
    }
    let sources: [(String, any RecordSource)] = [
      ("CSV", try DataFile.open(text: csv, name: "d.csv", format: .csv)),
      ("JSON Lines", try DataFile.open(text: jsonLines, name: "d.jsonl", format: .jsonLines)),
      ("SQLite", try SQLiteDatabase(path: fixture.path).open(table: "t")),
      (
        "PostgreSQL",
        try PostgresDatabase(connectionString: server.connectionString(database))
          .open(table: "t")
      ),
    ]
    let parser = ConditionParser(fieldNames: ["id", "day"])
    let missing = MissingAcrossSourcesTests()
    for (name, source) in sources {
      try source.waitUntilComplete()
      for expression in [
        "day > '2013-06-01'", "day between 'Mar 1 2013' and '2013-06-30'", "day = '2013-06-08'",
        "not day < 'Jun 1 2013'", "day in ('2012-01-08', 'Feb 15 2014')",
      ] {
        let filter = RecordFilter(conditions: [try #require(try parser.parse(expression))])
        #expect(
          try missing.ids(source, keys: [], filter: filter) == expected[expression]!,
          "\(name): \(expression)")
      }
      #expect(
        try missing.ids(source, keys: [SortKey(field: 1)], filter: nil) == expected["sorted"]!,
        "\(name): sorted by day")
      #expect(
        try missing.ids(source, keys: [SortKey(field: 1, descending: true)], filter: nil)
          == expected["sorted down"]!, "\(name): sorted by day, latest first")
    }
  }
}

/// A field the user typed as text (`t`) sorts and compares as text on every source: `n` holds
/// integers of one to four digits, sorted as text `10` comes before `9` and `n > 50` keeps
/// `6` and `700`; the ids expected are Python's (str comparison).
@Suite struct TextTypeAcrossSourcesTests {
  static let rows: [(Int, Int)] = {
    var seed: UInt64 = 6_022
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    return (1...200).map { ($0, next([10, 100, 10_000][next(3)])) }
  }()

  var csv: String { "id,n\n" + Self.rows.map { "\($0.0),\($0.1)\n" }.joined() }

  /// The ids `source` shows under `keys` and `filter`: by its store when it arranges them,
  /// else in memory.
  func ids(_ source: any RecordSource, keys: [SortKey], filter: RecordFilter?) throws -> [Int] {
    let pushed = try (source as? ArrangingSource)?.arranged(sortKeys: keys, filter: filter)
    try pushed?.waitUntilComplete()
    let shown = pushed ?? source
    let arranger =
      pushed.map { Arranger(source: $0) }
      ?? Arranger(source: source, sortKeys: keys, filter: filter)
    arranger.waitUntilComplete()
    return arranger.index.sections.flatMap { section in
      (0..<section.count).map { Int(shown.value(section.record(at: $0), 0))! }
    }
  }

  @Test func aFieldTypedAsTextSortsAndComparesAsTextOnEverySource() throws {
    let program = #"""
      import csv, io, json, sys
      rows = list(csv.DictReader(io.StringIO(sys.stdin.read())))
      print(json.dumps({
        "up": [int(r["id"]) for r in sorted(rows, key=lambda r: r["n"])],
        "down": [int(r["id"]) for r in sorted(rows, key=lambda r: r["n"], reverse=True)],
        "n > 50": [int(r["id"]) for r in rows if r["n"] > "50"],
        "n between 2 and 30": [int(r["id"]) for r in rows if "2" <= r["n"] <= "30"],
      }))
      """#
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(["python3", "-c", program], input: Data(csv.utf8))
    let expected = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: [Int]])
    let fixture = try SQLiteFixture(
      script: "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER);\nINSERT INTO t VALUES "
        + Self.rows.map { "(\($0.0), \($0.1))" }.joined(separator: ",\n") + ";")
    let server = try PostgresTestServer.shared()
    let database = try server.database("texttype") { database in
      try server.psql("CREATE TABLE t (id int PRIMARY KEY, n int)", database: database)
      try server.copy(csv, into: "t", database: database)
    }
    let sources: [(String, any RecordSource)] = [
      ("CSV", try DataFile.open(text: csv, name: "n.csv", format: .csv)),
      (
        "JSON Lines",
        try DataFile.open(
          text: Self.rows.map { #"{"id":\#($0.0),"n":\#($0.1)}"# + "\n" }.joined(),
          name: "n.jsonl", format: .jsonLines)
      ),
      ("SQLite", try SQLiteDatabase(path: fixture.path).open(table: "t")),
      (
        "PostgreSQL",
        try PostgresDatabase(connectionString: server.connectionString(database))
          .open(table: "t")
      ),
    ]
    let parser = ConditionParser(fieldNames: ["id", "n"])
    for (name, source) in sources {
      try source.waitUntilComplete()
      #expect(
        try ids(source, keys: [SortKey(field: 1, type: .text)], filter: nil) == expected["up"]!,
        "\(name)")
      #expect(
        try ids(source, keys: [SortKey(field: 1, descending: true, type: .text)], filter: nil)
          == expected["down"]!, "\(name)")
      for expression in ["n > 50", "n between 2 and 30"] {
        let condition = try #require(try parser.parse(expression))
        let filter = RecordFilter(conditions: [condition.comparingAsText(fields: [1])])
        #expect(
          try ids(source, keys: [], filter: filter) == expected[expression]!,
          "\(name): \(expression)")
      }
    }
  }
}

/// A PostgreSQL column typed `numeric` or `float8` is compared as its numbers, with no detour
/// through text, and keeps what the same values keep as CSV: NaN and the infinities are no
/// finite numbers (unknown to `>`, even under `not`), NULL is missing.
@Suite struct NumericColumnsAcrossSourcesTests {
  /// Ids and values; nil is NULL (empty in the CSV).
  static let rows: [(Int, String?)] = [
    (1, "1.5"), (2, "-3"), (3, "NaN"), (4, "Infinity"), (5, "-Infinity"), (6, nil), (7, "2.5"),
    (8, "1e300"), (9, "0"),
  ]

  /// What each expression keeps, read plainly: a finite number's test, nothing else.
  static let cases: [(String, [Int])] = [
    ("x > 1", [1, 7, 8]),
    ("x between -5 and 5", [1, 2, 7, 9]),
    ("x is missing", [6]),
    ("not x > 1", [2, 9]),
    ("x = 2.5", [7]),
    ("x in (0, -3)", [2, 9]),
    ("x < 1", [2, 9]),
    ("x <= -3", [2]),
    ("x != 2.5", [1, 2, 8, 9]),
  ]

  @Test(arguments: ["numeric", "float8"])
  func aNumericColumnKeepsWhatTheSameValuesKeepAsCSV(type: String) throws {
    let server = try PostgresTestServer.shared()
    let csv = "id,x\n" + Self.rows.map { "\($0.0),\($0.1 ?? "")\n" }.joined()
    let name = try server.database("numeric_\(type)") { database in
      try server.psql("CREATE TABLE t (id int PRIMARY KEY, x \(type))", database: database)
      try server.copy(csv, into: "t", database: database)
    }
    let sources: [(String, any RecordSource)] = [
      ("CSV", try DataFile.open(text: csv, name: "n.csv", format: .csv)),
      (
        "PostgreSQL \(type)",
        try PostgresDatabase(connectionString: server.connectionString(name)).open(table: "t")
      ),
    ]
    for (_, source) in sources { try source.waitUntilComplete() }
    // Sorted both ways: numbers in order, then NaN and the infinities as their text sorts
    // (ignoring case), then NULL; the same order as the CSV's.
    for descending in [false, true] {
      let keys = [SortKey(field: 1, descending: descending)]
      let orders = try sources.map {
        try MissingAcrossSourcesTests().ids($0.1, keys: keys, filter: nil)
      }
      #expect(orders[0] == orders[1], "sorted \(descending ? "down" : "up"): \(orders)")
      #expect(orders[0].last == 6, "NULL last: \(orders[0])")
    }
    for (expression, expected) in Self.cases {
      let condition = try #require(try ConditionParser(fieldNames: ["id", "x"]).parse(expression))
      let filter = RecordFilter(conditions: [condition])
      for (label, source) in sources {
        #expect(
          try ConditionAcrossSourcesTests().ids(source, filter) == expected,
          "\(label): \(expression)")
      }
    }
  }
}
