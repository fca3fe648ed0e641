import MosaicJSON
import Testing

/// What both clients rely on: key order, numbers as written, lenient or strict Unicode, and
/// structured problems with positions.
@Suite struct JSONParserTests {
  private func parse(_ text: String, strict: Bool = false) throws -> JSONValue {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { buffer in
      var parser = JSONParser(bytes: buffer, range: 0..<buffer.count, strictUnicode: strict)
      return try parser.parseDocument()
    }
  }

  @Test func keysKeepFileOrderAndNumbersTheirText() throws {
    let value = try parse(#"{"z": 1.50, "a": -0, "m": 1e2, "z": 2}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(members.map(\.key) == ["z", "a", "m", "z"])
    #expect(members.map { $0.value.doubleValue } == [1.5, 0, 100, 2])
    #expect(JSONWriter.compact(value) == #"{"z":1.50,"a":-0,"m":1e2,"z":2}"#)
  }

  @Test func writerEscapesWhatMustBeEscaped() throws {
    let text = "a\"b\\c\n\u{01}é"
    #expect(JSONWriter.quoted(text) == #""a\"b\\c\n\u0001é""#)
    #expect(try parse(JSONWriter.quoted(text)) == .string(text))
  }

  @Test func loneSurrogatesAreRepairedUnlessStrict() throws {
    #expect(try parse(#""\ud800x""#) == .string("\u{FFFD}x"))
    let error = #expect(throws: JSONSyntaxError.self) { try parse(#""\ud800x""#, strict: true) }
    #expect(error?.problem == .loneSurrogate(high: true))
  }

  @Test func invalidUTF8IsRepairedUnlessStrict() throws {
    let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x22]
    let lenient = try bytes.withUnsafeBytes { buffer in
      var parser = JSONParser(bytes: buffer, range: 0..<buffer.count)
      return try parser.parseDocument()
    }
    #expect(lenient == .string("a\u{FFFD}"))
    let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
    #expect(error?.problem == .invalidUTF8)
    #expect(error?.column == 3)
  }

  @Test(arguments: [
    ("01", JSONSyntaxError.Container.document), ("[01]", .array), (#"{"a": 01}"#, .object),
  ])
  func aLeadingZeroNamesItsContainer(text: String, container: JSONSyntaxError.Container) {
    let error = #expect(throws: JSONSyntaxError.self) { try parse(text) }
    #expect(error?.problem == .leadingZero(digit: UInt8(ascii: "1"), in: container))
    #expect(error?.offset == text.utf8.count - (text.hasPrefix("0") ? 1 : 2))
  }

  @Test func anUnterminatedStringRemembersWhereItOpened() {
    let error = #expect(throws: JSONSyntaxError.self) { try parse("[\n \"abc") }
    #expect(error?.problem == .unterminatedString(opening: 3))
    #expect(error?.offset == 7)
    #expect(error?.line == 2)
    #expect(error?.column == 6)
  }

  @Test func topLevelMemberBuildsOnlyTheWantedValue() throws {
    let bytes = Array(#"{"a": [1, {"b": 2}], "c": "d"}"#.utf8)
    let (found, missing) = try bytes.withUnsafeBytes { buffer in
      var parser = JSONParser(bytes: buffer, range: 0..<buffer.count)
      var other = JSONParser(bytes: buffer, range: 0..<buffer.count)
      let found: JSONValue? = try parser.topLevelMember("c")
      let missing: JSONValue? = try other.topLevelMember("x")
      return (found, missing)
    }
    #expect(found == .string("d"))
    #expect(missing == nil)
  }

  @Test func nestingIsLimitedTheSameWayWhenSkipping() throws {
    let ok =
      String(repeating: "[", count: JSONParser.maximumDepth)
      + String(repeating: "]", count: JSONParser.maximumDepth)
    for text in [ok, "[" + ok + "]"] {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBytes { buffer in
        var full = JSONParser(bytes: buffer, range: 0..<buffer.count)
        var fast = JSONParser(bytes: buffer, range: 0..<buffer.count)
        let parsed = Result { try full.parseDocument() }
        let validated = Result { try fast.validateDocument { _ in } }
        #expect((try? parsed.get()) != nil || text != ok)
        #expect((try? validated.get()) != nil || text != ok)
        #expect((try? parsed.get()) == nil || text == ok)
        #expect((try? validated.get()) == nil || text == ok)
      }
    }
  }
}
