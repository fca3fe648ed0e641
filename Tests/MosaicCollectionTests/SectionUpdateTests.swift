import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A UIKit-style data source over an array of sections, each an array of letters; a section's
/// header shows its first letter in capitals. It indexes its arrays directly, as client code does.
final class Shelves: CollectionViewDataSource, CollectionViewDelegate {
  var sections: [[Character]]
  var selected: [IndexPath] = []

  init(_ sections: [String]) { self.sections = sections.map(Array.init) }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      LetterCell.self, withReuseIdentifier: "letter", for: indexPath)
    cell.letter = sections[indexPath.section][indexPath.item]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      LetterHeader.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    header.letter = Character(
      sections[indexPath.section].first.map(String.init)?.uppercased() ?? "-")
    return header
  }
}

/// Section updates (`insertSections`, `deleteSections`, `moveSection(_:toSection:)`,
/// `reloadSections`), alone and in batches with item updates, with UIKit's old and new index
/// rules and count validation.
@Suite @MainActor struct SectionUpdateTests {
  /// A 4 × 8 view, one letter a cell, a one-row header above each section.
  func make(_ sections: [String]) -> (Shelves, CollectionView, MemorySurface) {
    let shelves = Shelves(sections)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 4, rows: 8),
      collectionViewLayout: GridLayout(itemSize: Size(width: 1, height: 1), headerExtent: 1),
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = shelves
    view.delegate = shelves
    let surface = MemorySurface(columns: 4, rows: 8)
    view.draw(into: surface)
    return (shelves, view, surface)
  }

  func screen(_ view: CollectionView, _ surface: MemorySurface) -> String {
    view.draw(into: surface)
    return surface.text.replacingOccurrences(of: "\n", with: "|")
  }

  @Test("insertSections(_:) shows the new sections at their new indices")
  func insertSections() {
    let (shelves, view, surface) = make(["ab", "cd"])
    shelves.sections.insert(Array("xy"), at: 1)
    view.insertSections([1])
    #expect(view.lastUpdateError == nil)
    #expect(view.numberOfSections == 3)
    #expect(screen(view, surface) == "AAAA|ab|XXXX|xy|CCCC|cd||")
  }

  @Test("deleteSections(_:) takes the sections and their cells and headers off the screen")
  func deleteSections() {
    let (shelves, view, surface) = make(["ab", "cd", "ef"])
    shelves.sections.remove(at: 0)
    shelves.sections.remove(at: 1)
    view.deleteSections([0, 2])
    #expect(view.lastUpdateError == nil)
    #expect(screen(view, surface) == "CCCC|cd||||||")
  }

  @Test("moveSection(_:toSection:) carries the section, its header and its items")
  func moveSection() {
    let (shelves, view, surface) = make(["ab", "cd", "ef"])
    shelves.sections.append(shelves.sections.removeFirst())
    view.performBatchUpdates({ view.moveSection(0, toSection: 2) }, completion: nil)
    #expect(view.lastUpdateError == nil)
    #expect(screen(view, surface) == "CCCC|cd|EEEE|ef|AAAA|ab||")
  }

  @Test("reloadSections(_:) reads a section again, whatever its new count")
  func reloadSections() {
    let (shelves, view, surface) = make(["ab", "cd"])
    shelves.sections[1] = Array("pqr")
    view.reloadSections([1])
    #expect(view.lastUpdateError == nil)
    #expect(view.numberOfItems(inSection: 1) == 3)
    #expect(screen(view, surface) == "AAAA|ab|PPPP|pqr||||")
  }

  @Test("a mixed batch: item paths of deletes in old sections, of inserts in new sections")
  func mixedBatch() {
    let (shelves, view, surface) = make(["ab", "cd", "ef"])
    view.performBatchUpdates {
      shelves.sections.remove(at: 0)  // old section 0
      shelves.sections[1].remove(at: 0)  // "e": old 2.0
      shelves.sections[0].insert("z", at: 0)  // new 0.0, in old section 1
      shelves.sections.append(Array("gh"))  // new section 2
      view.deleteSections([0])
      view.deleteItems(at: [IndexPath(item: 0, section: 2)])
      view.insertItems(at: [IndexPath(item: 0, section: 0)])
      view.insertSections([2])
    }
    #expect(view.lastUpdateError == nil)
    // Headers of surviving sections keep their views, unconfigured, as in UIKit: "C" and "E"
    // followed their sections.
    #expect(screen(view, surface) == "CCCC|zcd|EEEE|f|GGGG|gh||")
  }

  @Test("focus and selection follow their items when sections move or go")
  func focusAndSelectionFollow() {
    let (shelves, view, _) = make(["ab", "cd", "ef"])
    view.focusItem(at: IndexPath(item: 1, section: 2))
    view.allowsMultipleSelection = true
    view.selectItem(at: IndexPath(item: 0, section: 1), animated: false, scrollPosition: [])
    view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
    shelves.sections.remove(at: 0)
    view.deleteSections([0])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 1, section: 1))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    shelves.sections.swapAt(0, 1)
    view.moveSection(1, toSection: 0)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 1, section: 0))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 1)])
    // A deleted focused section hands the focus to the section that takes its place.
    shelves.sections.remove(at: 0)
    view.deleteSections([0])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
  }

  /// A batch that should be refused: the model change and the calls describing it.
  struct Refused: CustomTestStringConvertible, Sendable {
    let name: String
    let model: @Sendable (inout [[Character]]) -> Void
    let calls: @MainActor @Sendable (CollectionView) -> Void
    let error: CollectionViewError
    var testDescription: String { name }
  }

  nonisolated static let refusals: [Refused] = [
    Refused(
      name: "an item deleted from a deleted section",
      model: { $0.remove(at: 0) },
      calls: {
        $0.deleteSections([0])
        $0.deleteItems(at: [IndexPath(item: 0, section: 0)])
      },
      error: .invalidIndexPath(
        IndexPath(item: 0, section: 0), reason: "is in a section the same batch deletes")),
    Refused(
      name: "an item inserted into an inserted section",
      model: { $0.insert(Array("x"), at: 0) },
      calls: {
        $0.insertSections([0])
        $0.insertItems(at: [IndexPath(item: 0, section: 0)])
      },
      error: .invalidIndexPath(
        IndexPath(item: 0, section: 0), reason: "is in a section the same batch inserts")),
    Refused(
      name: "an item reloaded in a reloaded section",
      model: { _ in },
      calls: {
        $0.reloadSections([1])
        $0.reloadItems(at: [IndexPath(item: 0, section: 1)])
      },
      error: .invalidIndexPath(
        IndexPath(item: 0, section: 1), reason: "is in a section the same batch reloads")),
    Refused(
      name: "a section count that does not add up",
      model: { $0.removeAll() },
      calls: { $0.deleteSections([0]) },
      error: .inconsistentSectionCount(expected: 1, actual: 0)),
    Refused(
      name: "a moved section's item count that does not add up",
      model: {
        $0.swapAt(0, 1)
        $0[0].removeLast()
      },
      calls: { $0.moveSection(0, toSection: 1) },
      error: .inconsistentUpdate(section: 0, expected: 2, actual: 1)),
    Refused(
      name: "a section out of range",
      model: { _ in },
      calls: { $0.deleteSections([5]) },
      error: .invalidSection(5, reason: "does not exist before the update (2 sections)")),
    Refused(
      name: "a section deleted and reloaded",
      model: { $0.remove(at: 0) },
      calls: {
        $0.deleteSections([0])
        $0.reloadSections([0])
      },
      error: .invalidSection(0, reason: "is deleted, reloaded or moved more than once")),
  ]

  @Test("an inconsistent section update is reported and the view reloads", arguments: refusals)
  func refused(_ case_: Refused) {
    let (shelves, view, surface) = make(["ab", "cd"])
    var reported: [CollectionViewError] = []
    view.updateErrorHandler = { reported.append($0) }
    var completed: Bool?
    view.performBatchUpdates {
      case_.model(&shelves.sections)
      case_.calls(view)
    } completion: {
      completed = $0
    }
    #expect(completed == false)
    #expect(reported == [case_.error])
    #expect(view.lastUpdateError == case_.error)
    // Reloaded: the screen shows the model as it is.
    #expect(view.numberOfSections == shelves.sections.count)
    _ = screen(view, surface)
  }
}
