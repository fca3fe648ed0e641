import Foundation
import MosaicLayout
import Testing

@testable import MosaicCollection

/// A flow layout that counts every question asked of it, as a UIKit client's subclass would.
final class QuestionCountingFlowLayout: FlowLayout {
  var questions = 0

  override func prepare() {
    questions += 1
    super.prepare()
  }

  override var contentSize: Size {
    questions += 1
    return super.contentSize
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    questions += 1
    return super.layoutAttributesForElements(in: rect)
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    questions += 1
    return super.layoutAttributesForItem(at: indexPath)
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    questions += 1
    return super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    questions += 1
    return super.shouldInvalidateLayout(forBoundsChange: newBounds)
  }
}

/// A flow layout that hides the items in `hidden` and makes those in `transparent` clear.
final class VeilingFlowLayout: FlowLayout {
  var hidden: Set<Int> = []
  var transparent: Set<Int> = []

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    super.layoutAttributesForElements(in: rect).map { attributes in
      let item = attributes.indexPath.item
      guard attributes.representedElementCategory == .cell,
        hidden.contains(item) || transparent.contains(item)
      else { return attributes }
      let veiled = attributes.copy()
      veiled.isHidden = hidden.contains(item)
      veiled.alpha = transparent.contains(item) ? 0 : 1
      return veiled
    }
  }
}

/// Sizes each item from `sizes` (4 × 2 by default), as a client's flow delegate does, and
/// letters each from `letters` when set (else by item), so a batch that moves items moves their
/// letters.
final class SizingSource: TestSource, CollectionViewDelegateFlowLayout {
  var sizes: [IndexPath: Size] = [:]
  var letters: [[Character]] = []

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = super.collectionView(collectionView, cellForItemAt: indexPath)
    if !letters.isEmpty, let letterCell = cell as? LetterCell {
      letterCell.letter = letters[indexPath.section][indexPath.item]
    }
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    sizes[indexPath] ?? Size(width: 4, height: 2)
  }
}

