import Foundation
import Testing

@testable import MosaicData

/// Sorting by several keys: each key breaks the ties of the one before, in its own direction,
/// and records equal by every key keep file order, in memory (`Arranger`) and in SQLite alike.
@Suite struct MultiKeySortTests {
  /// Teams spelled in three cases (one team when compared), scores mixing numbers, text and
  /// empty values, and repeated pairs: (blue, 7) twice, (red, 10) three times, (red, 10, q)
  /// twice, empty blue scores twice.
  let rows = [
    ["r1", "red", "10", "x"],
    ["r2", "Blue", "", "y"],
    ["r3", "red", "apple", "z"],
    ["r4", "blue", "7", "w"],
    ["r5", "red", "10", "q"],
    ["r6", "BLUE", "banana", "v"],
    ["r7", "red", "2.5", "u"],
    ["r8", "blue", "", "t"],
    ["r9", "green", "Cherry", "s"],
    ["r10", "red", "", "p"],
    ["r11", "blue", "7", "o"],
    ["r12", "red", "10", "q"],
  ]
  let fields = ["id", "team", "score", "name"]

  var csv: String {
    ([fields] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
  }

  /// The ids (field 0) of `index`'s records, in order, across its sections.
  func ids(_ index: SectionedIndex, _ source: any RecordSource) -> [String] {
    index.sections.flatMap { section in
      (0..<section.count).map { source.value(section.record(at: $0), 0) }
    }
  }

  /// Every id (field 0) of `source`, in its own order.
  func ids(_ source: any RecordSource) -> [String] {
    (0..<source.recordCount).map { source.value($0, 0) }
  }

  /// `rows` as a SQLite table `t` of text values (an empty value stays ''), inserted in order
  /// so the row ids are the file order.
  func database(_ fields: [String], _ rows: [[String]]) throws -> SQLiteFixture {
    let values = rows.map { row in
      "("
        + row.map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" }
        .joined(separator: ", ") + ")"
    }
    return try SQLiteFixture(
      script: "CREATE TABLE t (\(fields.joined(separator: ", ")));"
        + "INSERT INTO t VALUES \(values.joined(separator: ", "));")
  }

  /// The ids in the order the database gives for `keys`.
  func sqliteIDs(_ fixture: SQLiteFixture, _ keys: [SortKey]) throws -> [String] {
    let table = try SQLiteDatabase(path: fixture.path).open(table: "t")
    let sorted = try #require(try table.arranged(sortKeys: keys, filter: nil))
    try sorted.waitUntilComplete()
    return ids(sorted)
  }

  // team ↑ (case-insensitive: blue, green, red), then score ↓ (numbers high to low, then text
  // z to a, then empty): (blue, 7) is r4 then r11 and (red, 10) r1 r5 r12, in file order.
  let twoKeys = [SortKey(field: 1), SortKey(field: 2, descending: true)]
  let twoKeysOrder = [
    "r4", "r11", "r6", "r2", "r8", "r9", "r1", "r5", "r12", "r7", "r3", "r10",
  ]

  // team ↓ (red, green, blue), score ↑, name ↑: the names reorder (red, 10) as q q x (r5 and
  // r12 both q: file order), (blue, 7) as o w and the empty blue scores as t y.
  let threeKeys = [
    SortKey(field: 1, descending: true), SortKey(field: 2), SortKey(field: 3),
  ]
  let threeKeysOrder = [
    "r7", "r5", "r12", "r1", "r3", "r10", "r9", "r11", "r4", "r6", "r8", "r2",
  ]

  @Test func twoKeysBreakTiesInTheirOwnDirectionThenFileOrder() throws {
    let table = try DelimitedTable(text: csv, name: "t.csv")
    let arranger = Arranger(source: table, sortKeys: twoKeys)
    #expect(ids(arranger.index, table) == twoKeysOrder)
    #expect(arranger.sortKeys == twoKeys)
    #expect(arranger.sortField == 1 && !arranger.sortDescending)
  }

  @Test func threeKeysWithMixedDirections() throws {
    let table = try DelimitedTable(text: csv, name: "t.csv")
    #expect(ids(Arranger(source: table, sortKeys: threeKeys).index, table) == threeKeysOrder)
  }

  @Test func sqliteGivesTheSameOrderAsTheFile() throws {
    let fixture = try database(fields, rows)
    #expect(try sqliteIDs(fixture, twoKeys) == twoKeysOrder)
    #expect(try sqliteIDs(fixture, threeKeys) == threeKeysOrder)
  }

  @Test func groupsAreEachSortedByTwoKeys() throws {
    let table = try DelimitedTable(text: csv, name: "t.csv")
    // Groups are exact values, in order of first appearance; in each, score ↓ then name ↑.
    let index = Arranger(
      source: table, groupBy: 1, sortKeys: [SortKey(field: 2, descending: true), SortKey(field: 3)]
    ).index
    let described = index.sections.map { section in
      "\(section.title ?? "-"): "
        + (0..<section.count).map { table.value(section.record(at: $0), 0) }
        .joined(separator: " ")
    }
    #expect(
      described == [
        "red: r5 r12 r1 r7 r3 r10", "Blue: r2", "blue: r11 r4 r8", "BLUE: r6", "green: r9",
      ])
  }

