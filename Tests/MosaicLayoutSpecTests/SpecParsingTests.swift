import Foundation
import MosaicJSON
import MosaicLayout
import Testing

@testable import MosaicLayoutSpec

/// Reading valid specs: the contract's example, defaults, and the JSON parser's corners.
@Suite @MainActor struct SpecParsingTests {
  nonisolated static let example = """
    {
      "bounds": {"width": 320, "height": 480},
      "scrollDirection": "vertical",
      "itemSize": {"width": 50, "height": 50},
      "minimumLineSpacing": 10,
      "minimumInteritemSpacing": 10,
      "sectionInset": {"top": 0, "left": 0, "bottom": 0, "right": 0},
      "headerReferenceSize": {"width": 0, "height": 0},
      "footerReferenceSize": {"width": 0, "height": 0},
      "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 16},
      "query": {"x": 0, "y": 0, "width": 320, "height": 480},
      "sections": [
        {"items": 7},
        {"itemSizes": [{"width": 40, "height": 20}, {"width": 90, "height": 35}],
         "inset": {"top": 5, "left": 10, "bottom": 5, "right": 10},
         "minimumLineSpacing": 4, "minimumInteritemSpacing": 2,
         "headerSize": {"width": 0, "height": 30}, "footerSize": {"width": 0, "height": 12}}
      ]
    }
    """

