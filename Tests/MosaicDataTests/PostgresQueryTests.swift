import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// The same generated rows as CSV and as a PostgreSQL table (on the test server) answer every
/// question alike: windows, the count, the end, conditions, sorting, `F` and `I`.
@Suite struct PostgresQueryTests {
  /// The rows' CSV: mixed values (numbers, numbers as text, text of both cases, blanks, empty).
  static let csv: String = {
    let carriers = ["UA", "AA", "dl", "Dl", "B6", ""]
    let mixed = ["10", " 7", "-3.5", "1e2", "abc", "Abd", "", "  ", "+4", ".5", "zeta", "10.0"]
    // 12.50 and 12.5 are one numeric value with two texts: two values in `F`.
    let prices = ["12.50", "3", "-0.25", "", "7", "12.5"]
    let flags = ["true", "false", ""]
    let names = ["apple", "Mango", "zebra", "delta one", "Apple", "50 cents"]
    var seed: UInt64 = 42
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var text = "id,carrier,delay,mixed,flag,price,name\n"
    for id in 1...700 {
      let delay = next(7) == 0 ? "" : String(next(300) - 60)
      text +=
        "\(id),\(carriers[next(6)]),\(delay),\"\(mixed[next(mixed.count)])\",\(flags[next(3)]),"
        + "\(prices[next(6)]),\(names[next(6)])\n"
    }
    return text
  }()

  static let fieldNames = ["id", "carrier", "delay", "mixed", "flag", "price", "name"]

  /// The test server's database holding the rows as `public.t` (primary key `id`) and as
  /// `public.heap` (no key: windows by `ctid`), analyzed.
  static func database() throws -> (PostgresTestServer, String) {
    let server = try PostgresTestServer.shared()
    let name = try server.database("querytests") { database in
      try server.psql(
        """
        CREATE TABLE t (id int PRIMARY KEY, carrier text, delay int, mixed text, flag bool,
          price numeric, name text);
        CREATE TABLE heap (id int, carrier text, delay int, mixed text, flag bool,
          price numeric, name text);
        """, database: database)
      try server.copy(csv, into: "t", database: database)
      try server.copy(csv, into: "heap", database: database)
      try server.psql("ANALYZE", database: database)
    }
    return (server, name)
  }

  static func open(_ table: String) throws -> WindowedTable {
    let (server, name) = try database()
    return try PostgresDatabase(connectionString: server.connectionString(name)).open(table: table)
  }

  static func csvSource() throws -> any RecordSource {
    let source = try DataFile.open(text: csv, name: "t.csv", format: .csv)
    try source.waitUntilComplete()
    return source
  }

  /// The ids `source` shows, sorted by `sortKeys` and filtered by `filter`, in display order.
  func ids(_ source: any RecordSource, sortKeys: [SortKey], filter: RecordFilter?) throws -> [Int] {
    if let store = source as? WindowedTable {
      let arranged = try #require(try store.arranged(sortKeys: sortKeys, filter: filter))
      try arranged.waitUntilComplete()
      return (0..<arranged.recordCount).map { Int(arranged.value($0, 0)) ?? -1 }
    }
    let arranger = Arranger(source: source, sortKeys: sortKeys, filter: filter)
    arranger.waitUntilComplete()
    return arranger.index.sections.flatMap { section in
      (0..<section.count).map { Int(source.value(section.record(at: $0), 0))! }
    }
  }

  @Test func windowsCountAndEndFollowTheKey() throws {
    for table in ["t", "heap"] {
      let source = try Self.open(table)
      try source.waitUntilComplete()
      #expect(source.recordCount == 700, "\(table)")
      #expect((0..<700).map { source.value($0, 0) } == (1...700).map(String.init), "\(table)")
      let last = try #require(try source.query.lastRows(3))
      #expect(last.map { $0[0].text } == ["698", "699", "700"], "\(table)")
      #expect(source.query.estimatedRowCount == 700, "\(table)")
      // Typed values: numbers, booleans, NULL as null.
      #expect(source.typedValue(0, 0) == .number("1"))
    }
  }

