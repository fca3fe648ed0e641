import Foundation
import MosaicTestSupport
import Testing

/// `mosaic layout` through its contract: the built binary, its stdout, stderr and exit status.
@Suite struct LayoutCommandTests {
  /// The output document, decoded; `item` is nil when the key is absent.
  struct Report: Decodable, Equatable {
    struct Size: Decodable, Equatable {
      var width, height: Double
    }
    struct Frame: Decodable, Equatable {
      var x, y, width, height: Double
    }
    struct Cells: Decodable, Equatable {
      var column, row, columns, rows: Int
    }
    struct Element: Decodable, Equatable {
      var kind: String
      var section: Int
      var item: Int?
      var frame: Frame
      var cells: Cells
    }
    var contentSize: Size
    var elements: [Element]
  }

  static func cell(
    _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ cells: (Int, Int, Int, Int)
  ) -> Report.Element {
    Report.Element(
      kind: "cell", section: section, item: item,
      frame: Report.Frame(x: x, y: y, width: width, height: height),
      cells: Report.Cells(column: cells.0, row: cells.1, columns: cells.2, rows: cells.3))
  }

  static func supplementary(
    _ kind: String, _ section: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ cells: (Int, Int, Int, Int)
  ) -> Report.Element {
    Report.Element(
      kind: kind, section: section, item: nil,
      frame: Report.Frame(x: x, y: y, width: width, height: height),
      cells: Report.Cells(column: cells.0, row: cells.1, columns: cells.2, rows: cells.3))
  }

  /// The contract's example output, in full. Section 0: five 50-wide items per
  /// 320-pt line, 17.5 apart (x = 0, 67.5, 135, 202.5, 270), the second line at
  /// y = 60 on the same columns.
  static let expectedExample = Report(
    contentSize: Report.Size(width: 320, height: 197),
    elements: [
      cell(0, 0, 0, 0, 50, 50, (0, 0, 6, 3)),
      cell(0, 1, 67.5, 0, 50, 50, (8, 0, 7, 3)),
      cell(0, 2, 135, 0, 50, 50, (17, 0, 6, 3)),
      cell(0, 3, 202.5, 0, 50, 50, (25, 0, 7, 3)),
      cell(0, 4, 270, 0, 50, 50, (34, 0, 6, 3)),
      cell(0, 5, 0, 60, 50, 50, (0, 4, 6, 3)),
      cell(0, 6, 67.5, 60, 50, 50, (8, 4, 7, 3)),
      supplementary("header", 1, 0, 110, 320, 30, (0, 7, 40, 2)),
      cell(1, 0, 10, 152.5, 40, 20, (1, 10, 5, 1)),
      cell(1, 1, 52, 145, 90, 35, (7, 9, 11, 2)),
      supplementary("footer", 1, 0, 185, 320, 12, (0, 12, 40, 0)),
    ])

  static var examplePath: String {
    MosaicExecutable.demoData.appendingPathComponent("layout-example.json").path
  }

  func decode(_ result: ProcessRunner.Result) throws -> Report {
    try JSONDecoder().decode(Report.self, from: result.standardOutput)
  }

  @Test func theContractsExampleFromAFile() throws {
    let result = try MosaicExecutable.run(["layout", Self.examplePath])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(try decode(result) == Self.expectedExample)
  }

  @Test func theContractsExampleFromStandardInputIsIdentical() throws {
    let text = try String(contentsOfFile: Self.examplePath, encoding: .utf8)
    let fromStdin = try MosaicExecutable.run(["layout", "-"], input: text)
    let fromFile = try MosaicExecutable.run(["layout", Self.examplePath])
    #expect(fromStdin.status == 0, "\(fromStdin)")
    #expect(fromStdin.stderr == "")
    #expect(fromStdin.standardOutput == fromFile.standardOutput)
    #expect(try decode(fromStdin) == Self.expectedExample)
  }

