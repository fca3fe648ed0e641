import Foundation
import MosaicLayout
import Testing

@testable import MosaicCollection

/// The prefetch window alone: the direction of a scroll, the rect ahead, the order of the items
/// in it, and what a pass tells the data source.
@Suite struct PrefetchWindowTests {
  private func paths(_ items: Int...) -> [IndexPath] {
    items.map { IndexPath(item: $0, section: 0) }
  }

  @Test func theDirectionIsTheAxisThatMovedMoreInViewportsAndAStillPassKeepsIt() {
    var window = PrefetchWindow()
    #expect(window.direction(along: .vertical) == .down)
    #expect(window.direction(along: .horizontal) == .right)
    let size = Size(width: 100, height: 10)
    window.noteScroll(to: Rect(origin: Point(x: 0, y: 50), size: size))  // the first pass
    #expect(window.lastDirection == nil)
    // 20 points across is a fifth of a viewport; 4 down is two fifths.
    window.noteScroll(to: Rect(origin: Point(x: 20, y: 54), size: size))
    #expect(window.lastDirection == .down)
    window.noteScroll(to: Rect(origin: Point(x: 80, y: 53), size: size))
    #expect(window.lastDirection == .right)
    window.noteScroll(to: Rect(origin: Point(x: 80, y: 53), size: size))
    #expect(window.lastDirection == .right)
    window.noteScroll(to: Rect(origin: Point(x: 80, y: 40), size: size))
    #expect(window.direction(along: .horizontal) == .up)
    window.noteScroll(to: Rect(origin: Point(x: 0, y: 40), size: size))
    #expect(window.lastDirection == .left)
  }

  @Test func theRectAheadIsOneViewportCutToTheContent() {
    let bounds = Rect(x: 0, y: 20, width: 8, height: 6)
    let content = Size(width: 8, height: 30)
    #expect(
      PrefetchWindow.rect(ahead: bounds, in: .down, contentSize: content)
        == Rect(x: 0, y: 26, width: 8, height: 4))
    #expect(
      PrefetchWindow.rect(ahead: bounds, in: .up, contentSize: content)
        == Rect(x: 0, y: 14, width: 8, height: 6))
    #expect(
      PrefetchWindow.rect(
        ahead: Rect(x: 0, y: 24, width: 8, height: 6), in: .down, contentSize: content
      ).isEmpty)
    #expect(PrefetchWindow.rect(ahead: bounds, in: .right, contentSize: content).isEmpty)
  }

  @Test func itemsAheadComeInTheOrderTheyWillBeMetLineByLine() {
    let frames: [(IndexPath, Rect)] = [
      (IndexPath(item: 0, section: 0), Rect(x: 0, y: 0, width: 4, height: 2)),
      (IndexPath(item: 1, section: 0), Rect(x: 4, y: 0, width: 4, height: 2)),
      (IndexPath(item: 2, section: 0), Rect(x: 0, y: 2, width: 4, height: 2)),
      (IndexPath(item: 3, section: 0), Rect(x: 4, y: 2, width: 4, height: 2)),
    ]
    #expect(PrefetchWindow.ordered(frames.reversed(), going: .down) == paths(0, 1, 2, 3))
    #expect(PrefetchWindow.ordered(frames, going: .up) == paths(2, 3, 0, 1))
    #expect(PrefetchWindow.ordered(frames, going: .right) == paths(0, 2, 1, 3))
    #expect(PrefetchWindow.ordered(frames, going: .left) == paths(1, 3, 0, 2))
  }

  @Test func aPassPrefetchesWhatIsNewCancelsWhatLeftAndDropsWhatCameIntoView() {
    var window = PrefetchWindow()
    #expect(
      window.update(window: paths(3, 4, 5), visible: Set(paths(0, 1, 2))).prefetch == paths(3, 4, 5)
    )
    // 3 came into view (dropped), 4 and 5 stay (not asked again), 6 is new.
    let next = window.update(window: paths(4, 5, 6), visible: Set(paths(1, 2, 3)))
    #expect(next == PrefetchWindow.Changes(prefetch: paths(6), cancel: []))
    #expect(window.pending == Set(paths(4, 5, 6)))
    // Turned back: nothing ahead of the top; 4, 5 and 6 are not coming.
    let back = window.update(window: [], visible: Set(paths(0, 1, 2)))
    #expect(back == PrefetchWindow.Changes(prefetch: [], cancel: paths(4, 5, 6)))
    // An item on screen is never asked for, even when listed ahead.
    #expect(window.update(window: paths(2, 3), visible: Set(paths(2))).prefetch == paths(3))
  }

  @Test func pendingItemsAreTakenOrFollowTheirItems() {
    var window = PrefetchWindow()
    _ = window.update(window: paths(3, 4, 5), visible: [])
    window.remap { $0.item == 4 ? nil : IndexPath(item: $0.item + 1, section: 0) }
    #expect(window.pending == Set(paths(4, 6)))
    #expect(window.computedFor == nil)
    #expect(window.takePending() == paths(4, 6))
    #expect(window.pending.isEmpty)
  }
}
