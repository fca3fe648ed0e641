import Foundation
import Testing

@testable import MosaicData

/// The rules of `&` and of the sort keys, on small files whose answers can be read off.
@Suite struct ArrangementFilterTests {
  let csv = """
    name,region,population,motto
    Chad,Africa,17,Unité Travail Progrès
    France,Europe,68,"Liberté, égalité"
    Japan,Asia,125,
    Mali,Africa,22,Un peuple un but une foi
    Spain,Europe,48,Plus ultra
    Fiji,,0.9,Fear God
    Egypt,Africa,105,
    """

  /// The names of the records shown, in display order.
  func names(_ arranger: Arranger, _ table: any RecordSource) -> [String] {
    arranger.waitUntilComplete()
    let index = arranger.index
    return index.sections.flatMap { section in
      (0..<section.count).map { table.value(section.record(at: $0), 0) }
    }
  }

  @Test func textFilterIgnoresCaseInAnyFieldOrOne() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    #expect(
      names(Arranger(source: table, filter: .init(.text("AFR"))), table) == [
        "Chad", "Mali", "Egypt",
      ])
    // "un" is in Chad's and Mali's mottos and in no name.
    #expect(
      names(Arranger(source: table, filter: .init(.text("un"), field: 3)), table) == [
        "Chad", "Mali",
      ])
    #expect(names(Arranger(source: table, filter: .init(.text("un"), field: 0)), table) == [])
    // Non-ASCII text, a value with a quoted comma.
    #expect(names(Arranger(source: table, filter: .init(.text("ÉGALITÉ"))), table) == ["France"])
    #expect(names(Arranger(source: table, filter: .init(.text("y, é"))), table) == [])
    #expect(names(Arranger(source: table, filter: .init(.text("é, é"))), table) == ["France"])
  }

  @Test func valueFilterIsExactAndEmptyKeepsRecordsLackingIt() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    #expect(
      names(Arranger(source: table, filter: .init(.value("Europe"), field: 1)), table) == [
        "France", "Spain",
      ])
    #expect(names(Arranger(source: table, filter: .init(.value("Euro"), field: 1)), table) == [])
    #expect(names(Arranger(source: table, filter: .init(.value(""), field: 1)), table) == ["Fiji"])
    #expect(
      names(Arranger(source: table, filter: .init(.value(""), field: 3)), table) == [
        "Japan", "Egypt",
      ])
  }

  @Test func regularExpressionsUseSmartCaseAndMatchWithinOneValue() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    func kept(_ pattern: String, field: Int? = nil) -> [String] {
      names(
        Arranger(source: table, filter: .init(.regularExpression(pattern), field: field)), table)
    }
    #expect(kept("^[fs]") == ["France", "Spain", "Fiji"])
    #expect(kept("^F") == ["France", "Fiji"])
    #expect(kept("^f") == ["France", "Fiji"])
    // A capital letter makes it case-sensitive: "plus" is only in Spain's motto, capitalised.
    #expect(kept("Plus") == ["Spain"])
    #expect(kept("PLUS") == [])
    // \d is a digit; anchors hold within one value, never across two.
    #expect(kept("^\\d{3}$") == ["Japan", "Egypt"])
    #expect(kept("a$", field: 1) == ["Chad", "Japan", "Mali", "Egypt"])
    #expect(kept("Africa.17") == [])
    #expect(kept("Chad\\sAfrica") == [])
    #expect(kept("a|e", field: 0) == ["Chad", "France", "Japan", "Mali", "Spain", "Egypt"])
  }

  @Test func aBadPatternIsOneLineAndKeepsNothing() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    let bad = RecordFilter(.regularExpression("[a"))
    let problem = try #require(bad.problem)
    #expect(!problem.isEmpty && !problem.contains("\n"))
    #expect(RecordFilter(.regularExpression("(a")).problem != nil)
    #expect(RecordFilter(.regularExpression("a+")).problem == nil)
    #expect(RecordFilter(.text("[a")).problem == nil)
    #expect(names(Arranger(source: table, filter: bad), table) == [])
  }

  @Test func requiredLiteralIsInEveryMatch() {
    #expect(PosixRegex.requiredLiteral("lov.lace") == "lace")
    #expect(PosixRegex.requiredLiteral("gifts?") == "gift")
    #expect(PosixRegex.requiredLiteral("ab+c") == "ab")
    #expect(PosixRegex.requiredLiteral("x{2,3}yz") == "yz")
    #expect(PosixRegex.requiredLiteral("(abc)?de") == "de")
    #expect(PosixRegex.requiredLiteral("a|b") == nil)
    #expect(PosixRegex.requiredLiteral("[abc]\\d+") == nil)
    #expect(PosixRegex.requiredLiteral("\\.csv$") == ".csv")
    #expect(PosixRegex.requiredLiterals("gift|fragile") == ["gift", "fragile"])
    #expect(PosixRegex.requiredLiterals("(a|b)cd|ef[|]g") == ["cd", "ef"])
    #expect(PosixRegex.requiredLiterals("abc|x*") == nil)
  }

  @Test func filterGroupAndSortTogether() throws {
    let table = try DelimitedTable(text: csv, name: "c.csv")
    let arranger = Arranger(
      source: table, groupBy: 1, sortBy: 2, descending: true,
      filter: .init(.regularExpression("[ae]"), field: 0))
    arranger.waitUntilComplete()
    let index = arranger.index
    #expect(index.sections.map(\.title) == ["Africa", "Europe", "Asia"])
    #expect(names(arranger, table) == ["Egypt", "Mali", "Chad", "France", "Spain", "Japan"])
  }

  @Test func descendingReversesNumbersAndTextKeepingEmptiesLastAndTiesInFileOrder() throws {
    let text = "k,id\nbeta,1\nÅland,2\nalpha,3\n,4\nBeta,5\n10,6\n9,7\nzeta,8\n9,9\n"
    let table = try DelimitedTable(text: text, name: "s.csv")
    func ids(_ descending: Bool) -> [String] {
      let arranger = Arranger(source: table, sortBy: 0, descending: descending)
      arranger.waitUntilComplete()
      let index = arranger.index
      return (0..<index.totalCount).map { table.value(index.record(section: 0, item: $0), 1) }
    }
    #expect(ids(false) == ["7", "9", "6", "2", "3", "1", "5", "8", "4"])
    #expect(ids(true) == ["6", "7", "9", "8", "1", "5", "3", "2", "4"])
  }

  @Test func longTextsSortPastTheirFirstSixteenBytes() throws {
    let prefix = "abcdefghijklmnop"
    let text = "k\n\(prefix)z\n\(prefix)\n\(prefix)b\n\(prefix)a\(prefix)\n\(prefix)a\n"
    let table = try DelimitedTable(text: text, name: "s.csv")
    let ascending = Arranger(source: table, sortBy: 0)
    let descending = Arranger(source: table, sortBy: 0, descending: true)
    let suffixes = { (arranger: Arranger) in
      self.names(arranger, table).map { String($0.dropFirst(16).prefix(2)) }
    }
    #expect(suffixes(ascending) == ["", "a", "aa", "b", "z"])
    #expect(suffixes(descending) == ["z", "b", "aa", "a", ""])
  }

  @Test func aLargeFilteredDescendingSortIsCompleteAndInOrder() throws {
    var text = "id,word,score\n"
    for i in 0..<300_000 {
      text += "\(i),\(i % 7 == 0 ? "Gift" : "card")\(i % 11),\((i * 7919) % 1000)\n"
    }
    let file = try TemporaryFile(name: "f.csv", contents: text)
    let table = try DelimitedTable(path: file.path)
    try table.waitUntilComplete()
    let arranger = Arranger(
      source: table, sortBy: 2, descending: true, filter: .init(.regularExpression("gift[0-3]$")))
    #expect(arranger.progress < 1 || arranger.isComplete)
    arranger.waitUntilComplete()
    #expect(arranger.progress == 1)
    let index = arranger.index
    let records = (0..<index.totalCount).map { index.record(section: 0, item: $0) }
    let expected = (0..<300_000).filter { $0 % 7 == 0 && $0 % 11 <= 3 }
    #expect(Set(records) == Set(expected))
    let scores = records.map { Int(table.value($0, 2))! }
    #expect(scores == scores.sorted(by: >))
    #expect(
      (1..<records.count).allSatisfy {
        scores[$0] != scores[$0 - 1] || records[$0] > records[$0 - 1]
      })
  }
}
