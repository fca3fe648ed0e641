import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// The test source that is also the flow layout's delegate, as UIKit code often has it; it
/// sizes `wideItems` 3 × 1, the others the layout's `itemSize`.
final class FlowSource: TestSource, CollectionViewDelegateFlowLayout {
  var wideItems: Set<IndexPath> = []

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    wideItems.contains(indexPath)
      ? Size(width: 3, height: 1) : (collectionViewLayout as! FlowLayout).itemSize
  }
}

@Suite @MainActor struct FlowLayoutIntegrationTests {
  func make(
    _ counts: [Int], columns: Int, rows: Int, configure: (FlowLayout) -> Void
  ) -> (FlowSource, FlowLayout, CollectionView, MemorySurface) {
    let source = FlowSource(counts)
    let layout = FlowLayout()
    configure(layout)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = source
    view.delegate = source
    return (source, layout, view, MemorySurface(columns: columns, rows: rows))
  }

  @Test func theCollectionViewsDelegateSizesTheFlowLayoutsItems() {
    let (source, layout, view, surface) = make([5], columns: 8, rows: 2) { layout in
      layout.itemSize = Size(width: 1, height: 1)
      layout.minimumInteritemSpacing = 1
      layout.minimumLineSpacing = 0
    }
    // Reached through the collection view: the layout's own delegate stays unset.
    #expect(layout.delegate == nil)
    source.wideItems = [ip(0, 1)]
    view.invalidateLayout()
    view.draw(into: surface)
    // The delegate's sizes send the section down the per-item path: the full first line is
    // justified (gaps of 1.5 points), the last line packed with the minimum spacing.
    #expect(view.layoutAttributesForItem(at: ip(0, 1))?.frame.width == 3)
    #expect(surface.text == "a  bbb c\nd e")
    withExtendedLifetime(source) {}
  }

  @Test func pinnedFlowHeadersStayOnTopAndOffTheFocus() {
    let (source, _, view, surface) = make([12, 12], columns: 6, rows: 4) { layout in
      layout.itemSize = Size(width: 2, height: 1)
      layout.minimumInteritemSpacing = 0
      layout.minimumLineSpacing = 0
      layout.headerReferenceSize = Size(width: 0, height: 1)
      layout.sectionHeadersPinToVisibleBounds = true
    }
    view.contentOffset = Point(x: 0, y: 2)
    view.draw(into: surface)
    #expect(surface.text == "HHHHHH\ngghhii\njjkkll\nHHHHHH")
    view.focusItem(at: ip(1, 3))
    view.handle(.key(.up))
    view.handle(.key(.up))
    #expect(view.indexPathForFocusedItem == ip(0, 9))
    view.handle(.key(.up))
    #expect(view.indexPathForFocusedItem == ip(0, 6))
    view.draw(into: surface)
    let rect = view.viewportRect(for: view.layoutAttributesForItem(at: ip(0, 6))!.frame)
    #expect(rect.row >= 1, "the pinned header covers the focused item at \(rect)")
    #expect(surface.lines[0] == "HHHHHH")
    withExtendedLifetime(source) {}
  }

  @Test func arrowsWalkAFlowWithInsetsAndSpacingAcrossSections() {
    let (source, _, view, _) = make([7, 3, 10], columns: 30, rows: 6) { layout in
      layout.itemSize = Size(width: 6, height: 2)
      layout.minimumInteritemSpacing = 2
      layout.minimumLineSpacing = 1
      layout.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
      layout.headerReferenceSize = Size(width: 0, height: 1)
    }
    view.handle(.key(.home))
    var visited = [view.indexPathForFocusedItem!]
    var along = Key.right
    func press(_ key: Key) -> Bool {
      let before = view.indexPathForFocusedItem
      view.handle(.key(key))
      guard view.indexPathForFocusedItem != before else { return false }
      visited.append(view.indexPathForFocusedItem!)
      return true
    }
    while true {
      if !press(along) {
        along = along == .right ? .left : .right
        _ = press(along)
      }
      while press(along) {}
      guard press(.down) else { break }
      along = along == .right ? .left : .right
    }
    let all = [7, 3, 10].enumerated().flatMap { s, n in (0..<n).map { ip(s, $0) } }
    #expect(visited.count == Set(visited).count, "revisited: \(visited)")
    #expect(Set(visited) == Set(all))
    withExtendedLifetime(source) {}
  }

