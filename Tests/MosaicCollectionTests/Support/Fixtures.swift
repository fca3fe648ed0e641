import Foundation
import MosaicCollection
import MosaicLayout

/// Cells that fill themselves with one letter per item (a–z, then again), so a screen reads as
/// a letter map; they count how often they were reused.
final class LetterCell: CollectionViewCell {
  var letter: Character = "?"
  var reuseCount = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    reuseCount += 1
    letter = "?"
  }

  override func draw(in canvas: Canvas) {
    canvas.fill(with: letter, style: TextStyle(attributes: stateAttributes))
  }

  static func letter(for item: Int) -> Character {
    Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(item % 26)))
  }
}

/// Headers that fill themselves with "H" (footers "F").
final class LetterHeader: ReusableView {
  var letter: Character = "H"
  override func draw(in canvas: Canvas) { canvas.fill(with: letter) }
}

extension CollectionView {
  /// Registers `LetterCell` as "letter" and `LetterHeader` as "header" for each of `kinds`,
  /// the views `TestSource` dequeues.
  func registerLetterViews(kinds: [String] = [ElementKind.sectionHeader]) {
    register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    for kind in kinds {
      register(LetterHeader.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "header")
    }
  }
}

/// A data source over per-section counts, and a delegate that records what it is told.
class TestSource: CollectionViewDataSource, CollectionViewDelegate {
  var counts: [Int]
  var events: [String] = []
  var recordsDisplay = false
  var refusesSelection: Set<IndexPath> = []
  var refusesHighlight: Set<IndexPath> = []
  var recordsFocus = false
  /// Items that may not take the focus.
  var refusesFocus: Set<IndexPath> = []
  /// When set, decides alone which items may take the focus.
  var canFocus: ((IndexPath) -> Bool)?
  /// How often the view asked whether an item may take the focus.
  var canFocusQueries = 0

  init(_ counts: [Int]) { self.counts = counts }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    counts[section]
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      LetterCell.self, withReuseIdentifier: "letter", for: indexPath)
    cell.letter = LetterCell.letter(for: indexPath.item)
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  {
    events.append("shouldSelect \(indexPath.section).\(indexPath.item)")
    return !refusesSelection.contains(indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    events.append("didSelect \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    events.append("didDeselect \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  {
    !refusesHighlight.contains(indexPath)
  }

  func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath)
    -> Bool
  {
    canFocusQueries += 1
    return canFocus?(indexPath) ?? !refusesFocus.contains(indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {
    guard recordsFocus else { return }
    events.append(indexPath.map { "didFocus \($0.section).\($0.item)" } ?? "didFocus nil")
  }

  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    events.append("didHighlight \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    events.append("didUnhighlight \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    if recordsDisplay { events.append("willDisplay \(indexPath.section).\(indexPath.item)") }
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    if recordsDisplay { events.append("didEndDisplaying \(indexPath.section).\(indexPath.item)") }
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: String, at indexPath: IndexPath
  ) {
    if recordsDisplay { events.append("willDisplay \(kind) \(indexPath.section)") }
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: String, at indexPath: IndexPath
  ) {
    if recordsDisplay { events.append("didEndDisplaying \(kind) \(indexPath.section)") }
  }
}

/// A collection view over a grid layout in which one point is one cell, with the test source.
@MainActor
struct Fixture {
  let source: TestSource
  let layout: GridLayout
  let view: CollectionView
  let surface: MemorySurface

  init(
    counts: [Int], columns: Int, rows: Int, itemSize: Size, headerExtent: Double = 0,
    scrollDirection: ScrollDirection = .vertical, pinsHeaders: Bool = false,
    metrics: CellMetrics = CellMetrics(pointsPerColumn: 1, pointsPerRow: 1)
  ) {
    source = TestSource(counts)
    layout = GridLayout(
      itemSize: itemSize, headerExtent: headerExtent, scrollDirection: scrollDirection)
    layout.pinsHeaders = pinsHeaders
    view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout, cellMetrics: metrics)
    view.registerLetterViews()
    view.dataSource = source
    view.delegate = source
    surface = MemorySurface(columns: columns, rows: rows)
  }

  /// Draws a frame and returns the screen as text.
  @discardableResult
  func draw() -> String {
    view.draw(into: surface)
    return surface.text
  }

  func key(_ key: Key, times: Int = 1) {
    for _ in 0..<times { view.handle(.key(key)) }
  }
}

/// `IndexPath(item:section:)`, short.
func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }
