import Foundation
import Testing

@testable import MosaicData

/// A temporary file removed when the value is released.
final class TemporaryFile {
  let path: String

  init(name: String, contents: String) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mosaic-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    path = dir.appendingPathComponent(name).path
    try contents.write(toFile: path, atomically: false, encoding: .utf8)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
  }
}

/// A CSV with `count` records where every seventh has quotes, separators or a newline.
func generatedCSV(count: Int) -> (text: String, rows: [[String]]) {
  var text = "id,name,note\r\n"
  var expected: [[String]] = []
  for i in 0..<count {
    let name = "item \(i)"
    let note: String
    let raw: String
    switch i % 7 {
    case 0:
      note = "says \"hello\", \(i)"
      raw = "\"says \"\"hello\"\", \(i)\""
    case 3:
      note = "two\nlines \(i)"
      raw = "\"two\nlines \(i)\""
    default:
      note = "plain \(i)"
      raw = note
    }
    text += "\(i),\(name),\(raw)\r\n"
    expected.append(["\(i)", name, note])
  }
  return (text, expected)
}

@Suite struct BackgroundIndexingTests {
  @Test func backgroundIndexMatchesSynchronousParse() throws {
    let (text, expected) = generatedCSV(count: 60_000)
    let file = try TemporaryFile(name: "big.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 100)
    #expect(table.recordCount >= 100)
    try table.waitUntilComplete()
    #expect(table.isComplete)
    #expect(table.progress == 1)
    #expect(table.recordCount == expected.count)
    let synchronous = try DelimitedTable(text: text, name: "big.csv", synchronousRecords: .max)
    #expect(synchronous.recordCount == expected.count)
    let background = rows(table)
    #expect(background == expected)
    #expect(background == rows(synchronous))
  }

  @Test func backgroundErrorIsReportedWithLine() throws {
    var text = "a,b\n"
    for i in 0..<5000 { text += "\(i),x\n" }
    text += "\"open,1\nmore\n"
    let file = try TemporaryFile(name: "bad.csv", contents: text)
    let table = try DelimitedTable(path: file.path, name: "bad.csv", synchronousRecords: 10)
    let error = DataError.malformed(
      file: "bad.csv", line: 5002, column: nil, reason: "unterminated quoted field")
    #expect(throws: error) { try table.waitUntilComplete() }
    #expect(table.recordCount == 5000)
    #expect(table.indexingError?.description == "bad.csv:5002: unterminated quoted field")
  }

  @Test func jsonLinesBackgroundIndexing() throws {
    var text = ""
    for i in 0..<20_000 { text += #"{"n": \#(i), "name": "row \#(i)"}"# + "\n" }
    text += #"{"n": 20000, "extra": true}"# + "\n"
    let file = try TemporaryFile(name: "rows.jsonl", contents: text)
    let table = try DataFile.open(path: file.path, name: "rows.jsonl")
    try table.waitUntilComplete()
    #expect(table.recordCount == 20_001)
    #expect(table.fieldNames == ["n", "name", "extra"])
    #expect(table.value(12_345, 1) == "row 12345")
    #expect(table.value(20_000, 2) == "true")
    #expect(table.typedValue(20_000, 1) == nil)
  }

  @Test func searchFollowsIndexingAndMatchesBruteForce() throws {
    let (text, expected) = generatedCSV(count: 40_000)
    let file = try TemporaryFile(name: "s.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 50)
    for query in ["HELLO", "lines 3", "item 3999", "\"hello\", 7", "s \"h", "zzz", "1,2"] {
      let found = RecordSearch.matches(of: query, in: table)
      let brute = expected.indices.filter { r in
        expected[r].contains { $0.lowercased().contains(query.lowercased()) }
      }
      #expect(found == brute, "query \(query)")
    }
  }
}

@Suite struct ConcurrentReadTests {
  @Test func readsWhileIndexingSeeConsistentRecords() throws {
    let (text, expected) = generatedCSV(count: 120_000)
    let file = try TemporaryFile(name: "c.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 10)
    var reads = 0
    var wrong = 0
    // Read the newest record and a few older ones until indexing finishes.
    while !table.isComplete || reads == 0 {
      let count = table.recordCount
      for r in [count - 1, count / 2, 0] where r >= 0 {
        if table.values(r) != expected[r] { wrong += 1 }
        reads += 1
      }
    }
    #expect(wrong == 0)
    #expect(table.recordCount == expected.count)
  }

  @Test func searchAndArrangementStartedBeforeIndexingEndsSeeEverything() throws {
    let (text, expected) = generatedCSV(count: 90_000)
    let file = try TemporaryFile(name: "c.csv", contents: text)
    let table = try DelimitedTable(path: file.path, synchronousRecords: 10)
    let search = RecordSearch(query: "lines", in: table)
    let arranger = Arranger(source: table, sortBy: 0)
    search.waitUntilComplete()
    arranger.waitUntilComplete()
    #expect(search.matches == expected.indices.filter { expected[$0][2].contains("lines") })
    let index = arranger.index
    #expect(index.totalCount == expected.count)
    #expect(index.record(section: 0, item: 0) == 0)
    #expect(index.record(section: 0, item: expected.count - 1) == expected.count - 1)
  }
}
