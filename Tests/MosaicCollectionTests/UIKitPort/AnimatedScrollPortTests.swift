import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A feed of one-line rows whose controller watches the scrolling as UIKit code does: the
/// delegate's `scrollViewDidScroll` (`collectionViewDidScroll`) reads `contentOffset` each time.
/// Animations run on a virtual clock the test advances, with no run loop.
final class FeedViewController: CollectionViewController, CollectionViewDataSource,
  CollectionViewDelegate
{
  static let rowID = "row"
  var rows: [String]
  /// `contentOffset.y` as the delegate read it, call by call.
  var scrolledTo: [Double] = []
  let clock = ManualAnimationClock()

  /// Rows of 30 columns × 1 line (240 × 16 points, the standard cells).
  init(rows: [String], layout: FlowLayout = FlowLayout()) {
    self.rows = rows
    layout.itemSize = Size(width: 240, height: 16)
    layout.minimumLineSpacing = 0
    super.init(collectionViewLayout: layout)
    collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: Self.rowID)
    collectionView.animationClock = clock
  }

  /// Draws a frame of 30 × `lines` cells and returns it.
  @discardableResult
  func screen(lines: Int = 10) -> String {
    let surface = MemorySurface(columns: 30, rows: lines)
    draw(into: surface)
    return surface.text
  }

  /// Draws frames every 50 ms of the virtual clock until the animations are over; at most 20.
  func runAnimations(lines: Int = 10) {
    for _ in 0..<20 where collectionView.hasRunningAnimations {
      clock.advance(by: 0.05)
      screen(lines: lines)
    }
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    rows.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.rowID, for: indexPath)
    (cell as? PhotoCell)?.name = rows[indexPath.item]
    return cell
  }

  func collectionViewDidScroll(_ collectionView: CollectionView) {
    scrolledTo.append(collectionView.contentOffset.y)
  }
}

/// A flow layout that notes every item it is asked an initial position for, and what `super`
/// answered, as a UIKit layout overriding `initialLayoutAttributesForAppearingItem(at:)` sees.
final class AskedInitialLayout: FlowLayout {
  var asked: [IndexPath] = []
  var answers: [IndexPath: Rect] = [:]

  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    asked.append(itemIndexPath)
    answers[itemIndexPath] = attributes.map { attributes in
      attributes.alpha == 0 ? Rect(x: -1, y: -1, width: 0, height: 0) : attributes.frame
    }
    return attributes
  }
}

@MainActor @Suite struct AnimatedScrollPortTests {
  static let names = (0..<40).map { "row \($0)" }

  @Test("setContentOffset(_:animated:) passes through the offsets between, one report a frame")
  func setContentOffsetGlides() {
    let controller = FeedViewController(rows: Self.names)
    let view = controller.collectionView
    controller.screen()
    // Five rows down: within one screen, so the glide runs the whole way.
    view.setContentOffset(Point(x: 0, y: 80), animated: true)
    // Nothing moved yet: UIKit's offset changes at the animation's frames, not at the call.
    #expect(controller.scrolledTo.isEmpty)
    #expect(view.contentOffset.y == 0)
    #expect(view.destinationContentOffset.y == 80)
    // Frames at a quarter, half, three quarters and the end of the 0.2 s animation.
    controller.clock.advance(by: 0.05)
    controller.screen()
    controller.clock.advance(by: 0.05)
    controller.screen()
    // A frame drawn with no time passed moves nothing and reports nothing.
    controller.screen()
    controller.clock.advance(by: 0.05)
    controller.screen()
    controller.clock.advance(by: 0.05)
    controller.screen()
    let offsets = controller.scrolledTo
    #expect(offsets.count == 4)
    // Ease-in-out is symmetric: half the time, half the way (40 of 80 points).
    #expect(offsets.count == 4 && abs(offsets[1] - 40) < 1e-9)
    #expect(offsets.count == 4 && offsets[0] > 0 && offsets[0] < 40)
    #expect(offsets.count == 4 && offsets[2] > 40 && offsets[2] < 80)
    #expect(offsets.last == 80)
    #expect(view.contentOffset.y == 80)
    #expect(!view.hasRunningAnimations)
    // The last frame shows rows 5 to 14 (16 points a row: 80 / 16 = 5).
    #expect(controller.screen().split(separator: "\n").first == " row 5")
  }

