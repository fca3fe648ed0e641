import Foundation
import MosaicJSON
import Testing

/// Data never reaches a terminal as control characters: `JSONWriter` writes them as `\u`
/// escapes that read back exactly, `VisibleText` shows them as visible escapes on one line.
@Suite struct EscapingTests {
  /// Every character a terminal may act on or that reorders text, listed independently of
  /// the code under test: C0, DEL, C1, the bidirectional controls, the line separators.
  static let dangerous: [Unicode.Scalar] =
    (Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F]
    + Array(0x2028...0x202E) + Array(0x2066...0x2069)).map { Unicode.Scalar($0)! }

  /// Whether `text` holds any raw dangerous character, newline allowed when `newlines`.
  static func rawControls(in text: String, newlines: Bool = false) -> [String] {
    text.unicodeScalars.filter { dangerous.contains($0) && !(newlines && $0 == "\n") }
      .map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  private func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test(arguments: dangerous)
  func aDangerousCharacterIsWrittenAsAnEscapeAndReadsBack(_ scalar: Unicode.Scalar) throws {
    let text = "a\(Character(scalar))b"
    let quoted = JSONWriter.quoted(text)
    #expect(Self.rawControls(in: quoted).isEmpty, "\(quoted.debugDescription)")
    #expect(try parse(quoted) == .string(text))
    // Another parser agrees: the escapes are standard JSON.
    let decoded =
      try JSONSerialization.jsonObject(
        with: Data("[\(quoted)]".utf8)) as? [String]
    #expect(decoded == [text])
  }

  @Test func escapesUseTheShortFormsAndLowercaseHex() {
    #expect(JSONWriter.quoted("\u{1B}]52;c;SGk=\u{07}") == #""\u001b]52;c;SGk=\u0007""#)
    #expect(JSONWriter.quoted("\u{9B}2J\u{202E}x\u{7F}") == #""\u009b2J\u202ex\u007f""#)
    #expect(JSONWriter.quoted("\t\n\r\u{08}\u{0C}\"\\") == #""\t\n\r\b\f\"\\""#)
  }

  /// Everything else passes through unchanged: accents, CJK, emoji, U+00A0 and the characters
  /// next to the escaped ranges.
  @Test func everythingElseIsWrittenAsItself() throws {
    let text = "é 漢字 👨‍👩‍👧‍👦 \u{A0}\u{A1}\u{61B}\u{61D}\u{200D}\u{2027}\u{202F}\u{2065}\u{206A}~"
    #expect(JSONWriter.quoted(text) == "\"\(text)\"")
  }

  /// A sweep over the Basic Multilingual Plane and some of the others: every string written
  /// reads back to itself and holds no raw dangerous character.
  @Test func everyScalarRoundTrips() throws {
    var scalars: [Unicode.Scalar] = []
    for value in stride(from: 0, through: 0x2FFFF, by: 1) {
      if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) }
    }
    for start in stride(from: 0, to: scalars.count, by: 4096) {
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars[start..<min(start + 4096, scalars.count)])
      let quoted = JSONWriter.quoted(text)
      #expect(Self.rawControls(in: quoted).isEmpty, "from U+\(String(start, radix: 16))")
      #expect(try parse(quoted) == .string(text), "from U+\(String(start, radix: 16))")
    }
  }

  @Test func nestedValuesEscapeKeysAndStrings() throws {
    let value = try parse(#"{"\u001b[2J": ["\u0085", {"\u202e": "\u0007"}]}"#)
    let compact = JSONWriter.compact(value)
    #expect(compact == #"{"\u001b[2J":["\u0085",{"\u202e":"\u0007"}]}"#)
    #expect(try parse(compact) == value)
  }

  @Test func visibleTextIsOneLineWithEveryControlShown() {
    #expect(VisibleText.escaped("plain é 漢字") == "plain é 漢字")
    #expect(
      VisibleText.escaped("a\u{1B}]0;title\u{07}b\nc\td\u{9B}\u{202E}\u{7F}")
        == #"a\u{1B}]0;title\u{7}b\nc\td\u{9B}\u{202E}\u{7F}"#)
    for scalar in Self.dangerous {
      let shown = VisibleText.escaped("x\(Character(scalar))y")
      #expect(Self.rawControls(in: shown).isEmpty, "U+\(String(scalar.value, radix: 16))")
    }
    #expect(VisibleText.escapedLines("one \u{1B}\ntwo") == "one \\u{1B}\ntwo")
  }
}
