import Foundation
import Testing

@testable import MosaicData

/// A CSV table over `text` whose indexing stops after `first` records until `indexPaused()`.
private func pausedTable(_ text: String, first: Int = 2) throws -> DelimitedTable {
  try DelimitedTable(
    file: MappedFile(bytes: Array(text.utf8)), name: "t.csv", delimiter: UInt8(ascii: ","),
    synchronousRecords: first, paused: true)
}

/// The records of `end`, every field of each, as the source reads them.
private func rows(_ source: any RecordSource, _ end: EstimatedEnd) -> [[String]] {
  end.records.map { id in source.fieldTexts(id).map { $0?.string ?? "?" } }
}

@Suite struct EstimatedEndTests {
  @Test func lastRecordsOfACSVWithQuotedLineBreaks() throws {
    var text = "id,note\n"
    for i in 0..<50 { text += "\(i),plain \(i)\n" }
    text += "50,\"two\nlines, \"\"quoted\"\"\"\n51,\"a\nb\nc\"\n52,last\n"
    let table = try pausedTable(text)
    let end = try #require(table.estimatedEnd(atLeast: 3))
    let last3 = rows(table, end).suffix(3)
    #expect(
      Array(last3) == [["50", "two\nlines, \"quoted\""], ["51", "a\nb\nc"], ["52", "last"]])
    // From 2 records of 9 to 10 bytes each, the estimate is near the 53 there are.
    #expect(abs(end.estimatedCount - 53) <= 6)
    #expect(table.recordCount == 2)
  }

  @Test func aLineStartInsideAQuotedFieldIsNotARecordStart() throws {
    // The window's first line start falls inside the quoted field: its quotes after are odd.
    var text = "id,note\n0,a\n1,b\n"
    text += "2,\"" + (0..<20_000).map { "line \($0)" }.joined(separator: "\n") + "\"\n3,end\n"
    let table = try pausedTable(text)
    let last = try #require(table.estimatedEnd(atLeast: 1))
    #expect(rows(table, last) == [["3", "end"]])
    let end = try #require(table.estimatedEnd(atLeast: 2))
    let found = rows(table, end)
    #expect(found.last == ["3", "end"])
    #expect(found.dropLast().last?.first == "2")
    #expect(found.dropLast().last?.last?.hasSuffix("line 19999") == true)
  }

  @Test func crlfAndNoTrailingLineBreak() throws {
    var text = "id,name\r\n"
    for i in 0..<20 { text += "\(i),row \(i)\r\n" }
    text += "20,\"x\r\ny\"\r\n21,final"
    let table = try pausedTable(text)
    let end = try #require(table.estimatedEnd(atLeast: 2))
    #expect(Array(rows(table, end).suffix(2)) == [["20", "x\r\ny"], ["21", "final"]])
  }

  @Test func aFileOfOneRecord() throws {
    let table = try pausedTable("id,name\n7,only\n", first: 0)
    let end = try #require(table.estimatedEnd(atLeast: 10))
    #expect(rows(table, end) == [["7", "only"]])
    #expect(end.estimatedFirstIndex == 0)
    #expect(end.estimatedCount == 1)
  }

  @Test func jsonLinesLastLines() throws {
    var text = ""
    for i in 0..<30 { text += #"{"n": \#(i), "name": "row \#(i)"}"# + "\n" }
    text += "\n" + #"{"n": 30, "name": "last"}"# + "\n\n"
    let table = try JSONLinesTable(
      file: MappedFile(bytes: Array(text.utf8)), name: "t.jsonl", synchronousRecords: 3,
      paused: true)
    let end = try #require(table.estimatedEnd(atLeast: 2))
    #expect(Array(rows(table, end).suffix(2)) == [["29", "row 29"], ["30", "last"]])
    #expect(table.value(end.records.upperBound - 1, 1) == "last")
  }

  @Test func indexingTurnsTheEstimateExactOnTheSameRecords() throws {
    let (text, expected) = generatedCSV(count: 5000)
    let table = try pausedTable(text, first: 10)
    let end = try #require(table.estimatedEnd(atLeast: 100))
    #expect(end.records.count >= 100)
    #expect(rows(table, end) == Array(expected.suffix(end.records.count)))
    #expect(table.indexedRecord(ofEstimated: end.records.upperBound - 1) == nil)
    // Up from the first found: more records before it, the ids found before unchanged.
    let more = try #require(table.estimatedEnd(atLeast: end.records.count + 50))
    #expect(more.records.upperBound == end.records.upperBound)
    #expect(more.records.count >= end.records.count + 50)
    #expect(rows(table, more) == Array(expected.suffix(more.records.count)))
    table.indexer.indexPaused()
    #expect(table.isComplete)
    for (k, id) in more.records.enumerated() {
      #expect(table.indexedRecord(ofEstimated: id) == 5000 - more.records.count + k)
    }
    #expect(table.estimatedEnd(atLeast: 10) == nil)
  }

  @Test func eachCoreIndexesAPieceAndTheIndexIsTheSequentialOne() throws {
    // Long quoted fields of many lines: the pieces' first line starts fall inside them.
    var text = "id,note\n"
    var expected: [[String]] = []
    var i = 0
    while text.utf8.count < 5 << 20 {
      let note =
        i % 3 == 0
        ? (0..<(i % 500)).map { "\($0), \"q\"" }.joined(separator: "\n") : "plain \(i)"
      let raw = i % 3 == 0 ? "\"" + note.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : note
      text += "\(i),\(raw)\n"
      expected.append(["\(i)", note])
      i += 1
    }
    let file = try TemporaryFile(name: "pieces.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 10)
    try table.waitUntilComplete()
    #expect(table.recordCount == expected.count)
    let read = (0..<table.recordCount).map { table.values($0) }
    #expect(read == expected)
  }

  @Test func anErrorInALaterPieceStopsWhereTheSequentialScanStops() throws {
    var text = "a,b\n"
    for i in 0..<200_000 { text += "\(i),x\n" }
    text += "\"open,1\nmore\n"
    let file = try TemporaryFile(name: "bad.csv", contents: text)
    let table = try DelimitedTable(path: file.path, name: "bad.csv", synchronousRecords: 10)
    #expect(throws: DataError.self) { try table.waitUntilComplete() }
    #expect(table.recordCount == 200_000)
    #expect(table.value(199_999, 0) == "199999")
  }
}

@Suite struct EstimatedArrayEndTests {
  @Test func lastElementsOfAJSONArray() throws {
    var text = "[\n"
    for i in 0..<40 {
      text += #"  {"n": \#(i), "s": "a \"}{\" \\\\", "nested": {"x": [1, {"y": "]"}]}},"# + "\n"
    }
    text += #"  {"n": 40, "s": "last"}"# + "\n]\n"
    let table = try JSONLinesTable(
      file: MappedFile(bytes: Array(text.utf8)), name: "t.json", isArray: true,
      synchronousRecords: 3, paused: true)
    let end = try #require(table.estimatedEnd(atLeast: 3))
    #expect(end.records.count == 3)
    let names = table.fieldNames
    let n = try #require(names.firstIndex(of: "n"))
    let s = try #require(names.firstIndex(of: "s"))
    let ids = Array(end.records)
    #expect(ids.map { table.value($0, n) } == ["38", "39", "40"])
    #expect(table.value(ids[0], s) == #"a "}{" \\"#)
    #expect(table.value(ids[2], s) == "last")
    table.indexer.indexPaused()
    #expect(ids.map { table.indexedRecord(ofEstimated: $0) } == [38, 39, 40])
  }

  @Test func fewerElementsAfterTheIndexThanAsked() throws {
    let table = try JSONLinesTable(
      file: MappedFile(bytes: Array(#"[{"a": 1}, {"a": 2}]"#.utf8)), name: "t.json",
      isArray: true, synchronousRecords: 1, paused: true)
    let end = try #require(table.estimatedEnd(atLeast: 5))
    #expect(end.records.count == 1)
    #expect(end.estimatedFirstIndex == 1)
    #expect(end.records.map { table.value($0, 0) } == ["2"])
  }
}
