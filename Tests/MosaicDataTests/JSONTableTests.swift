import Foundation
import MosaicJSON
import Testing

@testable import MosaicData

@Suite struct JSONTableTests {
  @Test func arrayOfObjectsOrdersFieldsByFirstAppearance() throws {
    let table = try JSONTable(
      text:
        #"[{"name":"H","number":1,"metal":false},{"name":"He","mass":4.0026,"tags":["noble"],"x":null}]"#,
      name: "e.json")
    #expect(table.fieldNames == ["name", "number", "metal", "mass", "tags", "x"])
    #expect(table.recordCount == 2)
    #expect(table.value(0, 1) == "1")
    #expect(table.value(0, 2) == "false")
    #expect(table.value(1, 3) == "4.0026")
    #expect(table.value(1, 4) == #"["noble"]"#)
    #expect(table.value(1, 5) == "")
    #expect(table.value(1, 1) == "")
    #expect(table.typedValue(1, 1) == nil)
    #expect(table.jsonLine(0) == #"{"name":"H","number":1,"metal":false}"#)
    #expect(table.jsonLine(1) == #"{"name":"He","mass":4.0026,"tags":["noble"],"x":null}"#)
    #expect(table.definedSections == nil)
  }

  @Test func sectionsBecomeDefinedGroupsInOrder() throws {
    let text = """
      {"sections": [
        {"title": "Noble gases", "items": [{"name": "He"}, {"name": "Ne"}]},
        {"title": "Alkali metals", "items": [{"name": "Li", "n": 3}]},
        {"items": []}
      ]}
      """
    let table = try JSONTable(text: text, name: "s.json")
    #expect(table.recordCount == 3)
    #expect(
      table.definedSections == [
        DefinedSection(title: "Noble gases", records: 0..<2),
        DefinedSection(title: "Alkali metals", records: 2..<3),
        DefinedSection(title: "Section 3", records: 3..<3),
      ])
    let index = Arranger(source: table).index
    #expect(index.numberOfSections == 3)
    #expect(index.sections.map(\.title) == ["Noble gases", "Alkali metals", "Section 3"])
    #expect(index.record(section: 1, item: 0) == 2)
  }

  @Test func escapesAndUnicode() throws {
    let table = try JSONTable(
      text: #"[{"s":"a\"b\\c\n\u00e9\ud83d\ude00/","k\u0041":1e-3}]"#, name: "u.json")
    #expect(table.value(0, 0) == "a\"b\\c\né😀/")
    #expect(table.fieldNames == ["s", "kA"])
    #expect(table.value(0, 1) == "1e-3")
    #expect(table.jsonLine(0) == #"{"s":"a\"b\\c\né😀/","kA":1e-3}"#)
  }

  @Test(arguments: [
    ("[{\"a\":1},\n {\"b\":2 \"c\":3}]", "d.json:2:9: expected ',' or '}'"),
    ("[{\"a\":1}\n {\"b\":2}]", "d.json:2:2: expected ',' or ']'"),
    ("[{\"a\":1},\n 3]", "d.json:2:2: item 1 is a number, expected an object"),
    ("[{\"a\":tru}]", "d.json:1:7: expected 'true'"),
    ("[{\"a\":1}", "d.json:1:9: expected ',' or ']'"),
    ("", "d.json:1:1: empty file, expected JSON"),
    ("\"x\"", "d.json:1:1: expected an array of objects or {\"sections\": [...]}"),
    ("{\"rows\": []}", "d.json:1:1: expected an array of objects or {\"sections\": [...]}"),
    ("{\"sections\": 3}", "d.json:1:14: \"sections\" is a number, expected an array"),
    (
      "{\"sections\": [{\"title\": \"t\",\n \"items\": [1]}]}",
      "d.json:2:12: sections[0].items[0] is a number, expected an object"
    ),
    ("[{\"a\":\"x\ny\"}]", "d.json:1:9: control character in string"),
    ("[{\"a\":01}]", "d.json:1:8: expected ',' or '}'"),
    ("[{\"a\":1}] x", "d.json:1:11: unexpected text after the JSON value"),
    ("[{\"a\":\"\\q\"}]", "d.json:1:8: invalid escape '\\q'"),
    ("[{\"a\":\"open}]", "d.json:1:7: unterminated string"),
  ])
  func errorsNameFileLineAndColumn(text: String, message: String) {
    do {
      _ = try JSONTable(text: text, name: "d.json")
      Issue.record("expected an error for \(text)")
    } catch let error as DataError {
      #expect(error.description == message)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = "[{\"a\":" + String(repeating: "[", count: 100_000) + "]"
    #expect(throws: DataError.self) { try JSONTable(text: text, name: "deep.json") }
  }
}

@Suite struct JSONLinesTableTests {
  @Test func linesBecomeRecords() throws {
    let text = "{\"a\":1,\"b\":\"x\"}\n\n{\"b\":\"y\",\"c\":[1,2]}\r\n{\"a\":true}"
    let table = try JSONLinesTable(text: text, name: "r.jsonl")
    #expect(table.fieldNames == ["a", "b", "c"])
    #expect(rows(table) == [["1", "x", ""], ["", "y", "[1,2]"], ["true", "", ""]])
    #expect(table.jsonLine(1) == #"{"b":"y","c":[1,2]}"#)
    #expect(table.isComplete)
  }

  @Test(arguments: [
    ("{\"a\":1}\n{\"a\":2}\n\n[1,2]\n", "rows.jsonl:4: not a JSON object"),
    ("{\"a\":1}\n{\"a\" 2}\n", "rows.jsonl:2:6: expected ':'"),
    ("{\"a\":1}\n\n\n\n\"x\"\n", "rows.jsonl:5: not a JSON object"),
  ])
  func errorsNameTheLine(text: String, message: String) {
    do {
      _ = try JSONLinesTable(text: text, name: "rows.jsonl")
      Issue.record("expected an error")
    } catch let error as DataError {
      #expect(error.description == message)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}

extension JSONLinesTableTests {
  /// The data layer words MosaicJSON's structured errors its own way: a leading zero reads as a
  /// missing separator, an unterminated string points at its opening quote, a short `\u` escape
  /// at its digits.
  @Test(arguments: [
    ("{\"a\":1}\n01\n", "rows.jsonl:2:2: unexpected '1' after the JSON value"),
    ("{\"a\":[01]}\n", "rows.jsonl:1:8: expected ',' or ']'"),
    ("{\"a\":\"\\u1", "rows.jsonl:1:9: invalid \\u escape"),
    ("{\"a\":\"x\\", "rows.jsonl:1:6: unterminated string"),
    ("{\"a\":1.e5}", "rows.jsonl:1:8: invalid number"),
    (
      "{\"a\":" + String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + "}",
      "rows.jsonl:1:517: nested too deeply"
    ),
  ])
  func syntaxErrorsKeepTheDataLayersWording(text: String, message: String) {
    do {
      _ = try JSONLinesTable(text: text, name: "rows.jsonl")
      Issue.record("expected an error")
    } catch let error as DataError {
      #expect(error.description == message)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}

@Suite struct JSONValidationTests {
  /// The fast validator used to index JSON Lines must accept and reject exactly what the full
  /// parser does, with the same message.
  @Test(arguments: [
    #"{"a":1,"b":[1,{"c":"d\"\u00e9"}],"e":null,"f":-1.5e+3}"#, #"{}"#, #"[1]"#, #""x""#,
    #"{"a":1"#, #"{"a":}"#, #"{"a":"\x"}"#, #"{"a":01}"#, #"{"a":1}x"#, #"{"a":[1,]}"#,
    #"{"a":"\u12"}"#, #"{1:2}"#, #"{"a" 1}"#, #"{"a":tru}"#, "{\"a\":\"\t\"}",
  ])
  func validatorAgreesWithParser(text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      var full = JSONParser(bytes: buffer, range: 0..<buffer.count)
      var fast = JSONParser(bytes: buffer, range: 0..<buffer.count)
      var keys: [String] = []
      let parsed = Result { try full.parseDocument() }
      let validated = Result { try fast.validateDocument { keys.append($0) } }
      switch (parsed, validated) {
      case (.success(let value), .success(let isObject)):
        if case .object(let members) = value {
          #expect(isObject)
          #expect(keys == members.map(\.key))
        } else {
          #expect(!isObject)
        }
      case (.failure(let a as JSONSyntaxError), .failure(let b as JSONSyntaxError)):
        #expect(a == b)
        let (x, y) = (JSONFailure(a, end: buffer.count), JSONFailure(b, end: buffer.count))
        #expect(x.offset == y.offset)
        #expect(x.reason == y.reason)
      default:
        Issue.record("parser \(parsed) and validator \(validated) disagree on \(text)")
      }
    }
  }
}
