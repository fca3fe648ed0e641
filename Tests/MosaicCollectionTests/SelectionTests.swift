import Foundation
import MosaicCollection
import MosaicLayout
import Testing

@Suite @MainActor struct SelectionTests {
  func fixture() -> Fixture {
    Fixture(counts: [10, 10], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
  }

  @Test func singleSelectionReplacesThePreviousOne() {
    let f = fixture()
    f.view.pressItem(at: ip(0, 1))
    f.view.pressItem(at: ip(1, 2))
    #expect(f.view.indexPathsForSelectedItems == [ip(1, 2)])
    #expect(f.source.events.contains("didDeselect 0.1"))
    // Pressing the selected item again selects it again (UIKit calls didSelect once more).
    f.view.pressItem(at: ip(1, 2))
    #expect(f.view.indexPathsForSelectedItems == [ip(1, 2)])
    #expect(f.source.events.last == "didSelect 1.2")
  }

  @Test func multipleSelectionToggles() {
    let f = fixture()
    f.view.allowsMultipleSelection = true
    f.view.pressItem(at: ip(0, 1))
    f.view.pressItem(at: ip(0, 3))
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 1), ip(0, 3)])
    f.view.pressItem(at: ip(0, 1))
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 3)])
    #expect(f.source.events.last == "didDeselect 0.1")
    f.view.selectItem(at: ip(1, 0), animated: false, scrollPosition: [])
    f.view.allowsMultipleSelection = false
    #expect(f.view.indexPathsForSelectedItems == [ip(1, 0)])
  }

  @Test func theDelegateCanRefuseAndSelectionCanBeOff() {
    let f = fixture()
    f.source.refusesSelection = [ip(0, 2)]
    f.view.pressItem(at: ip(0, 2))
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    #expect(f.source.events == ["didHighlight 0.2", "shouldSelect 0.2", "didUnhighlight 0.2"])
    f.view.allowsSelection = false
    f.view.pressItem(at: ip(0, 3))
    f.view.selectItem(at: ip(0, 3), animated: false, scrollPosition: [])
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test func programmaticSelectionTellsNobodyAndCanScroll() {
    let f = fixture()
    f.view.selectItem(at: ip(1, 9), animated: false, scrollPosition: .top)
    #expect(f.source.events.isEmpty)
    #expect(f.view.contentOffset.y == 6, "row 9 at the top, clamped to the last offset")
    f.view.deselectItem(at: ip(1, 9), animated: false)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    f.view.selectItem(at: ip(5, 0), animated: false, scrollPosition: [])
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    f.view.selectItem(at: ip(0, 0), animated: false, scrollPosition: [])
    f.view.selectItem(at: nil, animated: false, scrollPosition: [])
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test("selectItem with an empty scroll position selects without scrolling, as UIKit's []")
  func anEmptyScrollPositionDoesNotScroll() {
    let f = fixture()
    f.draw()
    f.view.selectItem(at: ip(1, 9), animated: true, scrollPosition: [])
    #expect(f.view.indexPathsForSelectedItems == [ip(1, 9)])
    #expect(f.view.contentOffset.y == 0)
    f.view.selectItem(at: ip(1, 8), animated: true, scrollPosition: .bottom)
    #expect(f.view.contentOffset.y == 6, "row 9 (item 8 of section 1) at the bottom")
    f.view.deselectItem(at: ip(1, 8), animated: true)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test func focusIsDistinctFromSelection() {
    let f = fixture()
    f.view.selectItem(at: ip(0, 0), animated: false, scrollPosition: [])
    f.view.focusItem(at: ip(0, 5))
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 0)])
    #expect(f.view.indexPathForFocusedItem == ip(0, 5))
    f.draw()
    #expect((f.view.cellForItem(at: ip(0, 5)) as? LetterCell)?.isFocused == true)
    #expect((f.view.cellForItem(at: ip(0, 5)) as? LetterCell)?.isSelected == false)
    #expect((f.view.cellForItem(at: ip(0, 0)) as? LetterCell)?.isSelected == true)
  }
}

