import MosaicCollection
import MosaicLayout
import Testing

/// `collectionView(_:canFocusItemAt:)`: every way the focus moves passes over the items the
/// delegate refuses it to.
@Suite @MainActor struct FocusabilityTests {
  /// Ten items of 2 × 1 on a view 8 wide: four to a line (0–3, 4–7, 8–9).
  func make(refusing: Set<IndexPath>, counts: [Int] = [10]) -> Fixture {
    let f = Fixture(counts: counts, columns: 8, rows: 4, itemSize: Size(width: 2, height: 1))
    f.source.refusesFocus = refusing
    return f
  }

  @Test func arrowsSkipItemsThatCannotBeFocused() {
    let f = make(refusing: [ip(0, 1), ip(0, 2), ip(0, 4), ip(0, 5), ip(0, 6), ip(0, 7)])
    f.view.focusItem(at: ip(0, 0))
    f.key(.right)
    #expect(f.view.indexPathForFocusedItem == ip(0, 3))
    f.key(.left)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
    // The whole second line refuses: down goes on to the third.
    f.key(.down)
    #expect(f.view.indexPathForFocusedItem == ip(0, 8))
    f.key(.up)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
    // Nothing focusable to the left or above: the focus stays.
    f.key(.left)
    f.key(.up)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
  }

  @Test func theFirstKeyPressFocusesTheFirstFocusableItemOnScreen() {
    let f = make(refusing: [ip(0, 0), ip(0, 1)])
    f.draw()
    f.key(.down)
    #expect(f.view.indexPathForFocusedItem == ip(0, 2))
  }

  @Test func homeAndEndGoToTheFirstAndLastFocusableItems() {
    let f = make(refusing: [ip(1, 0), ip(1, 1), ip(2, 4), ip(2, 3)], counts: [0, 6, 5, 0])
    f.key(.end)
    #expect(f.view.indexPathForFocusedItem == ip(2, 2))
    f.key(.home)
    #expect(f.view.indexPathForFocusedItem == ip(1, 2))
  }

  @Test func pagesLandOnFocusableItems() {
    // 100 items, 4 to a line; every item of column 1 but the first refuses.
    let f = Fixture(counts: [100], columns: 8, rows: 5, itemSize: Size(width: 2, height: 1))
    f.source.refusesFocus = Set(stride(from: 5, to: 100, by: 4).map { ip(0, $0) })
    f.view.focusItem(at: ip(0, 1))
    f.key(.pageDown)
    // Five lines on, item 21 is where item 1 was; it refuses, and 20 and 22 are as near: the
    // first wins.
    #expect(f.view.contentOffset.y == 5)
    #expect(f.view.indexPathForFocusedItem == ip(0, 20))
    f.key(.pageUp)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
  }

  @Test func clickingOrFocusingAnItemThatCannotBeFocusedLeavesTheFocus() {
    let f = make(refusing: [ip(0, 5)])
    f.view.focusItem(at: ip(0, 1))
    f.draw()
    // Item 5 is on line 1, columns 2–3.
    f.view.handle(.mouse(MouseEvent(action: .press, column: 2, row: 1)))
    #expect(f.view.indexPathForFocusedItem == ip(0, 1))
    f.view.focusItem(at: ip(0, 5))
    #expect(f.view.indexPathForFocusedItem == ip(0, 1))
    f.view.handle(.mouse(MouseEvent(action: .press, column: 4, row: 1)))
    #expect(f.view.indexPathForFocusedItem == ip(0, 6))
  }

  @Test func homeAndEndAskAboutABoundedNumberOfItems() {
    // A million items, none focusable: Home and End give up after a bounded search instead of
    // asking about every item.
    let f = Fixture(
      counts: [1_000_000], columns: 8, rows: 4, itemSize: Size(width: 2, height: 1))
    f.source.canFocus = { $0.item >= 5000 && $0.item < 995_000 }
    f.key(.home)
    #expect(f.view.indexPathForFocusedItem == nil)
    f.key(.end)
    #expect(f.view.indexPathForFocusedItem == nil)
    #expect(f.source.canFocusQueries <= 3 * 4096, "\(f.source.canFocusQueries) questions")
    f.source.canFocus = nil
    f.source.refusesFocus = [ip(0, 0), ip(0, 999_999)]
    f.key(.home)
    #expect(f.view.indexPathForFocusedItem == ip(0, 1))
    f.key(.end)
    #expect(f.view.indexPathForFocusedItem == ip(0, 999_998))
  }

  @Test func anArrowGivesUpOnALongRunOfItemsThatCannotBeFocused() {
    // Only the first and the last of a million items may take the focus: ↓ from the first
    // looks at a bounded number of items, finds none, and leaves the focus.
    let f = Fixture(
      counts: [1_000_000], columns: 8, rows: 4, itemSize: Size(width: 2, height: 1))
    f.source.canFocus = { $0.item == 0 || $0.item == 999_999 }
    f.view.focusItem(at: ip(0, 0))
    f.layout.elementsReturned = 0
    f.key(.down)
    #expect(f.view.indexPathForFocusedItem == ip(0, 0))
    #expect(f.layout.elementsReturned < 4 * 4096, "\(f.layout.elementsReturned) elements")
    // Nearer, the same search finds it.
    f.source.canFocus = { $0.item == 0 || $0.item == 401 }
    f.key(.down)
    #expect(f.view.indexPathForFocusedItem == ip(0, 401))
  }
}
