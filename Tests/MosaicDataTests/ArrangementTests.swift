import Foundation
import Testing

@testable import MosaicData

@Suite struct ArrangementTests {
  let csv = """
    name,region,population
    Chad,Africa,17
    France,Europe,68
    Japan,Asia,125
    Mali,Africa,22
    Spain,Europe,48
    Fiji,,0.9
    Egypt,Africa,105
    """

  /// Section titles and the names in each, as one line per section.
  func describe(_ index: SectionedIndex, _ table: any RecordSource) -> [String] {
    index.sections.map { section in
      "\(section.title ?? "-"): "
        + (0..<section.count).map { table.value(section.record(at: $0), 0) }.joined(separator: " ")
    }
  }

  @Test func groupsInFirstAppearanceOrder() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    let index = Arranger(source: table, groupBy: 1).index
    #expect(
      describe(index, table) == [
        "Africa: Chad Mali Egypt", "Europe: France Spain", "Asia: Japan", "(empty): Fiji",
      ])
    #expect(index.numberOfItems(inSection: 0) == 3)
    #expect(index.totalCount == 7)
  }

  @Test func sortIsNumericWhenValuesAreNumbers() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    let sorted = Arranger(source: table, sortBy: 2).index
    #expect(describe(sorted, table) == ["-: Fiji Chad Mali Spain France Egypt Japan"])
    let grouped = Arranger(source: table, groupBy: 1, sortBy: 2).index
    #expect(
      describe(grouped, table) == [
        "Africa: Chad Mali Egypt", "Europe: Spain France", "Asia: Japan", "(empty): Fiji",
      ])
  }

  @Test func textSortIsCaseAndDiacriticInsensitiveStableAndEmptiesLast() throws {
    let text = "k,id\nbeta,1\nÅland,2\nalpha,3\n,4\nBeta,5\n10,6\n9,7\nzeta,8\n"
    let table = try DelimitedTable(text: text, name: "s.csv")
    let index = Arranger(source: table, sortBy: 0).index
    let ids = (0..<index.totalCount).map { table.value(index.record(section: 0, item: $0), 1) }
    #expect(ids == ["7", "6", "2", "3", "1", "5", "8", "4"])
  }

  @Test func passThroughFollowsTheSource() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    let arranger = Arranger(source: table)
    #expect(arranger.index.numberOfSections == 1)
    #expect(arranger.index.sections[0].title == nil)
    #expect(arranger.index.totalCount == 7)
    #expect(arranger.isComplete)
  }

  @Test func backgroundGroupingAndSortingOfALargeFile() throws {
    var text = "id,bucket,score\n"
    for i in 0..<80_000 { text += "\(i),b\(i % 5),\((i * 7919) % 1000)\n" }
    let file = try TemporaryFile(name: "g.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 10)
    let arranger = Arranger(source: table, groupBy: 1, sortBy: 2)
    arranger.waitUntilComplete()
    let index = arranger.index
    #expect(index.sections.map(\.title) == ["b0", "b1", "b2", "b3", "b4"])
    #expect(index.sections.map(\.count) == [16_000, 16_000, 16_000, 16_000, 16_000])
    for section in index.sections {
      let records = (0..<section.count).map { section.record(at: $0) }
      let scores = records.map { Int(table.value($0, 2))! }
      #expect(scores == scores.sorted())
      // Stable: equal scores keep file order.
      #expect(
        (1..<records.count).allSatisfy {
          scores[$0] != scores[$0 - 1] || records[$0] > records[$0 - 1]
        })
    }
  }

  @Test func firstSnapshotOfAFileStillIndexingHasItsFirstGroups() throws {
    var text = "id,bucket\n"
    for i in 0..<200_000 { text += "\(i),b\(i % 3)\n" }
    let file = try TemporaryFile(name: "g.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 1000)
    let arranger = Arranger(source: table, groupBy: 1)
    let first = arranger.index
    #expect(first.sections.map(\.title) == ["b0", "b1", "b2"])
    #expect(first.totalCount >= 1000)
    arranger.waitUntilComplete()
    #expect(arranger.index.totalCount == 200_000)
    #expect(arranger.isComplete)
  }

  /// A snapshot published while grouping goes on shares its titles with the arranger's table:
  /// it reads the same once the table has grown by many more keys (new blocks of keys and ends),
  /// and the last snapshot has every group.
  @Test func earlySnapshotStaysTheSameWhileGroupingGoesOn() throws {
    var text = "id,key\n"
    for i in 0..<150_000 { text += "\(i),key-\(i * 7)\n" }
    let file = try TemporaryFile(name: "k.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 1000)
    let arranger = Arranger(source: table, groupBy: 1)
    let first = arranger.index
    let titles = first.sections.map(\.title)
    let records = first.sections.map { $0.record(at: 0) }
    #expect(titles.count >= 1000)
    #expect(titles == (0..<titles.count).map { "key-\($0 * 7)" })
    arranger.waitUntilComplete()
    #expect(first.sections.map(\.title) == titles)
    #expect(first.sections.map { $0.record(at: 0) } == records)
    let last = arranger.index
    #expect(last.numberOfSections == 150_000)
    #expect(last.sections.map(\.title) == (0..<150_000).map { "key-\($0 * 7)" })
    #expect(last.sections.allSatisfy { $0.count == 1 })
    #expect(last.record(section: 149_999, item: 0) == 149_999)
  }

  /// A CSV of `records` rows whose `key` field cycles through `keys` values, shown as a file
  /// still being indexed with its first `shown` records; the temporary file goes with it.
  static func keysBeingIndexed(records: Int, keys: Int, shown: Int) throws
    -> (GrowingSource, TemporaryFile)
  {
    var text = "id,key\n"
    for i in 0..<records { text += "\(i),k\(i % keys)\n" }
    let file = try TemporaryFile(name: "keys.csv", contents: text)
    let table = try DelimitedTable(path: file.path)
    try table.waitUntilComplete()
    return (GrowingSource(table, available: shown), file)
  }

  /// Until its index is read, the arranger makes no newer intermediate snapshot (each would be
  /// one more copy of the groups held at once): a grouping nobody looks at until it ends
  /// publishes its final arrangement alone.
  @Test func unreadGroupingPublishesOnlyTheFinalArrangement() throws {
    // A file still being indexed: no rule about the end being near can hold a snapshot back,
    // so only the unread index does.
    let (growing, file) = try Self.keysBeingIndexed(records: 300_000, keys: 100_000, shown: 200_000)
    defer { withExtendedLifetime(file) {} }
    let arranger = Arranger(source: growing, groupBy: 1, synchronousLimit: 1000)
    let start = arranger.version
    let deadline = Date().addingTimeInterval(20)
    while arranger.progress < 0.999 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    // Every record there is grouped, and two snapshot periods pass: nothing is published.
    Thread.sleep(forTimeInterval: 0.6)
    #expect(arranger.progress >= 0.999, "the 200,000 records shown were grouped")
    #expect(arranger.version == start)
    growing.grow(to: 300_000)
    growing.finish()
    arranger.waitUntilComplete()
    // One publication, the final one.
    #expect(arranger.version == start + 3)
    #expect(arranger.index.numberOfSections == 100_000)
    #expect(arranger.index.sections[99_999].title == "k99999")
    #expect(arranger.index.sections[7].count == 3)
  }

  /// Once its index is read, a growing grouping is shown as it goes.
  @Test func aReadGroupingPublishesAsItGoes() throws {
    let (growing, file) = try Self.keysBeingIndexed(records: 200_000, keys: 50_000, shown: 100_000)
    defer { withExtendedLifetime(file) {} }
    let arranger = Arranger(source: growing, groupBy: 1, synchronousLimit: 1000)
    let start = arranger.version
    _ = arranger.index
    let deadline = Date().addingTimeInterval(20)
    while arranger.version == start && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(arranger.version > start, "a snapshot of the records shown so far")
    #expect(arranger.index.numberOfSections > 0)
    growing.grow(to: 200_000)
    growing.finish()
    arranger.waitUntilComplete()
    #expect(arranger.index.numberOfSections == 50_000)
  }

  @Test func positionsAndNextMatchFollowDisplayOrder() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    let index = Arranger(source: table, groupBy: 1).index
    // Display order: Chad Mali Egypt | France Spain | Japan | Fiji → records 0 3 6 | 1 4 | 2 | 5
    #expect(index.position(ofRecord: 6) == .init(section: 0, item: 2))
    #expect(index.position(ofRecord: 5) == .init(section: 3, item: 0))
    #expect(index.position(ofRecord: 99) == nil)
    let matches = RecordSearch.matches(of: "a", in: table)
    #expect(matches == [0, 1, 2, 3, 4, 6])
    let first = index.nextMatch(after: nil, among: matches)
    #expect(first == .init(section: 0, item: 0))
    let second = index.nextMatch(after: first, among: matches)
    #expect(second == .init(section: 0, item: 1))
    let last = index.nextMatch(after: nil, among: matches, backward: true)
    #expect(last == .init(section: 2, item: 0))
    #expect(index.nextMatch(after: last, among: matches) == first)
    #expect(index.nextMatch(after: first, among: matches, backward: true) == last)
  }
}

