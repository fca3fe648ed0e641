import Foundation
import MosaicCollection
import MosaicLayout
import Testing

// Client code written as a UIKit developer writes it: a main-actor class adopting the data
// source and prefetching protocols with UIKit's method shapes, assigned with
// `collectionView.prefetchDataSource = self`. It records what the view tells it.

/// A feed of rows whose data would come from far away: it starts loading what the view says is
/// coming, and stops what the view says is not.
@MainActor final class RemoteFeed: CollectionViewDataSource, CollectionViewDataSourcePrefetching {
  var counts: [Int]
  /// Each `prefetchItemsAt` call's index paths, in the order given.
  var prefetchCalls: [[IndexPath]] = []
  /// Each `cancelPrefetchingForItemsAt` call's index paths.
  var cancelCalls: [[IndexPath]] = []
  /// Items the view asked to prefetch while they were on screen (none should be).
  var prefetchedWhileVisible: [IndexPath] = []

  init(_ counts: [Int], showing collectionView: CollectionView) {
    self.counts = counts
    collectionView.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    collectionView.dataSource = self
    collectionView.prefetchDataSource = self
  }

  var prefetched: [IndexPath] { prefetchCalls.flatMap { $0 } }
  var cancelled: [IndexPath] { cancelCalls.flatMap { $0 } }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    counts[section]
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      LetterCell.self, withReuseIdentifier: "letter", for: indexPath)
    cell.letter = LetterCell.letter(for: indexPath.item)
    return cell
  }

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    prefetchCalls.append(indexPaths)
    let onScreen = Set(collectionView.indexPathsForVisibleItems)
    prefetchedWhileVisible += indexPaths.filter { onScreen.contains($0) }
  }

  func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {
    cancelCalls.append(indexPaths)
  }
}

/// A list of rows two points tall on a view of 8 × 6 one-point cells: three rows show, and the
/// next three are one viewport ahead.
@MainActor private struct FeedScreen {
  let view: CollectionView
  let feed: RemoteFeed
  let surface = MemorySurface(columns: 8, rows: 6)
  let clock = ManualAnimationClock()

  init(
    _ counts: [Int], layout: CollectionViewLayout = listLayout(), columns: Int = 8, rows: Int = 6
  ) {
    view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.animationClock = clock
    feed = RemoteFeed(counts, showing: view)
  }

  func draw() { view.draw(into: surface) }

  /// Draws frames on the virtual clock until every animation has ended.
  func settle() {
    draw()
    for _ in 0..<100 where view.hasRunningAnimations {
      clock.advance(by: 0.05)
      draw()
    }
  }

  /// Scrolls `rows` rows (negative: up) and draws the frame.
  func scroll(rows: Int) {
    view.scroll(rows: rows)
    draw()
  }
}

private func items(_ items: Int..., section: Int = 0) -> [IndexPath] {
  items.map { IndexPath(item: $0, section: section) }
}