@Suite @MainActor struct QueryTests {
  @Test(arguments: [
    (CollectionView.ScrollPosition.top, 20.0), (.centeredVertically, 18.0), (.bottom, 16.0),
    (.nearest, 16.0),
  ])
  func scrollToItemPositionsVertically(position: CollectionView.ScrollPosition, offset: Double) {
    let f = Fixture(counts: [100], columns: 4, rows: 5, itemSize: Size(width: 2, height: 1))
    f.view.scrollToItem(at: ip(0, 40), at: position)
    #expect(f.view.contentOffset.y == offset)
  }

  @Test(arguments: [
    (CollectionView.ScrollPosition.left, 20.0), (.centeredHorizontally, 18.0), (.right, 16.0),
    (.nearest, 16.0), (.top, 16.0),
  ])
  func scrollToItemPositionsHorizontally(position: CollectionView.ScrollPosition, offset: Double) {
    let f = Fixture(
      counts: [100], columns: 5, rows: 2, itemSize: Size(width: 1, height: 1),
      scrollDirection: .horizontal)
    f.view.scrollToItem(at: ip(0, 40), at: position)
    #expect(f.view.contentOffset.x == offset)
  }

  @Test func contentOffsetIsClamped() {
    let f = Fixture(counts: [10], columns: 4, rows: 2, itemSize: Size(width: 2, height: 1))
    f.view.contentOffset = Point(x: 5, y: -3)
    #expect(f.view.contentOffset == .zero)
    f.view.contentOffset = Point(x: 0, y: 100)
    #expect(f.view.contentOffset.y == 3)
    f.view.contentOffset = Point(x: 0, y: .nan)
    #expect(f.view.contentOffset.y == 0)
    #expect(f.view.contentSize == Size(width: 4, height: 5))
    #expect(f.view.bounds == Rect(x: 0, y: 0, width: 4, height: 2))
  }

  @Test func theLastOffsetIsRoundedUpToAWholeCell() {
    let f = Fixture(
      counts: [3], columns: 2, rows: 2, itemSize: Size(width: 16, height: 20), metrics: .standard)
    // 60 points of content in a 32-point viewport: 28 points → two whole rows (32).
    f.view.scroll(rows: 10)
    #expect(f.view.contentOffset.y == 32)
    #expect(f.view.maximumContentOffset.y == 32)
  }

  @Test func queriesAboutVisibleElements() {
    let f = Fixture(
      counts: [6, 6], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1), headerExtent: 1)
    #expect(
      f.view.indexPathsForVisibleItems == [
        ip(0, 0), ip(0, 1), ip(0, 2), ip(0, 3), ip(0, 4), ip(0, 5),
      ])
    #expect(f.view.visibleCells.count == 6)
    #expect(f.view.cellForItem(at: ip(1, 0)) == nil)
    #expect(f.view.visibleSupplementaryViews(ofKind: "header").count == 1)
    #expect(f.view.supplementaryView(forElementKind: "header", at: ip(0, 0)) != nil)
    #expect(
      f.view.layoutAttributesForItem(at: ip(1, 5))?.frame == Rect(x: 2, y: 7, width: 2, height: 1))
    #expect(f.view.layoutAttributesForItem(at: ip(1, 6)) == nil)
    #expect(f.view.indexPathForItem(at: Point(x: 3.5, y: 7.5)) == ip(1, 5))
    #expect(f.view.indexPathForItem(at: Point(x: 1, y: 4.5)) == nil)
    let cell = f.view.cellForItem(at: ip(0, 3))!
    #expect(f.view.indexPath(for: cell) == ip(0, 3))
    #expect(f.view.element(atColumn: 0, row: 0)?.kind == "header")
  }

  @Test func statisticsEncodeAsJSON() throws {
    let f = Fixture(counts: [6], columns: 4, rows: 2, itemSize: Size(width: 2, height: 1))
    f.draw()
    let data = try JSONEncoder().encode(f.view.statistics)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"viewsCreated\":4"))
    #expect(text.contains("\"frames\":1"))
  }
}