  @Test func conditionsKeepTheRowsTheyKeepOfTheCSV() throws {
    let csv = try Self.csvSource()
    let table = try Self.open("t")
    let view = try Self.open("heap")
    let parser = ConditionParser(fieldNames: Self.fieldNames)
    for expression in [
      "mixed > 5", "mixed = 10", "mixed != 10", "mixed = 'abc'", "mixed < 'b'",
      "mixed contains 'b'", "mixed ~ '^[0-9]'", "mixed ~ '\\d'", "mixed ~ 'A'", "mixed is missing",
      "not mixed is missing", "flag = true", "flag = 'TRUE'", "price >= 3",
      "price between 0 and 10", "carrier in ('ua', 'dl')", "carrier == 'Dl'", "name ~ 'A'",
      "delay > 60 and carrier = 'UA'", "not (delay > 60 or carrier = 'UA')", "ua", "10",
      "x' OR 1=1; DROP TABLE t;--", "carrier = 'x'' OR 1=1; DROP TABLE t;--'",
      "name contains '%'", "name contains '_'", "delay between 10 and 'x'",
    ] {
      let condition = try #require(try parser.parse(expression), "\(expression)")
      let filter = RecordFilter(conditions: [condition])
      let expected = try ids(csv, sortKeys: [], filter: filter)
      // The injections, `%` and `_` (wildcards if not escaped) keep nothing.
      if !["DROP", "'x'", "'%'", "'_'"].contains(where: expression.contains) {
        #expect(!expected.isEmpty && expected.count < 700, "a test keeping some: \(expression)")
      }
      #expect(try ids(table, sortKeys: [], filter: filter) == expected, "t: \(expression)")
      #expect(try ids(view, sortKeys: [], filter: filter) == expected, "heap: \(expression)")
    }
    // The injected text was a value: the table is all there.
    let (server, name) = try Self.database()
    #expect(try server.psql("SELECT count(*) FROM t", database: name) == "700\n")
  }

