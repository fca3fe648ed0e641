import CSQLite
import Foundation
import Testing

@testable import MosaicData

/// A large SQLite table's sort shows its first rows before the whole order is worked out, for
/// any single key (numbers, text, both mixed, missing values, ties), and those rows and the
/// whole order are exactly what the same values read from a CSV give; the work that runs beside
/// it (the row ids' bounds) reads no rows.
@Suite struct SQLiteSortFirstRowsTests {
  /// Rows enough for the sort to pick its first rows out ahead of the rest (65,536 or more).
  static let rowCount = 70_000

  /// Each row's values as SQL literals and as the CSV's text: id, a mixed column (integers,
  /// reals, numbers written as text, text in either case, NULL and blank, many ties), a label.
  static let rows: [(sql: [String], text: [String])] = {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let words = ["apple", "Apple", "mango", "Zebra", "zebra", "kiwi", "Kiwi", "delta"]
    return (1...rowCount).map { id in
      let mixed: (String, String)
      switch next(7) {
      case 0: mixed = ("NULL", "")
      case 1: mixed = ("''", "")
      case 2:
        let word = words[next(words.count)]
        mixed = ("'\(word)'", word)
      case 3:
        let n = next(200) - 100
        mixed = ("'\(n)'", "\(n)")
      case 4:
        let n = Double(next(400)) / 4
        mixed = ("\(n)", "\(n)")
      default:
        let n = next(300) - 50
        mixed = ("\(n)", "\(n)")
      }
      let label = next(4) == 0 ? "" : words[next(words.count)] + " \(next(30))"
      let labelSQL = label.isEmpty ? "NULL" : "'\(label)'"
      return (["\(id)", mixed.0, labelSQL], ["\(id)", mixed.1, label])
    }
  }()

  static func csv() throws -> any RecordSource {
    let text =
      "id,mixed,label\n" + rows.map { $0.text.joined(separator: ",") + "\n" }.joined()
    let source = try DataFile.open(text: text, name: "t.csv", format: .csv)
    try source.waitUntilComplete()
    return source
  }

  static func sqlite() throws -> (SQLiteFixture, WindowedTable) {
    let values = rows.map { "(" + $0.sql.joined(separator: ", ") + ")" }
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, mixed, label TEXT);
        INSERT INTO t VALUES \(values.joined(separator: ",\n"));
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    try table.waitUntilComplete()
    return (fixture, table)
  }

  /// The ids the CSV shows sorted by `key`, in order (Mosaic's in-memory sort of a file).
  static func csvOrder(_ csv: any RecordSource, _ key: SortKey) -> [String] {
    let arranger = Arranger(source: csv, groupBy: nil, sortKeys: [key], filter: nil)
    arranger.waitUntilComplete()
    return arranger.index.recordList.map { csv.value(Int($0), 0) }
  }

  @Test func theFirstRowsComeBeforeTheSortAndAreTheCSVsFirstRows() throws {
    let csv = try Self.csv()
    let (fixture, table) = try Self.sqlite()
    _ = fixture
    for key in [
      SortKey(field: 1), SortKey(field: 1, descending: true), SortKey(field: 2),
      SortKey(field: 2, descending: true),
    ] {
      let expected = Self.csvOrder(csv, key)
      let arranged = try #require(
        try table.query.arranged(sortKeys: [key], filter: nil) as? SQLiteQuery)
      // The rows the count publishes before its end: read as the screen would read them.
      var early: [String]?
      let total = try arranged.countRows { counted, _ in
        if early == nil, counted > 0, counted < Self.rowCount {
          early = ((try? arranged.rows(0..<counted)) ?? []).map { $0[0].text }
        }
        return true
      }
      #expect(total == Self.rowCount)
      let shown = try #require(early, "no rows before the whole sort, \(key)")
      #expect(shown.count >= 40, "\(key)")
      #expect(shown == Array(expected.prefix(shown.count)), "\(key)")
      let all = try arranged.rows(0..<total).map { $0[0].text }
      #expect(all == expected, "\(key)")
    }
  }

  /// Counts the virtual machine's steps on a connection, 64 at a time.
  final class Steps {
    var calls = 0
  }

  @Test func theRowIDBoundsReadNoRows() throws {
    let fixture = try SQLiteFixture(
      script: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
        INSERT INTO t SELECT i + 6, 'row ' || i FROM n;
        """)
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    let query = try #require(table.query as? SQLiteQuery)
    let connection = try SQLiteConnection(path: fixture.path)
    let steps = Steps()
    sqlite3_progress_handler(
      connection.handle, 64,
      { context in
        guard let context else { return 0 }
        Unmanaged<Steps>.fromOpaque(context).takeUnretainedValue().calls += 1
        return 0
      }, Unmanaged.passUnretained(steps).toOpaque())
    #expect(try query.rowidBounds(connection) == 7...50_006)
    // Reading 50,000 rows takes thousands of calls; two lookups none or a few.
    #expect(steps.calls < 10, "\(steps.calls) calls of 64 steps")
    #expect(table.query.estimatedRowCount == 50_000)
  }
}
