import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A UIKit-style data source over an array of letters, one section, one letter per cell; it
/// indexes its array directly, as client code does, so a stale count would crash it.
final class LetterList: CollectionViewDataSource {
  var letters: [Character]

  init(_ letters: String) { self.letters = Array(letters) }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    letters.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      LetterCell.self, withReuseIdentifier: "letter", for: indexPath)
    cell.letter = letters[indexPath.item]
    return cell
  }
}

/// `performBatchUpdates` written the way UIKit code writes it: the model changes inside the
/// closure, and the completion is nil or left out.
@Suite @MainActor struct BatchUpdateClientTests {
  /// A 4 × 2 view, one letter a cell, over "abcdef".
  func make() -> (LetterList, CollectionView, MemorySurface) {
    let list = LetterList("abcdef")
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 4, rows: 2),
      collectionViewLayout: GridLayout(itemSize: Size(width: 1, height: 1)),
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    view.dataSource = list
    return (list, view, MemorySurface(columns: 4, rows: 2))
  }

  @Test("a batch with completion: nil is applied: new counts, deleted cells gone from the screen")
  func nilCompletionAppliesTheBatch() throws {
    let (list, view, surface) = make()
    view.draw(into: surface)
    #expect(surface.text == "abcd\nef")
    view.performBatchUpdates(
      {
        list.letters.removeSubrange(3...5)
        view.deleteItems(at: [3, 4, 5].map { IndexPath(item: $0, section: 0) })
      }, completion: nil)
    try #require(view.numberOfItems(inSection: 0) == 3)
    view.draw(into: surface)
    #expect(surface.text == "abc\n")
    #expect(view.lastUpdateError == nil)
  }

  @Test("a batch written with a trailing closure alone is applied")
  func trailingClosureAppliesTheBatch() throws {
    let (list, view, surface) = make()
    view.draw(into: surface)
    view.performBatchUpdates {
      list.letters.remove(at: 0)
      list.letters.remove(at: 4)  // "f", 5 before the batch
      view.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 5, section: 0)])
    }
    try #require(view.numberOfItems(inSection: 0) == 4)
    view.draw(into: surface)
    #expect(surface.text == "bcde\n")
    #expect(view.indexPathsForVisibleItems.count == 4)
  }
}