  /// Texts longer than a key's 16 bytes tie only when equal in full: "northern territories"
  /// shares its first 16 bytes with "northern territory" but is not tied with it.
  @Test func longTextsTieOnlyWhenEqualInFull() throws {
    let fields = ["id", "region", "n"]
    let rows = [
      ["a", "Northern Territory", "3"],
      ["b", "northern territory", "1"],
      ["c", "Northern Territories", "2"],
      ["d", "NORTHERN TERRITORY", "2"],
    ]
    let text = ([fields] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n")
    let table = try DelimitedTable(text: text, name: "r.csv")
    let keys = [SortKey(field: 1), SortKey(field: 2)]
    #expect(ids(Arranger(source: table, sortKeys: keys).index, table) == ["c", "b", "d", "a"])
    #expect(try sqliteIDs(try database(fields, rows), keys) == ["c", "b", "d", "a"])
  }

  /// Accents and case fold away in memory, so these names all tie and the amounts decide.
  @Test func textsEqualButForAccentsAndCaseTie() throws {
    let text = "id,name,amount\n1,Émile,5\n2,emile,9\n3,Emile,-1\n4,Zoé,0\n5,EMILE,9\n"
    let table = try DelimitedTable(text: text, name: "e.csv")
    let index = Arranger(
      source: table, sortKeys: [SortKey(field: 1), SortKey(field: 2, descending: true)]
    ).index
    #expect(ids(index, table) == ["2", "5", "1", "3", "4"])
  }

  /// A key repeating an earlier key's field changes nothing; the key after it still counts.
  @Test func aRepeatedFieldLeavesTheNextKeyInCharge() throws {
    let table = try DelimitedTable(text: csv, name: "t.csv")
    let keys = [
      SortKey(field: 1, descending: true), SortKey(field: 1), SortKey(field: 2), SortKey(field: 3),
    ]
    #expect(ids(Arranger(source: table, sortKeys: keys).index, table) == threeKeysOrder)
  }

  /// Runs of ties too long for plain comparisons (the second key's sort splits them by kind),
  /// in the background, checked against a comparison written out here, and against SQLite.
  @Test func longRunsOfTiesInABackgroundSort() throws {
    let fields = ["id", "bucket", "value", "tag"]
    var rows: [[String]] = []
    for i in 0..<3_000 {
      let value =
        i % 11 == 0 ? "" : i % 13 == 0 ? ["kiwi", "Fig", "apple"][i % 3] : String((i * 7) % 50)
      rows.append([String(i), "b\(i % 3)", value, "t\(i % 4)"])
    }
    let text = ([fields] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n")
    let file = try TemporaryFile(name: "runs.csv", contents: text + "\n")
    let table = try DelimitedTable(path: file.path, synchronousRecords: 10)
    let keys = [SortKey(field: 1), SortKey(field: 2, descending: true), SortKey(field: 3)]
    let arranger = Arranger(source: table, sortKeys: keys, synchronousLimit: 0)
    let deadline = Date().addingTimeInterval(60)
    while !arranger.isComplete && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    try #require(arranger.isComplete)

    // Kinds: whole numbers 0, words 1, empty 2; numbers and words reversed (descending).
    func kind(_ value: String) -> Int { value.isEmpty ? 2 : Int(value) != nil ? 0 : 1 }
    let expected = rows.sorted { a, b in
      if a[1] != b[1] { return a[1] < b[1] }
      let (ka, kb) = (kind(a[2]), kind(b[2]))
      if ka != kb { return ka < kb }
      if ka == 0, Int(a[2])! != Int(b[2])! { return Int(a[2])! > Int(b[2])! }
      if ka == 1, a[2].lowercased() != b[2].lowercased() {
        return a[2].lowercased() > b[2].lowercased()
      }
      if a[3] != b[3] { return a[3] < b[3] }
      return Int(a[0])! < Int(b[0])!
    }.map { $0[0] }
    #expect(ids(arranger.index, table) == expected)
    #expect(try sqliteIDs(try database(fields, rows), keys) == expected)
  }
}
