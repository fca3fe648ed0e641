import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// Mouse presses held until their release: the highlight is kept and drawn in between, the
/// release selects (UIKit's touch down / touch up inside), and a terminal that never reports
/// releases still selects on the press.
@Suite @MainActor struct PressTests {
  /// 4 × 4 cells, two items of 2 × 1 per row; releases reported.
  func fixture() -> Fixture {
    let f = Fixture(counts: [20], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
    f.view.mouseReleasesAreReported = true
    f.draw()
    return f
  }

  func mouse(_ f: Fixture, _ action: MouseEvent.Action, _ column: Int, _ row: Int) {
    f.view.handle(.mouse(MouseEvent(action: action, column: column, row: row)))
  }

  /// Each cell's state: H highlighted (reverse + dim), F focused (reverse), S selected and
  /// focused (reverse + bold), B selected (bold), "." plain.
  func states(_ f: Fixture) -> [String] {
    f.draw()
    return f.surface.styleLines(legend: [
      TextStyle(attributes: [.reverse, .dim]): "H", TextStyle(attributes: .reverse): "F",
      TextStyle(attributes: [.reverse, .bold]): "S", TextStyle(attributes: .bold): "B",
    ])
  }

  @Test func thePressHighlightsUntilTheReleaseSelects() {
    let f = fixture()
    mouse(f, .press, 2, 1)  // item 3
    #expect(f.source.events == ["didHighlight 0.3"])
    #expect(f.view.indexPathForPressedItem == ip(0, 3))
    #expect((f.view.cellForItem(at: ip(0, 3)) as? LetterCell)?.isHighlighted == true)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    #expect(f.view.indexPathForFocusedItem == ip(0, 3))
    #expect(states(f) == ["....", "..HH", "....", "...."])
    mouse(f, .release, 3, 1)
    #expect(
      f.source.events == [
        "didHighlight 0.3", "shouldSelect 0.3", "didUnhighlight 0.3", "didSelect 0.3",
      ])
    #expect(f.view.indexPathForPressedItem == nil)
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 3)])
    #expect((f.view.cellForItem(at: ip(0, 3)) as? LetterCell)?.isHighlighted == false)
    #expect(states(f) == ["....", "..SS", "....", "...."])
  }

  @Test func aReleaseElsewhereOnlyUnhighlights() {
    let f = fixture()
    mouse(f, .press, 0, 0)
    mouse(f, .release, 2, 0)  // over item 1
    #expect(f.source.events == ["didHighlight 0.0", "didUnhighlight 0.0"])
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    // Outside the view the release still ends the press, and is consumed.
    mouse(f, .press, 0, 1)
    #expect(f.view.handle(.mouse(MouseEvent(action: .release, column: 9, row: 9))))
    #expect(f.source.events.suffix(2) == ["didHighlight 0.2", "didUnhighlight 0.2"])
    #expect(f.view.indexPathForPressedItem == nil)
    #expect(states(f) == ["....", "FF..", "....", "...."])
    // A release with no press outside the view is not the view's.
    #expect(!f.view.handle(.mouse(MouseEvent(action: .release, column: 9, row: 9))))
  }

  @Test func scrollingOrANewPressCancelsThePress() {
    let f = fixture()
    mouse(f, .press, 0, 0)
    mouse(f, .wheelDown, 0, 0)
    #expect(f.source.events == ["didHighlight 0.0", "didUnhighlight 0.0"])
    #expect(f.view.indexPathForPressedItem == nil)
    // A second press before any release: the first one's release was lost.
    mouse(f, .press, 0, 0)  // item 6 after scrolling 3 rows
    mouse(f, .press, 2, 0)  // item 7
    #expect(
      f.source.events.suffix(3) == ["didHighlight 0.6", "didUnhighlight 0.6", "didHighlight 0.7"])
    mouse(f, .release, 2, 0)
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 7)])
  }

  @Test func aRefusedHighlightSelectsNothingOnRelease() {
    let f = fixture()
    f.source.refusesHighlight = [ip(0, 1)]
    mouse(f, .press, 2, 0)
    #expect(f.source.events.isEmpty)
    #expect(states(f) == ["..FF", "....", "....", "...."])
    mouse(f, .release, 2, 0)
    // UIKit: shouldHighlight returning false bypasses the whole selection process.
    #expect(f.source.events.isEmpty)
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test func withoutReleasesAPressIsAClickUntilTheFirstReleaseArrives() {
    let f = Fixture(counts: [20], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
    f.draw()
    #expect(!f.view.mouseReleasesAreReported)
    mouse(f, .press, 0, 0)
    #expect(
      f.source.events == [
        "didHighlight 0.0", "shouldSelect 0.0", "didUnhighlight 0.0", "didSelect 0.0",
      ])
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 0)])
    mouse(f, .release, 0, 0)
    #expect(f.view.mouseReleasesAreReported)
    #expect(f.source.events.count == 4, "the release of a completed click does nothing more")
    mouse(f, .press, 2, 0)
    #expect(f.source.events.last == "didHighlight 0.1")
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 0)])
  }

  @Test func aReleaseWithoutItsPressIsAClick() {
    // A backend may report a press and release that arrive together as the release alone.
    let f = fixture()
    mouse(f, .release, 2, 1)
    #expect(
      f.source.events == [
        "didHighlight 0.3", "shouldSelect 0.3", "didUnhighlight 0.3", "didSelect 0.3",
      ])
    #expect(f.view.indexPathForFocusedItem == ip(0, 3))
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 3)])
    // The release of a press is never a click of its own.
    mouse(f, .press, 0, 0)
    mouse(f, .release, 0, 0)
    #expect(
      f.source.events.filter { $0.hasPrefix("didSelect") } == ["didSelect 0.3", "didSelect 0.0"])
    // Over a header it does nothing.
    let g = Fixture(
      counts: [20], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1), headerExtent: 1)
    g.draw()
    mouse(g, .release, 0, 0)
    #expect(g.source.events.isEmpty)
    #expect(g.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test func thePressFollowsItsItemThroughUpdates() {
    let f = fixture()
    mouse(f, .press, 2, 0)  // item 1
    f.source.counts[0] += 1
    f.view.insertItems(at: [ip(0, 0)])
    #expect(f.view.indexPathForPressedItem == ip(0, 2))
    mouse(f, .release, 0, 1)  // item 2 now sits at the start of the second row
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 2)])
    mouse(f, .press, 0, 0)
    f.source.counts[0] -= 1
    f.view.deleteItems(at: [ip(0, 0)])
    #expect(f.view.indexPathForPressedItem == nil)
    mouse(f, .release, 0, 0)
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 1)], "the selection moved; no new one")
  }
}

