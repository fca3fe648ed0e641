import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// A list layout that does not override the preferred-attributes questions: the base class says
/// no, as UIKit's does.
private final class FixedListLayout: CollectionViewLayout {
  override var contentSize: Size {
    Size(
      width: collectionView?.bounds.width ?? 0,
      height: Double(collectionView?.numberOfItems(inSection: 0) ?? 0) * 2)
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let count = collectionView?.numberOfItems(inSection: 0) ?? 0
    let first = max(0, Int(rect.minY / 2))
    let last = min(count, Int((rect.maxY / 2).rounded(.up)))
    guard first < last else { return [] }
    return (first..<last).map {
      LayoutAttributes(
        forCellWith: IndexPath(item: $0, section: 0),
        frame: Rect(x: 0, y: Double($0) * 2, width: rect.width, height: 2))
    }
  }
}

@Suite("Self-sizing cells in the runtime") @MainActor struct SelfSizingRuntimeTests {
  private static func expect(
    _ surface: MemorySurface, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let diff = Snapshot.diff(surface, expected) {
      Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
  }

  @Test("cells get their measured heights on the first frame")
  func measuredOnTheFirstFrame() {
    let source = LinesSource(["a", "b\nb\nb", "c\nc", "d"])
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 2), source, rows: 8)
    let surface = MemorySurface(columns: 8, rows: 8)
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      a
      b
      b
      b
      c
      c
      d

      """)
    #expect(view.contentSize.height == 7)
    #expect(source.measurements == 4)
  }

  @Test("a correction above the viewport does not move what is on screen")
  func correctionAboveTheViewportKeepsTheScreen() {
    let source = LinesSource([])
    source.itemCount = 10_000
    source.textOfItem = numberedLines
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 2), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.scrollToItem(at: IndexPath(item: 500, section: 0), at: .top)
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      #500
      #501
      -
      #502
      -
      -
      """)
    let before = surface.lines
    // Item 499, estimated at two rows, comes into view by its last row and measures four: it
    // grows upwards, and the rows that were on screen move down by the one row scrolled only.
    view.scroll(rows: -1)
    view.draw(into: surface)
    #expect(surface.lines == ["-       "] + before.dropLast())
    #expect(view.contentOffset.y == 1001)
  }

  @Test("End with estimates shows the last item whole at the bottom, Home the first at the top")
  func endAndHomeWithEstimates() {
    let source = LinesSource([])
    source.itemCount = 1_000
    source.textOfItem = numberedLines
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 2), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.draw(into: surface)
    _ = view.handle(.key(.end))
    view.draw(into: surface)
    // 997 has two lines, 998 three, 999 four: the last four rows are 999's.
    Self.expect(
      surface,
      """
      -
      -
      #999
      -
      -
      -
      """)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 999, section: 0))
    _ = view.handle(.key(.home))
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      #0
      #1
      -
      #2
      -
      -
      """)
  }

  @Test("a cell whose content changes and is reloaded measures again")
  func reloadMeasuresAgain() {
    let source = LinesSource(["a", "b", "c"])
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 2), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.draw(into: surface)
    Self.expect(surface, "a\nb\nc\n\n\n")
    source.texts[0] = "a\na\na"
    view.reloadItems(at: [IndexPath(item: 0, section: 0)])
    view.draw(into: surface)
    Self.expect(surface, "a\na\na\nb\nc\n")
  }

  @Test("a cell is not measured again while its proposed size stays what it answered")
  func measuredOncePerConfiguration() {
    let source = LinesSource(["a", "b\nb", "c"])
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 2), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    for _ in 0..<5 { view.draw(into: surface) }
    #expect(source.measurements == 3)
    #expect(view.statistics.selfSizingMeasurements == 3)
  }

  @Test("no cell is measured when the layout does not self-size", arguments: [false, true])
  func noMeasurementWithoutSelfSizing(flow: Bool) {
    let source = LinesSource([])
    source.itemCount = 1_000
    source.textOfItem = numberedLines
    let layout: CollectionViewLayout
    if flow {
      let flowLayout = FlowLayout()
      flowLayout.itemSize = Size(width: 8, height: 2)
      flowLayout.minimumLineSpacing = 0
      layout = flowLayout
    } else {
      layout = FixedListLayout()
    }
    let view = selfSizingView(layout, source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    for key in [Key.pageDown, .down, .end, .home] {
      _ = view.handle(.key(key))
      view.draw(into: surface)
    }
    #expect(source.measurements == 0)
    #expect(view.statistics.selfSizingMeasurements == 0)
    #expect(surface.lines.first == "#0      ")
  }

  @Test("the first screen of ten million items measures only the visible cells")
  func tenMillionItemsMeasureOnlyTheScreen() {
    let source = LinesSource([])
    source.itemCount = 10_000_000
    source.textOfItem = numberedLines
    // Estimated at three rows: the first two cells measure one and two, so a second pass shows
    // the third, which measures three (its estimate: nothing more to correct).
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 3), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      #0
      #1
      -
      #2
      -
      -
      """)
    #expect(view.indexPathsForVisibleItems.count == 3)
    #expect(source.measurements == 3)
    #expect(view.statistics.selfSizingPasses == 1)
  }

  @Test("a cell measures again when the layout forgets its size")
  func measuresAgainAfterTheLayoutForgets() {
    let source = LinesSource(["a", "b\nb\nb", "c"])
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 2), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.draw(into: surface)
    Self.expect(surface, "a\nb\nb\nb\nc\n")
    // Everything invalid: the layout drops its measurements and proposes the estimates again.
    view.invalidateLayout()
    view.draw(into: surface)
    Self.expect(surface, "a\nb\nb\nb\nc\n")
    #expect(source.measurements == 6)
  }

  @Test("a size the layout turns down is not asked for again at the same proposal")
  func aRefusedSizeIsNotAskedAgain() {
    let source = LinesSource(["a", "b\nb\nb", "c"])
    let layout = SelfSizingListLayout(estimatedHeight: 2)
    layout.fixedItems = [1]
    let view = selfSizingView(layout, source)
    let surface = MemorySurface(columns: 8, rows: 6)
    for _ in 0..<4 { view.draw(into: surface) }
    Self.expect(surface, "a\nb\nb\nc\n\n")
    #expect(source.measurements == 3)
  }

  @Test("a cell measures again when the layout proposes another width")
  func newWidthMeasuresAgain() {
    let source = LinesSource(["a", "b\nb"])
    let view = selfSizingView(SelfSizingListLayout(estimatedHeight: 2), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.draw(into: surface)
    #expect(source.measurements == 2)
    view.frame = CellRect(column: 0, row: 0, columns: 6, rows: 6)
    view.draw(into: surface)
    #expect(source.measurements == 4)
  }
}
