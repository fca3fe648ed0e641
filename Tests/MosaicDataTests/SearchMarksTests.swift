import Testing

@testable import MosaicData

/// Non-ASCII queries match the lowercased text's bytes, as ASCII queries match raw bytes: a
/// query that is one long grapheme is found inside a longer one, in every format.
@Suite struct SearchMarksTests {
  static let marks = String(repeating: "\u{301}", count: 200)
  static let query = "a" + marks
  static let values = ["x" + query + "y", "a\u{301}", "A" + marks + "\u{302}", "plain"]

  static func sources() throws -> [any RecordSource] {
    let quoted = values.map { "\"\($0)\"" }
    return [
      try DelimitedTable(
        text: "v,w\n" + quoted.map { $0 + ",-" }.joined(separator: "\n"), name: "m.csv"),
      try JSONLinesTable(
        text: values.map { "{\"v\":\"\($0)\"}" }.joined(separator: "\n"), name: "m.jsonl"),
      try JSONTable(
        text: "[" + values.map { "{\"v\":\"\($0)\"}" }.joined(separator: ",") + "]", name: "m.json"),
    ]
  }

  @Test func aQueryOfOneLongGraphemeIsFoundInsideALongerOne() throws {
    for source in try Self.sources() {
      #expect(RecordSearch.matches(of: Self.query, in: source) == [0, 2], "\(source.name)")
      #expect(RecordSearch.matches(of: "a\u{301}\u{301}", in: source) == [0, 2], "\(source.name)")
      #expect(RecordSearch.matches(of: "\u{301}\u{302}", in: source) == [2], "\(source.name)")
    }
  }

  @Test func byteSearchFindsEveryOccurrenceAndNoFalseOne() {
    let cases: [(String, String, Bool)] = [
      ("", "a", false), ("a", "", true), ("abc", "abc", true), ("aab", "ab", true),
      ("ab", "abc", false), ("xyzé", "zé", true), ("zzz", "zy", false),
    ]
    for (haystack, needle, expected) in cases {
      let found = Array(haystack.utf8).withUnsafeBufferPointer { h in
        Array(needle.utf8).withUnsafeBufferPointer { SearchPattern.contains(h, $0) }
      }
      #expect(found == expected, "\"\(needle)\" in \"\(haystack)\"")
    }
  }
}
