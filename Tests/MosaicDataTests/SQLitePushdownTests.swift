import Foundation
import Testing

@testable import MosaicData

/// SQLite answers `F`, `I`, sorts and filters itself (GROUP BY, key columns sorted in memory,
/// native comparisons) with exactly what the in-memory path gives over the same values read
/// from a CSV: the same figures, the same rows in the same order.
@Suite struct SQLitePushdownTests {
  static let fieldNames = ["id", "kind", "amount", "label"]

  /// Each row as SQL literals and as the text the browser shows for them (the CSV's).
  static let rows: [(sql: [String], text: [String])] = {
    var seed: UInt64 = 88_172_645_463_325_252
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let kinds: [(String, String)] = [
      ("'a'", "a"), ("'b'", "b"), ("'B'", "B"), ("NULL", ""), ("''", ""), ("'c'", "c"),
      ("7", "7"), ("'7'", "7"), ("1000", "1000"),
    ]
    // Integers, reals (SQLite writes 2.0 as "2.0"), text that reads as a number, text, empty.
    let amounts: [(String, String)] = [
      ("2", "2"), ("2.0", "2.0"), ("0.5", "0.5"), ("-3.75", "-3.75"), ("1.25", "1.25"),
      ("'12'", "12"), ("' 3 '", " 3 "), ("'n/a'", "n/a"), ("NULL", ""), ("''", ""),
      ("100.0", "100.0"), ("0.1", "0.1"), ("-1", "-1"), ("1e20", "1.0e+20"),
      ("9e999", "Inf"), ("-9e999", "-Inf"),
    ]
    let labels = [
      "zebra", "apple", "Mango", "étoile", "Étoile", "delta one", "long label number one",
      "long label number two", "x-ray", "Ørsted", "KEY", "Apple", "kEy", "Kek", "kex",
    ]
    return (1...3000).map { id in
      let kind = kinds[next(kinds.count)]
      let small = String(next(50))
      let amount = next(5) == 0 ? (small, small) : amounts[next(amounts.count)]
      let label = next(3) == 0 ? "label \(next(400))" : labels[next(labels.count)]
      return (
        ["\(id)", kind.0, amount.0, "'\(label)'"], ["\(id)", kind.1, amount.1, label]
      )
    }
  }()

  static func csv() throws -> any RecordSource {
    let text =
      fieldNames.joined(separator: ",") + "\n"
      + rows.map { $0.text.joined(separator: ",") + "\n" }.joined()
    let source = try DataFile.open(text: text, name: "t.csv", format: .csv)
    try source.waitUntilComplete()
    return source
  }

