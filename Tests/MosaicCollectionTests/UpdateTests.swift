import MosaicCollection
import MosaicLayout
import Testing

@Suite @MainActor struct UpdateTests {
  func fixture(_ counts: [Int]) -> Fixture {
    let f = Fixture(counts: counts, columns: 4, rows: 4, itemSize: Size(width: 2, height: 1))
    f.draw()
    return f
  }

  @Test func insertBeforeTheFocusShiftsFocusAndSelection() {
    let f = fixture([10, 5])
    f.view.focusItem(at: ip(0, 4))
    f.view.allowsMultipleSelection = true
    f.view.selectItem(at: ip(0, 2), animated: false, scrollPosition: [])
    f.view.selectItem(at: ip(0, 6), animated: false, scrollPosition: [])
    f.view.selectItem(at: ip(1, 0), animated: false, scrollPosition: [])
    f.source.counts[0] += 2
    f.view.insertItems(at: [ip(0, 0), ip(0, 5)])
    // New positions 0 and 5 are taken by the inserts: old 2 → 3, old 4 → 6, old 6 → 8.
    #expect(f.view.indexPathForFocusedItem == ip(0, 6))
    #expect(f.view.indexPathsForSelectedItems == [ip(0, 3), ip(0, 8), ip(1, 0)])
    #expect(f.view.lastUpdateError == nil)
    #expect(f.view.numberOfItems(inSection: 0) == 12)
  }

  @Test func deletingTheFocusedItemHandsFocusToItsSuccessor() {
    let f = fixture([10])
    f.view.focusItem(at: ip(0, 4))
    f.view.selectItem(at: ip(0, 4), animated: false, scrollPosition: [])
    f.source.counts[0] -= 3
    f.view.deleteItems(at: [ip(0, 4), ip(0, 0), ip(0, 9)])
    #expect(f.view.indexPathForFocusedItem == ip(0, 3))
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    f.source.counts[0] = 0
    f.view.deleteItems(at: (0..<7).map { ip(0, $0) })
    #expect(f.view.indexPathForFocusedItem == nil)
  }

  @Test func batchUpdatesUseOldPathsForDeletesAndNewForInserts() {
    let f = fixture([6, 6])
    f.view.focusItem(at: ip(0, 5))
    var completed: Bool?
    f.view.performBatchUpdates {
      f.source.counts = [5, 7]
      f.view.deleteItems(at: [ip(0, 1)])
      f.view.moveItem(at: ip(0, 3), to: ip(1, 0))
      f.view.insertItems(at: [ip(0, 0)])
    } completion: {
      completed = $0
    }
    #expect(completed == true)
    // Old 0.5: one delete and one move-out below it (−2), one insert at 0 (+1).
    #expect(f.view.indexPathForFocusedItem == ip(0, 4))
    f.view.focusItem(at: ip(1, 0))
    #expect(f.view.numberOfItems(inSection: 1) == 7)
  }

  @Test func movingTheFocusedItemCarriesTheFocus() {
    let f = fixture([6, 6])
    f.view.focusItem(at: ip(0, 2))
    f.source.counts = [5, 7]
    f.view.moveItem(at: ip(0, 2), to: ip(1, 3))
    #expect(f.view.indexPathForFocusedItem == ip(1, 3))
  }