  @Test func sortsGiveTheCSVsOrderAcrossWindows() throws {
    let csv = try Self.csvSource()
    let table = try Self.open("t")
    let view = try Self.open("heap")
    let parser = ConditionParser(fieldNames: Self.fieldNames)
    let filter = RecordFilter(conditions: [try #require(try parser.parse("not id = 5"))])
    for keys in [
      [SortKey(field: 3)], [SortKey(field: 3, descending: true)], [SortKey(field: 1)],
      [SortKey(field: 2, descending: true)], [SortKey(field: 5)], [SortKey(field: 4)],
      [SortKey(field: 1), SortKey(field: 3, descending: true)],
      [SortKey(field: 6, descending: true), SortKey(field: 2)],
    ] {
      let expected = try ids(csv, sortKeys: keys, filter: nil)
      #expect(try ids(table, sortKeys: keys, filter: nil) == expected, "t: \(keys)")
      #expect(
        try ids(table, sortKeys: keys, filter: filter)
          == ids(csv, sortKeys: keys, filter: filter), "t filtered: \(keys)")
      // A table without a key sorts by LIMIT/OFFSET; its ties have no order to keep.
      #expect(try ids(view, sortKeys: keys, filter: nil).count == 700)
    }
    // The end of a sorted table, found without counting.
    let sorted = try #require(
      try table.query.arranged(sortKeys: [SortKey(field: 3, descending: true)], filter: nil))
    let expected = try ids(csv, sortKeys: [SortKey(field: 3, descending: true)], filter: nil)
    #expect(
      try #require(try sorted.lastRows(300)).map { Int($0[0].text)! }
        == Array(expected.suffix(300)))
  }

  @Test func fieldStatisticsAreTheCSVsFigures() throws {
    let csv = try Self.csvSource()
    let table = try Self.open("t")
    let parser = ConditionParser(fieldNames: Self.fieldNames)
    let filter = RecordFilter(conditions: [try #require(try parser.parse("carrier = 'UA'"))])
    // The numbers summarized from their counts, and (past the limit) by the server over the
    // rows.
    // Grouped by hashing and (as past a million groups) by sorting.
    let (limit, hashed) = (PostgresQuery.countedNumbersLimit, PostgresQuery.hashedGroupsLimit)
    defer { (PostgresQuery.countedNumbersLimit, PostgresQuery.hashedGroupsLimit) = (limit, hashed) }
    // And with three values kept, so that most numbers lie past the most common.
    let all = FieldStatisticsTask.Limits()
    var few = all
    few.distinctValues = 3
    let ways = (0..<Self.fieldNames.count).flatMap {
      [
        ($0, true, true, all), ($0, false, true, all), ($0, true, false, all),
        ($0, false, false, all), ($0, true, true, few),
      ]
    }
    for (field, counted, hashing, limits) in ways {
      PostgresQuery.countedNumbersLimit = counted ? 200_000 : 0
      PostgresQuery.hashedGroupsLimit = hashing ? 1_000_000 : -1
      for filter in [nil, filter] {
        let expected = FieldStatistics.compute(source: csv, field: field, filter: filter)
        var stored = try #require(
          try table.storeStatistics(
            field: field, filter: filter, limits: limits, cancellation: Cancellation()))
        if limits.distinctValues < all.distinctValues {
          // The server keeps the three most common (a count in memory keeps the first three it
          // meets); every other figure is the whole count's.
          #expect(stored.frequencies == Array(expected.frequencies.prefix(3)))
          #expect(
            stored.isDistinctCountCapped
              == (expected.distinctCount > 3
                || expected.emptyCount > 0 && expected.distinctCount > 2))
          stored.frequencies = expected.frequencies
          stored.isDistinctCountCapped = expected.isDistinctCountCapped
          stored.uncountedCount = expected.uncountedCount
        }
        // The server sums exactly, the counter in Double: the means agree to rounding.
        if let mean = stored.numbers?.mean, let wanted = expected.numbers?.mean {
          #expect(abs(mean - wanted) < 1e-9 * max(1, abs(wanted)))
          stored.numbers?.mean = wanted
        }
        // percentile_cont and stddev_samp compute in another order: the same figures to
        // rounding; the counts, range and histogram exactly.
        if let summary = stored.numbers?.summary, let wanted = expected.numbers?.summary {
          let pairs = [
            (summary.median, wanted.median), (summary.p5, wanted.p5), (summary.p25, wanted.p25),
            (summary.p75, wanted.p75), (summary.p95, wanted.p95), (summary.mean, wanted.mean),
            (summary.sum, wanted.sum),
            (summary.standardDeviation ?? -1, wanted.standardDeviation ?? -1),
          ]
          for (index, (got, want)) in pairs.enumerated() {
            #expect(
              abs(got - want) <= 1e-9 * max(1, abs(want)),
              "\(Self.fieldNames[field]) figure \(index): \(got) vs \(want)")
          }
          #expect(summary.histogram == wanted.histogram, "\(Self.fieldNames[field])")
          #expect(summary.count == wanted.count)
          stored.numbers?.summary = wanted
        }
        #expect(stored == expected, "\(Self.fieldNames[field]) \(filter == nil ? "" : "(UA)")")
      }
    }
  }

  /// `F` of a boolean, date, timestamp or timestamptz column groups the values themselves on
  /// the server: the groups, counts and order are those of the texts the table shows (as the
  /// server writes them, read here by psql into a CSV), NULL the empty value.
  @Test func frequenciesOfBooleansDatesAndTimesAreThoseOfTheirTexts() throws {
    let server = try PostgresTestServer.shared()
    let select =
      "SELECT i AS id, (i % 3 = 0) AS flag, date '2026-01-01' + (i * 7919 % 13) AS day,"
      + " timestamp '2026-01-01 10:00' + (i * 7919 % 11) * interval '90 min' AS at,"
      + " timestamptz '2026-01-01 10:00+02' + (i * 7919 % 17) * interval '1 s' AS stamp"
      + " FROM generate_series(1, 500) AS i"
    let name = try server.database("frequencies_of_kinds") { database in
      try server.psql(
        "CREATE TABLE k AS \(select); UPDATE k SET flag = NULL, day = NULL, at = NULL,"
          + " stamp = NULL WHERE id % 10 = 0; ALTER TABLE k ADD PRIMARY KEY (id)",
        database: database)
    }
    let text = try server.psql(
      "COPY (SELECT id, CASE WHEN flag THEN 'true' WHEN NOT flag THEN 'false' END AS flag, day,"
        + " at, stamp FROM k ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER true)",
      database: name)
    let csv = try DataFile.open(text: text, name: "k.csv", format: .csv)
    try csv.waitUntilComplete()
    let table = try PostgresDatabase(connectionString: server.connectionString(name)).open(
      table: "k")
    try table.waitUntilComplete()
    for field in 1...4 {
      let expected = FieldStatistics.compute(source: csv, field: field, filter: nil)
      let stored = try #require(
        try table.storeStatistics(
          field: field, filter: nil, limits: .init(), cancellation: Cancellation()))
      #expect(stored == expected, "field \(field)")
      #expect(stored.frequencies.count >= 3 && stored.emptyCount == 50)
    }
  }

  @Test func aQueryIsOneReadOnlySelect() throws {
    let (server, name) = try Self.database()
    for refused in [
      "DELETE FROM t", "SELECT 1; DELETE FROM t", "  -- c\n UPDATE t SET id = 1",
      "drop table t", "",
    ] {
      #expect(throws: DataError.self, "\(refused)") { try PostgresDatabase.checkQuery(refused) }
    }
    for accepted in [
      "select * from t;", "WITH a AS (SELECT 1) SELECT * FROM a", "TABLE t",
      "VALUES (1), (2)", "/* x */ SELECT ';' AS semi",
    ] {
      #expect(throws: Never.self) { try PostgresDatabase.checkQuery(accepted) }
    }
    let database = try PostgresDatabase(connectionString: server.connectionString(name))
    // A writing WITH passes the first guard; the read-only session is the second.
    #expect(throws: DataError.self) {
      try database.open(query: "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d")
    }
    // A query that turns the session's read-only default off is rolled back with it.
    _ = try database.open(
      query: "SELECT set_config('default_transaction_read_only', 'off', false)")
    let setting = try database.open(
      query: "SELECT current_setting('default_transaction_read_only')")
    #expect(setting.value(0, 0) == "on")
    let rows = try database.open(query: "SELECT id FROM t WHERE id <= 300 ORDER BY id DESC")
    try rows.waitUntilComplete()
    #expect(rows.recordCount == 300)
    #expect(rows.value(299, 0) == "1")
    #expect(try server.psql("SELECT count(*) FROM t", database: name) == "700\n")
  }

  @Test func passwordsNeverShow() throws {
    for (given, shown) in [
      ("postgresql://ann:s3cret@db.example:5433/shop", "postgresql://ann@db.example:5433/shop"),
      ("postgres://ann:s3cret@db/shop?sslmode=require", "postgres://ann@db/shop?sslmode=require"),
      (
        "postgresql://db/shop?password=s3cret&sslmode=require",
        "postgresql://db/shop?sslmode=require"
      ),
      ("host=db password='s3 cret' dbname=shop", "host=db dbname=shop"),
      ("host=db password=s3cret dbname=shop", "host=db dbname=shop"),
    ] {
      #expect(PostgresConnectionString.redacted(given) == shown)
    }
    let parsed = try PostgresConnectionString("postgresql://ann:s3cret@db.example:5433/shop")
    #expect(parsed.displayName == "postgresql://ann@db.example:5433/shop")
    // A server that is not there: the error names it, without the password.
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-pg-here").path
    do {
      _ = try PostgresDatabase(
        connectionString: "host=\(missing) user=ann password=s3cret dbname=shop")
      Issue.record("connected to nothing")
    } catch {
      let text = "\(error)"
      #expect(!text.contains("s3cret"), "\(text)")
      #expect(text.contains("cannot connect to postgresql://ann@\(missing)"), "\(text)")
    }
  }

  @Test func controlBytesAndOddTypesComeBackAsText() throws {
    let (server, name) = try Self.database()
    let database = try PostgresDatabase(connectionString: server.connectionString(name))
    let source = try database.open(
      query: "SELECT E'a\\x1b[31mred' AS esc, '{1,2}'::int[] AS arr, 'NaN'::float8 AS nan,"
        + " '\\xdeadbeef'::bytea AS b, point(1, 2) AS p, NULL::int AS n, true AS yes")
    #expect(source.value(0, 0) == "a\u{1B}[31mred")
    #expect(source.typedValue(0, 1) == .string("{1,2}"))
    #expect(source.typedValue(0, 2) == .string("NaN"))
    #expect(source.typedValue(0, 3) == .string("\\xdeadbeef"))
    #expect(source.typedValue(0, 4) == .string("(1,2)"))
    #expect(source.typedValue(0, 5) == .null)
    #expect(source.typedValue(0, 6) == .bool(true))
  }
}
