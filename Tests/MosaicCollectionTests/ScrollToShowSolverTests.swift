import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicCollection

/// A content of one column of items one cell high, under a header pinned to the top of whatever
/// viewport the solver asks about (and, optionally, a footer pinned to its bottom): the layout's
/// rect query reduced to what the solver needs, recording each visible rect it is asked with.
@MainActor
final class PinnedColumnModel {
  var headerRows = 0
  var footerRows = 0
  var asked: [Rect] = []

  func elements(in rect: Rect, visibleRect: Rect) -> [LayoutAttributes] {
    asked.append(visibleRect)
    var result: [LayoutAttributes] = []
    if headerRows > 0 {
      let header = LayoutAttributes(
        forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0),
        frame: Rect(x: 0, y: visibleRect.minY, width: visibleRect.width, height: Double(headerRows))
      )
      header.zIndex = FlowLayout.pinnedZIndex
      result.append(header)
    }
    if footerRows > 0 {
      let footer = LayoutAttributes(
        forSupplementaryViewOfKind: ElementKind.sectionFooter, with: IndexPath(item: 0, section: 0),
        frame: Rect(
          x: 0, y: visibleRect.maxY - Double(footerRows), width: visibleRect.width,
          height: Double(footerRows)))
      footer.zIndex = FlowLayout.pinnedZIndex
      result.append(footer)
    }
    return result.filter { $0.frame.minY < rect.maxY && rect.minY < $0.frame.maxY }
  }

  /// A solver over a viewport of 10 × 5 cells and a content that scrolls up to `maximumRow`.
  func solver(maximumRow: Int = 100) -> ScrollToShowSolver {
    ScrollToShowSolver(
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1),
      viewport: .init(column: 10, row: 5), maximumOffset: .init(column: 0, row: maximumRow),
      scrollsVertically: true, elements: { self.elements(in: $0, visibleRect: $1) })
  }
}

@Suite @MainActor struct ScrollToShowSolverTests {
  /// The frame of the one-cell-high item on `row`.
  static func row(_ row: Int) -> Rect { Rect(x: 0, y: Double(row), width: 10, height: 1) }

  @Test("with nothing pinned, the nearest offset puts an item below the viewport at its bottom")
  func nearestWithNothingPinned() {
    let model = PinnedColumnModel()
    let offset = model.solver().offset(
      showing: Self.row(8), at: .nearest, from: .init(column: 0, row: 0))
    #expect(offset == .init(column: 0, row: 4))
    #expect(model.asked == [Rect(x: 0, y: 4, width: 10, height: 5)])
  }

  @Test("an item longer than the room that already fills it is not scrolled; else from its start")
  func longerThanTheRoom() {
    // A table's row: 10 cells of room across, the row 30 wide; scrolled 12 cells sideways.
    let fills = ScrollToShowSolver.target(
      start: 0, length: 30, current: 12, viewport: 10, cover: .init(), position: .nearest)
    #expect(fills == 12)
    let covered = ScrollToShowSolver.target(
      start: 0, length: 30, current: 12, viewport: 10, cover: .init(leading: 3, trailing: 0),
      position: .nearest)
    #expect(covered == 12, "a pinned column over its start changes nothing")
    let below = ScrollToShowSolver.target(
      start: 15, length: 30, current: 12, viewport: 10, cover: .init(), position: .nearest)
    #expect(below == 15, "starting inside the view: shown from its start")
    let tail = ScrollToShowSolver.target(
      start: 0, length: 18, current: 12, viewport: 10, cover: .init(), position: .nearest)
    #expect(tail == 0, "ending inside the view: shown from its start")
  }

  @Test("an item above the viewport lands below the header pinned over the candidate viewport")
  func pinnedHeaderIsClearedOverCandidates() {
    let model = PinnedColumnModel()
    model.headerRows = 2
    let offset = model.solver().offset(
      showing: Self.row(10), item: IndexPath(item: 10, section: 0), at: .nearest,
      from: .init(column: 0, row: 12))
    // Row 10 at the top is under the header; two rows further up it shows.
    #expect(offset == .init(column: 0, row: 8))
    #expect(model.asked.map(\.minY) == [10, 8])
  }

  @Test("an item below the viewport lands above the footer pinned over the candidate viewport")
  func pinnedFooterIsClearedOverCandidates() {
    let model = PinnedColumnModel()
    model.footerRows = 1
    let offset = model.solver().offset(
      showing: Self.row(8), at: .nearest, from: .init(column: 0, row: 0))
    #expect(offset == .init(column: 0, row: 5))
    #expect(model.asked.map(\.minY) == [4, 5])
  }

  @Test("the cover of a candidate viewport is what is pinned over the item there, edge by edge")
  func coverAtACandidate() {
    let model = PinnedColumnModel()
    model.headerRows = 2
    model.footerRows = 1
    let solver = model.solver()
    let top = solver.cover(
      of: Self.row(10), zIndex: 0, excluding: nil, at: .init(column: 0, row: 10))
    #expect(top.rows == .init(leading: 2, trailing: 0))
    #expect(top.columns == .init())
    let bottom = solver.cover(
      of: Self.row(14), zIndex: 0, excluding: nil, at: .init(column: 0, row: 10))
    #expect(bottom.rows == .init(leading: 0, trailing: 1))
    let clear = solver.cover(
      of: Self.row(12), zIndex: 0, excluding: nil, at: .init(column: 0, row: 10))
    #expect(clear.rows == .init())
  }

  @Test("candidate viewports stay inside the content, as the view clamps its offset")
  func candidatesAreClamped() {
    let model = PinnedColumnModel()
    let solver = model.solver(maximumRow: 3)
    #expect(
      solver.offset(showing: Self.row(7), at: .top, from: .init(column: 0, row: 0))
        == .init(column: 0, row: 3))
    #expect(model.asked.map(\.minY) == [3])
  }

  @Test("scrolling to an item under a pinned header sets the content offset once")
  func scrollToItemScrollsOnce() {
    final class ScrollCounter: CollectionViewDelegate {
      var scrolls = 0
      func collectionViewDidScroll(_ collectionView: CollectionView) { scrolls += 1 }
    }
    let source = TestSource([40])
    let counter = ScrollCounter()
    let layout = FlowLayout()
    layout.itemSize = Size(width: 6, height: 1)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 2)
    layout.sectionHeadersPinToVisibleBounds = true
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 6, rows: 5), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = source
    view.delegate = counter
    view.contentOffset = Point(x: 0, y: 30)
    counter.scrolls = 0
    view.scrollToItem(at: ip(0, 20))
    // Item 20 is row 22 of the content; under the two-row pinned header it shows at row 2.
    #expect(view.contentOffset == Point(x: 0, y: 20))
    #expect(counter.scrolls == 1)
    withExtendedLifetime(source) {}
  }
}
