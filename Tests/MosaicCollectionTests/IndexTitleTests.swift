import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A data source with one section of words per letter and the letters as its index titles, as
/// a UIKit contacts list has them.
final class IndexedWordSource: CollectionViewDataSource {
  let sections: [[String]]
  let letters: [String]
  var givesTitles = true
  /// Every `indexPathForIndexTitle` call, as "C 2".
  var asked: [String] = []

  init(_ sections: [[String]], letters: [String]) {
    self.sections = sections
    self.letters = letters
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { sections[section].count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      WordCell.self, withReuseIdentifier: "word", for: indexPath)
    cell.word = sections[indexPath.section][indexPath.item]
    return cell
  }

  func indexTitles(for collectionView: CollectionView) -> [String]? {
    givesTitles ? letters : nil
  }

  func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    asked.append("\(title) \(index)")
    return IndexPath(item: 0, section: index)
  }
}

/// The index strip: the data source's titles in a column at the trailing edge, elided with dots
/// when the view is short; a click on a title or its letter typed moves the focus there.
@MainActor @Suite struct IndexTitleTests {
  /// A: ant ape asp, B: bee bat, C: cat cow cod cub, D: dog; two 3-column items a row at 9
  /// columns, the strip in the last one.
  func fourLetters(rows: Int = 6) -> (IndexedWordSource, CollectionView, MemorySurface) {
    let source = IndexedWordSource(
      [["ant", "ape", "asp"], ["bee", "bat"], ["cat", "cow", "cod", "cub"], ["dog"]],
      letters: ["A", "B", "C", "D"])
    let (view, surface) = wordView(source, columns: 9, rows: rows)
    (view.collectionViewLayout as? FlowLayout)?.sectionInset = EdgeInsets(
      top: 0, left: 0, bottom: 0, right: 2)
    view.invalidateLayout()
    return (source, view, surface)
  }

  @Test("the titles are drawn in a column along the trailing edge, centred in the height")
  func stripIsDrawn() {
    let (source, view, surface) = fourLetters()
    #expect(source.asked.isEmpty)
    #expect(
      screen(view, surface) == [
        "ant ape  ",
        "asp     A",
        "bee bat B",
        "cat cow C",
        "cod cub D",
        "dog      ",
      ])
  }

  @Test("no strip when the data source gives no titles")
  func noStripWithoutTitles() {
    let (source, view, surface) = fourLetters()
    source.givesTitles = false
    #expect(screen(view, surface)[1] == "asp      ")
    #expect(!view.handle(.key(.character("c"))))
    #expect(view.indexPathForFocusedItem == nil)
  }

  @Test("typing a title's letter moves the focus to the item the data source names")
  func letterJumps() {
    let (source, view, surface) = fourLetters(rows: 3)
    _ = screen(view, surface)
    #expect(view.handle(.key(.character("c"))))
    #expect(source.asked == ["C 2"])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 2))
    #expect(screen(view, surface)[0].hasPrefix("cat cow"), "scrolled to the top")
    // Capitals too; a letter with no title is not taken.
    #expect(view.handle(.key(.character("B"))))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 1))
    #expect(!view.handle(.key(.character("z"))))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 1))
  }

  @Test("a letter the view uses itself keeps its meaning")
  func navigationLettersStayNavigation() {
    let source = IndexedWordSource([["jay", "kea"], ["lark"]], letters: ["J", "L"])
    let (view, surface) = wordView(source, columns: 9, rows: 3)
    _ = screen(view, surface)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(.character("l")))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 1, section: 0), "l moved right")
    view.handle(.key(.character("L")))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 1), "L jumped")
  }

  @Test("clicking a title in the strip jumps to it, and selects nothing under it")
  func clickJumps() {
    let (source, view, surface) = fourLetters()
    _ = screen(view, surface)
    #expect(view.handle(.mouse(MouseEvent(action: .press, column: 8, row: 4))))
    #expect(view.handle(.mouse(MouseEvent(action: .release, column: 8, row: 4))))
    #expect(source.asked == ["D 3"])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 3))
    #expect(view.indexPathsForSelectedItems.isEmpty)
  }

  @Test("a short view shows the first and last titles with dots for the ones left out")
  func elision() {
    let letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
    let source = IndexedWordSource(letters.map { [$0.lowercased() + "1"] }, letters: letters)
    let (view, surface) = wordView(source, columns: 9, rows: 7)
    (view.collectionViewLayout as? FlowLayout)?.sectionInset = EdgeInsets(
      top: 0, left: 0, bottom: 0, right: 2)
    view.invalidateLayout()
    let strip = screen(view, surface).map { String($0.last!) }
    #expect(strip == ["A", "•", "I", "•", "R", "•", "Z"])
    // A dot jumps to the middle of the titles it stands for: E, between A and I.
    view.handle(.mouse(MouseEvent(action: .press, column: 8, row: 1)))
    #expect(source.asked == ["E 4"])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 4))
    // Three rows: A, a dot, Z.
    view.frame = CellRect(column: 0, row: 0, columns: 9, rows: 3)
    let short = MemorySurface(columns: 9, rows: 3)
    #expect(screen(view, short).map { String($0.last!) } == ["A", "•", "Z"])
  }
}
