import Foundation
import MosaicLayout
import MosaicLayoutSpec
import Testing

/// Every error case of the `mosaic layout` contract, with the exact line it renders.
@Suite @MainActor struct SpecErrorTests {
  /// A spec and the one line its error must render.
  struct Case: CustomTestStringConvertible, Sendable {
    var json: String
    var line: String
    var testDescription: String { line }
  }

  /// A valid spec around one section, so each case breaks exactly one thing.
  nonisolated static func spec(_ extra: String = "", section: String = #"{"items": 3}"#) -> String {
    #"{"bounds": {"width": 320, "height": 480}\#(extra), "sections": [\#(section)]}"#
  }

  nonisolated static let cases: [Case] = [
    // Not valid JSON: the line says where.
    Case(
      json: "",
      line: "invalid JSON at line 1, column 1: expected a JSON value, found the end of the input"),
    Case(
      json: "{\"bounds\": {\"width\": 1, \"height\": 2},, }",
      line: "invalid JSON at line 1, column 38: expected a string key in double quotes, found ','"),
    Case(
      json: "{\n  \"sections\": [1, 2,]\n}",
      line: "invalid JSON at line 2, column 21: expected a JSON value, found ']'"),
    Case(
      json: "{\"a\": 1}\n{\"b\": 2}",
      line: "invalid JSON at line 2, column 1: unexpected '{' after the JSON value"),
    Case(
      json: "{\"a\": 01}",
      line: "invalid JSON at line 1, column 8: a number must not have a leading zero"),
    Case(
      json: "{\"a\": NaN}",
      line: "invalid JSON at line 1, column 7: expected a JSON value, found 'N'"),
    Case(
      json: "{\"a\": \"x",
      line: "invalid JSON at line 1, column 9: unterminated string, found the end of the input"),
    Case(json: "{\"é\": tru}", line: "invalid JSON at line 1, column 7: expected the literal true"),
    Case(json: "{\"a\": nul}", line: "invalid JSON at line 1, column 7: expected the literal null"),
    Case(
      json: "\u{FEFF}{\"a\": [1 2]}",
      line:
        "invalid JSON at line 1, column 10: expected ',' or ']' after an array element, found '2'"),
    Case(
      json: "{'a': 1}",
      line: "invalid JSON at line 1, column 2: expected a string key in double quotes, found '''"),
    // Not an object at the top.
    Case(json: "[1]", line: "(top level): must be an object, not an array"),
    // Missing required keys.
    Case(json: #"{"sections": []}"#, line: "bounds: is required"),
    Case(json: #"{"bounds": {"width": 320, "height": 480}}"#, line: "sections: is required"),
    // Wrong types where a number or object belongs.
    Case(
      json: #"{"bounds": "320x480", "sections": []}"#,
      line: "bounds: must be an object, not a string"),
    Case(
      json: #"{"bounds": {"width": "320", "height": 480}, "sections": []}"#,
      line: "bounds.width: must be a finite number > 0, not a string"),
    Case(
      json: #"{"bounds": {"width": true, "height": 480}, "sections": []}"#,
      line: "bounds.width: must be a finite number > 0, not a boolean"),
    Case(
      json: #"{"bounds": {"width": 320, "height": null}, "sections": []}"#,
      line: "bounds.height: must be a finite number > 0, not null"),
    Case(json: spec(#", "itemSize": null"#), line: "itemSize: must be an object, not null"),
    Case(
      json: spec(#", "minimumLineSpacing": "10""#),
      line: "minimumLineSpacing: must be a finite number >= 0, not a string"),
    Case(
      json: spec(#", "minimumInteritemSpacing": false"#),
      line: "minimumInteritemSpacing: must be a finite number >= 0, not a boolean"),
    Case(
      json: spec(#", "sectionInset": {"top": [1]}"#),
      line: "sectionInset.top: must be a finite number >= 0, not an array"),
    Case(json: spec(#", "cellMetrics": 8"#), line: "cellMetrics: must be an object, not a number"),
    Case(
      json: spec(#", "query": {"x": "0", "y": 0, "width": 1, "height": 1}"#),
      line: "query.x: must be a finite number, not a string"),
    Case(
      json: #"{"bounds": {"width": 320, "height": 480}, "sections": {"items": 3}}"#,
      line: "sections: must be an array, not an object"),
    Case(json: spec(section: "7"), line: "sections[0]: must be an object, not a number"),
    Case(
      json: spec(section: #"{"itemSizes": {"width": 1, "height": 1}}"#),
      line: "sections[0].itemSizes: must be an array, not an object"),
    Case(
      json: spec(section: #"{"itemSizes": [[40, 20]]}"#),
      line: "sections[0].itemSizes[0]: must be an object, not an array"),
    Case(
      json: spec(section: #"{"items": 1}, {"headerSize": {"width": 0, "height": "30"}}"#),
      line: "sections[1].headerSize.height: must be a finite number >= 0, not a string"),
    // Negative, NaN-like (out of range) or infinite lengths.
    Case(
      json: spec(#", "itemSize": {"width": -1, "height": 50}"#),
      line: "itemSize.width: must be a finite number >= 0"),
    Case(
      json: spec(#", "itemSize": {"width": 50, "height": 1e999}"#),
      line: "itemSize.height: must be a finite number >= 0"),
    Case(
      json: spec(#", "minimumLineSpacing": -0.5"#),
      line: "minimumLineSpacing: must be a finite number >= 0"),
    Case(
      json: spec(#", "minimumInteritemSpacing": -1e999"#),
      line: "minimumInteritemSpacing: must be a finite number >= 0"),
    Case(
      json: spec(#", "sectionInset": {"left": -3}"#),
      line: "sectionInset.left: must be a finite number >= 0"),
    Case(
      json: spec(#", "headerReferenceSize": {"width": 0, "height": -30}"#),
      line: "headerReferenceSize.height: must be a finite number >= 0"),
    Case(
      json: spec(#", "footerReferenceSize": {"width": -1, "height": 0}"#),
      line: "footerReferenceSize.width: must be a finite number >= 0"),
    Case(
      json: spec(#", "query": {"x": 0, "y": 0, "width": -1, "height": 1}"#),
      line: "query.width: must be a finite number >= 0"),
    Case(
      json: spec(#", "query": {"x": 0, "y": 0, "width": 1, "height": 1e400}"#),
      line: "query.height: must be a finite number >= 0"),
    Case(
      json: spec(#", "query": {"x": -1e999, "y": 0, "width": 1, "height": 1}"#),
      line: "query.x: must be a finite number"),
    Case(
      json: spec(
        section: #"{"itemSizes": [{"width": 40, "height": 20}, {"width": -90, "height": 35}]}"#),
      line: "sections[0].itemSizes[1].width: must be a finite number >= 0"),
    Case(
      json: spec(section: #"{}, {"itemSizes": [{"width": -1, "height": 20}]}"#),
      line: "sections[1].itemSizes[0].width: must be a finite number >= 0"),
    Case(
      json: spec(section: #"{"inset": {"bottom": -5}}"#),
      line: "sections[0].inset.bottom: must be a finite number >= 0"),
    Case(
      json: spec(section: #"{"minimumLineSpacing": -4}"#),
      line: "sections[0].minimumLineSpacing: must be a finite number >= 0"),
    Case(
      json: spec(section: #"{"minimumInteritemSpacing": -2}"#),
      line: "sections[0].minimumInteritemSpacing: must be a finite number >= 0"),
    Case(
      json: spec(section: #"{"footerSize": {"width": 0, "height": -12}}"#),
      line: "sections[0].footerSize.height: must be a finite number >= 0"),
    // Non-positive bounds or cell metric.
    Case(
      json: #"{"bounds": {"width": 0, "height": 480}, "sections": []}"#,
      line: "bounds.width: must be a finite number > 0"),
    Case(
      json: #"{"bounds": {"width": 320, "height": -480}, "sections": []}"#,
      line: "bounds.height: must be a finite number > 0"),
    Case(
      json: spec(#", "cellMetrics": {"pointsPerColumn": 0, "pointsPerRow": 16}"#),
      line: "cellMetrics.pointsPerColumn: must be a finite number > 0"),
    Case(
      json: spec(#", "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": -16}"#),
      line: "cellMetrics.pointsPerRow: must be a finite number > 0"),
    Case(
      json: spec(#", "cellMetrics": {"pointsPerColumn": 8}"#),
      line: "cellMetrics.pointsPerRow: is required"),
    // items not a whole number >= 0.
    Case(
      json: spec(section: #"{"items": 2.5}"#),
      line: "sections[0].items: must be a whole number >= 0"),
    Case(
      json: spec(section: #"{"items": -1}"#), line: "sections[0].items: must be a whole number >= 0"
    ),
    Case(
      json: spec(section: #"{"items": "3"}"#),
      line: "sections[0].items: must be a whole number >= 0, not a string"),
    Case(
      json: spec(section: #"{"items": null}"#),
      line: "sections[0].items: must be a whole number >= 0, not null"),
    // Ranges: no length and no items above 1e12.
    Case(
      json: spec(section: #"{"items": 1e300}"#), line: "sections[0].items: must be at most 1e12"),
    Case(
      json: spec(section: #"{"items": 1000000000001}"#),
      line: "sections[0].items: must be at most 1e12"),
    Case(
      json: spec(#", "itemSize": {"width": 7.4e19, "height": 10}"#),
      line: "itemSize.width: must be at most 1e12"),
    Case(
      json: #"{"bounds": {"width": 320, "height": 1.0000000001e12}, "sections": []}"#,
      line: "bounds.height: must be at most 1e12"),
    Case(
      json: spec(#", "minimumLineSpacing": 1e13"#), line: "minimumLineSpacing: must be at most 1e12"
    ),
    Case(
      json: spec(#", "sectionInset": {"right": 2e12}"#),
      line: "sectionInset.right: must be at most 1e12"),
    Case(
      json: spec(#", "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 1e308}"#),
      line: "cellMetrics.pointsPerRow: must be at most 1e12"),
    Case(
      json: spec(#", "query": {"x": 0, "y": 0, "width": 1e15, "height": 1}"#),
      line: "query.width: must be at most 1e12"),
    Case(
      json: spec(section: #"{"itemSizes": [{"width": 1, "height": 5e12}]}"#),
      line: "sections[0].itemSizes[0].height: must be at most 1e12"),
    Case(
      json: spec(section: #"{"headerSize": {"width": 0, "height": 1e100}}"#),
      line: "sections[0].headerSize.height: must be at most 1e12"),
    // itemSizes whose length differs from items.
    Case(
      json: spec(section: #"{"items": 3, "itemSizes": [{"width": 1, "height": 1}]}"#),
      line: "sections[0].itemSizes: has 1 size but items is 3; they must match"),
    Case(
      json: spec(
        section:
          #"{"items": 0, "itemSizes": [{"width": 1, "height": 1}, {"width": 2, "height": 2}]}"#),
      line: "sections[0].itemSizes: has 2 sizes but items is 0; they must match"),
    // A size object missing width or height.
    Case(json: #"{"bounds": {"height": 480}, "sections": []}"#, line: "bounds.width: is required"),
    Case(json: spec(#", "itemSize": {"width": 50}"#), line: "itemSize.height: is required"),
    Case(
      json: spec(section: #"{"itemSizes": [{"width": 40, "height": 20}, {"height": 35}]}"#),
      line: "sections[0].itemSizes[1].width: is required"),
    Case(
      json: spec(#", "query": {"x": 0, "width": 1, "height": 1}"#), line: "query.y: is required"),
    // A scrollDirection other than the two names.
    Case(
      json: spec(#", "scrollDirection": "diagonal""#),
      line: #"scrollDirection: must be "vertical" or "horizontal""#),
    Case(
      json: spec(#", "scrollDirection": "Vertical""#),
      line: #"scrollDirection: must be "vertical" or "horizontal""#),
    Case(
      json: spec(#", "scrollDirection": 1"#),
      line: #"scrollDirection: must be "vertical" or "horizontal", not a number"#),
  ]

  @Test(arguments: cases)
  func rendersOneExactLine(_ testCase: Case) {
    #expect(throws: LayoutSpecError.self) { try LayoutSpec(json: Data(testCase.json.utf8)) }
    do {
      _ = try LayoutSpec(json: Data(testCase.json.utf8))
    } catch {
      #expect(error.description == testCase.line)
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func theContractsExampleLineIsProducedVerbatim() throws {
    let json = """
      {"bounds": {"width": 320, "height": 480}, "sections": [
        {"items": 1},
        {"itemSizes": [{"width": -40, "height": 20}]}]}
      """
    #expect(
      throws: LayoutSpecError.invalid(
        path: "sections[1].itemSizes[0].width", reason: "must be a finite number >= 0")
    ) {
      try LayoutSpec(json: Data(json.utf8))
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let json = String(repeating: "[", count: 100_000)
    #expect(throws: LayoutSpecError.self) { try LayoutSpec(json: Data(json.utf8)) }
  }
}