@Suite struct SearchTests {
  @Test func searchIsCaseInsensitiveAcrossFields() throws {
    let table = try DelimitedTable(
      text: "a,b\nHello,x\nfoo,WORLD\n\"quo\"\"te\",y\nÉcole,z\n", name: "s.csv")
    #expect(RecordSearch.matches(of: "hello", in: table) == [0])
    #expect(RecordSearch.matches(of: "world", in: table) == [1])
    #expect(RecordSearch.matches(of: "O", in: table) == [0, 1, 2, 3])
    #expect(RecordSearch.matches(of: "o\"t", in: table) == [2])
    #expect(RecordSearch.matches(of: "école", in: table) == [3])
    #expect(RecordSearch.matches(of: "", in: table) == [])
    #expect(RecordSearch.matches(of: "x,y", in: table) == [])
    // Headers are not records.
    #expect(RecordSearch.matches(of: "a", in: table) == [])
  }

  @Test func nextAndPreviousWrap() throws {
    let table = try DelimitedTable(text: "a\nx\ny\nx\ny\nx\n", name: "s.csv")
    let search = RecordSearch(query: "x", in: table)
    search.waitUntilComplete()
    #expect(search.matchCount == 3)
    #expect(search.next(after: nil) == 0)
    #expect(search.next(after: 0) == 2)
    #expect(search.next(after: 1) == 2)
    #expect(search.next(after: 4) == 0)
    #expect(search.previous(before: 2) == 0)
    #expect(search.previous(before: 0) == 4)
    #expect(search.previous(before: nil) == 4)
  }

