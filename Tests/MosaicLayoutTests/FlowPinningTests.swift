import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicLayout

/// Pinned headers and footers (`sectionHeadersPinToVisibleBounds`,
/// `sectionFootersPinToVisibleBounds`), both directions.
@Suite @MainActor struct FlowPinningTests {
  /// Three sections of four 50 × 50 items, two per line, header 20 and footer 10: sections
  /// start at 0, 140 and 280; the view is 100 high.
  static func fixture(headers: Bool, footers: Bool) -> FlowFixture {
    FlowFixture(
      bounds: Size(width: 110, height: 100),
      sections: [.init(items: 4), .init(items: 4), .init(items: 4)]
    ) {
      $0.headerReferenceSize = Size(width: 0, height: 20)
      $0.footerReferenceSize = Size(width: 0, height: 10)
      $0.sectionHeadersPinToVisibleBounds = headers
      $0.sectionFootersPinToVisibleBounds = footers
    }
  }

  /// Scrolls `flow` so the visible rect starts at `offset` on the scroll axis.
  static func scroll(_ flow: OrientedFlow, to offset: Double) {
    flow.fixture.bounds = flow.map(Rect(x: 0, y: offset, width: 110, height: 100))
  }

  @Test(arguments: ScrollDirection.allCases)
  func aPinnedHeaderSticksToTheVisibleStartInsideItsSection(direction: ScrollDirection) {
    let flow = OrientedFlow(Self.fixture(headers: true, footers: false), direction)
    Self.scroll(flow, to: 0)
    #expect(flow.header(section: 0)?.minY == 0)
    Self.scroll(flow, to: 50)
    #expect(flow.header(section: 0) == Rect(x: 0, y: 50, width: 110, height: 20))
    #expect(flow.header(section: 1)?.minY == 140)
    // Pushed up by the section's end: 140 - 20.
    Self.scroll(flow, to: 130)
    #expect(flow.header(section: 0)?.minY == 120)
    #expect(flow.header(section: 1)?.minY == 140)
    Self.scroll(flow, to: 150)
    #expect(flow.header(section: 0)?.minY == 120)
    #expect(flow.header(section: 1)?.minY == 150)
    // Footers are not pinned.
    #expect(flow.footer(section: 1)?.minY == 270)
  }