  @Test func aCountMismatchIsReportedAndTheViewReloads() {
    let f = fixture([10])
    f.view.focusItem(at: ip(0, 8))
    var reported: [CollectionViewError] = []
    f.view.updateErrorHandler = { reported.append($0) }
    var completed: Bool?
    f.view.performBatchUpdates {
      f.source.counts[0] = 7  // Two items deleted from the model, but only one reported.
      f.view.deleteItems(at: [ip(0, 0)])
    } completion: {
      completed = $0
    }
    #expect(completed == false)
    #expect(reported == [.inconsistentUpdate(section: 0, expected: 9, actual: 7)])
    #expect(f.view.lastUpdateError == reported.first)
    #expect(
      reported.first?.description
        == "inconsistent update: section 0 should contain 9 items after the update (count "
        + "before the update plus inserted minus deleted), but the data source reports 7")
    // Recovered: counts reloaded, focus clamped, the screen drawn from the model.
    #expect(f.view.numberOfItems(inSection: 0) == 7)
    #expect(f.view.indexPathForFocusedItem == ip(0, 6))
    #expect(f.draw() == "aabb\nccdd\neeff\ngg")
  }

  @Test(arguments: [
    (
      PendingCase.deleteOutOfRange,
      "invalid update: item 10 of section 0 is out of range before the update (10 items)"
    ),
    (
      PendingCase.insertOutOfRange,
      "invalid update: item 12 of section 0 is out of range after the update (11 items)"
    ),
    (
      PendingCase.missingSection,
      "invalid update: item 0 of section 3 names a section that does not exist before the update"
    ),
    (
      PendingCase.sectionCount,
      "inconsistent update: the collection view should contain 1 sections after the update, but the data source reports 2"
    ),
    (
      PendingCase.duplicateDelete,
      "invalid update: item 2 of section 0 is deleted or moved more than once"
    ),
  ])
  func invalidUpdatesAreReportedWithAClearMessage(kind: PendingCase, message: String) {
    let f = fixture([10])
    switch kind {
    case .deleteOutOfRange:
      f.source.counts = [9]
      f.view.deleteItems(at: [ip(0, 10)])
    case .insertOutOfRange:
      f.source.counts = [11]
      f.view.insertItems(at: [ip(0, 12)])
    case .missingSection:
      f.view.reloadItems(at: [ip(3, 0)])
    case .sectionCount:
      f.source.counts = [10, 1]
      f.view.reloadItems(at: [ip(0, 0)])
    case .duplicateDelete:
      f.source.counts = [8]
      f.view.deleteItems(at: [ip(0, 2), ip(0, 2)])
    }
    #expect(f.view.lastUpdateError?.description == message)
    #expect(f.view.numberOfSections == f.source.counts.count)
  }

  enum PendingCase: CaseIterable {
    case deleteOutOfRange, insertOutOfRange, missingSection, sectionCount, duplicateDelete
  }

  @Test func updatesKeepVisibleViewsOfItemsThatMoved() {
    let f = fixture([20])
    let before = f.view.statistics.configureCalls
    let cellC = f.view.cellForItem(at: ip(0, 2))
    f.source.counts[0] += 1
    f.view.insertItems(at: [ip(0, 0)])
    f.draw()
    // The cell that showed old item 2 now shows item 3 without being configured again; the
    // inserted item and the one pushed in from below... are configured.
    #expect(f.view.cellForItem(at: ip(0, 3)) === cellC)
    #expect(f.view.statistics.configureCalls == before + 1)
    #expect(
      f.view.statistics.liveViews + f.view.statistics.queuedViews == f.view.statistics.viewsCreated)
  }

  @Test func reloadItemsConfiguresVisibleItemsAgain() {
    let f = fixture([20])
    let before = f.view.statistics.configureCalls
    f.view.reloadItems(at: [ip(0, 1), ip(0, 19)])
    f.draw()
    #expect(f.view.statistics.configureCalls == before + 1)
  }

  @Test func reloadDataKeepsFocusSensible() {
    let f = fixture([10, 10])
    f.view.focusItem(at: ip(1, 8))
    f.view.selectItem(at: ip(1, 8), animated: false, scrollPosition: [])
    f.source.counts = [10, 3]
    f.view.reloadData()
    #expect(f.view.indexPathForFocusedItem == ip(1, 2))
    #expect(f.view.indexPathsForSelectedItems.isEmpty)
    f.source.counts = [4, 0]
    f.view.reloadData()
    #expect(f.view.indexPathForFocusedItem == ip(0, 3))
    f.source.counts = []
    f.view.reloadData()
    #expect(f.view.indexPathForFocusedItem == nil)
    #expect(f.draw() == "\n\n\n")
    f.key(.down)
    #expect(f.view.indexPathForFocusedItem == nil)
  }

  @Test func reloadDataClampsTheOffsetWhenContentShrinks() {
    let f = fixture([100])
    f.key(.end)
    #expect(f.view.contentOffset.y == 46)
    f.source.counts = [10]
    f.view.reloadData()
    #expect(f.view.contentOffset.y == 1)
    #expect(f.view.indexPathForFocusedItem == ip(0, 9))
    #expect(f.draw() == "ccdd\neeff\ngghh\niijj")
  }
}
