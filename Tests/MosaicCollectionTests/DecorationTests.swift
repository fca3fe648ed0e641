import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicCollection

/// Decoration views: registered by kind, created and recycled by the collection view without
/// the data source, drawn by zIndex (below cells at equal zIndex).
@Suite @MainActor struct DecorationTests {
  /// A collection view over `SectionBackdropLayout`: 3 × 1 items, one cell per point, 8 × 6.
  func make(_ counts: [Int], rows: Int = 6, register: Bool = true) -> (
    TestSource, SectionBackdropLayout, CollectionView, MemorySurface
  ) {
    let source = TestSource(counts)
    source.recordsDisplay = true
    let layout = SectionBackdropLayout()
    layout.itemSize = Size(width: 3, height: 1)
    layout.minimumLineSpacing = 1
    layout.minimumInteritemSpacing = 1
    layout.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 8, rows: rows), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    if register {
      view.register(BackdropView.self, forDecorationViewOfKind: SectionBackdropLayout.kind)
    }
    view.dataSource = source
    view.delegate = source
    return (source, layout, view, MemorySurface(columns: 8, rows: rows))
  }

  @Test func backdropsAreDrawnBelowTheCells() {
    let (source, _, view, surface) = make([3, 1], rows: 5)
    view.draw(into: surface)
    #expect(
      surface.text == """
        aaaDDbbb
        DDDDDDDD
        cccDDDDD

        aaaDDDDD
        """)
    // The data source made the cells only, and the delegate heard of the cells only.
    #expect(view.statistics.configureCalls == 4)
    #expect(view.statistics.viewsCreated == 6)
    #expect(source.events.allSatisfy { !$0.contains("backdrop") }, "\(source.events)")
    let backdrop = view.placement.views[
      ElementKey(category: .decorationView, kind: "backdrop", indexPath: ip(1, 0))]
    #expect((backdrop as? BackdropView)?.applied.count == 1)
    #expect(backdrop?.reuseIdentifier == "backdrop")
    #expect(backdrop?.frame == CellRect(column: 0, row: 4, columns: 8, rows: 1))
    // A click on the backdrop hits it, and selects nothing.
    #expect(view.element(atColumn: 3, row: 0)?.category == .decorationView)
    view.handle(.mouse(MouseEvent(action: .press, column: 3, row: 0)))
    #expect(view.indexPathsForSelectedItems.isEmpty)
    #expect(view.element(atColumn: 0, row: 0)?.category == .cell)
  }

  @Test func aHigherZIndexDrawsTheDecorationOnTop() {
    let (source, layout, view, surface) = make([3, 1], rows: 5)
    defer { withExtendedLifetime(source) {} }
    layout.backdropZIndex = 1
    view.invalidateLayout()
    view.draw(into: surface)
    #expect(surface.text == "DDDDDDDD\nDDDDDDDD\nDDDDDDDD\n\nDDDDDDDD")
    // At equal zIndex the decoration stays below, as it does at -1.
    layout.backdropZIndex = 0
    view.invalidateLayout()
    view.draw(into: surface)
    #expect(surface.lines[0] == "aaaDDbbb")
  }

  @Test func decorationViewsAreRecycled() {
    let (source, _, view, surface) = make(Array(repeating: 2, count: 300), rows: 5)
    defer { withExtendedLifetime(source) {} }
    var reuses = Set<ObjectIdentifier>()
    for _ in 0..<300 {
      view.scroll(rows: 1)
      view.draw(into: surface)
      for element in view.placement.drawingOrder where element.key.category == .decorationView {
        let view = element.view
        #expect(view is BackdropView)
        if (view as? BackdropView)?.reuses ?? 0 > 0 { reuses.insert(ObjectIdentifier(view)) }
      }
      let stats = view.statistics
      #expect(stats.liveViews + stats.queuedViews == stats.viewsCreated)
    }
    let stats = view.statistics
    #expect(view.contentOffset.y == 300)
    #expect(stats.viewsCreated <= stats.maxVisibleElements + 4)
    #expect(!reuses.isEmpty)
    // Each section's backdrop is drawn behind its own line, whichever view shows it.
    #expect(surface.text.contains("aaaDDbbb"))
  }

  @Test func registeringAgainDropsQueuedViewsOfTheOldClass() {
    let (source, _, view, surface) = make([3], rows: 1)
    defer { withExtendedLifetime(source) {} }
    view.draw(into: surface)
    view.scroll(rows: 3)  // the section's bottom inset: no item, no backdrop
    view.draw(into: surface)
    let queued = view.statistics.queuedViews
    #expect(view.decorationQueues["backdrop"]?.count == 1)
    view.register(LetterHeader.self, forDecorationViewOfKind: SectionBackdropLayout.kind)
    #expect(view.statistics.queuedViews == queued - 1)
    #expect(view.decorationQueues["backdrop"] == nil)
  }
}
