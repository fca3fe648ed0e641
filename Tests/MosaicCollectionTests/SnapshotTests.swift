import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@Suite @MainActor struct SnapshotTests {
  nonisolated static let vertical: [(Double, String)] = [
    (0, "aabbccddee\naabbccddee\nffgghhiijj\nffgghhiijj"),
    (1, "aabbccddee\nffgghhiijj\nffgghhiijj\nkkllmmnn"),
    (2, "ffgghhiijj\nffgghhiijj\nkkllmmnn\nkkllmmnn"),
    (9, "ffgghhiijj\nffgghhiijj\nkkllmmnn\nkkllmmnn"),
  ]

  @Test(arguments: vertical)
  func verticalGridAtOffset(offset: Double, expected: String) {
    let f = Fixture(counts: [14], columns: 10, rows: 4, itemSize: Size(width: 2, height: 2))
    f.view.contentOffset = Point(x: 0, y: offset)
    let diff = Snapshot.diff(f.draw(), expected)
    #expect(diff == nil, "offset \(offset)\n\(diff ?? "")")
  }

  nonisolated static let horizontal: [(Double, String)] = [
    (0, "aaccee\naaccee\nbbddff\nbbddff"),
    (1, "acceeg\nacceeg\nbddff\nbddff"),
    (2, "cceegg\ncceegg\nddff\nddff"),
  ]

  @Test(arguments: horizontal)
  func horizontalGridAtOffset(offset: Double, expected: String) {
    let f = Fixture(
      counts: [7], columns: 6, rows: 4, itemSize: Size(width: 2, height: 2),
      scrollDirection: .horizontal)
    f.view.contentOffset = Point(x: offset, y: 0)
    let diff = Snapshot.diff(f.draw(), expected)
    #expect(diff == nil, "offset \(offset)\n\(diff ?? "")")
  }

  @Test func sectionsWithHeadersScrollPastTheViewport() {
    let f = Fixture(
      counts: [3, 4], columns: 6, rows: 3, itemSize: Size(width: 2, height: 1), headerExtent: 1)
    #expect(f.draw() == "HHHHHH\naabbcc\nHHHHHH")
    f.view.contentOffset = Point(x: 0, y: 2)
    #expect(f.draw() == "HHHHHH\naabbcc\ndd")
    #expect(f.view.indexPathsForVisibleSupplementaryElements(ofKind: "header") == [ip(1, 0)])
  }

  @Test func pinnedHeaderIsDrawnAboveTheCells() {
    let f = Fixture(
      counts: [6, 4], columns: 4, rows: 3, itemSize: Size(width: 2, height: 1), headerExtent: 1,
      pinsHeaders: true)
    f.view.contentOffset = Point(x: 0, y: 2)
    // Section 0's header sticks to the top, over item c's row.
    #expect(f.draw() == "HHHH\neeff\nHHHH")
    #expect(f.view.cellForItem(at: ip(0, 2)) != nil)
    f.view.contentOffset = Point(x: 0, y: 3)
    // The next section's header pushes it away.
    #expect(f.draw() == "HHHH\nHHHH\naabb")
  }

  @Test func elementsPartlyOutsideTheViewportAreClippedNotSkipped() {
    let f = Fixture(counts: [4], columns: 5, rows: 3, itemSize: Size(width: 3, height: 2))
    // Items are 3 wide in a 5-wide view: one per line; the view cuts the right part off
    // nothing, but rows are cut at the bottom edge.
    f.view.contentOffset = Point(x: 0, y: 1)
    #expect(f.draw() == "aaa\nbbb\nbbb")
    f.view.contentOffset = Point(x: 0, y: 3)
    #expect(f.draw() == "bbb\nccc\nccc")
  }

  @Test func wideItemsAreCutAtTheRightEdge() {
    let f = Fixture(counts: [2], columns: 4, rows: 3, itemSize: Size(width: 6, height: 2))
    f.view.contentOffset = Point(x: 0, y: 1)
    #expect(f.draw() == "aaaa\nbbbb\nbbbb")
    #expect(f.view.visibleCells.map(\.frame.columns) == [6, 6])
  }

  @Test func translucentElementsAreDimmedAndSelectedOnesBold() {
    let f = Fixture(counts: [3], columns: 6, rows: 1, itemSize: Size(width: 2, height: 1))
    f.layout.alphaForItem[ip(0, 1)] = 0.5
    f.layout.alphaForItem[ip(0, 2)] = 0
    f.view.selectItem(at: ip(0, 0), animated: false, scrollPosition: [])
    #expect(f.draw() == "aabb")
    #expect(f.surface.attributeLines == ["BBDD.."])
  }

  @Test func touchingElementsTouchOnScreenAtEveryOffset() {
    // 8 × 16 points per cell; items 12 × 20 points snap to 1 or 2 columns and rows.
    let f = Fixture(
      counts: [400], columns: 12, rows: 6, itemSize: Size(width: 12, height: 20),
      metrics: .standard)
    for offset in stride(from: 0.0, through: 96, by: 3) {
      f.view.contentOffset = Point(x: 0, y: offset)
      f.draw()
      // Every cell of the viewport is covered by exactly one letter: no gap, no overlap.
      let text = f.surface.lines
      #expect(!text.joined().contains(" "), "gap at offset \(offset):\n\(f.surface.text)")
      var covered = Set<Int>()
      for path in f.view.indexPathsForVisibleItems {
        let rect = f.view.viewportRect(for: f.view.layoutAttributesForItem(at: path)!.frame)
        for row in rect.row..<rect.endRow where row >= 0 && row < 6 {
          for column in rect.column..<rect.endColumn where column >= 0 && column < 12 {
            #expect(covered.insert(row * 12 + column).inserted, "overlap at offset \(offset)")
          }
        }
      }
    }
  }
}
