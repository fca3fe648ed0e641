import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A cell that shows its word, padded with spaces to its width.
final class WordCell: CollectionViewCell {
  var word = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    word = ""
  }

  override func draw(in canvas: Canvas) {
    let style = TextStyle(attributes: stateAttributes)
    canvas.fill(style: style)
    canvas.text(word, column: 0, row: 0, maxWidth: canvas.columns, style: style)
  }
}

/// A data source over arrays of words, one per section, that moves its words when told, as a
/// UIKit data source over an array does.
class WordSource: CollectionViewDataSource, CollectionViewDelegate {
  var sections: [[String]]
  /// Every `moveItemAt` call, as "0.1 -> 0.3".
  var moves: [String] = []
  /// Items that may not move.
  var fixed: Set<IndexPath> = []
  /// When set, keeps a carried item in its own section.
  var keepsItemsInTheirSection = false

  init(_ sections: [[String]]) { self.sections = sections }

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

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  { !fixed.contains(indexPath) }

  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    moves.append("\(name(sourceIndexPath)) -> \(name(destinationIndexPath))")
    let word = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
    sections[destinationIndexPath.section].insert(word, at: destinationIndexPath.item)
  }

  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    keepsItemsInTheirSection && proposedIndexPath.section != originalIndexPath.section
      ? originalIndexPath : proposedIndexPath
  }

  func name(_ path: IndexPath) -> String { "\(path.section).\(path.item)" }
}

/// A data source that never implemented `moveItemAt`.
final class StaticWordSource: CollectionViewDataSource {
  let words: [String]
  init(_ words: [String]) { self.words = words }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { words.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      WordCell.self, withReuseIdentifier: "word", for: indexPath)
    cell.word = words[indexPath.item]
    return cell
  }
}