@MainActor @Suite struct PrefetchingTests {
  @Test func theFirstFramePrefetchesTheViewportBelowIt() {
    let screen = FeedScreen([100])
    #expect(screen.feed.prefetchCalls.isEmpty)  // nothing before a layout pass
    screen.draw()
    #expect(screen.view.indexPathsForVisibleItems == items(0, 1, 2))
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5)])
    #expect(screen.view.isPrefetchingEnabled)  // on by default, as in UIKit
  }

  @Test func scrollingDownPrefetchesWhatComesNextNearestFirst() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.scroll(rows: 2)  // one row of items
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5), items(6)])
    screen.scroll(rows: 6)  // a viewport: items 4 to 6 show
    #expect(screen.feed.prefetchCalls.last == items(7, 8, 9))
    #expect(screen.feed.cancelCalls.isEmpty)
  }

  @Test func anAnimatedScrollPrefetchesAheadOfWhereItEndsOnceNotAtEveryFrame() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.view.setContentOffset(Point(x: 0, y: 12), animated: true)
    screen.clock.advance(by: 0.01)
    screen.draw()
    #expect(screen.view.hasRunningAnimations)
    // The glide ends showing items 6 to 8: the window is the viewport after that.
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5), items(9, 10, 11)])
    for _ in 0..<30 {
      screen.clock.advance(by: 0.01)
      screen.draw()
    }
    #expect(!screen.view.hasRunningAnimations)
    #expect(screen.feed.prefetchCalls.count == 2)
    #expect(screen.feed.prefetchedWhileVisible.isEmpty)
  }

  @Test func nothingIsPrefetchedTwiceOrWhileOnScreenScrollingThroughSections() {
    let screen = FeedScreen([5, 1, 7, 30])
    screen.draw()
    for _ in 0..<200 { screen.scroll(rows: 1) }
    let prefetched = screen.feed.prefetched
    #expect(Set(prefetched).count == prefetched.count)
    #expect(screen.feed.prefetchedWhileVisible.isEmpty)
    #expect(screen.feed.cancelCalls.isEmpty)
    // Every item below the first screen came ahead of time, across section boundaries.
    var below: [IndexPath] = []
    for (section, count) in [5, 1, 7, 30].enumerated() {
      below += (0..<count).map { IndexPath(item: $0, section: section) }
    }
    #expect(prefetched == Array(below.dropFirst(3)))
  }

  @Test func partlyVisibleItemsAreOnScreenNotAhead() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.scroll(rows: 1)  // item 3 shows its top half
    #expect(screen.view.indexPathsForVisibleItems == items(0, 1, 2, 3))
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5), items(6)])
    #expect(screen.feed.prefetchedWhileVisible.isEmpty)
  }

  @Test func turningBackCancelsWhatWasComingAndPrefetchesTheOtherWay() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.scroll(rows: 6)  // items 3 to 5 show; 6 to 8 are coming
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5), items(6, 7, 8)])
    screen.scroll(rows: -2)  // up a row: items 2 to 4 show
    #expect(screen.feed.cancelCalls == [items(6, 7, 8)])
    // Above, nearest first: item 1, then 0 (the viewport ahead is cut at the content's start).
    #expect(screen.feed.prefetchCalls.last == items(1, 0))
    // Going on up, what was cancelled is not cancelled again, nor anything on screen.
    screen.scroll(rows: -2)
    #expect(screen.feed.cancelCalls == [items(6, 7, 8)])
    #expect(screen.feed.prefetchedWhileVisible.isEmpty)
  }

  @Test func itemsThatComeIntoViewAreDroppedQuietlyNotCancelled() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.scroll(rows: 4)  // items 3 and 4 show: they were pending
    screen.scroll(rows: -4)  // back to the top: 3 and 4 are neither pending nor cancelled
    #expect(screen.feed.cancelCalls == [items(5, 6, 7)])
  }

  @Test func nothingIsToldWhenPrefetchingIsDisabled() {
    let screen = FeedScreen([100])
    screen.view.isPrefetchingEnabled = false
    screen.draw()
    for _ in 0..<10 { screen.scroll(rows: 3) }
    screen.scroll(rows: -5)
    #expect(screen.feed.prefetchCalls.isEmpty)
    #expect(screen.feed.cancelCalls.isEmpty)
  }

  @Test func disablingCancelsWhatIsPendingAndEnablingPrefetchesAgain() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.view.isPrefetchingEnabled = false
    #expect(screen.feed.cancelCalls == [items(3, 4, 5)])
    screen.scroll(rows: 2)
    #expect(screen.feed.prefetchCalls.count == 1)
    screen.view.isPrefetchingEnabled = true
    screen.draw()
    #expect(screen.feed.prefetchCalls.last == items(4, 5, 6))
  }

  @Test func anotherPrefetchDataSourceTakesOverAndTheOldOneCancels() {
    let screen = FeedScreen([100])
    screen.draw()
    let other = RemoteFeed([100], showing: CollectionView(collectionViewLayout: listLayout()))
    screen.view.prefetchDataSource = other
    #expect(screen.feed.cancelCalls == [items(3, 4, 5)])
    screen.draw()
    #expect(other.prefetchCalls == [items(3, 4, 5)])
    screen.view.prefetchDataSource = nil
    #expect(other.cancelCalls == [items(3, 4, 5)])
    screen.scroll(rows: 2)
    #expect(other.prefetchCalls.count == 1 && screen.feed.prefetchCalls.count == 1)
  }

  @Test func reloadDataDropsPendingPrefetchesAndPrefetchesTheWindowAfresh() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.feed.counts = [50]
    screen.view.reloadData()
    screen.draw()
    // The old paths named the old data: no cancel names them; the window is asked for again.
    #expect(screen.feed.cancelCalls.isEmpty)
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5), items(3, 4, 5)])
  }

  @Test func aBatchUpdateMovesPendingPrefetchesWithTheirItems() {
    let screen = FeedScreen([100])
    screen.draw()
    screen.feed.counts = [101]
    screen.view.insertItems(at: items(0))
    screen.settle()
    // Old 3, 4 (now 4, 5) are still coming; old 5 (now 6) is pushed out of the window and
    // cancelled; old 2, on screen before, is now 3 and coming.
    #expect(screen.feed.cancelCalls == [items(6)])
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5), items(3)])
    screen.feed.counts = [100]
    screen.view.deleteItems(at: items(4))
    screen.settle()
    // The deleted item's prefetch is dropped, not cancelled; the item after it moves into the
    // window and is prefetched.
    #expect(screen.feed.cancelCalls == [items(6)])
    #expect(screen.feed.prefetchCalls == [items(3, 4, 5), items(3), items(5)])
  }

  @Test func aHorizontalLayoutPrefetchesTheViewportToTheRight() {
    let layout = listLayout(width: 2, height: 6)
    layout.scrollDirection = .horizontal
    let screen = FeedScreen([100], layout: layout)
    screen.draw()
    #expect(screen.view.indexPathsForVisibleItems == items(0, 1, 2, 3))
    #expect(screen.feed.prefetchCalls == [items(4, 5, 6, 7)])
    screen.view.scroll(columns: 4)
    screen.draw()
    #expect(screen.feed.prefetchCalls.last == items(8, 9))
    screen.view.scroll(columns: -2)  // items 1 to 4 show; only item 0 is to the left
    screen.draw()
    #expect(screen.feed.cancelCalls == [items(6, 7, 8, 9)])
    #expect(screen.feed.prefetchCalls.last == items(0))
  }

  @Test func tenMillionItemsCostAViewportAtATime() {
    let layout = QuestionCountingFlowLayout()
    layout.itemSize = Size(width: 8, height: 2)
    layout.minimumLineSpacing = 0
    let screen = FeedScreen([4_000_000, 6_000_000], layout: layout)
    screen.draw()
    // A jump to the middle, then to the end: each asks for one viewport ahead, at most.
    screen.view.contentOffset = Point(x: 0, y: 2 * 4_000_000 - 2)
    screen.draw()
    #expect(screen.view.indexPathsForVisibleItems.first == IndexPath(item: 3_999_999, section: 0))
    #expect(screen.feed.prefetchCalls.last == items(2, 3, 4, section: 1))
    #expect(screen.feed.cancelCalls == [items(3, 4, 5)])
    // A hundred one-item steps with prefetching, then a hundred without: prefetching adds the
    // window's rect query and the content size a step, whatever the item count.
    var questions = layout.questions
    for _ in 0..<100 { screen.scroll(rows: 2) }
    let withPrefetching = layout.questions - questions
    screen.view.isPrefetchingEnabled = false
    #expect(screen.feed.cancelCalls.last == items(102, 103, 104, section: 1))
    questions = layout.questions
    for _ in 0..<100 { screen.scroll(rows: 2) }
    let without = layout.questions - questions
    #expect(withPrefetching - without <= 2 * 100, "\(withPrefetching) against \(without)")
    screen.view.isPrefetchingEnabled = true
    screen.draw()
    #expect(screen.feed.prefetchCalls.last == items(202, 203, 204, section: 1))
    screen.view.contentOffset = screen.view.maximumContentOffset
    screen.draw()
    // At the end nothing is coming: what was pending is cancelled, nothing more prefetched.
    #expect(screen.feed.cancelCalls.last == items(202, 203, 204, section: 1))
    #expect(screen.feed.prefetchCalls.allSatisfy { $0.count <= 3 })
    #expect(screen.feed.prefetched.count == 3 + 3 + 100 + 3)
  }
}