  static func sqlite() throws -> (SQLiteFixture, WindowedTable) {
    let values = rows.map { "(" + $0.sql.joined(separator: ", ") + ")" }
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, kind TEXT, amount, label TEXT);
        INSERT INTO t VALUES \(values.joined(separator: ",\n"));
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    return (fixture, table)
  }

  static func filter(_ expressions: String...) throws -> RecordFilter? {
    guard !expressions.isEmpty else { return nil }
    let parser = ConditionParser(fieldNames: fieldNames)
    return RecordFilter(conditions: try expressions.map { try #require(try parser.parse($0)) })
  }

  /// Whether two counts agree: every figure the same, the mean to rounding (the in-memory
  /// count adds record by record on several threads, the database value by value).
  static func agree(_ a: FieldStatistics, _ b: FieldStatistics) -> Bool {
    var x = a
    var y = b
    guard let mx = x.numbers?.mean, let my = y.numbers?.mean else { return x == y }
    guard abs(mx - my) <= 1e-9 * max(1, abs(mx)) else { return false }
    x.numbers?.mean = 0
    y.numbers?.mean = 0
    return x == y
  }

  @Test func frequenciesAndSummaryAreTheInMemoryFigures() throws {
    let csv = try Self.csv()
    let (fixture, table) = try Self.sqlite()
    _ = fixture
    var capped = FieldStatisticsTask.Limits()
    capped.distinctValues = 5
    capped.valueBytes = 8
    let filters = [
      nil, try Self.filter("amount > 1"), try Self.filter("kind = 'b' or amount is missing"),
      try Self.filter("label contains 'e'", "not kind = 'a'"),
    ]
    for field in Self.fieldNames.indices {
      for filter in filters {
        for limits in [FieldStatisticsTask.Limits(), capped] {
          let expected = FieldStatistics.compute(
            source: csv, field: field, filter: filter, limits: limits)
          let answer = try #require(
            try table.storeStatistics(
              field: field, filter: filter, limits: limits, cancellation: Cancellation()))
          #expect(
            Self.agree(answer, expected),
            "field \(field), \(String(describing: filter)), \(limits.distinctValues)")
        }
      }
    }
  }

  @Test func aSortedAndFilteredTableCountsItsKeptRowsWithTiesInTableOrder() throws {
    let csv = try Self.csv()
    let (fixture, table) = try Self.sqlite()
    _ = fixture
    let kept = try Self.filter("amount >= 0.5")
    let arranged = try #require(
      try table.arranged(sortKeys: [SortKey(field: 3, descending: true)], filter: kept)
        as? WindowedTable)
    try arranged.waitUntilComplete()
    for field in Self.fieldNames.indices {
      let expected = FieldStatistics.compute(source: csv, field: field, filter: kept)
      let answer = try #require(
        try arranged.storeStatistics(
          field: field, filter: nil, limits: .init(), cancellation: Cancellation()))
      #expect(Self.agree(answer, expected), "field \(field)")
      // Narrowed further, as F does under a condition typed on the sorted view.
      let more = try Self.filter("kind != 'B'")
      let both = try Self.filter("amount >= 0.5", "kind != 'B'")
      #expect(
        Self.agree(
          try #require(
            try arranged.storeStatistics(
              field: field, filter: more, limits: .init(), cancellation: Cancellation())),
          FieldStatistics.compute(source: csv, field: field, filter: both)), "field \(field)")
    }
  }

  /// A filter that keeps few rows: `F` and `I` look its kept row ids up instead of testing the
  /// condition over the table again, with the same figures.
  @Test func statisticsOfAFewKeptRowsAreTheInMemoryFigures() throws {
    let csv = try Self.csv()
    let (fixture, table) = try Self.sqlite()
    _ = fixture
    var capped = FieldStatisticsTask.Limits()
    capped.distinctValues = 3
    for expression in ["kind = 'c'", "label = 'kek'", "label = 'key' or kind = 'a'"] {
      let kept = try Self.filter(expression)
      let arranged = try #require(
        try table.arranged(sortKeys: [], filter: kept) as? WindowedTable)
      try arranged.waitUntilComplete()
      let lookups = SQLiteQuery.keptRowLookups
      for field in Self.fieldNames.indices {
        for limits in [FieldStatisticsTask.Limits(), capped] {
          let expected = FieldStatistics.compute(
            source: csv, field: field, filter: kept, limits: limits)
          let answer = try #require(
            try arranged.storeStatistics(
              field: field, filter: nil, limits: limits, cancellation: Cancellation()))
          #expect(Self.agree(answer, expected), "\(expression), field \(field)")
        }
      }
      #expect(SQLiteQuery.keptRowLookups >= lookups + 2 * Self.fieldNames.count, "\(expression)")
    }
  }

  /// Text that is not ASCII yet lowercases to an ASCII literal (a Kelvin sign lowercases to
  /// `k`, as Swift's `lowercased()` says) is equal to it: the plain comparisons that settle most
  /// rows first may not turn it away, under NOT or not.
  @Test func equalityKeepsTextThatLowercasesToTheLiteral() throws {
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT);
        INSERT INTO t VALUES (1, 'KEY'), (2, '\u{212A}EY'), (3, 'KE\u{212A}'), (4, 'zebra'),
          (5, NULL), (6, 'kex'), (7, 'Hey');
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    let parser = ConditionParser(fieldNames: ["id", "label"])
    let expected = [
      "label = 'key'": ["1", "2"], "label = 'kek'": ["3"],
      "not label = 'key'": ["3", "4", "6", "7"], "label = 'key' or id = 4": ["1", "2", "4"],
      "not (label = 'kek' or id = 1)": ["2", "4", "6", "7"],
    ]
    for (text, ids) in expected {
      let filter = RecordFilter(conditions: [try #require(try parser.parse(text))])
      let arranged = try #require(try table.arranged(sortKeys: [], filter: filter))
      try arranged.waitUntilComplete()
      #expect((0..<arranged.recordCount).map { arranged.value($0, 0) } == ids, "\(text)")
    }
  }

  /// `=` on text is one CASE over where the value lies in SQLite's order (not text, below the
  /// literal's first letter, at it in either case, past it, past ASCII): from every place it
  /// keeps what the in-memory rule keeps (the value's lowercase is the literal's, written here
  /// by hand), and `not` keeps the rest of the values present.
  @Test func equalityKeepsTheSameRowsWhereverTheValueSorts() throws {
    let values = [
      "'Hanoi'", "'hanoi'", "'HANOI'", "'Hanoi '", "'hanoi2'", "'Hamburg'", "'H'", "'h'", "''",
      "NULL", "'Accra'", "'Zurich'", "'\u{FF48}anoi'", "'\u{212A}EY'", "'KEY'", "'Key'",
      "'kez'", "5", "2.5", "x'68616e6f69'", "'hano\u{0130}'", "'\u{00E9}'",
    ]
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, label);
        INSERT INTO t VALUES \(values.enumerated().map { "(\($0.offset + 1), \($0.element))" }
          .joined(separator: ", "));
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    let parser = ConditionParser(fieldNames: ["id", "label"])
    let expected = [
      "label = 'hanoi'": ["1", "2", "3"], "label = 'HANOI'": ["1", "2", "3"],
      "label = 'key'": ["14", "15", "16"], "label = 'h'": ["7", "8"],
      "label = 'accra'": ["11"], "label = '\u{00E9}'": ["22"],
      "not label = 'hanoi'": [
        "4", "5", "6", "7", "8", "11", "12", "13", "14", "15", "16", "17",
        "18", "19", "20", "21", "22",
      ],
    ]
    for (text, ids) in expected {
      let filter = RecordFilter(conditions: [try #require(try parser.parse(text))])
      let arranged = try #require(try table.arranged(sortKeys: [], filter: filter))
      try arranged.waitUntilComplete()
      #expect((0..<arranged.recordCount).map { arranged.value($0, 0) } == ids, "\(text)")
    }
  }

  /// A column of numbers stored as numbers is shown from its first rows before the whole sort
  /// ends (found in one pass): the order is still the numbers', ties in table order, both ways.
  @Test func aNumberColumnSortsByItsNumbersWithTiesInTableOrder() throws {
    typealias Row = (id: Int, x: Double, k: Int)
    let rows = (1...1_500).map { (id: Int) -> Row in
      let x: Double = Double((id * 7_919) % 301) / 4 - 20
      return (id: id, x: x, k: (id * 31) % 7 - 3)
    }
    let values = rows.map { "(\($0.id), \($0.x), \($0.k))" }.joined(separator: ", ")
    let fixture = try SQLiteFixture(
      script: "CREATE TABLE n (id INTEGER PRIMARY KEY, x REAL, k INTEGER);"
        + " INSERT INTO n VALUES \(values);")
    let table = try SQLiteDatabase(path: fixture.path).open(table: "n")
    try table.waitUntilComplete()
    for (field, descending) in [(1, false), (1, true), (2, false), (2, true), (0, true)] {
      func key(_ row: Row) -> Double {
        field == 0 ? Double(row.id) : field == 1 ? row.x : Double(row.k)
      }
      let expected = rows.sorted { (a: Row, b: Row) -> Bool in
        key(a) != key(b) ? (key(a) < key(b)) != descending : a.id < b.id
      }.map { String($0.id) }
      let keys = [SortKey(field: field, descending: descending)]
      let arranged: (any RecordSource)? = try table.arranged(sortKeys: keys, filter: nil)
      let sorted = try #require(arranged)
      try sorted.waitUntilComplete()
      #expect(
        (0..<sorted.recordCount).map { sorted.value($0, 0) } == expected,
        "field \(field) \(descending)")
    }
  }

  @Test func aCancelledCountGivesNoAnswer() throws {
    let (fixture, table) = try Self.sqlite()
    _ = fixture
    let cancellation = Cancellation()
    cancellation.cancel()
    #expect(
      try table.storeStatistics(
        field: 3, filter: nil, limits: .init(), cancellation: cancellation) == nil)
  }

  /// The ids `source` shows arranged by `keys` under `filter`, in order.
  static func ids(_ source: any RecordSource, _ keys: [SortKey], _ filter: RecordFilter?) throws
    -> [String]
  {
    if let store = source as? WindowedTable {
      let arranged = try #require(try store.arranged(sortKeys: keys, filter: filter))
      try arranged.waitUntilComplete()
      return (0..<arranged.recordCount).map { arranged.value($0, 0) }
    }
    let arranger = Arranger(source: source, groupBy: nil, sortKeys: keys, filter: filter)
    arranger.waitUntilComplete()
    return arranger.index.recordList.map { source.value(Int($0), 0) }
  }

  @Test func sortsAndFiltersKeepTheInMemoryRowsAndOrder() throws {
    let csv = try Self.csv()
    let (fixture, table) = try Self.sqlite()
    _ = fixture
    let sorts: [[SortKey]] = [
      [], [SortKey(field: 2)], [SortKey(field: 2, descending: true)],
      [SortKey(field: 1), SortKey(field: 2, descending: true)],
      [SortKey(field: 3, descending: true), SortKey(field: 1)],
    ]
    let filters = [
      nil, try Self.filter("amount = 2"), try Self.filter("amount >= 0.5"),
      try Self.filter("amount < '1.25'"), try Self.filter("amount != 100"),
      try Self.filter("label >= 'm'"), try Self.filter("label = 'étoile'"),
      try Self.filter("kind != 'B'", "amount <= 12"), try Self.filter("kind > 'a'"),
      try Self.filter("not amount > 0.1"), try Self.filter("label = 'key'"),
      try Self.filter("label != 'KEY'"), try Self.filter("label = 'apple'"),
      try Self.filter("not label = 'zebra'"), try Self.filter("kind = 7"),
      try Self.filter("kind > 500"), try Self.filter("kind < 10"),
      try Self.filter("label = 'kek'"), try Self.filter("not label = 'kek'"),
      try Self.filter("amount > 1 or label = 'kek'"),
      try Self.filter("not (amount <= 2 and kind = 'b')"), try Self.filter("amount = 0.1"),
      try Self.filter("amount < 100", "label = 'apple' or label = 'key'"),
      try Self.filter("not (amount = 0.1 or label = 'apple')"),
    ]
    for keys in sorts {
      for filter in filters {
        #expect(
          try Self.ids(table, keys, filter) == Self.ids(csv, keys, filter),
          "\(keys) \(String(describing: filter))")
      }
    }
  }

  @Test func theLastRowsAndTheEstimateComeWithoutCounting() throws {
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
        INSERT INTO t SELECT i, 'row ' || i FROM n;
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    let last = try #require(try table.query.lastRows(3))
    #expect(
      last.map { $0.map(\.text) } == [
        ["4998", "row 4998"], ["4999", "row 4999"], ["5000", "row 5000"],
      ])
    #expect(table.query.estimatedRowCount == 5000)
    // A sorted or filtered query has no end before its count.
    let arranged = try #require(try table.arranged(sortKeys: [SortKey(field: 1)], filter: nil))
    let sorted = try #require(arranged as? WindowedTable)
    #expect(try sorted.query.lastRows(3) == nil)
  }
}
