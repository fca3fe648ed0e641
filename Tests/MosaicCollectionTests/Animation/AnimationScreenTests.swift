import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// Batch updates, layout changes and scrolls animated on a virtual clock, read as screens at
/// chosen instants: at t = 0 the screen is what it was, at t = 0.1 s (half of the default 0.2 s,
/// where ease-in-out is exactly half way) the elements are half way, and from t = 0.2 s on the
/// screen is the unanimated result. Written as a UIKit client writes the calls.
@Suite @MainActor struct AnimationScreenTests {
  /// The screen the same change gives on a view that does not animate.
  func unanimated(
    _ sections: [String], layout: CollectionViewLayout, columns: Int = 8, rows: Int = 6,
    _ change: (AnimatedScreen) -> Void
  ) -> String {
    let still = AnimatedScreen(
      LetterSections(sections: sections), layout: layout, columns: columns, rows: rows,
      animated: false)
    still.draw()
    change(still)
    return still.draw()
  }

  @Test("a deleted item fades out where it was while the items after it move up")
  func deleteAnimates() {
    let list = AnimatedScreen(LetterSections("abcd"), layout: listLayout())
    let delete = { (screen: AnimatedScreen) in
      screen.view.performBatchUpdates(
        {
          screen.source.sections[0].remove(at: 1)
          screen.view.deleteItems(at: [IndexPath(item: 1, section: 0)])
        }, completion: nil)
    }
    list.draw()
    delete(list)
    #expect(
      list.frame(at: 0)
        == screen("aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc"))
    #expect(
      list.frame(at: 0.1)
        == screen("aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "cccccccc", "cccccccc", "dddddddd"))
    #expect(list.dimLines[2] == "DDDDDDDD")  // half transparent: dim
    #expect(list.dimLines[3] == "........")
    let end = list.frame(at: 0.2)
    #expect(end == screen("aaaaaaaa", "aaaaaaaa", "cccccccc", "cccccccc", "dddddddd", "dddddddd"))
    #expect(end == unanimated(["abcd"], layout: listLayout(), delete))
    #expect(!list.view.hasRunningAnimations)
  }