  /// Scroll-to-show asks where pinned elements would be at a candidate offset: the query
  /// takes the visible rect it is about, and the owner's bounds, the layout's validity and
  /// later queries are left as they were.
  @Test func aQueryAboutACandidateVisibleRectPinsForItAndChangesNothing() {
    let fixture = Self.fixture(headers: true, footers: false)
    fixture.bounds = Rect(x: 0, y: 0, width: 110, height: 100)
    let layout = fixture.layout
    _ = layout.elementAttributes(in: fixture.bounds)
    let preparations = layout.preparationCount
    let candidate = Rect(x: 0, y: 50, width: 110, height: 100)
    func header(_ elements: [LayoutAttributes]) -> Rect? {
      elements.first {
        $0.representedElementKind == ElementKind.sectionHeader && $0.indexPath.section == 0
      }?.frame
    }
    #expect(
      header(layout.elementAttributes(in: candidate, visibleRect: candidate))
        == Rect(x: 0, y: 50, width: 110, height: 20))
    #expect(layout.preparationCount == preparations)
    #expect(!layout.needsPrepare)
    #expect(fixture.bounds == Rect(x: 0, y: 0, width: 110, height: 100))
    #expect(layout.visibleRectForPlacement == fixture.bounds)
    #expect(layout.visibleRectBeingQueried == nil)
    #expect(
      header(layout.elementAttributes(in: fixture.bounds))
        == Rect(x: 0, y: 0, width: 110, height: 20))
  }

  @Test(arguments: ScrollDirection.allCases)
  func theQueryIncludesAPinnedHeaderWhoseNaturalFrameIsOutsideTheRect(direction: ScrollDirection) {
    let flow = OrientedFlow(Self.fixture(headers: true, footers: false), direction)
    Self.scroll(flow, to: 50)
    let visible = flow.query(Rect(x: 0, y: 50, width: 110, height: 100))
    #expect(
      visible == [
        "header 0.0 \(Rect(x: 0, y: 50, width: 110, height: 20))",
        "cell 0.0 \(Rect(x: 0, y: 20, width: 50, height: 50))",
        "cell 0.1 \(Rect(x: 60, y: 20, width: 50, height: 50))",
        "cell 0.2 \(Rect(x: 0, y: 80, width: 50, height: 50))",
        "cell 0.3 \(Rect(x: 60, y: 80, width: 50, height: 50))",
        "footer 0.0 \(Rect(x: 0, y: 130, width: 110, height: 10))",
        "header 1.0 \(Rect(x: 0, y: 140, width: 110, height: 20))",
      ])
    let header = flow.layout.layoutAttributesForElements(
      in: flow.map(Rect(x: 0, y: 50, width: 110, height: 100))
    )
    .first
    #expect(header?.zIndex == FlowLayout.pinnedZIndex)
    #expect(flow.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.zIndex == 0)
  }

  @Test(arguments: ScrollDirection.allCases)
  func aPinnedFooterSticksToTheVisibleEndInsideItsSection(direction: ScrollDirection) {
    let flow = OrientedFlow(Self.fixture(headers: false, footers: true), direction)
    Self.scroll(flow, to: 0)
    #expect(flow.footer(section: 0) == Rect(x: 0, y: 90, width: 110, height: 10))
    #expect(flow.footer(section: 1)?.minY == 140, "held at its section's start")
    Self.scroll(flow, to: 60)
    #expect(flow.footer(section: 0)?.minY == 130, "back at its natural place")
    #expect(flow.footer(section: 1)?.minY == 150)
    let visible = flow.query(Rect(x: 0, y: 60, width: 110, height: 100))
    #expect(visible.last == "footer 1.0 \(Rect(x: 0, y: 150, width: 110, height: 10))")
    #expect(visible.contains("header 1.0 \(Rect(x: 0, y: 140, width: 110, height: 20))"))
    #expect(
      flow.layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: 0))?.zIndex
        == FlowLayout.pinnedZIndex)
  }

  @Test("scrolling with pinned headers invalidates only them: prepare() computes no section")
  func scrollingMovesPinnedHeadersWithoutComputingAgain() {
    let counting = CountingFlowLayout()
    let fixture = FlowFixture(
      bounds: Size(width: 110, height: 100), sections: [.init(items: 40)], layout: counting
    ) {
      $0.headerReferenceSize = Size(width: 0, height: 20)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    _ = counting.layoutAttributesForElements(in: fixture.bounds)
    #expect(counting.geometryComputations == 1)
    var steps = 0
    for offset in stride(from: 37.0, through: 600, by: 37) {
      fixture.bounds.origin.y = offset
      steps += 1
      let header = counting.layoutAttributesForElements(in: fixture.bounds).first
      #expect(header?.frame.minY == offset, "offset \(offset)")
    }
    // UIKit's flow layout: asked on every scroll, it invalidates with a context for the pinned
    // header alone, and prepare() runs but recomputes nothing.
    #expect(counting.prepareCount == 1 + steps)
    #expect(counting.geometryComputations == 1)
    _ = fixture
  }

  @Test("a scroll's context invalidates only the pinned headers, not the flow's metrics")
  func theBoundsChangeContextNamesOnlyThePinnedHeaders() throws {
    let fixture = FlowFixture(
      bounds: Size(width: 110, height: 100), sections: [.init(items: 40), .init(items: 40)]
    ) {
      $0.headerReferenceSize = Size(width: 0, height: 20)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    let layout = fixture.layout
    _ = layout.contentSize
    let scrolled = Rect(x: 0, y: 50, width: 110, height: 100)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: scrolled))
    let context = try #require(
      layout.invalidationContext(forBoundsChange: scrolled) as? FlowLayoutInvalidationContext)
    #expect(!context.invalidateFlowLayoutDelegateMetrics)
    #expect(!context.invalidateFlowLayoutAttributes)
    #expect(!context.invalidateEverything)
    #expect(
      context.invalidatedSupplementaryIndexPaths == [
        ElementKind.sectionHeader: [IndexPath(item: 0, section: 0)]
      ])
    let resized = Rect(x: 0, y: 0, width: 111, height: 100)
    let full = try #require(
      layout.invalidationContext(forBoundsChange: resized) as? FlowLayoutInvalidationContext)
    #expect(full.invalidateFlowLayoutAttributes && full.invalidateFlowLayoutDelegateMetrics)
    fixture.layout.sectionHeadersPinToVisibleBounds = false
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: scrolled))
  }
}

/// A flow layout that counts its `prepare()` calls.
final class CountingFlowLayout: FlowLayout {
  private(set) var prepareCount = 0

  override func prepare() {
    prepareCount += 1
    super.prepare()
  }
}