  @Test func aMillionFlowItemsRecycleAndTouchOnScreen() {
    let (source, _, view, surface) = make([1_000_000], columns: 80, rows: 24) { layout in
      layout.itemSize = Size(width: 20, height: 3)
      layout.minimumInteritemSpacing = 0
      layout.minimumLineSpacing = 0
    }
    view.draw(into: surface)
    view.handle(.key(.end))
    view.draw(into: surface)
    #expect(view.cellForItem(at: ip(0, 999_999)) != nil)
    for _ in 0..<200 {
      view.handle(.key(.pageUp))
      view.draw(into: surface)
    }
    #expect(!surface.text.contains(" "))
    let stats = view.statistics
    #expect(stats.viewsCreated <= stats.maxVisibleElements + 2)
    withExtendedLifetime(source) {}
  }
}

@Suite @MainActor struct PinnedFooterTests {
  @Test func aPinnedFooterDoesNotCoverTheFocusedItem() {
    let source = FlowSource([40, 40])
    let layout = FlowLayout()
    layout.itemSize = Size(width: 2, height: 1)
    layout.minimumInteritemSpacing = 0
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.footerReferenceSize = Size(width: 0, height: 2)
    layout.sectionHeadersPinToVisibleBounds = true
    layout.sectionFootersPinToVisibleBounds = true
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 4, rows: 6), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews(kinds: [ElementKind.sectionHeader, ElementKind.sectionFooter])
    view.dataSource = source
    view.delegate = source
    view.handle(.key(.home))
    for step in 0..<30 {
      view.handle(.key(.down))
      let focused = view.indexPathForFocusedItem!
      let rect = view.viewportRect(for: view.layoutAttributesForItem(at: focused)!.frame)
      #expect(rect.row >= 1 && rect.endRow <= 4, "step \(step): \(focused) at \(rect)")
    }
    #expect(view.indexPathForFocusedItem == ip(1, 20))
    withExtendedLifetime(source) {}
  }
}

@Suite @MainActor struct FlowSnapshotTests {
  func make(_ direction: ScrollDirection, columns: Int, rows: Int) -> (
    FlowSource, CollectionView, MemorySurface
  ) {
    let source = FlowSource([5, 3])
    let layout = FlowLayout()
    layout.scrollDirection = direction
    layout.itemSize = Size(width: 2, height: 2)
    layout.minimumInteritemSpacing = 1
    layout.minimumLineSpacing = 1
    layout.headerReferenceSize = Size(width: 1, height: 1)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = source
    return (source, view, MemorySurface(columns: columns, rows: rows))
  }

  // Eight columns hold three 2-wide items with gaps of 1: "aa bb cc".
  nonisolated static let vertical: [(Double, String)] = [
    (0, "HHHHHHHH\naa bb cc\naa bb cc\n\ndd ee\ndd ee"),
    (2, "aa bb cc\n\ndd ee\ndd ee\nHHHHHHHH\naa bb cc"),
    (6, "\ndd ee\ndd ee\nHHHHHHHH\naa bb cc\naa bb cc"),
  ]

  @Test(arguments: vertical)
  func verticalFlowAtOffset(offset: Double, expected: String) {
    let (source, view, surface) = make(.vertical, columns: 8, rows: 6)
    view.contentOffset = Point(x: 0, y: offset)
    view.draw(into: surface)
    #expect(view.contentOffset.y == min(offset, 3))
    let diff = Snapshot.diff(surface.text, expected)
    #expect(diff == nil, "offset \(offset)\n\(diff ?? "")")
    withExtendedLifetime(source) {}
  }

  nonisolated static let horizontal: [(Double, String)] = [
    (0, "Haa ddHa\nHaa ddHa\nH     H\nHbb eeHb\nHbb eeHb\nH     H\nHcc   Hc\nHcc   Hc"),
    (1, "aa ddHaa\naa ddHaa\n     H\nbb eeHbb\nbb eeHbb\n     H\ncc   Hcc\ncc   Hcc"),
  ]

  @Test(arguments: horizontal)
  func horizontalFlowAtOffset(offset: Double, expected: String) {
    let (source, view, surface) = make(.horizontal, columns: 8, rows: 8)
    view.contentOffset = Point(x: offset, y: 0)
    view.draw(into: surface)
    let diff = Snapshot.diff(surface.text, expected)
    #expect(diff == nil, "offset \(offset)\n\(diff ?? "")")
    withExtendedLifetime(source) {}
  }
}