  @Test("scrollToItem(at:at:animated:) glides to where the unanimated scroll lands, frame by frame")
  func scrollToItemGlides() {
    let controller = FeedViewController(rows: Self.names)
    let view = controller.collectionView
    controller.screen()
    view.scrollToItem(at: IndexPath(item: 15, section: 0), at: .bottom, animated: true)
    #expect(controller.scrolledTo.isEmpty)
    controller.runAnimations()
    // Row 15 at the bottom of 10 lines: rows 6 to 15, so the offset is 6 rows of 16 points.
    #expect(view.contentOffset.y == 96)
    #expect(controller.scrolledTo.last == 96)
    #expect(controller.scrolledTo.count >= 3)
    #expect(controller.scrolledTo == controller.scrolledTo.sorted())
    #expect(Set(controller.scrolledTo).count == controller.scrolledTo.count)
    #expect(controller.screen().split(separator: "\n").last == " row 15")
  }

  @Test("an unanimated scroll reports once, at once, as UIKit's does")
  func unanimatedScrollReportsOnce() {
    let controller = FeedViewController(rows: Self.names)
    controller.screen()
    controller.collectionView.setContentOffset(Point(x: 0, y: 32), animated: false)
    #expect(controller.scrolledTo == [32])
    #expect(!controller.collectionView.hasRunningAnimations)
  }

  @Test("an animated batch asks initial attributes for every item on screen after it")
  func initialAttributesForEveryAppearingItem() {
    let layout = AskedInitialLayout()
    let controller = FeedViewController(rows: ["a", "b", "c", "d"], layout: layout)
    let view = controller.collectionView
    controller.screen(lines: 6)
    view.performBatchUpdates(
      {
        controller.rows.insert("new", at: 1)
        view.insertItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: nil)
    // UIKit asks for all five items shown after the insert, not only the inserted one.
    #expect(layout.asked.sorted() == (0..<5).map { IndexPath(item: $0, section: 0) })
    // `super` answers an item that was on screen with where it was (row 0 stays, rows 1-3 were
    // one row higher: y 16, 32, 48), and the inserted one faded where it lands (-1 here).
    #expect(
      layout.answers[IndexPath(item: 0, section: 0)] == Rect(x: 0, y: 0, width: 240, height: 16))
    #expect(
      layout.answers[IndexPath(item: 1, section: 0)] == Rect(x: -1, y: -1, width: 0, height: 0))
    #expect(
      layout.answers[IndexPath(item: 2, section: 0)] == Rect(x: 0, y: 16, width: 240, height: 16))
    #expect(
      layout.answers[IndexPath(item: 4, section: 0)] == Rect(x: 0, y: 48, width: 240, height: 16))
    // Halfway, "b" (now item 2) is drawn between its old line 1 and its new line 2.
    controller.clock.advance(by: 0.1)
    let halfway = controller.screen(lines: 6).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(halfway[0] == " a")
    controller.runAnimations(lines: 6)
    #expect(
      controller.screen(lines: 6).split(separator: "\n").prefix(5) == [
        " a", " new", " b", " c", " d",
      ])
  }

  @Test("an item that answers nil starts where it showed; an unanimated batch asks nothing")
  func nilAnswersAndUnanimatedBatches() {
    final class QuietLayout: FlowLayout {
      var asked = 0
      override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> LayoutAttributes?
      {
        asked += 1
        return nil
      }
    }
    let layout = QuietLayout()
    let controller = FeedViewController(rows: ["a", "b", "c"], layout: layout)
    let view = controller.collectionView
    controller.screen(lines: 5)
    // No clock: the view lands the batch at once, as a UIKit view outside a window does.
    view.animationClock = nil
    view.performBatchUpdates(
      {
        controller.rows.insert("x", at: 0)
        view.insertItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: nil)
    #expect(layout.asked == 0)
    view.animationClock = controller.clock
    controller.screen(lines: 5)
    view.performBatchUpdates(
      {
        controller.rows.remove(at: 0)
        view.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: nil)
    #expect(layout.asked == 3)
    controller.runAnimations(lines: 5)
    #expect(controller.screen(lines: 5).split(separator: "\n").prefix(3) == [" a", " b", " c"])
  }
}
