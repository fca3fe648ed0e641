import Foundation
import MosaicCollection
import MosaicLayout
import Testing

// Two traps a UIKit port fell into, written as iOS code is written: a delegate that reads its
// cell's state in didSelect/didDeselect, and a custom layout that tells a section's update
// from an item's with `NSNotFound`.

/// A cell that remembers nothing: its state is read from the collection view.
final class TrapCell: CollectionViewCell {}

/// A delegate reading the cell's `isSelected` inside the selection callbacks, as an iOS
/// delegate that restyles its cell there does.
final class SelectionWitness: CollectionViewDataSource, CollectionViewDelegate {
  var seenOnSelect: [Bool?] = []
  var seenOnDeselect: [Bool?] = []

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { 3 }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(TrapCell.self, withReuseIdentifier: "cell", for: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    seenOnSelect.append(collectionView.cellForItem(at: indexPath)?.isSelected)
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    seenOnDeselect.append(collectionView.cellForItem(at: indexPath)?.isSelected)
  }
}

/// A custom layout that sorts the batch into section and item changes the iOS way.
final class SectionAwareLayout: FlowLayout {
  var insertedSections: [Int] = []
  var insertedItems: [IndexPath] = []
  var deletedSections: [Int] = []

  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    for updateItem in updateItems {
      switch updateItem.updateAction {
      case .insert:
        guard let path = updateItem.indexPathAfterUpdate else { continue }
        if path.item == NSNotFound {
          insertedSections.append(path.section)
        } else {
          insertedItems.append(path)
        }
      case .delete:
        if let path = updateItem.indexPathBeforeUpdate, path.item == NSNotFound {
          deletedSections.append(path.section)
        }
      default: break
      }
    }
  }
}

/// Sections of items, changed by the test.
final class SectionedNumbers: CollectionViewDataSource {
  var sections = [3, 2]

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { sections[section] }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(TrapCell.self, withReuseIdentifier: "cell", for: indexPath)
  }
}

@MainActor @Suite struct UIKitTrapsTests {
  func flow() -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 80, height: 16)
    return layout
  }

  @Test("inside didSelectItemAt the cell is already selected, inside didDeselectItemAt not")
  func selectionStateLeadsTheDelegate() {
    let witness = SelectionWitness()
    let collectionView = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 40, rows: 10),
      collectionViewLayout: flow())
    collectionView.register(TrapCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.allowsMultipleSelection = true
    collectionView.dataSource = witness
    collectionView.delegate = witness
    collectionView.layoutIfNeeded()
    collectionView.pressItem(at: IndexPath(item: 1, section: 0))
    #expect(witness.seenOnSelect == [true])
    collectionView.pressItem(at: IndexPath(item: 1, section: 0))
    #expect(witness.seenOnDeselect == [false])
  }

  @Test("with single selection, the item given up is deselected before its delegate call too")
  func singleSelectionDeselectsTheOtherFirst() {
    let witness = SelectionWitness()
    let collectionView = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 40, rows: 10),
      collectionViewLayout: flow())
    collectionView.register(TrapCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = witness
    collectionView.delegate = witness
    collectionView.layoutIfNeeded()
    collectionView.pressItem(at: IndexPath(item: 0, section: 0))
    collectionView.pressItem(at: IndexPath(item: 2, section: 0))
    #expect(witness.seenOnSelect == [true, true])
    #expect(witness.seenOnDeselect == [false])
  }

  @Test("a section's update item has item == NSNotFound, as in UIKit")
  func sectionUpdatesAreToldApartWithNSNotFound() {
    let numbers = SectionedNumbers()
    let layout = SectionAwareLayout()
    layout.itemSize = Size(width: 80, height: 16)
    let collectionView = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 40, rows: 10),
      collectionViewLayout: layout)
    collectionView.register(TrapCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = numbers
    collectionView.layoutIfNeeded()
    collectionView.performBatchUpdates(
      {
        // A new first section, and an item added to the old first (now the second).
        numbers.sections = [1, 4, 2]
        collectionView.insertSections(IndexSet(integer: 0))
        collectionView.insertItems(at: [IndexPath(item: 0, section: 1)])
      }, completion: nil)
    #expect(layout.insertedSections == [0])
    #expect(layout.insertedItems == [IndexPath(item: 0, section: 1)])
    collectionView.performBatchUpdates(
      {
        numbers.sections.remove(at: 2)
        collectionView.deleteSections(IndexSet(integer: 2))
      }, completion: nil)
    #expect(layout.deletedSections == [2])
  }
}
