import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A flow layout whose inserted items slide in from the left and whose deleted items slide out
/// to the right, as a UIKit subclass writes it.
final class SlidingFlowLayout: FlowLayout {
  var inserted: Set<IndexPath> = []
  var deleted: Set<IndexPath> = []

  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    inserted = []
    deleted = []
    for update in updateItems {
      if update.updateAction == .insert, let path = update.indexPathAfterUpdate {
        inserted.insert(path)
      }
      if update.updateAction == .delete, let path = update.indexPathBeforeUpdate {
        deleted.insert(path)
      }
    }
  }

  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    guard inserted.contains(itemIndexPath), let attributes else { return attributes }
    attributes.alpha = 1
    attributes.frame = attributes.frame.offsetBy(dx: -attributes.frame.width, dy: 0)
    return attributes
  }

  override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    guard deleted.contains(itemIndexPath), let attributes else { return attributes }
    attributes.alpha = 1
    attributes.frame = attributes.frame.offsetBy(dx: attributes.frame.width, dy: 0)
    return attributes
  }
}

/// The layout's initial and final attributes shape how items come and go.
@Suite @MainActor struct AnimationHookTests {
  func slidingList() -> SlidingFlowLayout {
    let layout = SlidingFlowLayout()
    layout.itemSize = Size(width: 8, height: 2)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    return layout
  }

  @Test("a subclass's initial attributes slide an inserted item in from the left")
  func insertedItemSlidesIn() {
    let list = AnimatedScreen(LetterSections("abc"), layout: slidingList())
    list.draw()
    list.view.performBatchUpdates(
      {
        list.source.sections[0].insert("x", at: 1)
        list.view.insertItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: nil)
    #expect(
      list.frame(at: 0)
        == screen("aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb", "cccccccc", "cccccccc"))
    #expect(
      list.frame(at: 0.1)
        == screen("aaaaaaaa", "aaaaaaaa", "xxxx", "bbbbbbbb", "bbbbbbbb", "cccccccc"))
    #expect(list.dimLines[2] == "........")  // alpha 1 all the way: not dimmed
    #expect(
      list.frame(at: 0.2)
        == screen("aaaaaaaa", "aaaaaaaa", "xxxxxxxx", "xxxxxxxx", "bbbbbbbb", "bbbbbbbb"))
  }

  @Test("a subclass's final attributes slide a deleted item out to the right")
  func deletedItemSlidesOut() {
    let list = AnimatedScreen(LetterSections("abcd"), layout: slidingList())
    list.draw()
    list.view.performBatchUpdates(
      {
        list.source.sections[0].remove(at: 1)
        list.view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: nil)
    #expect(
      list.frame(at: 0.1)
        == screen("aaaaaaaa", "aaaaaaaa", "    bbbb", "cccccccc", "cccccccc", "dddddddd"))
    #expect(
      list.frame(at: 0.2)
        == screen("aaaaaaaa", "aaaaaaaa", "cccccccc", "cccccccc", "dddddddd", "dddddddd"))
  }

  @Test("views that exist only for an animation are recycled: 1000 animated batches stay bounded")
  func animationViewsAreRecycled() {
    let list = AnimatedScreen(LetterSections("abcdefghij"), layout: listLayout())
    list.draw()
    for round in 0..<1000 {
      // Delete the first item and add one at the end, advancing less than a whole animation, so
      // several batches overlap.
      list.view.performBatchUpdates(
        {
          list.source.sections[0].removeFirst()
          list.source.sections[0].append(LetterCell.letter(for: round))
          list.view.deleteItems(at: [IndexPath(item: 0, section: 0)])
          list.view.insertItems(at: [IndexPath(item: 9, section: 0)])
        }, completion: nil)
      list.clock.advance(by: 0.07)
      list.draw()
    }
    list.frame(at: list.clock.now + 1)
    #expect(!list.view.hasRunningAnimations)
    // Three rows of items on screen, one more partly, and the animations' passengers.
    #expect(list.view.statistics.maxLiveViews <= 12)
    #expect(list.view.statistics.viewsCreated <= 16)
    #expect(list.view.statistics.liveViews == 3)
  }
}
