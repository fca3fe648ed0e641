import MosaicApp
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// The `sections` demo: per-section insets, spacings, headers and footers from the delegate.
@Suite @MainActor struct SectionsDemoTests {
  @Test func firstScreen() {
    let surface = drawn(SectionsDemo())
    let expected = """
       §1 Boxes
       14 items of 12×3 · inset 1,2,1,2 · line 1 · interitem 2

        ┌──────────┐    ┌──────────┐    ┌──────────┐    ┌──────────┐    ┌──────────┐
        │   1.1    │    │   1.2    │    │   1.3    │    │   1.4    │    │   1.5    │
        └──────────┘    └──────────┘    └──────────┘    └──────────┘    └──────────┘

        ┌──────────┐    ┌──────────┐    ┌──────────┐    ┌──────────┐    ┌──────────┐
        │   1.6    │    │   1.7    │    │   1.8    │    │   1.9    │    │   1.10   │
        └──────────┘    └──────────┘    └──────────┘    └──────────┘    └──────────┘

        ┌──────────┐    ┌──────────┐    ┌──────────┐    ┌──────────┐
        │   1.11   │    │   1.12   │    │   1.13   │    │   1.14   │
        └──────────┘    └──────────┘    └──────────┘    └──────────┘

       end of section 1: 14 items
       §2 Tight labels
       40 items of 8×1 · inset 0,0,1,0 · line 0 · interitem 1
      [2.1]    [2.2]    [2.3]    [2.4]    [2.5]    [2.6]    [2.7]    [2.8]    [2.9]
      [2.10]   [2.11]   [2.12]   [2.13]   [2.14]   [2.15]   [2.16]   [2.17]   [2.18]
      [2.19]   [2.20]   [2.21]   [2.22]   [2.23]   [2.24]   [2.25]   [2.26]   [2.27]
      [2.28]   [2.29]   [2.30]   [2.31]   [2.32]   [2.33]   [2.34]   [2.35]   [2.36]
      [2.37]   [2.38]   [2.39]   [2.40]
       sections │ 6 sections, each its own way │ item 1.1 │ ? keys · q quits
      """
    #expect(Snapshot.diff(surface, expected) == nil, "\(Snapshot.diff(surface, expected) ?? "")")
  }

  @Test func eachSectionTakesItsOwnSettingsFromTheDelegate() {
    let demo = SectionsDemo()
    let view = demo.collectionView
    func cells(_ frame: Rect?) -> CellRect { CellMetrics.standard.cellRect(for: frame ?? .zero) }
    func item(_ item: Int, _ section: Int) -> CellRect {
      cells(view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame)
    }
    func header(_ section: Int) -> CellRect? {
      view.layoutAttributesForSupplementaryElement(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section)
      ).map { cells($0.frame) }
    }
    _ = drawn(demo)
    // Section 3: 16 × 3 items, 8 columns in from the left, 2 rows between lines.
    #expect(item(0, 2).column == 8 && item(0, 2).columns == 16 && item(0, 2).rows == 3)
    #expect(item(3, 2).row - item(0, 2).endRow == 2)
    // Section 2: 8 × 1 labels, one column apart at least, no inset.
    #expect(item(0, 1).column == 0 && item(1, 1).column - item(0, 1).endColumn >= 1)
    // Headers of two rows, none for section 5; footers where asked for.
    #expect(header(0)?.rows == 2 && header(4) == nil)
    #expect(item(0, 2).row == header(2)!.endRow + 1, "inset top 1 under the header")
  }

  @Test func theCurrentSectionsHeaderStaysOnTop() {
    let demo = SectionsDemo()
    // Down through section 1's boxes and section 2's labels to the last line of section 3,
    // then that line to the top.
    let surface = drawn(demo, after: Array(repeating: .down, count: 10))
    let view = demo.collectionView
    #expect(view.indexPathForFocusedItem == IndexPath(item: 6, section: 2))
    view.focusItem(at: IndexPath(item: 6, section: 2), scrollPosition: .top)
    demo.draw(into: surface)
    // Section 3's first line has scrolled above the top, yet its header is on the top rows.
    let firstLine = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))!.frame
    #expect(firstLine.maxY <= view.contentOffset.y)
    #expect(surface.lines[0].hasPrefix(" §3 Indented, spaced out"))
    #expect(surface.lines[1].hasPrefix(" 9 items of 16×3 · inset 1,8,1,8"))
  }
}