  @Test("mid-animation a click hits what is drawn there; an item on its way out is never hit")
  func hitTestingFollowsTheScreen() {
    let list = AnimatedScreen(LetterSections("abcd"), layout: listLayout())
    list.draw()
    list.view.performBatchUpdates(
      {
        list.source.sections[0].remove(at: 1)
        list.view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: nil)
    list.frame(at: 0.1)  // b fading on row 2, c (now item 1) on rows 3-4
    #expect(list.view.element(atColumn: 0, row: 2) == nil)
    #expect(list.view.element(atColumn: 0, row: 3)?.indexPath == IndexPath(item: 1, section: 0))
    #expect(list.view.element(atColumn: 0, row: 5)?.indexPath == IndexPath(item: 2, section: 0))
  }

  @Test("an inserted item fades in where it lands while the items after it move down")
  func insertAnimates() {
    let list = AnimatedScreen(LetterSections("abc"), layout: listLayout())
    let insert = { (screen: AnimatedScreen) in
      screen.view.performBatchUpdates(
        {
          screen.source.sections[0].insert("x", at: 1)
          screen.view.insertItems(at: [IndexPath(item: 1, section: 0)])
        }, completion: nil)
    }
    list.draw()
    insert(list)
    #expect(
      list.frame(at: 0)
        == screen("aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc"))
    #expect(
      list.frame(at: 0.1)
        == screen("aaaaaaaa", "aaaaaaaa", "xxxxxxxx", "bbbbbbbb", "bbbbbbbb", "cccccccc"))
    #expect(list.dimLines[2] == "DDDDDDDD")
    let end = list.frame(at: 0.2)
    #expect(end == screen("aaaaaaaa", "aaaaaaaa", "xxxxxxxx", "xxxxxxxx", "bbbbbbbb", "bbbbbbbb"))
    #expect(end == unanimated(["abc"], layout: listLayout(), insert))
  }

  @Test("a moved item travels to its new place over the items making way")
  func moveAnimates() {
    let list = AnimatedScreen(LetterSections("abc"), layout: listLayout())
    let move = { (screen: AnimatedScreen) in
      screen.view.performBatchUpdates(
        {
          let a = screen.source.sections[0].remove(at: 0)
          screen.source.sections[0].insert(a, at: 2)
          screen.view.moveItem(
            at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
        }, completion: nil)
    }
    list.draw()
    move(list)
    #expect(
      list.frame(at: 0)
        == screen("aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc"))
    #expect(list.frame(at: 0.1) == screen("", "bbbbbbbb", "aaaaaaaa", "aaaaaaaa", "cccccccc", ""))
    let end = list.frame(at: 0.2)
    #expect(end == screen("bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc", "aaaaaaaa", "aaaaaaaa"))
    #expect(end == unanimated(["abc"], layout: listLayout(), move))
  }

  @Test("an inserted section's header and items fade in while the sections after it move down")
  func sectionInsertAnimates() {
    func layout() -> FlowLayout {
      let layout = listLayout(height: 1)
      layout.headerReferenceSize = Size(width: 8, height: 1)
      return layout
    }
    let list = AnimatedScreen(LetterSections("ab", "c"), layout: layout())
    let insert = { (screen: AnimatedScreen) in
      screen.view.performBatchUpdates(
        {
          screen.source.sections.insert(["x"], at: 1)
          screen.view.insertSections(IndexSet(integer: 1))
        }, completion: nil)
    }
    list.draw()
    insert(list)
    #expect(
      list.frame(at: 0) == screen("HHHHHHHH", "aaaaaaaa", "bbbbbbbb", "HHHHHHHH", "cccccccc", ""))
    // The new header fades in (dim) where it lands; the moving header passes over the new item.
    let middle = list.frame(at: 0.1)
    #expect(
      middle == screen("HHHHHHHH", "aaaaaaaa", "bbbbbbbb", "HHHHHHHH", "HHHHHHHH", "cccccccc"))
    #expect(list.dimLines[3] == "DDDDDDDD")
    #expect(list.dimLines[4] == "........")
    let end = list.frame(at: 0.2)
    #expect(end == screen("HHHHHHHH", "aaaaaaaa", "bbbbbbbb", "HHHHHHHH", "xxxxxxxx", "HHHHHHHH"))
    #expect(end == unanimated(["ab", "c"], layout: layout(), insert))
  }

  @Test("a layout change: every card travels from its place in the grid to its row in the list")
  func layoutSwapAnimates() {
    let cards = AnimatedScreen(LetterSections("abcdef"), layout: gridLayout(), columns: 12, rows: 6)
    cards.draw()
    #expect(
      cards.surface.text
        == screen("aaaabbbbcccc", "aaaabbbbcccc", "ddddeeeeffff", "ddddeeeeffff", "", ""))
    var completions = 0
    cards.view.setCollectionViewLayout(listLayout(width: 12), animated: true) { finished in
      #expect(finished)
      completions += 1
    }
    #expect(
      cards.frame(at: 0)
        == screen("aaaabbbbcccc", "aaaabbbbcccc", "ddddeeeeffff", "ddddeeeeffff", "", ""))
    // Half way: each card half way from its grid frame to its list frame (b from 4,0 4x2 to
    // 0,2 12x2 is at 2,1 8x2), later items drawn over earlier ones; f is below the screen.
    #expect(
      cards.frame(at: 0.1)
        == screen(
          "aaaaaaaa", "aabbbbbbbb", "  bbcccccccc", "    cccccccc", "dddddddd", "ddeeeeeeee"))
    #expect(completions == 0)
    let end = cards.frame(at: 0.2)
    #expect(completions == 1)
    #expect(
      end
        == screen(
          "aaaaaaaaaaaa", "aaaaaaaaaaaa", "bbbbbbbbbbbb", "bbbbbbbbbbbb", "cccccccccccc",
          "cccccccccccc"))
    let still = AnimatedScreen(
      LetterSections("abcdef"), layout: gridLayout(), columns: 12, rows: 6, animated: false)
    still.draw()
    still.view.setCollectionViewLayout(listLayout(width: 12), animated: true)
    #expect(end == still.draw())
    cards.frame(at: 0.5)
    #expect(completions == 1)
  }

  @Test("an animated scroll glides: the destination is known at once, the screen follows")
  func scrollGlides() {
    let list = AnimatedScreen(LetterSections("abcdefgh"), layout: listLayout())
    list.draw()
    list.view.setContentOffset(Point(x: 0, y: 6), animated: true)
    #expect(list.view.destinationContentOffset == Point(x: 0, y: 6))
    #expect(
      list.frame(at: 0)
        == screen("aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc"))
    #expect(
      list.frame(at: 0.1)
        == screen("bbbbbbbb", "cccccccc", "cccccccc", "dddddddd", "dddddddd", "eeeeeeee"))
    #expect(list.view.presentationContentOffset == Point(x: 0, y: 3))
    // UIKit's contentOffset passes through the glide's offsets.
    #expect(list.view.contentOffset == Point(x: 0, y: 3))
    let end = list.frame(at: 0.2)
    #expect(end == screen("dddddddd", "dddddddd", "eeeeeeee", "eeeeeeee", "ffffffff", "ffffffff"))
    let still = AnimatedScreen(LetterSections("abcdefgh"), layout: listLayout(), animated: false)
    still.draw()
    still.view.setContentOffset(Point(x: 0, y: 6), animated: true)
    #expect(end == still.draw())
  }

  @Test("an animation past its end but not yet drawn there still asks the run loop for a frame")
  func lateFrameStillAsked() {
    let list = AnimatedScreen(LetterSections("abcdefghijkl"), layout: listLayout())
    list.draw()
    list.view.setContentOffset(Point(x: 0, y: 4), animated: true)
    // A loaded machine: the run loop asks only after the glide's end has passed.
    list.clock.advance(by: 0.3)
    #expect(CollectionView.hasAnimationsInProgress)
    list.draw()
    #expect(!CollectionView.hasAnimationsInProgress)
  }

  @Test("a jump farther than a screen glides only its last screen, from a screen away")
  func longJumpGlidesItsLastScreen() {
    let list = AnimatedScreen(LetterSections("abcdefghijkl"), layout: listLayout())
    list.draw()
    list.view.setContentOffset(Point(x: 0, y: 18), animated: true)
    #expect(
      list.frame(at: 0)
        == screen("gggggggg", "gggggggg", "hhhhhhhh", "hhhhhhhh", "iiiiiiii", "iiiiiiii"))
    #expect(list.view.presentationContentOffset == Point(x: 0, y: 12))
    list.view.setContentOffset(Point(x: 0, y: 14), animated: true)  // within a screen: as drawn
    #expect(list.view.presentationContentOffset == Point(x: 0, y: 12))
    #expect(list.frame(at: 0.2).hasPrefix("hhhhhhhh\nhhhhhhhh\niiiiiiii"))
  }

  @Test("a scroll started while one glides starts from where the screen is, not from the start")
  func scrollRetargets() {
    // Ten rows, so both glides stay within a screen (a longer one glides its last screen only).
    let list = AnimatedScreen(LetterSections("abcdefghijkl"), layout: listLayout(), rows: 10)
    list.draw()
    list.view.scrollToItem(at: IndexPath(item: 3, section: 0), at: .top, animated: true)
    list.frame(at: 0.1)
    #expect(list.view.presentationContentOffset == Point(x: 0, y: 3))
    list.view.scrollToItem(at: IndexPath(item: 6, section: 0), at: .top, animated: true)
    #expect(list.view.destinationContentOffset == Point(x: 0, y: 12))
    #expect(list.draw().hasPrefix("bbbbbbbb\ncccccccc\ncccccccc\ndddddddd"))
    // Half way from 3 (where it was drawn) to 12: 7.5, drawn at row 8.
    #expect(list.frame(at: 0.2).hasPrefix("eeeeeeee\neeeeeeee\nffffffff\nffffffff"))
    #expect(list.frame(at: 0.3).hasPrefix("gggggggg\ngggggggg\nhhhhhhhh"))
  }

  @Test("Page Down glides; held, each press adds a page to the destination without a backlog")
  func pageDownGlides() {
    let list = AnimatedScreen(LetterSections("abcdefghijkl"), layout: listLayout())
    list.draw()
    list.view.handle(.key(.down))  // focuses the first item
    list.view.handle(.key(.pageDown))
    #expect(list.view.destinationContentOffset == Point(x: 0, y: 6))
    #expect(
      list.frame(at: 0.05)
        != screen("dddddddd", "dddddddd", "eeeeeeee", "eeeeeeee", "ffffffff", "ffffffff"))
    list.view.handle(.key(.pageDown))
    #expect(list.view.destinationContentOffset == Point(x: 0, y: 12))
    #expect(list.view.hasRunningAnimations)
    #expect(
      list.frame(at: 0.25)
        == screen("gggggggg", "gggggggg", "hhhhhhhh", "hhhhhhhh", "iiiiiiii", "iiiiiiii"))
    #expect(!list.view.hasRunningAnimations)
  }

  @Test("a page that then scrolls again to keep the new focus whole still glides, to where it ends")
  func pageDownGlidesToTheFocusCorrection() {
    // Rows four points tall in a five-row view: a page lands mid-row, and keeping the newly
    // focused row whole scrolls once more; the glide must end there, not jump.
    let reference = AnimatedScreen(
      LetterSections("abcdefgh"), layout: listLayout(height: 4), rows: 5, animated: false)
    let list = AnimatedScreen(LetterSections("abcdefgh"), layout: listLayout(height: 4), rows: 5)
    for screen in [reference, list] {
      screen.draw()
      screen.view.handle(.key(.down))
      screen.view.handle(.key(.pageDown))
    }
    let start = list.frame(at: 0)
    let settled = reference.draw()
    #expect(list.view.destinationContentOffset == reference.view.contentOffset)
    #expect(list.view.destinationContentOffset.y.truncatingRemainder(dividingBy: 5) != 0)
    #expect(list.view.hasRunningAnimations)
    let halfway = list.frame(at: 0.1)
    #expect(halfway != start && halfway != settled)
    #expect(list.frame(at: 0.25) == settled)
  }

  @Test("a collection view controller tells its run loop it animates while its view does")
  func controllerForwardsAnimating() {
    let source = LetterSections("abcdefgh")
    let controller = CollectionViewController(collectionViewLayout: listLayout())
    let clock = ManualAnimationClock()
    controller.collectionView.animationClock = clock
    controller.collectionView.cellMetrics = CellMetrics(pointsPerColumn: 1, pointsPerRow: 1)
    controller.collectionView.registerLetterViews()
    controller.collectionView.dataSource = source
    let surface = MemorySurface(columns: 8, rows: 6)
    controller.draw(into: surface)
    #expect(!controller.isAnimating)
    controller.collectionView.setContentOffset(Point(x: 0, y: 4), animated: true)
    #expect(controller.isAnimating)
    clock.advance(by: 0.2)
    controller.draw(into: surface)
    #expect(!controller.isAnimating)
  }

  @Test("Home, End and selectItem with a scroll position glide; the arrow keys scroll at once")
  func keysAndSelectionScroll() {
    let list = AnimatedScreen(LetterSections("abcdefghijkl"), layout: listLayout())
    list.draw()
    list.view.handle(.key(.end))
    #expect(list.view.hasRunningAnimations)
    // The end (18) is three screens away: the glide covers the last one, from 12; half way it
    // is at row 15, h's second row.
    #expect(
      list.frame(at: 0.1)
        == screen("hhhhhhhh", "iiiiiiii", "iiiiiiii", "jjjjjjjj", "jjjjjjjj", "kkkkkkkk"))
    #expect(
      list.frame(at: 0.2)
        == screen("jjjjjjjj", "jjjjjjjj", "kkkkkkkk", "kkkkkkkk", "llllllll", "llllllll"))
    list.view.handle(.key(.up))
    list.view.handle(.key(.up))
    list.view.handle(.key(.up))  // the focus reaches i, above the screen: scrolled at once
    #expect(!list.view.hasRunningAnimations)
    #expect(list.draw().hasPrefix("iiiiiiii"))
    // From 16 (i at the top) to 0, the last screen of it: from 6, half way at 3.
    list.view.selectItem(at: IndexPath(item: 0, section: 0), animated: true, scrollPosition: .top)
    #expect(list.view.hasRunningAnimations)
    #expect(
      list.frame(at: 0.3)
        == screen("bbbbbbbb", "cccccccc", "cccccccc", "dddddddd", "dddddddd", "eeeeeeee"))
    list.frame(at: 0.4)
    #expect(list.surface.text.hasPrefix("aaaaaaaa"))
    list.view.handle(.key(.home))
    #expect(!list.view.hasRunningAnimations)  // already there: nothing to glide
  }

  @Test("completion runs once, with true, at the first frame drawn at or after the end")
  func completionRunsOnceAtTheEnd() {
    let list = AnimatedScreen(LetterSections("abcd"), layout: listLayout())
    list.draw()
    var calls: [Bool] = []
    list.view.performBatchUpdates(
      {
        list.source.sections[0].remove(at: 0)
        list.view.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: { calls.append($0) })
    #expect(calls.isEmpty)
    list.frame(at: 0.1)
    #expect(calls.isEmpty)
    list.frame(at: 0.199)
    #expect(calls.isEmpty)
    #expect(list.view.hasRunningAnimations)
    list.frame(at: 0.25)
    #expect(calls == [true])
    list.frame(at: 0.5)
    list.frame(at: 1)
    #expect(calls == [true])
  }

  @Test("a batch made mid-animation starts from what the screen shows and lands as unanimated")
  func batchMidAnimationRetargets() {
    let list = AnimatedScreen(LetterSections("abcde"), layout: listLayout())
    let first = { (screen: AnimatedScreen) in
      screen.view.performBatchUpdates(
        {
          screen.source.sections[0].remove(at: 0)
          screen.view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: nil)
    }
    let second = { (screen: AnimatedScreen) in
      screen.view.performBatchUpdates(
        {
          screen.source.sections[0].remove(at: 0)
          screen.view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: nil)
    }
    list.draw()
    first(list)
    let middle = list.frame(at: 0.1)
    #expect(
      middle == screen("aaaaaaaa", "bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc", "dddddddd"))
    second(list)
    // Nothing jumps: the new animation starts from the frame just drawn (the first deleted item,
    // on its own way out, keeps fading).
    #expect(list.draw() == middle)
    // b fades toward its layout frame (row 0) from where it was drawn (row 1), under c.
    #expect(
      list.frame(at: 0.2) == screen("", "bbbbbbbb", "cccccccc", "cccccccc", "dddddddd", "eeeeeeee"))
    #expect(list.dimLines[1] == "DDDDDDDD")
    let end = list.frame(at: 0.3)
    #expect(
      end
        == unanimated(["abcde"], layout: listLayout()) {
          first($0); second($0)
        })
  }

  @Test("with animations disabled every change lands at once, exactly the unanimated result")
  func disabledAnimationsLandAtOnce() {
    View.setAnimationsEnabled(false)
    defer { View.setAnimationsEnabled(true) }
    let list = AnimatedScreen(LetterSections("abcdef"), layout: listLayout())
    list.draw()
    var calls = 0
    list.view.performBatchUpdates(
      {
        list.source.sections[0].remove(at: 1)
        list.view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: { _ in calls += 1 })
    #expect(calls == 1)
    #expect(!list.view.hasRunningAnimations)
    #expect(
      list.draw() == screen("aaaaaaaa", "aaaaaaaa", "cccccccc", "cccccccc", "dddddddd", "dddddddd"))
    list.view.setContentOffset(Point(x: 0, y: 2), animated: true)
    #expect(!list.view.hasRunningAnimations)
    #expect(list.draw().hasPrefix("cccccccc"))
  }

  @Test("an empty batch after a layout property change animates the change, as in UIKit")
  func emptyBatchAnimatesALayoutChange() {
    let layout = listLayout()
    let list = AnimatedScreen(LetterSections("abc"), layout: layout)
    list.draw()
    layout.itemSize = Size(width: 8, height: 1)
    list.view.performBatchUpdates({}, completion: nil)
    #expect(
      list.frame(at: 0)
        == screen("aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc"))
    #expect(list.frame(at: 0.1) != list.frame(at: 0.2))
    #expect(list.frame(at: 0.2) == screen("aaaaaaaa", "bbbbbbbb", "cccccccc", "", "", ""))
  }
}
