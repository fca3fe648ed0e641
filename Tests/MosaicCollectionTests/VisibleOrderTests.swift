import Foundation
import MosaicLayout
import Testing

@testable import MosaicCollection

/// A table of "r<item>c<column>" values, as a client of `TableLayout` writes it; it counts how
/// often values were configured and how many times each is on display.
@MainActor
final class TableValuesSource: CollectionViewDataSource, CollectionViewDelegate {
  final class Value: ReusableView {
    var text = ""
    override func draw(in canvas: Canvas) { canvas.text(text, column: 0, row: 0) }
  }

  var rows: Int
  var prefix = "r"
  var configured = 0
  var displayed: [IndexPath: Int] = [:]

  init(rows: Int) { self.rows = rows }

  func register(with collectionView: CollectionView) {
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "row")
    for kind in [TableLayout.valueKind, TableLayout.columnHeaderKind] {
      collectionView.register(
        Value.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "v")
    }
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    rows
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      Value.self, ofKind: kind, withReuseIdentifier: "v", for: indexPath)
    configured += 1
    view.text =
      kind == TableLayout.valueKind
      ? "\(prefix)\(indexPath[1])c\(indexPath[2])" : "h\(indexPath.item)"
    return view
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: String, at indexPath: IndexPath
  ) {
    if kind == TableLayout.valueKind { displayed[indexPath, default: 0] += 1 }
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: String, at indexPath: IndexPath
  ) {
    if kind == TableLayout.valueKind { displayed[indexPath, default: 0] -= 1 }
  }
}

/// The visible set is diffed against the last frame's elements in order (no hashing of the
/// elements that stay); whatever the moves, each frame must show what a view drawing that
/// state for the first time shows, and keep the views of what stayed.
@Suite @MainActor struct VisibleOrderTests {
  static let widths: [Double] = Array(repeating: 7, count: 12)

  func makeTable(rows: Int = 500, widths: [Double] = widths)
    -> (CollectionView, TableValuesSource, TableLayout)
  {
    let layout = TableLayout()
    layout.columnWidths = widths.map { $0 * 8 }
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 40, rows: 12), collectionViewLayout: layout)
    let source = TableValuesSource(rows: rows)
    source.register(with: view)
    view.dataSource = source
    view.delegate = source
    return (view, source, layout)
  }

  /// The screen a new table with the same rows, widths, text and offset draws.
  func freshScreen(like view: CollectionView, _ source: TableValuesSource, _ layout: TableLayout)
    -> String
  {
    let (fresh, freshSource, _) = makeTable(
      rows: source.rows, widths: layout.columnWidths.map { $0 / 8 })
    freshSource.prefix = source.prefix
    fresh.contentOffset = view.contentOffset
    return screen(fresh)
  }

  func screen(_ view: CollectionView) -> String {
    let surface = MemorySurface(columns: 40, rows: 12)
    view.draw(into: surface)
    return surface.text
  }

  @Test("rows, pages, fractions of a row, sideways and back: every frame as drawn afresh")
  func everyMoveShowsTheRightValues() {
    let (view, source, layout) = makeTable()
    #expect(screen(view) == freshScreen(like: view, source, layout))
    let offsets: [Point] = [
      Point(x: 0, y: 16), Point(x: 0, y: 32), Point(x: 0, y: 8), Point(x: 0, y: 200),
      Point(x: 0, y: 24), Point(x: 56, y: 24), Point(x: 112, y: 40), Point(x: 0, y: 40),
      Point(x: 0, y: 5_000), Point(x: 30, y: 4_990), Point(x: 0, y: 0),
    ]
    for offset in offsets {
      view.contentOffset = offset
      #expect(screen(view) == freshScreen(like: view, source, layout), "at \(offset)")
    }
  }

  @Test("a row down configures only the new row's values and keeps the others' views")
  func rowDownConfiguresOneRow() {
    let (view, source, _) = makeTable()
    _ = screen(view)
    let kept = view.supplementaryView(forElementKind: TableLayout.valueKind, at: [0, 5, 1])
    #expect(kept != nil)
    let configured = source.configured
    view.contentOffset = Point(x: 0, y: 16)
    _ = screen(view)
    let shown = view.indexPathsForVisibleSupplementaryElements(ofKind: TableLayout.valueKind)
    let newRow = shown.filter { $0[1] == shown.map { $0[1] }.max() }.count
    #expect(newRow > 0)
    #expect(source.configured - configured == newRow)
    #expect(view.supplementaryView(forElementKind: TableLayout.valueKind, at: [0, 5, 1]) === kept)
    // Every value shown was told once that it displays, every one gone that it ended.
    for (path, count) in source.displayed {
      #expect(count == (shown.contains(path) ? 1 : 0), "\(path)")
    }
  }

  @Test("after a reload, new widths or a view taken off, the next frame is still right")
  func changesBetweenFrames() {
    let (view, source, layout) = makeTable()
    view.contentOffset = Point(x: 0, y: 32)
    _ = screen(view)
    source.prefix = "s"
    view.reloadData()
    #expect(screen(view) == freshScreen(like: view, source, layout))
    view.contentOffset = Point(x: 0, y: 48)
    #expect(screen(view) == freshScreen(like: view, source, layout))
    var widths = layout.columnWidths
    widths[1] += 24
    layout.columnWidths = widths
    view.invalidateLayout()
    #expect(screen(view) == freshScreen(like: view, source, layout))
    view.contentOffset = Point(x: 0, y: 64)
    #expect(screen(view) == freshScreen(like: view, source, layout))
    // A view taken off the screen between frames (as a batch update does) is made again.
    view.removeVisibleView(
      for: ElementKey(
        category: .supplementaryView, kind: TableLayout.valueKind, indexPath: [0, 5, 2]))
    #expect(screen(view) == freshScreen(like: view, source, layout))
    view.contentOffset = Point(x: 0, y: 80)
    #expect(screen(view) == freshScreen(like: view, source, layout))
  }
}
