import Foundation
import Testing

@testable import MosaicData

@Suite struct DetectionTests {
  @Test(arguments: [
    ("x.csv", "[not json", DataFormat.csv),
    ("x.tsv", "a,b", DataFormat.tsv),
    ("x.TSV", "a,b", DataFormat.tsv),
    ("x.jsonl", "[1]", DataFormat.jsonLines),
    ("x.ndjson", "", DataFormat.jsonLines),
    ("x.json", "[{\"a\":1}]", DataFormat.json),
    ("x.json", "{\"a\":1}\n{\"a\":2}\n", DataFormat.jsonLines),
    ("x.json", "{\n  \"sections\": []\n}", DataFormat.json),
    ("data", "  [ {\"a\": 1} ]", DataFormat.json),
    ("data", "{\"a\":1}\n{\"a\":2}", DataFormat.jsonLines),
    ("data", "{\"sections\": []}", DataFormat.json),
    ("data.txt", "a\tb\tc\n1\t2\t3", DataFormat.tsv),
    ("data.txt", "a,b\n1,2", DataFormat.csv),
    ("data.txt", "a;b;c\n1;2;3", DataFormat.delimited(separator: UInt8(ascii: ";"))),
    ("data.txt", "\"a;b\",c\n", DataFormat.csv),
  ])
  func detects(path: String, text: String, expected: DataFormat) {
    let bytes = Array(text.utf8)
    let format = bytes.withUnsafeBytes { DataFormat.detect(path: path, prefix: $0) }
    #expect(format == expected, "\(path): \(text)")
  }

  @Test func openPicksTheReader() throws {
    let csv = try TemporaryFile(name: "plain.txt", contents: "a\tb\n1\t2\n")
    let table = try DataFile.open(path: csv.path)
    #expect(table is DelimitedTable)
    #expect(table.value(0, 1) == "2")
    let json = try TemporaryFile(name: "data", contents: "[{\"a\":1}]")
    #expect(try DataFile.open(path: json.path) is JSONLinesTable)  // an array, indexed lazily
    let sections = try TemporaryFile(name: "data", contents: "{\"sections\": []}")
    #expect(try DataFile.open(path: sections.path) is JSONTable)
    let lines = try TemporaryFile(name: "data", contents: "{\"a\":1}\n{\"a\":2}\n")
    #expect(try DataFile.open(path: lines.path).recordCount == 2)
  }

  @Test func directoryIsUnreadable() {
    #expect(throws: DataError.unreadable(file: "dir", reason: "is a directory")) {
      try DataFile.open(path: NSTemporaryDirectory(), name: "dir")
    }
  }
}
