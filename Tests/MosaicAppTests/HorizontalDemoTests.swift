import MosaicApp
import MosaicCollection
import MosaicTestSupport
import Testing

/// The `horizontal` demo: a sideways flow layout with headers pinned to the left.
@Suite @MainActor struct HorizontalDemoTests {
  @Test func firstScreen() {
    let surface = drawn(HorizontalDemo())
    let expected = """
       Section 1                                     Section 2
                   ┌────────────┐  ┌────────────┐                ┌────────────┐  ┌────
       12 items    │  Item 1.1  │  │  Item 1.8  │    30 items    │  Item 2.1  │  │  It
                   └────────────┘  └────────────┘                └────────────┘  └────
                   ┌────────────┐  ┌────────────┐                ┌────────────┐  ┌────
                   │  Item 1.2  │  │  Item 1.9  │                │  Item 2.2  │  │  It
                   └────────────┘  └────────────┘                └────────────┘  └────
                   ┌────────────┐  ┌────────────┐                ┌────────────┐  ┌────
                   │  Item 1.3  │  │ Item 1.10  │                │  Item 2.3  │  │ Ite
                   └────────────┘  └────────────┘                └────────────┘  └────

                   ┌────────────┐  ┌────────────┐                ┌────────────┐  ┌────
                   │  Item 1.4  │  │ Item 1.11  │                │  Item 2.4  │  │ Ite
                   └────────────┘  └────────────┘                └────────────┘  └────
                   ┌────────────┐  ┌────────────┐                ┌────────────┐  ┌────
                   │  Item 1.5  │  │ Item 1.12  │                │  Item 2.5  │  │ Ite
                   └────────────┘  └────────────┘                └────────────┘  └────
                   ┌────────────┐                                ┌────────────┐  ┌────
                   │  Item 1.6  │                                │  Item 2.6  │  │ Ite
                   └────────────┘                                └────────────┘  └────
                   ┌────────────┐                                ┌────────────┐  ┌────
                   │  Item 1.7  │                                │  Item 2.7  │  │ Ite
                   └────────────┘                                └────────────┘  └────
       horizontal │ 8 sections, pinned headers │ item 1.1 │ ? keys · q quits
      """
    #expect(Snapshot.diff(surface, expected) == nil, "\(Snapshot.diff(surface, expected) ?? "")")
  }

  @Test func scrollsSidewaysWithTheSectionHeaderPinnedLeft() {
    let demo = HorizontalDemo()
    let surface = drawn(demo, after: Array(repeating: .right, count: 14))
    let view = demo.collectionView
    #expect(view.contentOffset.y == 0 && view.contentOffset.x > 0)
    // Section 7 (40 items, 6 columns) is wider than the screen: deep inside it, its header
    // stays at the left edge, over the items scrolling beneath it.
    view.focusItem(at: IndexPath(item: 24, section: 6), scrollPosition: .centeredHorizontally)
    demo.draw(into: surface)
    let firstColumn = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 6))!.frame
    #expect(firstColumn.maxX <= view.contentOffset.x, "section 7's first column is off screen")
    #expect(surface.lines[0].hasPrefix(" Section 7 "))
    #expect(surface.lines[2].hasPrefix(" 40 items "))
    // Near its end, a section's header is pushed out by the next one, as in UIKit.
    view.focusItem(at: IndexPath(item: 0, section: 2), scrollPosition: .left)
    demo.draw(into: surface)
    #expect(surface.lines[0].contains("Section 3"))
    #expect(!surface.lines[0].hasPrefix(" Section 2"))
  }
}