  @Test func numbersPrintInShortestFormAndItemOnlyOnCells() throws {
    let result = try MosaicExecutable.run(["layout", Self.examplePath])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "{")
    #expect(lines.contains(#"  "contentSize": {"width": 320, "height": 197},"#))
    #expect(
      lines.contains(
        #"    {"kind": "cell", "section": 0, "item": 1, "frame": {"x": 67.5, "y": 0, "width": 50, "height": 50}, "cells": {"column": 8, "row": 0, "columns": 7, "rows": 3}},"#
      ))
    #expect(
      lines.contains(
        #"    {"kind": "footer", "section": 1, "frame": {"x": 0, "y": 185, "width": 320, "height": 12}, "cells": {"column": 0, "row": 12, "columns": 40, "rows": 0}}"#
      ))
    #expect(!result.stdout.contains(".0,") && !result.stdout.contains(".0}"))
  }

  @Test func aQueryListsOnlyIntersectingElementsInOrder() throws {
    // y 50..150 only touches line 1 of section 0 (0..50), which does not count,
    // meets line 2 (60..110), the header of section 1 (110..140) and its
    // 35-high item (145..180), but not the 40 x 20 one (152.5..172.5).
    let spec = try String(contentsOfFile: Self.examplePath, encoding: .utf8)
      .replacingOccurrences(
        of: #""query": {"x": 0, "y": 0, "width": 320, "height": 480}"#,
        with: #""query": {"x": -10, "y": 50, "width": 330, "height": 100}"#)
    let result = try MosaicExecutable.run(["layout", "-"], input: spec)
    #expect(result.status == 0, "\(result)")
    let elements = try decode(result).elements
    #expect(
      elements.map { "\($0.kind) \($0.section).\($0.item ?? -1)" } == [
        "cell 0.5", "cell 0.6", "header 1.-1", "cell 1.1",
      ])
  }

  @Test func tenMillionItemsWithAQueryAnswerQuickly() throws {
    let spec = """
      {"bounds": {"width": 320, "height": 480}, "sections": [{"items": 10000000}],
       "query": {"x": 0, "y": 60000000, "width": 320, "height": 50}}
      """
    let result = try MosaicExecutable.run(["layout", "-"], input: spec)
    #expect(result.status == 0, "\(result)")
    let report = try decode(result)
    // 5 items per 60-pt line: 2,000,000 lines, 1,999,999 gaps of 10.
    #expect(report.contentSize == Report.Size(width: 320, height: 119_999_990))
    #expect(report.elements.map(\.item) == [5_000_000, 5_000_001, 5_000_002, 5_000_003, 5_000_004])
    #expect(report.elements.allSatisfy { $0.frame.y == 60_000_000 })
  }

  @Test func withoutAQueryEveryElementIsListedEvenZeroArea() throws {
    let spec = """
      {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 0, "height": 0},
       "headerReferenceSize": {"width": 0, "height": 0}, "footerReferenceSize": {"width": 5, "height": 0},
       "sections": [{"items": 3}, {}, {"items": 1, "headerSize": {"width": 0, "height": 4}}]}
      """
    let result = try MosaicExecutable.run(["layout", "-"], input: spec)
    #expect(result.status == 0, "\(result)")
    let elements = try decode(result).elements
    #expect(
      elements.map { "\($0.kind) \($0.section).\($0.item ?? -1)" } == [
        "cell 0.0", "cell 0.1", "cell 0.2", "header 2.-1", "cell 2.0",
      ])
  }

  /// A bad spec and the exact line `mosaic layout` must print for it.
  struct BadSpec: Sendable, CustomTestStringConvertible {
    var json: String
    var line: String
    var testDescription: String { line }
  }

  static let badSpecs: [BadSpec] = [
    BadSpec(
      json: """
        {"bounds": {"width": 320, "height": 480}, "sections": [{"items": 1},
          {"itemSizes": [{"width": -40, "height": 20}]}]}
        """,
      line: "sections[1].itemSizes[0].width: must be a finite number >= 0"),
    BadSpec(
      json: "{\n  \"bounds\": {\"width\": 320 \"height\": 480},\n  \"sections\": []\n}",
      line:
        "invalid JSON at line 2, column 27: expected ',' or '}' after an object member, found '\"'"
    ),
    BadSpec(json: #"{"sections": []}"#, line: "bounds: is required"),
    BadSpec(
      json: #"{"bounds": {"width": 320, "height": 480}, "sections": [{"items": 2.5}]}"#,
      line: "sections[0].items: must be a whole number >= 0"),
    BadSpec(
      json: #"{"bounds": {"width": 320, "height": 480}, "scrollDirection": "up", "sections": []}"#,
      line: #"scrollDirection: must be "vertical" or "horizontal""#),
    BadSpec(
      json: """
        {"bounds": {"width": 1e308, "height": 1}, "itemSize": {"width": 1e308, "height": 1e308},
         "minimumLineSpacing": 1e308, "sections": [{"items": 3}]}
        """,
      line: "bounds.width: must be at most 1e12"),
    // The item about 7.4e19 points wide that trapped in the cell mapping.
    BadSpec(
      json: """
        {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 7.4e19, "height": 10},
         "sections": [{"items": 1}]}
        """,
      line: "itemSize.width: must be at most 1e12"),
    BadSpec(
      json: """
        {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 1e12, "height": 1e12},
         "sections": [{"items": 1e12}]}
        """,
      line:
        "layout too large: sections[0]: item 999999999999 would be at row 6.25000000005625e+22, beyond 2^53 (9007199254740992)"
    ),
    BadSpec(
      json: """
        {"bounds": {"width": 100, "height": 100}, "cellMetrics": {"pointsPerColumn": 1e-300,
         "pointsPerRow": 16}, "sections": [{"items": 3}]}
        """,
      line:
        "layout too large: cellMetrics.pointsPerColumn: at 1e-300 points per column, item 0 of sections[0] would be at column 2.4999999999999997e+301, beyond 2^53 (9007199254740992)"
    ),
    BadSpec(
      json: """
        {"bounds": {"width": 100, "height": 100}, "cellMetrics": {"pointsPerColumn": 5e-324,
         "pointsPerRow": 16}, "sections": [{"items": 3}]}
        """,
      line:
        "layout too large: cellMetrics.pointsPerColumn: at 5e-324 points per column, item 0 of sections[0] would be at column infinity, beyond 2^53 (9007199254740992)"
    ),
  ]

  @Test(arguments: badSpecs)
  func aBadSpecFileFailsWithOneLineNamingFileAndKey(_ bad: BadSpec) throws {
    let path = try MosaicExecutable.temporaryFile(bad.json)
    let result = try MosaicExecutable.run(["layout", path])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["mosaic layout: \(path): \(bad.line)"])
  }

  @Test(arguments: badSpecs)
  func aBadSpecOnStandardInputFailsTheSameWay(_ bad: BadSpec) throws {
    let result = try MosaicExecutable.run(["layout", "-"], input: bad.json)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["mosaic layout: <stdin>: \(bad.line)"])
  }

  /// `mosaic inspect` applies the same ranges before it wants a terminal.
  @Test(arguments: badSpecs.suffix(4))
  func inspectRejectsASpecBeyondTheRangesTheSameWay(_ bad: BadSpec) throws {
    let path = try MosaicExecutable.temporaryFile(bad.json)
    let result = try MosaicExecutable.run(["inspect", path])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["mosaic inspect: \(path): \(bad.line)"])
  }

  @Test func emptyMissingAndUnreadableInputsNameTheFile() throws {
    let empty = try MosaicExecutable.temporaryFile("")
    let directory = (empty as NSString).deletingLastPathComponent
    let cases: [([String], String, String)] = [
      (["layout", empty], "", "mosaic layout: \(empty): file is empty"),
      (["layout", "-"], "", "mosaic layout: <stdin>: input is empty"),
      (
        ["layout", directory + "/missing.json"], "",
        "mosaic layout: \(directory)/missing.json: cannot read: No such file or directory"
      ),
      (["layout", directory], "", "mosaic layout: \(directory): cannot read: Is a directory"),
    ]
    for (arguments, input, line) in cases {
      let result = try MosaicExecutable.run(arguments, input: input)
      #expect(result.status == 2, "\(arguments): \(result)")
      #expect(result.stdout == "", "\(arguments)")
      #expect(result.stderrLines == [line], "\(arguments)")
    }
  }
}
