import Foundation
import Testing

@testable import MosaicData

/// The flat group storage (`GroupedRecords`), the group table that numbers keys, and the sort
/// keys read from a field's bytes, each checked against the plain way of doing the same.
@Suite struct GroupedRecordsTests {
  @Test func collectKeepsArrivalOrderInEachGroupAndEmptyGroups() {
    let records: [Int32] = [10, 11, 12, 13, 14, 15, 16]
    let groupOf: [Int32] = [2, 0, 2, 0, 3, 2, 0]
    let groups = GroupedRecords.collect(
      records, groupOf: groupOf, groupCount: 5, titles: .strings(["a", "b", "c", "d", "e"]))
    #expect(groups.count == 5)
    #expect(
      (0..<5).map { Array(groups.records(of: $0)) } == [[11, 13, 16], [], [10, 12, 15], [14], []])
    #expect(groups.titles.title(of: 2) == "c")
    let index = SectionedIndex(groups: groups)
    #expect(index.sections.map(\.count) == [3, 0, 3, 1, 0])
    #expect(index.sections.map(\.title) == ["a", "b", "c", "d", "e"])
    #expect(index.totalCount == 7)
    #expect(index.record(section: 2, item: 1) == 12)
    #expect(index.sections[2].record(at: 2) == 15)
    #expect(index.numberOfItems(inSection: 1) == 0)
    #expect(index.position(ofRecord: 15) == .init(section: 2, item: 2))
    #expect(index.position(ofRecord: 14) == .init(section: 3, item: 0))
    #expect(index.position(ofRecord: 9) == nil)
  }

  @Test func collectSweepMatchesAnArrayPerGroup() {
    var generator = SystemRandomNumberGenerator()
    for groupCount in [1, 2, 7, 100] {
      for count in [0, 1, 5, 1000] {
        let groupOf = (0..<count).map { _ in
          Int32.random(in: 0..<Int32(groupCount), using: &generator)
        }
        let records = (0..<count).map { Int32($0 * 3) }
        var lists = [[Int32]](repeating: [], count: groupCount)
        for (record, g) in zip(records, groupOf) { lists[Int(g)].append(record) }
        let groups = GroupedRecords.collect(
          records, groupOf: groupOf, groupCount: groupCount, titles: .untitled)
        #expect(
          (0..<groupCount).map { Array(groups.records(of: $0)) } == lists,
          "\(groupCount) groups, \(count) records")
        // No records given: they are 0, 1, 2…
        var numbered = [[Int32]](repeating: [], count: groupCount)
        for (record, g) in groupOf.enumerated() { numbered[Int(g)].append(Int32(record)) }
        let all = GroupedRecords.collect(
          nil, groupOf: groupOf, groupCount: groupCount, titles: .untitled)
        #expect(
          (0..<groupCount).map { Array(all.records(of: $0)) } == numbered,
          "\(groupCount) groups, \(count) records numbered")
      }
    }
  }

  /// Group numbers kept a byte, then two, then four wide give the same groups as the numbers
  /// as `Int32`, before and after each widening.
  @Test func groupNumbersWidenWithoutChangingTheGroups() {
    var numbers = GroupNumbers()
    var plain: [Int32] = []
    var generator = SystemRandomNumberGenerator()
    let batches = [(7, 1), (255, 1), (256, 2), (300, 2), (65_535, 2), (65_536, 4), (9, 4)]
    for (batch, (largest, width)) in batches.enumerated() {
      let more = (0..<500).map { _ in Int32.random(in: 0...Int32(largest), using: &generator) }
      numbers.append(contentsOf: more + [Int32(largest)])
      plain.append(contentsOf: more + [Int32(largest)])
      #expect(numbers.count == plain.count)
      #expect(numbers.width == width, "batch \(batch)")
      let groupCount = Int(plain.max()!) + 1
      let records = (0..<plain.count).map { Int32($0 * 2) }
      let wide = GroupedRecords.collect(
        records, groupOf: plain, groupCount: groupCount, titles: .untitled)
      let narrow = numbers.collect(records, groupCount: groupCount, titles: .untitled)
      #expect(narrow.offsets == wide.offsets, "batch \(batch)")
      #expect(narrow.records == wide.records, "batch \(batch)")
    }
  }

  /// `keys` with `key` added.
  func adding(_ key: String, to keys: inout GroupKeys) {
    var key = key
    key.withUTF8 { keys.append(UnsafeRawBufferPointer($0)) }
  }

  @Test func keyTitlesAreTheKeysText() {
    var keys = GroupKeys()
    for key in ["ab", "é", "", "(empty)"] { adding(key, to: &keys) }
    let titles = GroupTitles.keys(keys)
    #expect(titles.title(of: 0) == "ab")
    #expect(titles.title(of: 1) == "é")
    #expect(titles.title(of: 2) == "")
    #expect(titles.title(of: 3) == "(empty)")
    #expect(GroupTitles.untitled.title(of: 5) == nil)
  }

  /// Keys of every length up to past the largest byte block (4 MB), so keys start new blocks of
  /// bytes and of ends, and a key fills a block of its own.
  @Test func keysReadBackAcrossBlocks() {
    var keys = GroupKeys()
    var expected: [String] = []
    for i in 0..<40_000 {
      let key =
        i == 30_000
        ? String(repeating: "x", count: 5 << 20)
        : "k\(i)" + String(repeating: "-", count: i % 300)
      adding(key, to: &keys)
      expected.append(key)
    }
    #expect(keys.count == expected.count)
    for g in 0..<expected.count where keys.text(of: g) != expected[g] {
      Issue.record("key \(g) reads \(keys.text(of: g).prefix(20)), not \(expected[g].prefix(20))")
      break
    }
  }

  /// A snapshot's titles share the table's keys: they stay the same, and readable, while the
  /// table goes on adding keys (new blocks too) on another thread, and the table's later keys
  /// are its own.
  @Test func snapshotTitlesStayWhileTheTableGrows() async {
    var table = GroupTable()
    for i in 0..<1000 { _ = number(&table, "first-\(i)") }
    let snapshot = GroupedRecords.collect(
      (0..<1000).map { Int32($0) }, groupOf: (0..<1000).map { Int32($0) }, groupCount: 1000,
      titles: table.titles)
    let before = (0..<1000).map { snapshot.titles.title(of: $0) }
    let grower = Task.detached { [table] in
      var table = table
      for i in 0..<300_000 { _ = self.number(&table, "later-key-number-\(i)") }
      return table
    }
    for _ in 0..<20 {
      #expect((0..<1000).map { snapshot.titles.title(of: $0) } == before)
    }
    let grown = await grower.value
    #expect(grown.count == 301_000)
    #expect(grown.titles.title(of: 999) == "first-999")
    #expect(grown.titles.title(of: 300_999) == "later-key-number-299999")
    #expect(number(&table, "first-5") == 5)
    #expect((0..<1000).map { snapshot.titles.title(of: $0) } == before)
    #expect(before[7] == "first-7")
  }

  /// The group number `table` gives `key`, hashed with `hash` (the real one unless given).
  func number(_ table: inout GroupTable, _ key: String, hash: UInt64? = nil) -> Int32 {
    var key = key
    return key.withUTF8 { bytes in
      let raw = UnsafeRawBufferPointer(bytes)
      return table.group(of: raw, hash: hash ?? GroupTable.hash(raw))
    }
  }

  @Test func tableNumbersKeysInFirstAppearanceOrderAcrossGrowth() {
    var table = GroupTable()
    var expected: [String: Int32] = [:]
    var order: [String] = []
    // Enough keys to grow the table several times; each seen again after the growth.
    for round in 0..<2 {
      for i in 0..<5000 {
        let key = i % 3 == 0 ? "key-\(i)-with-a-longer-tail" : "k\(i)"
        let got = number(&table, key)
        if round == 0 && expected[key] == nil {
          expected[key] = Int32(order.count)
          order.append(key)
        }
        #expect(got == expected[key], "round \(round), key \(key)")
      }
    }
    #expect(table.count == 5000)
    #expect(table.titles.title(of: 4999) == order[4999])
    #expect(number(&table, "") == 5000)
    #expect(number(&table, "") == 5000)
  }

  @Test func keysWithOneHashStayApart() {
    var table = GroupTable()
    let keys = ["a", "b", "ab", "ba", "", "a\u{0}", "long key number one", "long key number two"]
    for _ in 0..<3 {
      for (i, key) in keys.enumerated() {
        #expect(number(&table, key, hash: 42) == Int32(i), "key \(key.debugDescription)")
      }
    }
  }

  @Test func decimalFastPathAgreesWithDoubleParsing() {
    var cases = [
      "0", "-0", "+0", "7", "007", "1.", ".5", "-.5", "+.25", "17196.83", "-98863.37",
      "9007199254740992", "9007199254740993", "123456789012345678", "1234567890123456789",
      "0.1", "0.30000000000000004", "3.141592653589793", "1.7976931348623157",
      "0.0000000000000000000001", "0.00000000000000000000001", "1e5", "1E-3", "0x10", "inf",
      "-nan", ".", "-", "+", "1.2.3", "1,5", "12a", "--1", "1 ", " 1", "", "99999999999.99",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let whole = UInt64.random(in: 0..<1_000_000_000, using: &generator)
      let fraction = UInt64.random(in: 0..<100_000, using: &generator)
      cases.append("\(Bool.random() ? "-" : "")\(whole).\(fraction)")
    }
    for text in cases {
      var bytes = text
      let fast = bytes.withUTF8 { SortKeys.decimal(UnsafeRawBufferPointer($0)) }
      if let fast {
        #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
      }
    }
  }

  @Test func fieldBytesAreTheValues() throws {
    let lines = [
      #"a,b,c,d"#,
      #"1,two,3,four"#,
      #""q,1",x,"y""z",w"#,
      #"ab"c,"d,e",,""#,
      #"multi"#,
      #"line",tail"#,
      #",,,"#,
      #"only"#,
      #"1,2,3,4,5,6"#,
      #""a""","",é,"long quoted value, past the first eight bytes""#,
      #"plain-longer-than-eight,another-longer-one,x"y"z,"last"after"#,
    ]
    let text = lines.joined(separator: "\n") + "\n"
    let table = try DelimitedTable(text: text, name: "f.csv")
    for record in 0..<table.recordCount {
      for field in -1...5 {
        let bytes = table.withFieldBytes(record, field) { Array($0) }
        #expect(
          String(decoding: bytes, as: UTF8.self) == table.value(record, field),
          "record \(record), field \(field)")
      }
    }
  }

  /// Sorting through the bytes of the file agrees with sorting the values as strings: a table
  /// whose records are read field by field (`value`) only, against the CSV itself.
  @Test(arguments: [false, true])
  func bytesAndStringsSortAlike(descending: Bool) throws {
    var values = [
      "10", "9", "-3", "+4", "4", "4.0", "-0", "0", ".5", "1e2", "0x1A", "inf", "-inf", "nan",
      "", " 7", "8 ", "\"12\"", "\"a,b\"", "Beta", "beta", "ALPHA", "alpha", "Åland", "école",
      "Ecole", "a very long text value past sixteen bytes", "a very long text value past six",
      "zz", "Zz", "-", ".", "1.2.3", "123456789012345678901234",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      values.append(values[Int.random(in: 0..<values.count, using: &generator)])
    }
    var text = "id,v\n"
    for (i, value) in values.enumerated() { text += "\(i),\(value)\n" }
    let table = try DelimitedTable(text: text, name: "v.csv")
    let plain = StringsOnly(table)
    func order(_ source: any RecordSource) -> [Int32] {
      var records = (0..<Int32(source.recordCount)).map { $0 }
      let sorted = SortKeys.sort(
        &records, groups: [0, Int32(records.count)], source: source, field: 1,
        descending: descending)
      #expect(sorted)
      return records
    }
    let fast = order(table)
    #expect(fast == order(plain))
    // Numbers first (in numeric order), then text, then empty values, whatever the direction.
    let kinds = fast.map { record -> Int in
      let value = table.value(Int(record), 1).trimmingCharacters(in: .whitespaces)
      if value.isEmpty { return 2 }
      return Double(value).map { $0.isFinite ? 0 : 1 } ?? 1
    }
    #expect(kinds == kinds.sorted())
  }

  @Test func groupsOfAFieldAreTheSameThroughBytesAndStrings() throws {
    var text = "id,name\n"
    let names = ["Ana", "ana", "\"Ana\"", "", "é", "e\u{301}", "\"x,y\"", "x,y", "Ana "]
    for i in 0..<500 { text += "\(i),\(names[(i * 7) % names.count])\n" }
    let table = try DelimitedTable(text: text, name: "n.csv")
    func describe(_ index: SectionedIndex, _ source: any RecordSource) -> [String] {
      index.sections.map { section in
        "\(section.title ?? "-"): "
          + (0..<section.count).map { String(section.record(at: $0)) }.joined(separator: " ")
      }
    }
    let fast = describe(Arranger(source: table, groupBy: 1).index, table)
    let plain = describe(Arranger(source: StringsOnly(table), groupBy: 1).index, table)
    #expect(fast == plain)
    // "Ana" and "\"Ana\"" are one value, é and e + U+0301 one text, x,y unquoted is x.
    #expect(fast.count == 7)
    #expect(fast.map { $0.prefix(while: { $0 != ":" }) }.contains("(empty)"))
  }
}

/// A record source that answers only field by field (`value`), as a source without mapped bytes
/// does: what the bytes fast paths must agree with. A subclass may say what more it can do.
class StringsOnly: RecordSource, @unchecked Sendable {
  let base: any RecordSource
  init(_ base: any RecordSource) { self.base = base }
  var capabilities: SourceCapabilities { .none }
  var name: String { base.name }
  var fieldNames: [String] { base.fieldNames }
  var recordCount: Int { base.recordCount }
  var isComplete: Bool { base.isComplete }
  var progress: Double { base.progress }
  var indexingError: DataError? { base.indexingError }
  var definedSections: [DefinedSection]? { nil }
  func value(_ record: Int, _ field: Int) -> String { base.value(record, field) }
  func typedValue(_ record: Int, _ field: Int) -> DataValue? { base.typedValue(record, field) }
  func waitUntilComplete() throws { try base.waitUntilComplete() }
}
