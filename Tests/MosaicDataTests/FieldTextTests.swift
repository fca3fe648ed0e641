import Foundation
import Testing

@testable import MosaicData

/// Values read in pieces: every piece size gives back exactly the value, a prefix costs its own
/// size, and one pass over a record gives what field-by-field reads give.
@Suite struct FieldTextTests {
  static let csv = [
    #"plain,quoted,lines,after,unicode,empty"#,
    #"abc,"say ""hi"", twice","one"#,
    #"two ""three""",x"y z,"日本é👨‍👩‍👧 ok","#,
    #"5'10",""""""","a\#r\#nb","q"tail"","","""#,
    "",
  ].joined(separator: "\n")

  static let jsonl = [
    #"{"s":"tab\there \"q\" back\\slash \/ \u00e9 \ud83d\ude00 lone \ud800x \udc00 end","n":-1.5e3,"b":true,"z":null,"o":{"k":[1,"two"]}}"#,
    #"{"s":"second","n":2,"s":"duplicate"}"#,
    "{}",
    "",
  ].joined(separator: "\n")

  /// Every field of every record, read `size` bytes at a time.
  static func readInPieces(_ text: FieldText, size: Int) -> String {
    var out = ""
    var position = text.startPosition
    var steps = 0
    while !text.isAtEnd(position), steps < 10_000 {
      let piece = text.read(from: position, maxBytes: size)
      out += piece.text
      position = piece.next
      steps += 1
    }
    return out
  }

  static func sources() throws -> [any RecordSource] {
    [
      try DelimitedTable(text: csv, name: "t.csv"),
      try JSONLinesTable(text: jsonl, name: "t.jsonl"),
      try JSONTable(text: "[{\"a\":\"x\\ny\",\"b\":2},{\"b\":[true]}]", name: "t.json"),
    ]
  }

  @Test(arguments: [1, 2, 3, 5, 64])
  func piecesOfAnySizeMakeTheValue(size: Int) throws {
    for source in try Self.sources() {
      try source.waitUntilComplete()
      for record in 0..<source.recordCount {
        let all = source.fieldTexts(record)
        #expect(all.count == source.fieldNames.count)
        for field in source.fieldNames.indices {
          let expected = source.typedValue(record, field)?.text
          let one = source.fieldText(record, field)
          #expect(
            one.map { Self.readInPieces($0, size: size) } == expected,
            "\(source.name) record \(record) field \(field) in pieces of \(size)")
          #expect(
            all[field].map { Self.readInPieces($0, size: size) } == expected,
            "\(source.name) record \(record) field \(field) from fieldTexts")
          #expect(one?.string == expected)
        }
      }
    }
  }

  @Test func typedValuesInOnePassEqualFieldByFieldReads() throws {
    for source in try Self.sources() {
      for record in 0..<source.recordCount {
        let values = source.typedValues(record)
        #expect(
          values == source.fieldNames.indices.map { source.typedValue(record, $0) },
          "\(source.name) record \(record)")
      }
    }
  }

  @Test func aPrefixOfAHugeValueCostsOnlyItsOwnBytes() throws {
    let line = "0123456789 \"quoted\" é\n"
    let huge = String(repeating: line, count: 20_000)  // 460 KB
    let quotedCSV =
      "id,notes,size\n1,\"" + huge.replacingOccurrences(of: "\"", with: "\"\"")
      + "\",9\n"
    let csv = try DelimitedTable(text: quotedCSV, name: "huge.csv")
    let jsonl = try JSONLinesTable(
      text: "{\"id\":1,\"notes\":\""
        + huge.replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n") + "\",\"size\":9}\n", name: "huge.jsonl")
    for source in [csv, jsonl] as [any RecordSource] {
      let text = try #require(source.fieldText(0, 1))
      let prefix = text.prefix(maxBytes: 100)
      #expect(!prefix.isComplete)
      #expect(prefix.text.utf8.count >= 100 && prefix.text.utf8.count <= 103)
      #expect(huge.hasPrefix(prefix.text), "\(source.name): \(prefix.text)")
      // The field after the huge one is found by jumping over it.
      #expect(source.fieldText(0, 2)?.string == "9")
    }
  }

  @Test func aShortFieldsPrefixIsTheWholeFieldQuotedOrNot() throws {
    let csv = try DelimitedTable(
      text: "a,b,c,d,e\nplain,\"q,\"\"x\"\"\",,é ü,12345678\n", name: "short.csv")
    let expected = ["plain", "q,\"x\"", "", "é ü", "12345678"]
    for (field, text) in expected.enumerated() {
      let value = try #require(csv.fieldText(0, field))
      #expect(value.prefix(maxBytes: 100) == (text, true), "field \(field)")
      #expect(value.string == text)
    }
    let cut = try #require(csv.fieldText(0, 4))
    #expect(cut.prefix(maxBytes: 3) == ("123", false), "a longer field is still cut")
    #expect(csv.fieldTexts(0).map { $0?.prefix(maxBytes: 100).text } == expected)
  }

  @Test func aReaderTextIsReadThroughItsFunction() {
    var asked: [(Int, Int)] = []
    let text = FieldText(byteCount: 10) { position, maxBytes in
      asked.append((position, maxBytes))
      return String(repeating: "x", count: maxBytes)
    }
    #expect(text.prefix(maxBytes: 4) == ("xxxx", false))
    #expect(text.string == String(repeating: "x", count: 10))
    #expect(asked.first! == (0, 4))
  }
}
