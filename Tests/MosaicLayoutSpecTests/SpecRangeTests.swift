import Foundation
import MosaicLayout
import MosaicLayoutSpec
import Testing

/// The contract's ranges: a spec whose output would hold a cell value above 2^53 is rejected
/// with one `layout too large:` line naming the section or metric; nothing is ever clamped.
@Suite @MainActor struct SpecRangeTests {
  static let limit = Double(CellMetrics.maximumCellValue)

  func report(_ json: String) throws -> LayoutReport {
    LayoutReport(spec: try LayoutSpec(json: Data(json.utf8)))
  }

  func tooLargeLine(_ json: String) throws -> String? {
    do {
      try report(json).validate()
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// A spec and the line it must be rejected with.
  struct Case: CustomTestStringConvertible, Sendable {
    var json: String
    var line: String
    var testDescription: String { line }
  }

  nonisolated static let cases: [Case] = [
    // Huge counts times huge sizes: the last line lands 6.25e22 rows down.
    Case(
      json: """
        {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 1e12, "height": 1e12},
         "sections": [{"items": 1e12}]}
        """,
      line:
        "layout too large: sections[0]: item 999999999999 would be at row 6.25000000005625e+22, beyond 2^53 (9007199254740992)"
    ),
    // The same along x when scrolling sideways, in the second section.
    Case(
      json: """
        {"bounds": {"width": 100, "height": 100}, "scrollDirection": "horizontal",
         "itemSize": {"width": 1e12, "height": 1e12}, "sections": [{"items": 1}, {"items": 1e12}]}
        """,
      line:
        "layout too large: sections[1]: item 999999999999 would be at column 1.2500000000125e+23, beyond 2^53 (9007199254740992)"
    ),
    // A tiny metric: every length is sane, the metric makes the cells huge.
    Case(
      json: """
        {"bounds": {"width": 100, "height": 100}, "cellMetrics": {"pointsPerColumn": 1e-300,
         "pointsPerRow": 16}, "sections": [{"items": 3}]}
        """,
      line:
        "layout too large: cellMetrics.pointsPerColumn: at 1e-300 points per column, item 0 of sections[0] would be at column 2.4999999999999997e+301, beyond 2^53 (9007199254740992)"
    ),
    Case(
      json: """
        {"bounds": {"width": 100, "height": 100}, "headerReferenceSize": {"width": 0, "height": 1e12},
         "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 0.00006103515625}, "sections": [{}]}
        """,
      line:
        "layout too large: cellMetrics.pointsPerRow: at 6.103515625e-05 points per row, the header of sections[0] would span rows 1.6384e+16, beyond 2^53 (9007199254740992)"
    ),
  ]

  @Test(arguments: cases)
  func aSpecBeyondTheRangesIsOneLine(_ testCase: Case) throws {
    #expect(try tooLargeLine(testCase.json) == testCase.line)
  }

  /// Rejection is decided without visiting a trillion items: it takes no longer than a small spec.
  @Test func aTrillionItemsAreJudgedWithoutVisitingThem() throws {
    let json = """
      {"bounds": {"width": 1e12, "height": 100}, "itemSize": {"width": 1, "height": 1e12},
       "minimumInteritemSpacing": 0, "sections": [{"items": 1e12}, {"items": 1e12}]}
      """
    // 1e12 items per line of a 1e12-point line: one line each, all in range.
    #expect(try tooLargeLine(json) == nil)
  }

  /// Just inside the limit: exact cell values up to 2^53 are printed, not clamped.
  @Test func valuesUpToTwoToTheFiftyThreeArePrintedExactly() throws {
    // An item 9e11 points tall at 1e-4 points per row is 9e15 rows, just below 2^53 (9.007e15).
    let json = """
      {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 8, "height": 9e11},
       "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 1e-4}, "sections": [{"items": 1}]}
      """
    let report = try report(json)
    try report.validate()
    let cells = try #require(report.elements.first?.cells)
    #expect(cells.rows == 9_000_000_000_000_000)
    #expect(report.json.contains("\"rows\": 9000000000000000}"))
  }

  /// A cell whose row and rows are each below 2^53 but whose bottom edge is beyond it (found by
  /// hand in `mosaic inspect`): printed exactly, not with the edge saturated.
  @Test func aCellEndingBeyondTwoToTheFiftyThreeIsStillExact() throws {
    let json = """
      {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 8, "height": 9e11},
       "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 1e-4}, "sections": [{"items": 7}]}
      """
    let report = try report(json)
    try report.validate()
    let last = try #require(report.elements.last)
    #expect(
      last.cells
        == CellRect(column: 0, row: 9_000_000_000_100_000, columns: 1, rows: 9_000_000_000_000_000))
    #expect(
      report.json.contains(#""row": 9000000000100000, "columns": 1, "rows": 9000000000000000}"#))
  }

  /// With a query only the queried elements are printed: a query far from the overflowing
  /// ones prints them exactly; one reaching them is rejected.
  @Test func aQueryIsJudgedByWhatItPrints() throws {
    let base = """
      {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 100, "height": 1e12},
       "minimumLineSpacing": 0, "sections": [{"items": 1e12}],
      """
    let near = try report(base + #""query": {"x": 0, "y": 0, "width": 100, "height": 100}}"#)
    try near.validate()
    #expect(
      near.elements.map(\.cells) == [CellRect(column: 0, row: 0, columns: 13, rows: 62_500_000_000)]
    )
    let far = base + #""query": {"x": 0, "y": 5e23, "width": 100, "height": 1e12}}"#
    #expect(
      try tooLargeLine(far)
        == "layout too large: sections[0]: item 500000000000 would be at row 3.125e+22, beyond 2^53 (9007199254740992)"
    )
  }
}
