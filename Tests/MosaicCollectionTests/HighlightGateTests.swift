import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// UIKit: a delegate whose `collectionView(_:shouldHighlightItemAt:)` returns false bypasses the
/// whole selection process: no `shouldSelect`, no `didSelect`, and the item is not selected.
@Suite @MainActor struct HighlightGateTests {
  /// 4 × 4 cells, two items per row; the delegate refuses to highlight item 1.
  func make() -> Fixture {
    let f = Fixture(counts: [20], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
    f.source.refusesHighlight = [ip(0, 1)]
    f.draw()
    return f
  }

  @Test("Enter on a focused item that may not be highlighted selects nothing and asks nothing")
  func enterIsBypassed() {
    let f = make()
    f.view.focusItem(at: ip(0, 1))
    f.key(.enter)
    #expect(f.source.events.isEmpty)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    // Another item still goes through the whole process.
    f.view.focusItem(at: ip(0, 2))
    f.key(.enter)
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 2)])
  }

  @Test("a click on an item that may not be highlighted selects nothing and asks nothing")
  func clickIsBypassed() {
    let f = make()
    f.view.handle(.mouse(MouseEvent(action: .press, column: 2, row: 0)))
    #expect(f.source.events.isEmpty)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test("a press and release on an item that may not be highlighted selects nothing")
  func pressAndReleaseIsBypassed() {
    let f = make()
    f.view.mouseReleasesAreReported = true
    f.view.handle(.mouse(MouseEvent(action: .press, column: 2, row: 0)))
    f.view.handle(.mouse(MouseEvent(action: .release, column: 2, row: 0)))
    #expect(f.source.events.isEmpty)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    #expect(f.view.indexPathForPressedItem == nil)
  }

  @Test("pressItem(at:) on an item that may not be highlighted selects nothing")
  func pressItemIsBypassed() {
    let f = make()
    f.view.pressItem(at: ip(0, 1))
    #expect(f.source.events.isEmpty)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
  }
}
