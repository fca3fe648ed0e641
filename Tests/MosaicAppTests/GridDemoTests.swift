import MosaicApp
import MosaicCollection
import Testing

/// `mosaic demo grid` and `mosaic demo million`, drawn headless.
@Suite @MainActor struct GridDemoTests {
  @Test func gridShowsAPinnedHeaderCardsAndTheStatusLine() {
    let surface = drawn(Demo.grid.makeScene())
    // Four 18-column cards in 80 columns: the flow layout spreads the 8 spare columns over
    // the three gaps, snapped to cells as 3, 2, 3.
    let expected = """
       Section 0 · 100 items
      ┌────────────────┐   ┌────────────────┐  ┌────────────────┐   ┌────────────────┐
      │ Item 0         │   │ Item 1         │  │ Item 2         │   │ Item 3         │
      │ §0 · #0        │   │ §0 · #1        │  │ §0 · #2        │   │ §0 · #3        │
      └────────────────┘   └────────────────┘  └────────────────┘   └────────────────┘
      """
    #expect(surface.text.split(separator: "\n").prefix(5).joined(separator: "\n") == expected)
    #expect(
      surface.lines[23].hasPrefix(
        " mosaic demo grid · 10,000 items · item 0 of section 0 · ? keys · q quits"))
  }

  @Test func controlEAndControlYScrollOneLine() {
    let scene = Demo.grid.makeScene()
    let once = drawn(scene, after: [.control("e")])
    // The header stays pinned; the cards move up one row under it.
    #expect(once.lines[0].hasPrefix(" Section 0 · 100 items"))
    #expect(once.lines[1].hasPrefix("│ Item 0 "))
    #expect(scene.collectionView.contentOffset.y == 16)
    let back = drawn(scene, after: [.control("y")])
    #expect(back.lines[1].hasPrefix("┌────"))
    #expect(scene.collectionView.contentOffset.y == 0)
  }

  @Test func gridEndsWithTheLastSectionsFooter() {
    let surface = drawn(Demo.grid.makeScene(), after: [.end])
    #expect(surface.text.contains("Item 9,999"))
    #expect(surface.text.contains("end of section 99"))
    #expect(surface.lines[0].hasPrefix(" Section 99 · 100 items"))
    #expect(surface.lines[23].contains("item 99 of section 99"))
  }

  @Test func millionReachesItsLastItemWithAScreenfulOfViews() {
    let scene = Demo.million.makeScene()
    let surface = drawn(scene, after: [.end])
    #expect(surface.text.contains("Item 999,999"))
    #expect(surface.lines[23].contains("1,000,000 items · item 999,999 ·"))
    let statistics = scene.collectionView.statistics
    #expect(statistics.maxLiveViews <= 40, "views are recycled, not made per item")
  }

  @Test func millionShowsItsRecyclingCountersAboveTheStatusLine() {
    let scene = Demo.million.makeScene()
    let first = drawn(scene)
    #expect(first.lines[22].hasPrefix(" views: "))
    let paged = drawn(scene, after: Array(repeating: .pageDown, count: 50))
    let statistics = scene.collectionView.statistics
    #expect(
      paged.lines[22].hasPrefix(
        " views: \(statistics.viewsCreated) created · \(statistics.liveViews) live · "
          + "\(statistics.queuedViews) queued · \(statistics.maxVisibleElements) most visible"))
    #expect(statistics.viewsCreated <= statistics.maxVisibleElements + 2)
  }

  @Test func quitsOnQAndEscape() {
    #expect(Demo.grid.makeScene().handle(.key(.character("q"))) == .quit)
    #expect(Demo.million.makeScene().handle(.key(.escape)) == .quit)
    #expect(Demo.grid.makeScene().handle(.key(.down)) == .continue)
  }
}