/// A frame places the visible set again only when something it depends on changed (UIKit's
/// `setNeedsLayout()` / `layoutIfNeeded()`): after each kind of change the next frame shows
/// exactly what a collection view drawing that state for the first time shows, and a frame
/// after no change asks the layout nothing.
@Suite @MainActor struct LayoutIfNeededTests {
  /// A view over two sections of letter cells sized by `SizingSource`, with one-row headers.
  func makeView(
    counts: [Int] = [40, 40], columns: Int = 14, rows: Int = 8,
    layout: FlowLayout = QuestionCountingFlowLayout()
  ) -> (CollectionView, SizingSource, FlowLayout) {
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 1)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    let source = SizingSource(counts)
    view.dataSource = source
    view.delegate = source
    return (view, source, layout)
  }

  /// The screen, text and attributes, `view` draws now.
  func screen(_ view: CollectionView) -> String {
    let surface = MemorySurface(columns: view.frame.columns, rows: view.frame.rows)
    view.draw(into: surface)
    return surface.text + "\n" + surface.attributeLines.joined(separator: "\n")
  }

  /// The screen a new view with the same data, sizes, layout settings, frame, offset and focus
  /// draws first.
  func freshScreen(like view: CollectionView, _ source: SizingSource, _ layout: FlowLayout)
    -> String
  {
    let (fresh, freshSource, freshLayout) = makeView(
      counts: source.counts, columns: view.frame.columns, rows: view.frame.rows,
      layout: FlowLayout())
    freshSource.sizes = source.sizes
    freshSource.letters = source.letters
    freshLayout.minimumLineSpacing = layout.minimumLineSpacing
    freshLayout.minimumInteritemSpacing = layout.minimumInteritemSpacing
    freshLayout.headerReferenceSize = layout.headerReferenceSize
    freshLayout.sectionHeadersPinToVisibleBounds = layout.sectionHeadersPinToVisibleBounds
    if let focused = view.focusedItem { fresh.focusItem(at: focused) }
    fresh.contentOffset = view.contentOffset
    return screen(fresh)
  }

  @Test("a frame after no change asks the layout nothing and draws the same screen")
  func unchangedFrameAsksNothing() {
    let (view, source, layout) = makeView()
    let counting = layout as! QuestionCountingFlowLayout
    let first = screen(view)
    let asked = counting.questions
    #expect(asked > 0)
    #expect(screen(view) == first)
    #expect(counting.questions == asked)
    // Focus that moves on screen changes how two cells look, not what is placed.
    view.handle(.key(.down))
    view.handle(.key(.right))
    let askedByKeys = counting.questions
    let focused = screen(view)
    #expect(counting.questions == askedByKeys)
    #expect(focused != first)
    #expect(focused == freshScreen(like: view, source, layout))
    // `layoutIfNeeded()` between frames has nothing to do either.
    view.layoutIfNeeded()
    #expect(counting.questions == askedByKeys)
  }

  @Test("after each kind of change the next frame is what a new view draws")
  func everyChangeIsPlaced() {
    let (view, source, layout) = makeView()
    _ = screen(view)
    func expectFresh(_ change: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(
        screen(view) == freshScreen(like: view, source, layout), "after \(change)",
        sourceLocation: sourceLocation)
      // And the frame after, with no change, is the same again.
      #expect(
        screen(view) == freshScreen(like: view, source, layout), "the frame after \(change)",
        sourceLocation: sourceLocation)
    }
    view.contentOffset = Point(x: 0, y: 7)
    expectFresh("a scroll")
    source.sizes[ip(0, 14)] = Size(width: 7, height: 3)
    source.sizes[ip(0, 16)] = Size(width: 2, height: 1)
    view.invalidateLayout()
    expectFresh("a delegate-sized item changed, then invalidateLayout()")
    source.sizes[ip(0, 15)] = Size(width: 9, height: 1)
    layout.invalidateLayout()
    expectFresh("the layout invalidated directly")
    source.sizes[ip(0, 13)] = Size(width: 5, height: 4)
    layout.invalidateLayout()
    _ = view.contentSize
    expectFresh("an invalidation prepared by a query before the frame")
    layout.minimumLineSpacing = 1
    expectFresh("a layout property that invalidates")
    view.contentOffset = Point(x: 0, y: 30)
    layout.sectionHeadersPinToVisibleBounds = true
    expectFresh("pinning turned on")
    source.counts = [12, 30, 5]
    view.reloadData()
    expectFresh("reloadData()")
    source.letters = source.counts.map { (0..<$0).map(LetterCell.letter(for:)) }
    view.performBatchUpdates {
      source.letters[0].insert(contentsOf: "XYZ", at: 0)
      source.letters[1].removeSubrange(4..<6)
      source.counts[0] += 3
      view.insertItems(at: [ip(0, 0), ip(0, 1), ip(0, 2)])
      source.counts[1] -= 2
      view.deleteItems(at: [ip(1, 4), ip(1, 5)])
    }
    expectFresh("performBatchUpdates")
    view.frame = CellRect(column: 0, row: 0, columns: 20, rows: 5)
    expectFresh("a wider, shorter frame")
    view.frame = CellRect(column: 0, row: 0, columns: 9, rows: 11)
    expectFresh("a narrower, taller frame")
    view.removeVisibleView(for: ElementKey(category: .cell, kind: nil, indexPath: ip(1, 0)))
    expectFresh("a view taken off the screen")
  }

  @Test("a new layout, then changes to it, are placed")
  func newLayoutIsPlaced() {
    let (view, source, _) = makeView()
    _ = screen(view)
    let replacement = FlowLayout()
    replacement.minimumLineSpacing = 0
    replacement.minimumInteritemSpacing = 0
    replacement.headerReferenceSize = Size(width: 0, height: 1)
    view.collectionViewLayout = replacement
    #expect(screen(view) == freshScreen(like: view, source, replacement))
    replacement.minimumInteritemSpacing = 1
    #expect(screen(view) == freshScreen(like: view, source, replacement))
  }

  @Test("a table's pinned header row follows a change of pinning between frames")
  func tablePinningIsPlaced() {
    let layout = TableLayout()
    layout.columnWidths = [32, 40, 40]
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 14, rows: 6), collectionViewLayout: layout)
    let source = TableValuesSource(rows: 50)
    source.register(with: view)
    view.dataSource = source
    view.delegate = source
    view.contentOffset = Point(x: 16, y: 160)
    let pinned = screen(view)
    layout.pinsHeaderRow = false
    layout.pinsLeadingColumn = false
    let unpinned = screen(view)
    #expect(unpinned != pinned)
    let fresh = TableLayout()
    fresh.columnWidths = layout.columnWidths
    fresh.pinsHeaderRow = false
    fresh.pinsLeadingColumn = false
    let freshView = CollectionView(
      frame: view.frame, collectionViewLayout: fresh)
    let freshSource = TableValuesSource(rows: 50)
    freshSource.register(with: freshView)
    freshView.dataSource = freshSource
    freshView.delegate = freshSource
    freshView.contentOffset = view.contentOffset
    #expect(unpinned == screen(freshView))
  }

  @Test("hidden and transparent elements anywhere in the layout's answer are left out")
  func hiddenElementsAreLeftOut() {
    for (hidden, transparent) in [
      ([0], [3]), ([2], [4]), ([5], []), ([], [1, 2]), ([1, 4], []), ([3], [1]),
    ] {
      let layout = VeilingFlowLayout()
      layout.hidden = Set(hidden)
      layout.transparent = Set(transparent)
      let (view, source, _) = makeView(counts: [6], layout: layout)
      let drawn = screen(view)
      #expect(source.counts == [6])
      for item in 0..<6 {
        let letter = LetterCell.letter(for: item)
        let veiled = hidden.contains(item) || transparent.contains(item)
        #expect(drawn.contains(letter) == !veiled, "item \(item), \(hidden) \(transparent)")
      }
    }
  }
}
