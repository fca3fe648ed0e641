import MosaicCollection
import MosaicLayout
import Testing

@Suite @MainActor struct NavigationTests {
  /// Asserts the focused item is wholly inside the viewport and below the pinned header.
  func expectFocusVisible(
    _ f: Fixture, headerRows: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let focused = f.view.indexPathForFocusedItem,
      let frame = f.view.layoutAttributesForItem(at: focused)?.frame
    else {
      Issue.record("nothing focused", sourceLocation: sourceLocation)
      return
    }
    let rect = f.view.viewportRect(for: frame)
    #expect(
      rect.row >= headerRows && rect.endRow <= f.view.frame.rows && rect.column >= 0
        && rect.endColumn <= f.view.frame.columns,
      "focused \(focused) at \(rect)", sourceLocation: sourceLocation)
  }

  /// Walks the content as a snake: along a line until stuck, one line on, then back along the
  /// new line (or onward, when the line is entered at its far end), and so on.
  func snakeWalk(
    _ f: Fixture, start: Key, forward: Key, backward: Key, next: Key, headerRows: Int = 0
  ) -> [IndexPath] {
    f.key(start)
    var visited = [f.view.indexPathForFocusedItem!]
    var along = forward
    func press(_ key: Key) -> Bool {
      let before = f.view.indexPathForFocusedItem
      f.key(key)
      guard f.view.indexPathForFocusedItem != before else { return false }
      visited.append(f.view.indexPathForFocusedItem!)
      expectFocusVisible(f, headerRows: headerRows)
      return true
    }
    while true {
      if !press(along) {
        along = along == forward ? backward : forward
        _ = press(along)
      }
      while press(along) {}
      guard press(next) else { break }
      along = along == forward ? backward : forward
    }
    return visited
  }

  func allItems(_ counts: [Int]) -> [IndexPath] {
    counts.enumerated().flatMap { section, count in (0..<count).map { ip(section, $0) } }
  }

  @Test(arguments: [false, true])
  func walkingEveryItemWithArrowsVisitsEachExactlyOnce(pinned: Bool) {
    let counts = [7, 0, 5, 12, 1, 3]
    let f = Fixture(
      counts: counts, columns: 8, rows: 5, itemSize: Size(width: 2, height: 1), headerExtent: 1,
      pinsHeaders: pinned)
    let visited = snakeWalk(
      f, start: .home, forward: .right, backward: .left, next: .down, headerRows: pinned ? 1 : 0)
    #expect(visited.count == Set(visited).count, "revisited: \(visited)")
    #expect(Set(visited) == Set(allItems(counts)))
  }

  @Test func walkingAHorizontalGridWithVimKeys() {
    let counts = [5, 6]
    let f = Fixture(
      counts: counts, columns: 5, rows: 4, itemSize: Size(width: 2, height: 2), headerExtent: 1,
      scrollDirection: .horizontal)
    let visited = snakeWalk(
      f, start: .character("l"), forward: .character("j"), backward: .character("k"),
      next: .character("l"))
    #expect(visited.count == Set(visited).count, "revisited: \(visited)")
    #expect(Set(visited) == Set(allItems(counts)))
  }

  @Test func walkingBackwardsVisitsEachExactlyOnceToo() {
    let counts = [9, 4, 10]
    let f = Fixture(
      counts: counts, columns: 6, rows: 4, itemSize: Size(width: 2, height: 1), headerExtent: 1)
    let visited = snakeWalk(f, start: .end, forward: .left, backward: .right, next: .up)
    #expect(visited.first == ip(2, 9))
    #expect(visited.count == Set(visited).count, "revisited: \(visited)")
    #expect(Set(visited) == Set(allItems(counts)))
  }

  @Test func arrowsMoveToTheGeometricNeighbour() {
    let f = Fixture(counts: [10, 3], columns: 8, rows: 10, itemSize: Size(width: 2, height: 1))
    f.view.focusItem(at: ip(0, 5))
    f.key(.up)
    #expect(f.view.indexPathForFocusedItem == ip(0, 1))
    f.key(.up)
    #expect(f.view.indexPathForFocusedItem == ip(0, 1))
    f.key(.right, times: 5)
    #expect(f.view.indexPathForFocusedItem == ip(0, 3))
    f.key(.down, times: 2)
    // Line 2 of section 0 has items 8 and 9 only: the nearest is 9.
    #expect(f.view.indexPathForFocusedItem == ip(0, 9))
    f.key(.down)
    // Across the section boundary: section 1's first line, item under 9 is item 1.
    #expect(f.view.indexPathForFocusedItem == ip(1, 1))
    f.key(.left)
    #expect(f.view.indexPathForFocusedItem == ip(1, 0))
    f.key(.left)
    #expect(f.view.indexPathForFocusedItem == ip(1, 0))
  }

  @Test func theViewportScrollsTheLeastNeeded() {
    let f = Fixture(counts: [100], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
    f.key(.down)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
    f.key(.down, times: 3)
    #expect(f.view.contentOffset.y == 0)
    f.key(.down)
    #expect(f.view.contentOffset.y == 1)
    f.key(.down, times: 2)
    #expect(f.view.contentOffset.y == 3)
    f.key(.up, times: 3)
    #expect(f.view.contentOffset.y == 3)
    f.key(.up)
    #expect(f.view.contentOffset.y == 2)
    #expect(f.view.indexPathForFocusedItem == ip(0, 4))
  }

  @Test func thePinnedHeaderDoesNotCoverTheFocusedItem() {
    let f = Fixture(
      counts: [40, 40], columns: 4, rows: 5, itemSize: Size(width: 2, height: 1), headerExtent: 2,
      pinsHeaders: true)
    f.view.focusItem(at: ip(0, 30))
    expectFocusVisible(f, headerRows: 2)
    for _ in 0..<10 {
      f.key(.up)
      expectFocusVisible(f, headerRows: 2)
    }
    #expect(f.view.indexPathForFocusedItem == ip(0, 10))
    #expect(f.draw().hasPrefix("HHHH\nHHHH\nkkll"))
  }

  @Test func pageKeysMoveByAViewport() {
    let f = Fixture(counts: [100], columns: 4, rows: 5, itemSize: Size(width: 2, height: 1))
    f.view.focusItem(at: ip(0, 3))
    f.key(.pageDown)
    #expect(f.view.contentOffset.y == 5)
    #expect(f.view.indexPathForFocusedItem == ip(0, 13))
    f.key(.pageDown)
    #expect(f.view.indexPathForFocusedItem == ip(0, 23))
    f.key(.pageUp)
    #expect(f.view.contentOffset.y == 5)
    #expect(f.view.indexPathForFocusedItem == ip(0, 13))
    f.key(.pageDown, times: 20)
    #expect(f.view.indexPathForFocusedItem == ip(0, 99))
    #expect(f.view.contentOffset.y == 45)
    f.key(.pageUp, times: 9)
    #expect(f.view.indexPathForFocusedItem == ip(0, 9))
    // At the top, Page Up goes on to the nearest item a page up, then to the first.
    f.key(.pageUp)
    #expect(f.view.indexPathForFocusedItem == ip(0, 1))
    f.key(.pageUp)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
    #expect(f.view.contentOffset.y == 0)
  }

  @Test func moveFocusByPagesMovesByAFractionOfTheViewport() {
    // Two items a line, five lines a screen: half a screen is two lines (rounded down).
    let f = Fixture(counts: [100], columns: 4, rows: 5, itemSize: Size(width: 2, height: 1))
    f.view.focusItem(at: ip(0, 3))
    f.view.moveFocus(byPages: 0.5)
    #expect(f.view.indexPathForFocusedItem == ip(0, 7))
    #expect(f.view.contentOffset.y == 2)
    f.view.moveFocus(byPages: 1)
    #expect(f.view.indexPathForFocusedItem == ip(0, 17))
    #expect(f.view.contentOffset.y == 7)
    f.view.moveFocus(byPages: -0.5)
    #expect(f.view.indexPathForFocusedItem == ip(0, 13))
    // A page is never less than a line, and no page is no move.
    f.view.moveFocus(byPages: 0.01)
    #expect(f.view.indexPathForFocusedItem == ip(0, 15))
    f.view.moveFocus(byPages: 0)
    #expect(f.view.indexPathForFocusedItem == ip(0, 15))
    f.view.moveFocus(byPages: 100)
    #expect(f.view.indexPathForFocusedItem == ip(0, 99))
    f.view.moveFocus(byPages: -100)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
    #expect(f.view.contentOffset.y == 0)
  }

  @Test func homeAndEndGoToTheFirstAndLastItems() {
    let f = Fixture(
      counts: [0, 10, 30, 0], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1),
      headerExtent: 1)
    f.key(.end)
    #expect(f.view.indexPathForFocusedItem == ip(2, 29))
    #expect(f.view.contentOffset == f.view.maximumContentOffset)
    f.key(.home)
    #expect(f.view.indexPathForFocusedItem == ip(1, 0))
    #expect(f.view.contentOffset.y == 0)
  }

  @Test func navigationAtAMillionItemsStaysLocal() {
    let f = Fixture(
      counts: [500_000, 500_000], columns: 80, rows: 24, itemSize: Size(width: 8, height: 1),
      headerExtent: 1)
    f.view.focusItem(at: ip(0, 499_999))
    f.layout.elementsReturned = 0
    f.layout.queryCount = 0
    f.key(.down)
    #expect(f.view.indexPathForFocusedItem == ip(1, 9))
    f.key(.right)
    f.key(.pageDown)
    f.key(.up)
    #expect(f.layout.elementsReturned < 2000, "\(f.layout.elementsReturned) elements")
    #expect(f.layout.queryCount < 20)
    f.key(.end)
    #expect(f.view.indexPathForFocusedItem == ip(1, 499_999))
    f.key(.left)
    #expect(f.view.indexPathForFocusedItem == ip(1, 499_998))
  }

  @Test func enterSelectsTheFocusedItemInUIKitOrder() {
    let f = Fixture(counts: [10], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
    f.key(.enter)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    f.key(.right)
    f.key(.enter)
    #expect(
      f.source.events == [
        "didHighlight 0.1", "shouldSelect 0.1", "didUnhighlight 0.1", "didSelect 0.1",
      ])
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 1)])
    f.key(.left)
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 1)], "focus is not selection")
    f.key(.enter)
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 0)])
    #expect(f.source.events.suffix(2) == ["didDeselect 0.1", "didSelect 0.0"])
  }

  @Test func focusedAndSelectedCellsDrawTheirState() {
    let f = Fixture(counts: [4], columns: 8, rows: 1, itemSize: Size(width: 2, height: 1))
    f.view.focusItem(at: ip(0, 2))
    f.view.selectItem(at: ip(0, 1), animated: false, scrollPosition: [])
    f.draw()
    #expect(f.surface.attributeLines == ["..BBRR.."])
  }

  @Test func mouseWheelScrollsAndClickFocusesAndSelects() {
    let f = Fixture(
      counts: [100], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1), headerExtent: 1)
    f.view.frame = CellRect(column: 10, row: 2, columns: 4, rows: 4)
    f.draw()
    #expect(f.view.handle(.mouse(MouseEvent(action: .wheelDown, column: 11, row: 3))))
    #expect(f.view.contentOffset.y == 3)
    #expect(f.view.handle(.mouse(MouseEvent(action: .wheelUp, column: 11, row: 3))))
    #expect(f.view.contentOffset.y == 0)
    #expect(!f.view.handle(.mouse(MouseEvent(action: .press, column: 0, row: 0))))
    // Row 2 of the screen is the header: a click there selects nothing.
    f.view.handle(.mouse(MouseEvent(action: .press, column: 12, row: 2)))
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    f.view.handle(.mouse(MouseEvent(action: .press, column: 13, row: 4)))
    #expect(f.view.indexPathForFocusedItem == ip(0, 3))
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 3)])
  }

  @Test func resizeKeepsTheFocusedItemInView() {
    let f = Fixture(counts: [200], columns: 8, rows: 6, itemSize: Size(width: 2, height: 1))
    f.view.focusItem(at: ip(0, 100))
    let prepares = f.layout.prepareCount
    f.view.frame = CellRect(column: 0, row: 0, columns: 4, rows: 3)
    f.surface.resize(columns: 4, rows: 3)
    f.draw()
    #expect(f.layout.prepareCount > prepares)
    expectFocusVisible(f)
    #expect(f.view.cellForItem(at: ip(0, 100)) != nil)
    // Scrolling alone does not invalidate the layout.
    let after = f.layout.prepareCount
    f.view.scroll(rows: -3)
    f.draw()
    #expect(f.layout.prepareCount == after)
  }

  @Test func swappingTheLayoutKeepsTheFocusInView() {
    let f = Fixture(counts: [200], columns: 8, rows: 6, itemSize: Size(width: 2, height: 1))
    f.view.focusItem(at: ip(0, 150))
    f.draw()
    let big = GridLayout(itemSize: Size(width: 4, height: 2))
    f.view.collectionViewLayout = big
    f.draw()
    expectFocusVisible(f)
    #expect(big.dataSource === f.view)
    #expect(f.layout.dataSource == nil)
    #expect(f.view.contentSize.height == 200)
  }
}