  @Test func readsTheContractsExample() throws {
    let spec = try LayoutSpec(json: Data(Self.example.utf8))
    let expected = LayoutSpec(
      bounds: Size(width: 320, height: 480),
      query: Rect(x: 0, y: 0, width: 320, height: 480),
      sections: [
        LayoutSpec.Section(items: 7),
        LayoutSpec.Section(
          itemSizes: [Size(width: 40, height: 20), Size(width: 90, height: 35)],
          inset: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10),
          minimumLineSpacing: 4, minimumInteritemSpacing: 2,
          headerSize: Size(width: 0, height: 30), footerSize: Size(width: 0, height: 12)),
      ])
    #expect(spec == expected)
    #expect(spec.sections[1].items == 2)
  }

  @Test func everyOptionalKeyHasTheContractsDefault() throws {
    let spec = try LayoutSpec(
      json: Data(#"{"bounds": {"width": 80, "height": 24}, "sections": [{}]}"#.utf8))
    #expect(spec.scrollDirection == .vertical)
    #expect(spec.itemSize == Size(width: 50, height: 50))
    #expect(spec.minimumLineSpacing == 10)
    #expect(spec.minimumInteritemSpacing == 10)
    #expect(spec.sectionInset == .zero)
    #expect(spec.headerReferenceSize == .zero)
    #expect(spec.footerReferenceSize == .zero)
    #expect(spec.cellMetrics == CellMetrics(pointsPerColumn: 8, pointsPerRow: 16))
    #expect(spec.query == nil)
    #expect(spec.sections == [LayoutSpec.Section(items: 0)])
    #expect(spec.sections[0].itemSizes == nil && spec.sections[0].inset == nil)
  }

  @Test func missingInsetEdgesAreZero() throws {
    let json = """
      {"bounds": {"width": 80, "height": 24}, "sectionInset": {"left": 3},
       "sections": [{"inset": {"bottom": 2.5}}]}
      """
    let spec = try LayoutSpec(json: Data(json.utf8))
    #expect(spec.sectionInset == EdgeInsets(top: 0, left: 3, bottom: 0, right: 0))
    #expect(spec.sections[0].inset == EdgeInsets(top: 0, left: 0, bottom: 2.5, right: 0))
  }

  @Test func itemsDefaultsToTheNumberOfItemSizesAndMayRepeatIt() throws {
    let json = """
      {"bounds": {"width": 80, "height": 24}, "sections": [
        {"itemSizes": [{"width": 1, "height": 2}, {"width": 3, "height": 4}]},
        {"items": 2, "itemSizes": [{"width": 1, "height": 2}, {"width": 3, "height": 4}]},
        {"items": 4.0}, {"items": 1e2}, {"itemSizes": []}]}
      """
    let spec = try LayoutSpec(json: Data(json.utf8))
    #expect(spec.sections.map(\.items) == [2, 2, 4, 100, 0])
  }

  @Test func horizontalScrollingAndNegativeQueryOrigin() throws {
    let json = """
      {"bounds": {"width": 80, "height": 24}, "scrollDirection": "horizontal",
       "query": {"x": -10.5, "y": -0.0, "width": 0, "height": 3}, "sections": []}
      """
    let spec = try LayoutSpec(json: Data(json.utf8))
    #expect(spec.scrollDirection == .horizontal)
    #expect(spec.query == Rect(x: -10.5, y: 0, width: 0, height: 3))
    #expect(spec.sections.isEmpty)
  }

  @Test func unknownKeysAreIgnoredAtEveryLevel() throws {
    let json = """
      {"bounds": {"width": 80, "height": 24, "depth": "x"}, "comment": [null, true],
       "sections": [{"items": 1, "name": "first", "inset": {"top": 1, "start": -5}}]}
      """
    let spec = try LayoutSpec(json: Data(json.utf8))
    #expect(spec.bounds == Size(width: 80, height: 24))
    #expect(spec.sections == [LayoutSpec.Section(items: 1, inset: EdgeInsets(top: 1))])
  }

  @Test func aKeyGivenTwiceKeepsItsLastValue() throws {
    let json =
      #"{"bounds": {"width": 1, "height": 1}, "bounds": {"width": 80, "height": 24}, "sections": []}"#
    #expect(try LayoutSpec(json: Data(json.utf8)).bounds == Size(width: 80, height: 24))
  }

  /// The largest count the ranges allow, 1e12, is read exactly (above it is an error).
  @Test func aLargeItemCountIsReadExactly() throws {
    let json =
      #"{"bounds": {"width": 80, "height": 24}, "sections": [{"items": 1e12}, {"items": 999999999999}]}"#
    let sections = try LayoutSpec(json: Data(json.utf8)).sections
    #expect(sections.map(\.items) == [1_000_000_000_000, 999_999_999_999])
  }

  // MARK: The JSON parser

  @Test func booleansAndNumbersStayDistinct() throws {
    #expect(
      try JSONParser.parse(Array("[true, 1, false, 0, null]".utf8))
        == .array([
          .bool(true), .number(JSONNumber(text: "1")), .bool(false), .number(JSONNumber(text: "0")),
          .null,
        ]))
  }

  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("12.5e1", 125), ("1E-2", 0.01), ("-3.25", -3.25),
    ("1e999", .infinity), ("-1e999", -.infinity),
    ("123456789012345678901234567890", 1.2345678901234568e29),
  ])
  func numbers(_ text: String, _ value: Double) throws {
    #expect(try JSONParser.parse(Array(text.utf8)).doubleValue == value)
  }

  @Test func stringsDecodeEscapesAndUTF8() throws {
    let text = #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC\ud83d\ude00", "é€😀"]"#
    #expect(
      try JSONParser.parse(Array(text.utf8))
        == .array([.string("a\"b\\c/d\u{08}\u{0C}\n\r\t"), .string("é€😀"), .string("é€😀")]))
  }

  @Test(arguments: [
    "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[+1]", "[1e]", "[\"\\x\"]", "[\"\\ud800\"]",
    "[\"\\udc00\"]",
    "[\"a\nb\"]", "{a: 1}", "[Infinity]", "[nan]", "[tru]", "", "   ", "[1] [2]", "[\"\\u12\"]",
  ])
  func rejectsWhatRFC8259Rejects(_ text: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
  }

  @Test func rejectsInvalidUTF8() {
    for bytes: [UInt8] in [
      [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22],
      [0x22, 0xED, 0xA0, 0x80, 0x22],
    ] {
      #expect(throws: JSONSyntaxError.self, "\(bytes)") { try JSONParser.parse(bytes) }
    }
  }

  @Test func positionsCountLinesAndScalars() {
    let error = #expect(throws: JSONSyntaxError.self) {
      try JSONParser.parse(Array("{\n\"a\": 1,\n\"é€\": 2 \"c\": 3}".utf8))
    }
    #expect(error?.line == 3)
    #expect(error?.column == 9)
    #expect(error?.reason == "expected ',' or '}' after an object member, found '\"'")
  }

  @Test func nestingIsLimited() throws {
    let ok =
      String(repeating: "[", count: JSONParser.maximumDepth)
      + String(repeating: "]", count: JSONParser.maximumDepth)
    _ = try JSONParser.parse(Array(ok.utf8))
    let deep = "[" + ok + "]"
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(deep.utf8)) }
  }
}
