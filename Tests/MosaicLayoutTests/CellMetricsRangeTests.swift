import MosaicLayout
import Testing

/// Points to cells for every `Double` a frame can hold: `cellRect(for:)` never traps and
/// saturates at ±2^53, `exactCellRect(for:)` answers exactly or not at all.
@Suite @MainActor struct CellMetricsRangeTests {
  static let limit = CellMetrics.maximumCellValue

  /// Edges and sizes no layout of sane input produces, each put in every slot of a frame.
  static let extremes: [Double] = [
    7.4e19, -7.4e19, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    .infinity, -.infinity, .nan, 9.3e18, -9.3e18, 1.5e17, -1.5e17, .leastNonzeroMagnitude,
  ]

  static func frames() -> [Rect] {
    extremes.flatMap { v in
      [
        Rect(x: 0, y: 0, width: v, height: 1), Rect(x: v, y: 0, width: 1, height: 1),
        Rect(x: 0, y: 0, width: 1, height: v), Rect(x: 0, y: v, width: 1, height: 1),
        Rect(x: v, y: v, width: v, height: v), Rect(x: -v, y: v, width: v, height: -v),
      ]
    }
  }

  @Test func anyFrameMapsWithoutTrappingWithinTheLimit() {
    for metrics in [CellMetrics.standard, CellMetrics(pointsPerColumn: 1e-300, pointsPerRow: 1)] {
      for frame in Self.frames() {
        let cells = metrics.cellRect(for: frame)
        // Every value and both ends stay within ±2^53, so a client's arithmetic cannot trap.
        for value in [cells.column, cells.row, cells.endColumn, cells.endRow] {
          #expect(abs(value) <= Self.limit, "\(frame) → \(cells)")
        }
        #expect(abs(cells.columns) <= 2 * Self.limit && abs(cells.rows) <= 2 * Self.limit)
      }
    }
  }

  /// The 7.4e19-point item of the issue: the edges saturate instead of overflowing.
  @Test func aHugeFrameSaturatesAtTwoToTheFiftyThree() {
    let cells = CellMetrics.standard.cellRect(for: Rect(x: 0, y: 0, width: 7.4e19, height: 10))
    #expect(cells == CellRect(column: 0, row: 0, columns: Self.limit, rows: 1))
    let before = CellMetrics.standard.cellRect(
      for: Rect(x: -.infinity, y: .nan, width: 1, height: 1))
    #expect(before.column == -Self.limit && before.row == 0)
  }

  @Test func exactMappingRefusesWhatItCannotHoldAndAgreesOtherwise() {
    let metrics = CellMetrics.standard
    for frame in Self.frames() {
      if let exact = metrics.exactCellRect(for: frame) {
        #expect(exact == metrics.cellRect(for: frame), "\(frame)")
        for value in [exact.column, exact.row, exact.columns, exact.rows] {
          #expect(abs(value) <= Self.limit, "\(frame)")
        }
      }
    }
    #expect(metrics.exactCellRect(for: Rect(x: 0, y: 0, width: 7.4e19, height: 10)) == nil)
    #expect(metrics.exactCellRect(for: Rect(x: .nan, y: 0, width: 1, height: 1)) == nil)
    #expect(metrics.exactCellRect(for: Rect(x: 0, y: 0, width: .infinity, height: 1)) == nil)
    // Exactly 2^53 columns is in range; twice that is not.
    let edge = Double(Self.limit) * 8
    #expect(
      metrics.exactCellRect(for: Rect(x: 0, y: 0, width: edge, height: 16))
        == CellRect(column: 0, row: 0, columns: Self.limit, rows: 1))
    #expect(metrics.exactCellRect(for: Rect(x: 2 * edge, y: 0, width: 1, height: 16)) == nil)
    #expect(
      metrics.exactCellRect(for: Rect(x: 67.5, y: 0, width: 50, height: 50))
        == CellRect(column: 8, row: 0, columns: 7, rows: 3))
  }

  @Test func columnAndRowOfAnyCoordinateSaturate() {
    let metrics = CellMetrics.standard
    #expect(metrics.column(forX: 1e300) == Self.limit)
    #expect(metrics.row(forY: -.infinity) == -Self.limit)
    #expect(metrics.column(forX: .nan) == 0)
    #expect(metrics.column(forX: 20) == 3)
  }
}
