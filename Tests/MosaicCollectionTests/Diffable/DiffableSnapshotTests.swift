import Foundation
import Testing

@testable import MosaicCollection

/// `DiffableDataSourceSnapshot` as iOS code uses `NSDiffableDataSourceSnapshot`: each change, then
/// every query, against answers worked out by hand.
@Suite struct DiffableSnapshotTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

  /// Two sections, "a" with 1 2 3 and "b" with 4 5.
  func twoSections() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5])  // no section: the last one
    return snapshot
  }

  /// Every query, compared with the sections written out.
  func expect(
    _ snapshot: Snapshot, _ expected: [(String, [Int])],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(snapshot.sectionIdentifiers == expected.map(\.0), sourceLocation: sourceLocation)
    #expect(snapshot.itemIdentifiers == expected.flatMap(\.1), sourceLocation: sourceLocation)
    #expect(snapshot.numberOfSections == expected.count, sourceLocation: sourceLocation)
    #expect(
      snapshot.numberOfItems == expected.reduce(0) { $0 + $1.1.count },
      sourceLocation: sourceLocation)
    var flat = 0
    for (sectionIndex, (section, items)) in expected.enumerated() {
      #expect(snapshot.indexOfSection(section) == sectionIndex, sourceLocation: sourceLocation)
      #expect(snapshot.itemIdentifiers(inSection: section) == items, sourceLocation: sourceLocation)
      #expect(
        snapshot.numberOfItems(inSection: section) == items.count, sourceLocation: sourceLocation)
      for (itemIndex, item) in items.enumerated() {
        #expect(snapshot.indexOfItem(item) == flat, "\(item)", sourceLocation: sourceLocation)
        #expect(
          snapshot.sectionIdentifier(containingItem: item) == section, "\(item)",
          sourceLocation: sourceLocation)
        #expect(
          snapshot.indexPath(of: item) == IndexPath(item: itemIndex, section: sectionIndex),
          sourceLocation: sourceLocation)
        #expect(
          snapshot.itemIdentifier(at: IndexPath(item: itemIndex, section: sectionIndex)) == item,
          sourceLocation: sourceLocation)
        flat += 1
      }
    }
  }

  @Test func appendingBuildsSectionsInOrder() {
    let snapshot = twoSections()
    expect(snapshot, [("a", [1, 2, 3]), ("b", [4, 5])])
    #expect(snapshot.indexOfItem(99) == nil)
    #expect(snapshot.sectionIdentifier(containingItem: 99) == nil)
    #expect(snapshot.indexOfSection("z") == nil)
    #expect(Snapshot().numberOfItems == 0 && Snapshot().sectionIdentifiers.isEmpty)
  }

  @Test func insertingBeforeAndAfterItems() {
    var snapshot = twoSections()
    snapshot.insertItems([10, 11], beforeItem: 1)
    snapshot.insertItems([12], afterItem: 3)  // the last of "a": stays in "a"
    snapshot.insertItems([13], beforeItem: 4)  // the first of "b": goes in "b"
    snapshot.insertItems([14], afterItem: 5)
    expect(snapshot, [("a", [10, 11, 1, 2, 3, 12]), ("b", [13, 4, 5, 14])])
  }

  @Test func deletingItemsAndPassingOverUnknownOnes() {
    var snapshot = twoSections()
    snapshot.deleteItems([2, 4, 42, 2])
    expect(snapshot, [("a", [1, 3]), ("b", [5])])
    snapshot.deleteItems([5])
    expect(snapshot, [("a", [1, 3]), ("b", [])])
    snapshot.appendItems([6], toSection: "b")
    expect(snapshot, [("a", [1, 3]), ("b", [6])])
    snapshot.deleteAllItems()
    expect(snapshot, [])
  }

  @Test func movingItemsWithinAndAcrossSections() {
    var snapshot = twoSections()
    snapshot.moveItem(3, beforeItem: 1)
    expect(snapshot, [("a", [3, 1, 2]), ("b", [4, 5])])
    snapshot.moveItem(1, afterItem: 5)
    expect(snapshot, [("a", [3, 2]), ("b", [4, 5, 1])])
    snapshot.moveItem(4, beforeItem: 2)
    expect(snapshot, [("a", [3, 4, 2]), ("b", [5, 1])])
    snapshot.moveItem(3, afterItem: 2)
    expect(snapshot, [("a", [4, 2, 3]), ("b", [5, 1])])
  }

  @Test func sectionsAreInsertedMovedAndDeletedWithTheirItems() {
    var snapshot = twoSections()
    snapshot.insertSections(["first"], beforeSection: "a")
    snapshot.insertSections(["middle"], afterSection: "a")
    snapshot.appendItems([7], toSection: "middle")
    expect(snapshot, [("first", []), ("a", [1, 2, 3]), ("middle", [7]), ("b", [4, 5])])
    snapshot.moveSection("b", beforeSection: "a")
    expect(snapshot, [("first", []), ("b", [4, 5]), ("a", [1, 2, 3]), ("middle", [7])])
    snapshot.moveSection("first", afterSection: "middle")
    expect(snapshot, [("b", [4, 5]), ("a", [1, 2, 3]), ("middle", [7]), ("first", [])])
    snapshot.deleteSections(["a", "nowhere"])
    expect(snapshot, [("b", [4, 5]), ("middle", [7]), ("first", [])])
    snapshot.appendItems([8])
    expect(snapshot, [("b", [4, 5]), ("middle", [7]), ("first", [8])])
    // Deleted items may come back, anywhere.
    snapshot.appendItems([1, 2], toSection: "b")
    expect(snapshot, [("b", [4, 5, 1, 2]), ("middle", [7]), ("first", [8])])
  }

  @Test func reloadAndReconfigureMarksAreKeptOnceAndDroppedWithTheirItems() {
    var snapshot = twoSections()
    snapshot.reloadItems([2, 4, 2])
    snapshot.reconfigureItems([5])
    snapshot.reloadSections(["b"])
    #expect(snapshot.reloadedItemIdentifiers == [2, 4])
    #expect(snapshot.reconfiguredItemIdentifiers == [5])
    #expect(snapshot.reloadedSectionIdentifiers == ["b"])
    snapshot.moveItem(2, afterItem: 5)  // a move keeps the mark
    #expect(snapshot.reloadedItemIdentifiers == [2, 4])
    snapshot.deleteItems([4])
    #expect(snapshot.reloadedItemIdentifiers == [2])
    snapshot.deleteSections(["b"])
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
  }

  @Test func aCopyIsAValue() {
    let original = twoSections()
    var copy = original
    copy.appendItems([6])
    copy.deleteItems([1])
    expect(original, [("a", [1, 2, 3]), ("b", [4, 5])])
    expect(copy, [("a", [2, 3]), ("b", [4, 5, 6])])
  }

  // MARK: What UIKit traps on

  @Test func duplicateItemsAreRefusedAndTheSnapshotIsLeftAsItWas() {
    var snapshot = twoSections()
    #expect(
      throws: DiffableDataSourceError.duplicateItems(["2"], method: "appendItems(_:toSection:)")
    ) {
      try snapshot.checkedAppendItems([9, 2], toSection: "b")
    }
    expect(snapshot, [("a", [1, 2, 3]), ("b", [4, 5])])
    #expect(
      throws: DiffableDataSourceError.duplicateItems(["7"], method: "appendItems(_:toSection:)")
    ) {
      try snapshot.checkedAppendItems([7, 7], toSection: nil)
    }
    expect(snapshot, [("a", [1, 2, 3]), ("b", [4, 5])])
    #expect(
      throws: DiffableDataSourceError.duplicateItems(["4"], method: "insertItems(_:beforeItem:)")
    ) {
      try snapshot.checkedInsertItems([4], relativeTo: 1, after: false)
    }
    expect(snapshot, [("a", [1, 2, 3]), ("b", [4, 5])])
  }

  @Test func duplicateSectionsMissingIdentifiersAndNoSectionAreRefused() {
    var snapshot = twoSections()
    #expect(throws: DiffableDataSourceError.duplicateSections(["a"], method: "appendSections(_:)"))
    {
      try snapshot.checkedInsertSections(["c", "a"], at: 2, method: "appendSections(_:)")
    }
    #expect(snapshot.sectionIdentifiers == ["a", "b"])
    #expect(throws: DiffableDataSourceError.missingItem("9", method: "insertItems(_:afterItem:)")) {
      try snapshot.checkedInsertItems([10], relativeTo: 9, after: true)
    }
    #expect(
      throws: DiffableDataSourceError.missingSection("z", method: "appendItems(_:toSection:)")
    ) {
      try snapshot.checkedAppendItems([10], toSection: "z")
    }
    #expect(
      throws: DiffableDataSourceError.relativeToItself("1", method: "moveItem(_:beforeItem:)")
    ) {
      try snapshot.checkedMoveItem(1, relativeTo: 1, after: false)
    }
    #expect(throws: DiffableDataSourceError.missingItem("9", method: "reloadItems(_:)")) {
      try snapshot.checkedMark([1, 9], in: \.reloadedItems, method: "reloadItems(_:)")
    }
    var empty = Snapshot()
    #expect(throws: DiffableDataSourceError.noSections(method: "appendItems(_:toSection:)")) {
      try empty.checkedAppendItems([1], toSection: nil)
    }
    expect(snapshot, [("a", [1, 2, 3]), ("b", [4, 5])])
  }

  @Test func theMessagesNameTheCulpritAndTheMethod() {
    let many = DiffableDataSourceError.duplicateItems(
      ["1", "2", "3", "4", "5", "6", "7"], method: "appendItems(_:toSection:)")
    #expect(
      many.description
        == "Mosaic: appendItems(_:toSection:): item identifiers must be unique in a snapshot; "
        + "given twice or already present: 1, 2, 3, 4, 5 and 2 more")
    #expect(
      DiffableDataSourceError.noSections(method: "appendItems(_:toSection:)").description
        .contains("call appendSections(_:) first"))
  }

  @Test("appending an item twice stops the program with a message naming it, as UIKit traps")
  func duplicateAppendTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<Int, String>()
      snapshot.appendSections([0])
      snapshot.appendItems(["neon", "argon", "neon"])
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("item identifiers must be unique"), "\(message)")
    #expect(message.contains("neon"), "\(message)")
  }

  @Test("appending a section twice stops the program")
  func duplicateSectionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["metals", "gases", "metals"])
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("section identifiers must be unique"), "\(message)")
    #expect(message.contains("metals"), "\(message)")
  }
}
