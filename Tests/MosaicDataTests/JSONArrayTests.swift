import Foundation
import MosaicData
import MosaicJSON
import Testing

/// A JSON file that is one array of objects is indexed element by element, like JSON Lines:
/// the first elements at once, the rest in the background, each parsed when it is shown.
@Suite struct JSONArrayTests {
  /// Elements whose strings hold what a naive scanner would take for structure.
  static let tricky = """
    \u{FEFF}  [
      {"name": "comma, bracket ] brace } quote \\" backslash \\\\", "n": 1},
      {"name": "nested", "list": [1, [2, {"x": "]"}], {}], "obj": {"k": {"deep": [[]]}}},
      {"name": "escapes \\u00e9 \\ud83d\\ude00 \\n", "ok": true, "none": null, "n": -1.5e3},
      {},
      {"late": "a key first seen here", "name": "last"}
    ]\r\n
    """

  @Test func valuesAreThoseOfTheWholeDocument() throws {
    let lazy = try JSONLinesTable(arrayText: Self.tricky, name: "t.json")
    let whole = try JSONTable(text: Self.tricky, name: "t.json")
    try lazy.waitUntilComplete()
    #expect(lazy.recordCount == 5)
    #expect(lazy.fieldNames == whole.fieldNames)
    for record in 0..<whole.recordCount {
      #expect(lazy.typedValues(record) == whole.typedValues(record), "record \(record)")
      #expect(lazy.jsonLine(record) == whole.jsonLine(record))
      for field in whole.fieldNames.indices {
        #expect(lazy.value(record, field) == whole.value(record, field))
        #expect(lazy.fieldText(record, field)?.string == whole.fieldText(record, field)?.string)
      }
    }
    #expect(lazy.value(0, 0) == "comma, bracket ] brace } quote \" backslash \\")
    #expect(lazy.value(1, 2) == #"[1,[2,{"x":"]"}],{}]"#)
  }

  @Test func dataFileOpensAnArrayLazily() throws {
    let file = try TemporaryFile(name: "rows.json", contents: Self.tricky)
    let source = try DataFile.open(path: file.path, name: "rows.json")
    #expect(source is JSONLinesTable)
    try source.waitUntilComplete()
    #expect(source.recordCount == 5)
    #expect(source.definedSections == nil)
  }

  @Test func theRestIsIndexedInTheBackgroundAndItsKeysJoinTheFields() throws {
    let count = 20_000
    let text =
      "["
      + (0..<count).map { i in
        i == count - 1
          ? #"{"id": \#(i), "only at the end": "x"}"# : #"{"id": \#(i), "name": "n\#(i)"}"#
      }.joined(separator: ",\n") + "]"
    let file = try TemporaryFile(name: "big.json", contents: text)
    let source = try DataFile.open(path: file.path, name: "big.json")
    // The first records are there at once, before the whole file is read.
    #expect(source.recordCount >= 1000)
    #expect(source.value(999, 0) == "999")
    try source.waitUntilComplete()
    #expect(source.recordCount == count)
    #expect(source.fieldNames == ["id", "name", "only at the end"])
    #expect(source.value(count - 1, 2) == "x")
    #expect(source.value(12_345, 1) == "n12345")
    #expect(source.progress == 1)
  }

  @Test(arguments: [
    ("[]", 0), ("  [ ]  \n", 0), ("[{}]", 1), ("[\n{\"a\":1}\n,\n{\"a\":2}\n]", 2),
  ])
  func smallArrays(text: String, records: Int) throws {
    let source = try JSONLinesTable(arrayText: text, name: "s.json")
    try source.waitUntilComplete()
    #expect(source.recordCount == records)
  }

  @Test(arguments: [
    ("[{\"a\": 1},\n 2]", "e.json:2:2: item 1 is a number, expected an object"),
    ("[{\"a\": 1} {\"a\": 2}]", "e.json:1:11: expected ',' or ']'"),
    ("[{\"a\": 1},]", "e.json:1:11: unexpected ']', expected a value"),
    ("[{\"a\": 1}] x", "e.json:1:12: unexpected text after the JSON value"),
    ("[{\"a\": 1},\n{\"a\": 2}", "e.json:2:9: expected ',' or ']'"),
    ("[{\"a\": \"open}]", "e.json:1:8: unterminated string"),
    ("[{\"a\" 1}]", "e.json:1:7: expected ':'"),
    ("[\"x\"]", "e.json:1:2: item 0 is a string, expected an object"),
  ])
  func aMalformedStartIsOneLineWithLineAndColumn(text: String, message: String) {
    do {
      let source = try JSONLinesTable(arrayText: text, name: "e.json")
      try source.waitUntilComplete()
      Issue.record("accepted \(text)")
    } catch let error as DataError {
      #expect(error.description == message)
      // The eager reader words it the same way.
      #expect(throws: error) { try JSONTable(text: text, name: "e.json") }
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func aMalformedElementFoundLaterKeepsTheRecordsBeforeIt() throws {
    let good = (0..<3000).map { #"{"id": \#($0)}"# }.joined(separator: ",\n")
    let text = "[" + good + ",\n{\"id\": 3000,, }]"
    let source = try JSONLinesTable(arrayText: text, name: "late.json", synchronousRecords: 100)
    #expect(throws: DataError.self) { try source.waitUntilComplete() }
    #expect(source.recordCount == 3000)
    #expect(source.indexingError?.description == "late.json:3001:13: expected a string key")
    #expect(source.value(2999, 0) == "2999")
  }

  @Test func searchFindsValuesNotKeys() throws {
    let source = try JSONLinesTable(
      arrayText: #"[{"name": "Oslo"}, {"name": "Bergen", "osl": 1}, {"name": "oslo fjord"}]"#,
      name: "s.json")
    #expect(RecordSearch.matches(of: "oslo", in: source) == [0, 2])
  }
}
