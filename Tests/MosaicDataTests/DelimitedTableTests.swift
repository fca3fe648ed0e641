import Foundation
import Testing

@testable import MosaicData

/// Every record of `table` as arrays of values.
func rows(_ table: any RecordSource) -> [[String]] {
  (0..<table.recordCount).map { r in (0..<table.fieldNames.count).map { table.value(r, $0) } }
}

@Suite struct DelimitedTableTests {
  @Test(arguments: [
    // (name, text, expected header, expected rows)
    ("plain", "a,b\n1,2\n3,4\n", ["a", "b"], [["1", "2"], ["3", "4"]]),
    ("no trailing newline", "a,b\n1,2\n3,4", ["a", "b"], [["1", "2"], ["3", "4"]]),
    ("CRLF", "a,b\r\n1,2\r\n3,4\r\n", ["a", "b"], [["1", "2"], ["3", "4"]]),
    ("BOM", "\u{FEFF}a,b\n1,2\n", ["a", "b"], [["1", "2"]]),
    ("embedded quotes", "a,b\n\"say \"\"hi\"\"\",2\n", ["a", "b"], [["say \"hi\"", "2"]]),
    ("embedded separator", "a,b\n\"x,y\",2\n", ["a", "b"], [["x,y", "2"]]),
    (
      "embedded newline", "a,b\n\"line 1\nline 2\",2\n3,4\n", ["a", "b"],
      [["line 1\nline 2", "2"], ["3", "4"]]
    ),
    ("embedded CRLF", "a,b\r\n\"x\r\ny\",2\r\n", ["a", "b"], [["x\r\ny", "2"]]),
    ("empty fields", "a,b,c\n,,\n1,,3\n", ["a", "b", "c"], [["", "", ""], ["1", "", "3"]]),
    ("empty quoted", "a,b\n\"\",\"\"\n", ["a", "b"], [["", ""]]),
    ("ragged short", "a,b,c\n1\n1,2\n", ["a", "b", "c"], [["1", "", ""], ["1", "2", ""]]),
    ("ragged long", "a,b\n1,2,3,4\n", ["a", "b"], [["1", "2"]]),
    ("blank lines", "a,b\n\n1,2\n\n\n3,4\n\n", ["a", "b"], [["1", "2"], ["3", "4"]]),
    ("quote mid-field", "a,b\n5'10\",2\n", ["a", "b"], [["5'10\"", "2"]]),
    ("text after closing quote", "a,b\n\"x\"y,2\n", ["a", "b"], [["xy", "2"]]),
    ("quoted header", "\"first, name\",b\n1,2\n", ["first, name", "b"], [["1", "2"]]),
    ("empty header cell", "a,,c\n1,2,3\n", ["a", "column 2", "c"], [["1", "2", "3"]]),
    ("header only", "a,b\n", ["a", "b"], []),
    ("header only, no newline", "a,b", ["a", "b"], []),
    ("quoted last field at EOF", "a,b\n1,\"2\"", ["a", "b"], [["1", "2"]]),
    ("unicode", "name,sym\nÅland,Å\n", ["name", "sym"], [["Åland", "Å"]]),
  ])
  func csvParsing(name: String, text: String, header: [String], expected: [[String]]) throws {
    let table = try DelimitedTable(text: text, name: "t.csv")
    #expect(table.fieldNames == header, "\(name)")
    #expect(rows(table) == expected, "\(name)")
    #expect(table.isComplete)
    #expect(table.progress == 1)
  }

  @Test func tsvUsesTabsAndKeepsCommas() throws {
    let table = try DelimitedTable(
      text: "name\tnote\nx\ta, b\n\"q\tr\"\t2\n", name: "t.tsv", delimiter: 0x09)
    #expect(table.fieldNames == ["name", "note"])
    #expect(rows(table) == [["x", "a, b"], ["q\tr", "2"]])
  }

  @Test func recordPairsKeepFieldOrder() throws {
    let table = try DelimitedTable(text: "b,a\n1,2\n", name: "t.csv")
    let pairs = table.record(0)
    #expect(pairs.map(\.field) == ["b", "a"])
    #expect(pairs.map(\.value) == ["1", "2"])
    #expect(table.jsonLine(0) == #"{"b":"1","a":"2"}"#)
  }

  @Test func unterminatedQuoteNamesFileAndLine() {
    let text = "a,b\n1,2\n3,4\n\"open,5\n6,7\n"
    let error = DataError.malformed(
      file: "c.csv", line: 4, column: nil, reason: "unterminated quoted field")
    #expect(throws: error) { try DelimitedTable(text: text, name: "c.csv") }
    #expect(error.description == "c.csv:4: unterminated quoted field")
  }

  @Test func emptyFileIsAnError() {
    #expect(throws: DataError.self) { try DelimitedTable(text: "", name: "e.csv") }
    #expect(throws: DataError.self) { try DelimitedTable(text: "\n\r\n", name: "e.csv") }
  }

  @Test func missingFileIsUnreadable() {
    do {
      _ = try DataFile.open(path: "/nonexistent/dir/x.csv", name: "x.csv")
      Issue.record("expected an error")
    } catch let error as DataError {
      #expect(error.description.hasPrefix("x.csv: "))
      #expect(error.line == nil)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func outOfRangeAccessReturnsEmpty() throws {
    let table = try DelimitedTable(text: "a\n1\n", name: "t.csv")
    #expect(table.value(5, 0) == "")
    #expect(table.value(0, 3) == "")
    #expect(table.value(-1, 0) == "")
    #expect(table.typedValue(0, 1) == nil)
  }
}