/// A view over `source` with a flow layout of 3 × 1 items a column apart (four a row at 15
/// columns), one point a cell.
@MainActor func wordView(
  _ source: any CollectionViewDataSource & AnyObject, columns: Int = 15, rows: Int = 3,
  headers: Bool = false
) -> (CollectionView, MemorySurface) {
  let layout = FlowLayout()
  layout.itemSize = Size(width: 3, height: 1)
  layout.minimumInteritemSpacing = 1
  layout.minimumLineSpacing = 0
  let view = CollectionView(
    frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
    collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
  view.register(WordCell.self, forCellWithReuseIdentifier: "word")
  view.dataSource = source
  if let delegate = source as? any CollectionViewDelegate { view.delegate = delegate }
  return (view, MemorySurface(columns: columns, rows: rows))
}

/// The screen as text, after drawing a frame.
@MainActor func screen(_ view: CollectionView, _ surface: MemorySurface) -> [String] {
  view.draw(into: surface)
  return surface.lines
}

/// Interactive movement as UIKit has it: begin, update the target position, end or cancel; the
/// others make way while the item is carried, and the data source hears of the move once.
@MainActor @Suite struct InteractiveMovementTests {
  static let eight = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]

  func press(_ view: CollectionView, _ action: MouseEvent.Action, _ column: Int, _ row: Int) {
    view.handle(.mouse(MouseEvent(action: action, column: column, row: row)))
  }

  @Test("begin, update and end move the array element once, the others making way meanwhile")
  func beginUpdateEnd() {
    let source = WordSource([Self.eight])
    let (view, surface) = wordView(source)
    #expect(screen(view, surface) == ["a1  a2  a3  a4 ", "a5  a6  a7  a8 ", "               "])
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    // Over the third item (content point 9.5, 0.5): a1 is shown there, a2 and a3 moved up.
    view.updateInteractiveMovementTargetPosition(Point(x: 9.5, y: 0.5))
    #expect(screen(view, surface) == ["a2  a3  a1  a4 ", "a5  a6  a7  a8 ", "               "])
    #expect(view.indexPathForInteractivelyMovingItem == IndexPath(item: 2, section: 0))
    // Drawn raised: reverse, bold and underlined.
    #expect(surface.attributeLines[0] == "........***....")
    #expect(source.moves.isEmpty, "the data source hears nothing until the drop")
    #expect(source.sections[0] == Self.eight)
    view.endInteractiveMovement()
    #expect(source.moves == ["0.0 -> 0.2"])
    #expect(source.sections[0] == ["a2", "a3", "a1", "a4", "a5", "a6", "a7", "a8"])
    #expect(screen(view, surface) == ["a2  a3  a1  a4 ", "a5  a6  a7  a8 ", "               "])
    #expect(view.numberOfItems(inSection: 0) == 8)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 2, section: 0))
    #expect(view.indexPathForInteractivelyMovingItem == nil)
    // Focused, no longer raised.
    #expect(surface.attributeLines[0] == "........RRR....")
  }

  @Test("cancel puts the item back and the data source hears nothing")
  func cancelRestores() {
    let source = WordSource([Self.eight])
    let (view, surface) = wordView(source)
    view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0))
    view.updateInteractiveMovementTargetPosition(Point(x: 5.5, y: 1.5))
    #expect(screen(view, surface) == ["a1  a3  a4  a5 ", "a6  a2  a7  a8 ", "               "])
    view.cancelInteractiveMovement()
    #expect(screen(view, surface) == ["a1  a2  a3  a4 ", "a5  a6  a7  a8 ", "               "])
    #expect(source.moves.isEmpty)
    #expect(source.sections[0] == Self.eight)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 1, section: 0))
  }

  @Test("canMoveItemAt false refuses the move, by the method and by the key")
  func canMoveFalseRefuses() {
    let source = WordSource([Self.eight])
    source.fixed = [IndexPath(item: 0, section: 0)]
    let (view, surface) = wordView(source)
    view.installsStandardGestureForInteractiveMovement = true
    #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(.character("m")))
    view.handle(.key(.right))
    #expect(view.indexPathForInteractivelyMovingItem == nil)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 1, section: 0), "right moved the focus")
    #expect(screen(view, surface)[0] == "a1  a2  a3  a4 ")
  }

  @Test("m grabs the focused item, the arrows carry it, Enter drops it")
  func keysMoveTheItem() {
    let source = WordSource([Self.eight])
    let (view, surface) = wordView(source)
    view.installsStandardGestureForInteractiveMovement = true
    view.focusItem(at: IndexPath(item: 1, section: 0))
    for key in [Key.character("m"), .right, .right, .down] { #expect(view.handle(.key(key))) }
    #expect(view.indexPathForInteractivelyMovingItem == IndexPath(item: 7, section: 0))
    #expect(screen(view, surface) == ["a1  a3  a4  a5 ", "a6  a7  a8  a2 ", "               "])
    view.handle(.key(.enter))
    #expect(source.moves == ["0.1 -> 0.7"])
    #expect(source.sections[0] == ["a1", "a3", "a4", "a5", "a6", "a7", "a8", "a2"])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 7, section: 0))
    // After the drop the keys move the focus again.
    view.handle(.key(.left))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 6, section: 0))
  }

  @Test("Home and End carry the item to the first and last place")
  func homeAndEnd() {
    let source = WordSource([["a1", "a2", "a3"], ["b1", "b2"]])
    let (view, surface) = wordView(source)
    view.installsStandardGestureForInteractiveMovement = true
    view.focusItem(at: IndexPath(item: 1, section: 0))
    for key in [Key.character("m"), .end] { view.handle(.key(key)) }
    #expect(screen(view, surface) == ["a1  a3         ", "b1  b2  a2     ", "               "])
    view.handle(.key(.home))
    #expect(view.indexPathForInteractivelyMovingItem == IndexPath(item: 0, section: 0))
    view.handle(.key(.character("m")))
    #expect(source.moves == ["0.1 -> 0.0"])
    #expect(source.sections == [["a2", "a1", "a3"], ["b1", "b2"]])
  }

  @Test("Escape puts a carried item back")
  func escapeCancels() {
    let source = WordSource([Self.eight])
    let (view, surface) = wordView(source)
    view.installsStandardGestureForInteractiveMovement = true
    view.focusItem(at: IndexPath(item: 0, section: 0))
    for key in [Key.character("m"), .down, .escape] { view.handle(.key(key)) }
    #expect(view.indexPathForInteractivelyMovingItem == nil)
    #expect(source.moves.isEmpty)
    #expect(screen(view, surface)[0] == "a1  a2  a3  a4 ")
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
  }

  @Test("a mouse drag carries the pressed item and the release drops it; selection follows")
  func mouseDrag() {
    let source = WordSource([Self.eight])
    let (view, surface) = wordView(source)
    view.installsStandardGestureForInteractiveMovement = true
    _ = screen(view, surface)
    // No release seen yet, so the press is a whole click: it selects a1.
    press(view, .press, 0, 0)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    press(view, .drag, 1, 0)  // still over a1: nothing yet
    #expect(view.indexPathForInteractivelyMovingItem == nil)
    press(view, .drag, 5, 1)  // over a6
    #expect(view.indexPathForInteractivelyMovingItem == IndexPath(item: 5, section: 0))
    press(view, .drag, 9, 1)  // over a7
    #expect(screen(view, surface) == ["a2  a3  a4  a5 ", "a6  a7  a1  a8 ", "               "])
    press(view, .release, 9, 1)
    #expect(source.moves == ["0.0 -> 0.6"])
    #expect(source.sections[0] == ["a2", "a3", "a4", "a5", "a6", "a7", "a1", "a8"])
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 6, section: 0))
  }

  @Test("dragging onto the last row scrolls, so an item can be carried past the screen")
  func dragScrollsAtTheEdge() {
    let twelve = (1...12).map { "a\($0)" }
    let source = WordSource([twelve])
    let (view, surface) = wordView(source, rows: 2)
    view.installsStandardGestureForInteractiveMovement = true
    #expect(screen(view, surface) == ["a1  a2  a3  a4 ", "a5  a6  a7  a8 "])
    press(view, .press, 0, 0)
    press(view, .drag, 4, 1)
    #expect(view.contentOffset.y == 1)
    #expect(screen(view, surface) == ["a6  a7  a8  a9 ", "a10 a1  a11 a12"])
    press(view, .release, 4, 1)
    #expect(source.sections[0][9] == "a1")
  }

  @Test("an item carried into another section changes both counts, and the drop says so")
  func acrossSections() {
    let source = WordSource([["a1", "a2", "a3"], ["b1", "b2"]])
    let (view, surface) = wordView(source)
    #expect(screen(view, surface) == ["a1  a2  a3     ", "b1  b2         ", "               "])
    view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0))
    view.updateInteractiveMovementTargetPosition(Point(x: 4.5, y: 1.5))
    #expect(view.numberOfItems(inSection: 0) == 2)
    #expect(view.numberOfItems(inSection: 1) == 3)
    #expect(screen(view, surface) == ["a1  a3         ", "b1  a2  b2     ", "               "])
    view.endInteractiveMovement()
    #expect(source.moves == ["0.1 -> 1.1"])
    #expect(source.sections == [["a1", "a3"], ["b1", "a2", "b2"]])
    #expect(screen(view, surface) == ["a1  a3         ", "b1  a2  b2     ", "               "])
  }

  @Test("the delegate's targetIndexPathForMoveFromItemAt can refuse a place in another section")
  func delegateRedirects() {
    let source = WordSource([["a1", "a2", "a3"], ["b1", "b2"]])
    source.keepsItemsInTheirSection = true
    let (view, surface) = wordView(source)
    view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0))
    view.updateInteractiveMovementTargetPosition(Point(x: 8.5, y: 0.5))
    view.updateInteractiveMovementTargetPosition(Point(x: 4.5, y: 1.5))
    // Returning the original path puts the item back where it started.
    #expect(view.indexPathForInteractivelyMovingItem == IndexPath(item: 1, section: 0))
    #expect(screen(view, surface) == ["a1  a2  a3     ", "b1  b2         ", "               "])
    view.endInteractiveMovement()
    #expect(source.moves.isEmpty, "an item dropped where it started is no move")
    #expect(source.sections == [["a1", "a2", "a3"], ["b1", "b2"]])
  }

  @Test("cells arriving while an item is carried show the data source's items for their place")
  func arrivingCellsAreTranslated() {
    let source = WordSource([Self.eight])
    let (view, surface) = wordView(source, rows: 1)
    view.installsStandardGestureForInteractiveMovement = true
    view.focusItem(at: IndexPath(item: 4, section: 0))
    #expect(screen(view, surface) == ["a5  a6  a7  a8 "])
    view.handle(.key(.character("m")))
    view.handle(.key(.up))
    #expect(screen(view, surface) == ["a5  a1  a2  a3 "])
    view.handle(.key(.enter))
    #expect(source.sections[0] == ["a5", "a1", "a2", "a3", "a4", "a6", "a7", "a8"])
    view.handle(.key(.down))
    #expect(screen(view, surface) == ["a4  a6  a7  a8 "])
  }

  @Test("a data source without moveItemAt gets the item put back on the drop")
  func noMoveItemAtPutsBack() {
    let source = StaticWordSource(Self.eight)
    let (view, surface) = wordView(source)
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.updateInteractiveMovementTargetPosition(Point(x: 9.5, y: 0.5))
    #expect(screen(view, surface)[0] == "a2  a3  a1  a4 ")
    view.endInteractiveMovement()
    #expect(screen(view, surface)[0] == "a1  a2  a3  a4 ")
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
  }

  @Test("without the standard gesture, m and a drag do not grab")
  func gestureIsOptIn() {
    let source = WordSource([Self.eight])
    let (view, surface) = wordView(source)
    _ = screen(view, surface)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(.character("m")))
    press(view, .press, 0, 0)
    press(view, .drag, 9, 0)
    press(view, .release, 9, 0)
    #expect(view.indexPathForInteractivelyMovingItem == nil)
    #expect(source.moves.isEmpty)
  }
}
