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
    let names = ["Étoile", "zebra", "Mango", "apple", "Ørsted", "delta one"]
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