/// The focus callback runs whenever the focused item's index path changes, updates included.
@Suite @MainActor struct FocusUpdateTests {
  func fixture() -> Fixture {
    let f = Fixture(counts: [10, 10], columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
    f.source.recordsFocus = true
    f.view.focusItem(at: ip(0, 5))
    f.source.events = []
    return f
  }

  @Test func insertingOrDeletingBeforeTheFocusTellsTheDelegate() {
    let f = fixture()
    f.source.counts[0] += 2
    f.view.insertItems(at: [ip(0, 0), ip(0, 1)])
    #expect(f.source.events == ["didFocus 0.7"])
    f.source.counts[0] -= 1
    f.view.deleteItems(at: [ip(0, 0)])
    #expect(f.source.events == ["didFocus 0.7", "didFocus 0.6"])
    #expect(f.view.indexPathForFocusedItem == ip(0, 6))
  }

  @Test func changesAfterTheFocusOrReloadsOfItSayNothing() {
    let f = fixture()
    f.source.counts[0] += 1
    f.view.insertItems(at: [ip(0, 9)])
    f.view.reloadItems(at: [ip(0, 5)])
    f.source.counts[1] -= 1
    f.view.deleteItems(at: [ip(1, 0)])
    #expect(f.source.events.isEmpty)
  }

  @Test func movesAndDeletionsOfTheFocusedItemTellTheDelegate() {
    let f = fixture()
    f.source.counts = [9, 11]
    f.view.moveItem(at: ip(0, 5), to: ip(1, 0))
    #expect(f.source.events == ["didFocus 1.0"])
    // Deleting the focused item hands the focus to the item taking its place: same index path,
    // another item, so the delegate hears of it.
    f.source.counts[1] -= 1
    f.view.deleteItems(at: [ip(1, 0)])
    #expect(f.source.events == ["didFocus 1.0", "didFocus 1.0"])
  }

  @Test func aReloadThatRemovesTheFocusedItemTellsTheDelegate() {
    let f = fixture()
    f.source.counts = [3, 10]
    f.view.reloadData()
    #expect(f.source.events == ["didFocus 0.2"])
    f.view.reloadData()
    #expect(f.source.events == ["didFocus 0.2"])
  }
}
