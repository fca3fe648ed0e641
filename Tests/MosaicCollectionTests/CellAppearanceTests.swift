import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A cell written the UIKit way: it observes its own selection and highlight by overriding the
/// properties, and shows a background view and a selected background view behind its title.
private final class NameCell: CollectionViewCell {
  var name = ""
  var selectionChanges: [Bool] = []
  var highlightChanges: [Bool] = []

  override var isSelected: Bool {
    didSet { selectionChanges.append(isSelected) }
  }

  override var isHighlighted: Bool {
    didSet { highlightChanges.append(isHighlighted) }
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    name = ""
  }

  override func draw(in canvas: Canvas) {
    canvas.text(name, column: 1, row: 0)
  }
}

/// A background made of one repeated character, so the screen text shows which one is drawn.
private final class PatternView: View {
  var glyph: Character = "."

  convenience init(_ glyph: Character) {
    self.init()
    self.glyph = glyph
  }

  override func draw(in canvas: Canvas) { canvas.fill(with: glyph) }
}

/// An array-backed data source that gives every cell the two background views.
private final class Names: CollectionViewDataSource, CollectionViewDelegate {
  var names = ["Ann", "Bob", "Cy"]
  var selected: [IndexPath] = []

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    names.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      NameCell.self, withReuseIdentifier: "name", for: indexPath)
    cell.name = names[indexPath.item]
    cell.backgroundView = PatternView("·")
    cell.selectedBackgroundView = PatternView("#")
    return cell
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    selected.append(indexPath)
  }
}

@MainActor @Suite struct CellAppearanceTests {
  /// Three 6 × 1 cells, one column a point, two columns apart, on a 22 × 1 screen.
  private func make() -> (Names, CollectionView, MemorySurface) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 6, height: 1)
    layout.minimumInteritemSpacing = 2
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 22, rows: 1), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.register(NameCell.self, forCellWithReuseIdentifier: "name")
    let names = Names()
    view.dataSource = names
    view.delegate = names
    return (names, view, MemorySurface(columns: 22, rows: 1))
  }

  @Test("a cell subclass observes isSelected and isHighlighted by overriding them, once per change")
  func overridesObserveEachChangeOnce() throws {
    let (names, view, surface) = make()
    view.draw(into: surface)
    let bob = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)) as? NameCell)
    #expect(bob.selectionChanges.isEmpty && bob.highlightChanges.isEmpty)

    view.pressItem(at: IndexPath(item: 1, section: 0))  // a tap: highlight, select, unhighlight
    #expect(names.selected == [IndexPath(item: 1, section: 0)])
    #expect(bob.highlightChanges == [true, false])
    #expect(bob.selectionChanges == [true])
    // Frames redraw the cell; they do not set its state again.
    view.draw(into: surface)
    view.draw(into: surface)
    #expect(bob.selectionChanges == [true] && bob.highlightChanges == [true, false])

    // Single selection: tapping Cy deselects Bob, and Bob's override sees it.
    view.pressItem(at: IndexPath(item: 2, section: 0))
    #expect(bob.selectionChanges == [true, false])
  }

  @Test("selectItem and deselectItem reach the cell's override at once, without a frame")
  func programmaticSelectionReachesTheCell() throws {
    let (names, view, surface) = make()
    defer { withExtendedLifetime(names) {} }
    view.draw(into: surface)
    let ann = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? NameCell)
    view.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
    #expect(ann.selectionChanges == [true])
    view.deselectItem(at: IndexPath(item: 0, section: 0), animated: true)
    #expect(ann.selectionChanges == [true, false])
    view.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
    view.selectItem(at: nil, animated: false, scrollPosition: [])
    #expect(ann.selectionChanges == [true, false, true, false])
    #expect(names.selected.isEmpty)  // programmatic selection tells the delegate nothing
  }

  @Test("backgroundView is drawn behind the content, selectedBackgroundView above it when selected")
  func backgroundViewsBehindTheContent() {
    let (names, view, surface) = make()
    defer { withExtendedLifetime(names) {} }
    view.draw(into: surface)
    #expect(surface.text == "·Ann··  ·Bob··  ·Cy···")
    view.pressItem(at: IndexPath(item: 1, section: 0))
    view.draw(into: surface)
    #expect(surface.text == "·Ann··  #Bob##  ·Cy···")
    view.pressItem(at: IndexPath(item: 0, section: 0))
    view.draw(into: surface)
    #expect(surface.text == "#Ann##  ·Bob··  ·Cy···")
  }

  @Test("the selected background also shows while a press highlights the cell")
  func selectedBackgroundWhileHighlighted() {
    let (names, view, surface) = make()
    defer { withExtendedLifetime(names) {} }
    view.mouseReleasesAreReported = true
    view.draw(into: surface)
    view.handle(.mouse(MouseEvent(action: .press, column: 17, row: 0)))
    view.draw(into: surface)
    #expect(surface.text == "·Ann··  ·Bob··  #Cy###")
    #expect(names.selected.isEmpty)
    view.handle(.mouse(MouseEvent(action: .release, column: 17, row: 0)))
    view.draw(into: surface)
    #expect(surface.text == "·Ann··  ·Bob··  #Cy###")
    #expect(names.selected == [IndexPath(item: 2, section: 0)])
  }

  @Test("a plain View with a backgroundStyle fills the cell, as a UIView with a backgroundColor")
  func backgroundStyleFillsTheView() throws {
    let (names, view, surface) = make()
    defer { withExtendedLifetime(names) {} }
    view.draw(into: surface)
    let ann = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? NameCell)
    let blue = View()
    blue.backgroundStyle = TextStyle(background: .blue)
    ann.backgroundView = nil
    ann.selectedBackgroundView = blue
    view.pressItem(at: IndexPath(item: 0, section: 0))
    view.draw(into: surface)
    #expect(surface.text == " Ann    ·Bob··  ·Cy···")
    #expect(
      surface.styleLines(legend: [TextStyle(background: .blue): "b"])
        == ["b...bb................"])
  }
}
