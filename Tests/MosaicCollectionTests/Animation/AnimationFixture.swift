import Foundation
import MosaicCollection
import MosaicLayout

/// A UIKit-style data source over sections of letters, one letter a cell (drawn by `LetterCell`,
/// filling its cells), with "H" headers when the layout asks for them.
final class LetterSections: CollectionViewDataSource {
  var sections: [[Character]]

  init(_ sections: String...) { self.sections = sections.map(Array.init) }

  init(sections: [String]) { self.sections = sections.map(Array.init) }

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
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }
}

/// A collection view on a virtual clock, drawn into its own surface; one point per cell so that
/// frames read directly as cells.
@MainActor
struct AnimatedScreen {
  let source: LetterSections
  let view: CollectionView
  let surface: MemorySurface
  let clock = ManualAnimationClock()

  /// A `columns` × `rows` view over `source` laid out by `layout`; `animated` false leaves the
  /// view without a clock, so every change lands at once (the unanimated reference).
  init(
    _ source: LetterSections, layout: CollectionViewLayout, columns: Int = 8, rows: Int = 6,
    animated: Bool = true
  ) {
    self.source = source
    view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    if animated { view.animationClock = clock }
    view.dataSource = source
    surface = MemorySurface(columns: columns, rows: rows)
  }

  /// Draws the frame at the clock's time and returns it as text.
  @discardableResult
  func draw() -> String {
    view.draw(into: surface)
    return surface.text
  }

  /// Moves the clock to `seconds` after its start and draws that frame; a test that only
  /// moves the animation on may leave the text unread.
  @discardableResult
  func frame(at seconds: Double) -> String {
    clock.advance(by: seconds - clock.now)
    return draw()
  }

  /// The attributes of the last frame drawn: "D" dimmed, "." plain.
  var dimLines: [String] { surface.attributeLines }
}

/// A flow layout of full-width rows `height` points tall, no spacing: a list.
@MainActor
func listLayout(width: Double = 8, height: Double = 2) -> FlowLayout {
  let layout = FlowLayout()
  layout.itemSize = Size(width: width, height: height)
  layout.minimumLineSpacing = 0
  layout.minimumInteritemSpacing = 0
  return layout
}

/// A flow layout of `width` × `height` cards, no spacing: a grid.
@MainActor
func gridLayout(width: Double = 4, height: Double = 2) -> FlowLayout {
  let layout = FlowLayout()
  layout.itemSize = Size(width: width, height: height)
  layout.minimumLineSpacing = 0
  layout.minimumInteritemSpacing = 0
  return layout
}

/// Lines joined as a screen's text.
func screen(_ lines: String...) -> String { lines.joined(separator: "\n") }
