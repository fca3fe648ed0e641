import Foundation
import MosaicLayout
import Testing

@Suite @MainActor struct CellMetricsTests {
  @Test func edgesSnapToNearestCellBoundary() {
    let metrics = CellMetrics.standard
    #expect(
      metrics.cellRect(for: Rect(x: 67.5, y: 0, width: 50, height: 50))
        == CellRect(column: 8, row: 0, columns: 7, rows: 3))
    #expect(
      metrics.cellRect(for: Rect(x: 0, y: 185, width: 320, height: 12))
        == CellRect(column: 0, row: 12, columns: 40, rows: 0))
  }

  @Test func touchingFramesTouchInCells() {
    let metrics = CellMetrics(pointsPerColumn: 7, pointsPerRow: 13)
    for x in stride(from: -20.0, through: 40, by: 0.25) {
      let left = metrics.cellRect(for: Rect(x: x - 9.75, y: 0, width: 9.75, height: 1))
      let right = metrics.cellRect(for: Rect(x: x, y: 0, width: 3.5, height: 1))
      #expect(left.endColumn == right.column, "edge at x = \(x)")
    }
  }

  @Test func indexPathHasUIKitMembers() {
    var path = IndexPath(item: 3, section: 1)
    #expect(path.section == 1 && path.item == 3)
    path.item = 4
    #expect(path == IndexPath(item: 4, section: 1))
  }
}
