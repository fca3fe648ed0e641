import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A flow layout that records the update hooks it is called with, as a UIKit layout subclass
/// overriding `prepare(forCollectionViewUpdates:)` and `finalizeCollectionViewUpdates()` would.
final class UpdateRecordingLayout: FlowLayout {
  /// What each hook was called with, in order: the update items, and the item counts the layout
  /// had been prepared for when it heard of them.
  var log: [String] = []
  var received: [[CollectionViewUpdateItem]] = []
  var preparedCounts: [Int] = []

  override init() {
    super.init()
    itemSize = Size(width: 1, height: 1)
    minimumLineSpacing = 0
    minimumInteritemSpacing = 0
  }

  override func prepare() {
    super.prepare()
    let view = collectionView
    let sections = view?.numberOfSections ?? 0
    preparedCounts = (0..<sections).map { view?.numberOfItems(inSection: $0) ?? 0 }
  }

  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    received.append(updateItems)
    log.append("prepare(forCollectionViewUpdates:) after prepare() for \(preparedCounts)")
  }

  override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    log.append("finalizeCollectionViewUpdates()")
  }
}

/// The layout hears of each applied batch as UIKit tells it: `prepare(forCollectionViewUpdates:)`
/// with the batch's update items once it is prepared for the new counts, then
/// `finalizeCollectionViewUpdates()`.
@Suite @MainActor struct LayoutUpdateHookTests {
  func make(_ sections: [String]) -> (Shelves, CollectionView, UpdateRecordingLayout) {
    let shelves = Shelves(sections)
    let layout = UpdateRecordingLayout()
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 4, rows: 8), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = shelves
    view.draw(into: MemorySurface(columns: 4, rows: 8))
    return (shelves, view, layout)
  }

  @Test("a batch of item and section changes reaches the layout in UIKit's order")
  func batchReachesTheLayout() {
    let (shelves, view, layout) = make(["abc", "de", "fg", "hi"])
    view.performBatchUpdates(
      {
        shelves.sections.remove(at: 3)  // old section 3
        shelves.sections[0].remove(at: 2)  // old 0.2
        shelves.sections[0].remove(at: 0)  // old 0.0
        shelves.sections[1][0] = "D"  // old 1.0 reloaded
        shelves.sections.insert(Array("xy"), at: 1)  // new section 1
        shelves.sections[0].append("z")  // new 0.1
        let moved = shelves.sections[2].removeLast()  // old 1.1 "e" ...
        shelves.sections[3].insert(moved, at: 0)  // ... to new 3.0
        view.deleteSections([3])
        view.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])
        view.reloadItems(at: [IndexPath(item: 0, section: 1)])
        view.insertSections([1])
        view.insertItems(at: [IndexPath(item: 1, section: 0)])
        view.moveItem(at: IndexPath(item: 1, section: 1), to: IndexPath(item: 0, section: 3))
      }, completion: nil)
    #expect(view.lastUpdateError == nil)
    #expect(
      layout.log == [
        "prepare(forCollectionViewUpdates:) after prepare() for [2, 2, 1, 3]",
        "finalizeCollectionViewUpdates()",
      ])
    #expect(
      layout.received.first?.map(\.description) == [
        "delete [3] → -", "reload [1, 0] → [2, 0]", "delete [0, 2] → -", "delete [0, 0] → -",
        "insert - → [0, 1]", "insert - → [1]", "move [1, 1] → [3, 0]",
      ])
  }

  @Test("each batch is announced once, and an inconsistent one not at all")
  func oneAnnouncementPerBatch() {
    let (shelves, view, layout) = make(["ab"])
    shelves.sections[0].append("c")
    view.insertItems(at: [IndexPath(item: 2, section: 0)])
    #expect(layout.received.map { $0.map(\.description) } == [["insert - → [0, 2]"]])
    shelves.sections[0].append("d")
    view.deleteItems(at: [IndexPath(item: 0, section: 0)])  // the count went up, not down
    #expect(view.lastUpdateError != nil)
    #expect(layout.received.count == 1)
    #expect(layout.log.filter { $0.hasPrefix("finalize") }.count == 1)
  }
}