  @Test func jsonSearchMatchesValuesNotKeys() throws {
    let json = try JSONTable(
      text: #"[{"name":"Iron","n":26},{"name":"Gold","n":79}]"#, name: "j.json")
    #expect(RecordSearch.matches(of: "name", in: json) == [])
    #expect(RecordSearch.matches(of: "79", in: json) == [1])
    let lines = try JSONLinesTable(
      text: "{\"name\":\"Iron\"}\n{\"name\":\"G\\u006fld\"}\n{\"name\":\"Tin\"}\n", name: "j.jsonl")
    #expect(RecordSearch.matches(of: "name", in: lines) == [])
    #expect(RecordSearch.matches(of: "GOLD", in: lines) == [1])
    #expect(RecordSearch.matches(of: "i", in: lines) == [0, 2])
  }

  @Test func extraFieldsPastTheHeaderDoNotMatch() throws {
    let table = try DelimitedTable(text: "a,b\n1,2,hidden\n3,hidden\n", name: "s.csv")
    #expect(RecordSearch.matches(of: "hidden", in: table) == [1])
  }

  @Test func anchorsNearAndFarInEitherCase() throws {
    // The scanner looks at a hit's first 64 bytes itself and further with memchr per case.
    let filler = String(repeating: "x", count: 150)
    var text = "a,b\n"
    for offset in [0, 7, 8, 63, 64, 65, 130] {
      let pad = String(repeating: "y", count: offset)
      text += "\(pad)Zebra,\(filler)\n\(pad)zEBRA,\(filler)\n\(filler),\(pad)zebrA\n\(pad)zebr,a\n"
    }
    let table = try DelimitedTable(text: text, name: "s.csv")
    let expected: [Int] = (0..<7).flatMap { (i: Int) -> [Int] in [4 * i, 4 * i + 1, 4 * i + 2] }
    #expect(RecordSearch.matches(of: "zebra", in: table) == expected)
    #expect(RecordSearch.matches(of: "EBRA", in: table) == expected)
    #expect(RecordSearch.matches(of: "zebr", in: table) == Array(0..<28))
  }

  @Test func longRecordsAndQuotedSeparatorsBeforeAHit() throws {
    let text = """
      a,b,c
      aaaaaaaaaaaa,bbbbbbbbbbbbb,ccccccccccccc,hidden
      "x,y,z,w,v,u",hidden
      "x,y,z,w,v,u",bbbbbbbbbbbbbbbbbb,c,hidden
      aaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbbbb,hidden
      ;;;;;;;;;;;;;;;;;;;;,hidden

      """
    let table = try DelimitedTable(text: text, name: "s.csv")
    #expect(RecordSearch.matches(of: "hidden", in: table) == [1, 3, 4])
  }
}
