import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// One test per rule of flow-layout.md, each run vertically and as its exact transposition.
@Suite @MainActor struct FlowRuleTests {
  typealias Section = FlowFixture.Section

  static func sizes(_ widths: [Double], height: Double = 20) -> [Size] {
    widths.map { Size(width: $0, height: height) }
  }

  // MARK: Rule 1

  @Test func rule1DefaultsAreUIKits() {
    let layout = FlowLayout()
    #expect(layout.itemSize == Size(width: 50, height: 50))
    #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
    #expect(layout.sectionInset == .zero)
    #expect(layout.headerReferenceSize == .zero && layout.footerReferenceSize == .zero)
    #expect(layout.scrollDirection == .vertical)
    #expect(!layout.sectionHeadersPinToVisibleBounds && !layout.sectionFootersPinToVisibleBounds)
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule1PerSectionValuesWinOverTheLayoutsProperties(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 500),
      sections: [
        Section(items: 2),
        Section(
          items: 2, inset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), lineSpacing: 7,
          interitemSpacing: 30, header: Size(width: 0, height: 5), footer: Size(width: 0, height: 6)
        ),
      ]
    ) {
      $0.itemSize = Size(width: 40, height: 10)
      $0.minimumInteritemSpacing = 20
      $0.minimumLineSpacing = 3
    }
    let flow = OrientedFlow(fixture, direction)
    // Section 0: (100 + 20) / 60 = 2 per line, gap 20.
    #expect(flow.itemFrames(section: 0).map(\.minX) == [0, 60])
    // Section 1: A = 94, (94 + 30) / 70 = 1 per line, centred: 2 + 27 = 29; lines 7 apart.
    #expect(
      flow.itemFrames(section: 1)
        == [Rect(x: 29, y: 16, width: 40, height: 10), Rect(x: 29, y: 33, width: 40, height: 10)])
    #expect(flow.header(section: 0) == nil)
    #expect(flow.header(section: 1) == Rect(x: 0, y: 10, width: 100, height: 5))
    #expect(flow.footer(section: 1) == Rect(x: 0, y: 46, width: 100, height: 6))
    #expect(flow.contentSize == Size(width: 100, height: 52))
  }

  // MARK: Rule 2

  @Test(arguments: ScrollDirection.allCases)
  func rule2IdenticalDelegateSizesTakeTheUniformPath(direction: ScrollDirection) {
    // Per item, the last line [100 100] would be packed at 0, 110; uniformly it sits on the
    // columns 0, 137.5.
    let fixture = FlowFixture(
      bounds: Size(width: 375, height: 800),
      sections: [Section(itemSizes: Array(repeating: Size(width: 100, height: 100), count: 5))])
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.itemFrames().map(\.minX) == [0, 137.5, 275, 0, 137.5])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule2NilForItemZeroMeansUniformWithoutAskingEachItem(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 375, height: 800), sections: [Section(items: 1000), Section(items: 3)])
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.contentSize.height > 0)
    #expect(flow.fixture.sizeRequests == 2, "one request per non-empty section")
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule2DifferentSizesTakeThePerItemPath(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 375, height: 800),
      sections: [Section(itemSizes: Self.sizes([100, 100, 100, 100, 99]))])
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.itemFrames().map(\.minX) == [0, 137.5, 275, 0, 110])
    #expect(flow.fixture.sizeRequests == 5)
  }

  // MARK: Rule 3

  @Test(arguments: ScrollDirection.allCases)
  func rule3AnExactFitCounts(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 320, height: 800), sections: [Section(items: 4)])
    {
      $0.itemSize = Size(width: 100, height: 10)
    }
    let flow = OrientedFlow(fixture, direction)
    // (320 + 10) / (100 + 10) = 3 exactly: three per line, gap (320 - 300) / 2 = 10.
    #expect(flow.itemFrames().map(\.minX) == [0, 110, 220, 0])
    #expect(flow.itemFrames().map(\.minY) == [0, 0, 0, 20])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule3OnePerLineIsCentredInTheRoom(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 150, height: 800), sections: [Section(items: 2)])
    {
      $0.itemSize = Size(width: 100, height: 10)
      $0.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
    }
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.itemFrames().map(\.minX) == [30, 30])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule3ALoneItemSitsAtBeginUnlessOnlyOneFits(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 375, height: 800), sections: [Section(items: 1), Section(items: 1)]
    ) {
      $0.itemSize = Size(width: 100, height: 10)
      $0.sectionInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 0)
    }
    #expect(OrientedFlow(fixture, direction).itemFrames().map(\.minX) == [5])
    fixture.layout.itemSize = Size(width: 200, height: 10)
    #expect(OrientedFlow(fixture, direction).itemFrames().map(\.minX) == [5 + 170 / 2])
  }

  // MARK: Rule 4

  @Test(arguments: ScrollDirection.allCases)
  func rule4AnItemJoinsTheLineIfItFitsTheRoomLeft(direction: ScrollDirection) {
    // Room 100, spacing 10: 40 leaves 50, and 50 fits exactly.
    let fits = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [Section(itemSizes: Self.sizes([40, 50, 30]))])
    #expect(OrientedFlow(fits, direction).itemFrames().map(\.minX) == [0, 50, 0])
    #expect(OrientedFlow(fits, direction).itemFrames().map(\.minY) == [0, 0, 30])
    // 51 does not fit the 50 left, so it starts the next line; the first line's lone 40 is
    // centred and the last line packed.
    let overflows = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [Section(itemSizes: Self.sizes([40, 51, 30]))])
    #expect(OrientedFlow(overflows, direction).itemFrames().map(\.minX) == [30, 0, 61])
  }

  // MARK: Rule 5

  @Test(arguments: ScrollDirection.allCases)
  func rule5ALastLineAsFullAsTheOneBeforeIsJustified(direction: ScrollDirection) {
    // Both lines leave 20 of room: the last line is complete.
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [Section(itemSizes: Self.sizes([30, 40, 40, 30]))])
    #expect(OrientedFlow(fixture, direction).itemFrames().map(\.minX) == [0, 60, 0, 70])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule5WhenEveryLineHoldsOneItemTheLastIsCentredToo(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [Section(itemSizes: Self.sizes([60, 70, 80]))])
    #expect(OrientedFlow(fixture, direction).itemFrames().map(\.minX) == [20, 15, 10])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule5OtherLastLinesArePackedWithTheMinimumSpacing(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 120, height: 800),
      sections: [
        Section(itemSizes: Self.sizes([50, 50, 10, 20]), inset: EdgeInsets(left: 10, right: 10))
      ]
    ) { $0.minimumInteritemSpacing = 4 }
    // A = 100: [50 50] justified at 10, 60 (gap 0 < 4? no: 50 + 4 + 50 > 100 → [50] [50 10 20]).
    // Line 1 [50] centred: 10 + 25 = 35; last line [50 10 20] packed: 10, 64, 78.
    #expect(OrientedFlow(fixture, direction).itemFrames().map(\.minX) == [35, 10, 64, 78])
  }

  // MARK: Rule 6

  @Test(arguments: ScrollDirection.allCases)
  func rule6AnOversizedFirstItemGetsNoEmptyLineBeforeIt(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 120, height: 800),
      sections: [
        Section(itemSizes: Self.sizes([150, 20, 30]), inset: EdgeInsets(left: 10, right: 10))
      ])
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.itemFrames().map(\.minX) == [10, 10, 40])
    #expect(flow.itemFrames().map(\.minY) == [0, 30, 30])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule6AnOversizedItemIsAloneOnItsLine(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [Section(itemSizes: Self.sizes([20, 150, 30]))])
    let flow = OrientedFlow(fixture, direction)
    // Every line holds one item: each is complete, the oversized one at begin.
    #expect(flow.itemFrames().map(\.minX) == [40, 0, 35])
    #expect(flow.itemFrames().map(\.minY) == [0, 30, 60])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule6UniformOversizedItemsAreCentredAndOverflowBothEnds(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 800), sections: [Section(items: 2)])
    {
      $0.itemSize = Size(width: 130, height: 10)
      $0.sectionInset = EdgeInsets(left: 10, right: 30)
    }
    // A = 60: 10 + (60 - 130) / 2 = -25.
    #expect(OrientedFlow(fixture, direction).itemFrames().map(\.minX) == [-25, -25])
  }

  // MARK: Rule 7

  @Test(arguments: ScrollDirection.allCases)
  func rule7LinesAreAsThickAsTheirThickestItemAndLineSpacingApart(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [
        Section(itemSizes: [
          Size(width: 40, height: 20), Size(width: 40, height: 40), Size(width: 90, height: 10),
        ])
      ]
    ) { $0.minimumLineSpacing = 6 }
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.itemFrames().map(\.minY) == [10, 0, 46])
    #expect(flow.contentSize.height == 56)
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule7UniformLinesArePitchedByThicknessPlusLineSpacing(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 800), sections: [Section(items: 5)])
    {
      $0.itemSize = Size(width: 45, height: 12.5)
      $0.minimumLineSpacing = 3
    }
    #expect(OrientedFlow(fixture, direction).itemFrames().map(\.minY) == [0, 0, 15.5, 15.5, 31])
  }

  // MARK: Rule 8

  @Test(arguments: ScrollDirection.allCases)
  func rule8HeadersSpanTheViewWhateverTheInsets(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 200, height: 800),
      sections: [Section(items: 1, inset: EdgeInsets(top: 4, left: 20, bottom: 0, right: 30))]
    ) {
      $0.headerReferenceSize = Size(width: 7, height: 30)
      $0.footerReferenceSize = Size(width: 1000, height: 8)
    }
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.header() == Rect(x: 0, y: 0, width: 200, height: 30))
    #expect(flow.itemFrames()[0].minY == 34)
    #expect(flow.footer() == Rect(x: 0, y: 84, width: 200, height: 8))
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule8AZeroThickHeaderIsNoElementAndNoSpace(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 200, height: 800), sections: [Section(items: 1)])
    {
      $0.headerReferenceSize = Size(width: 100, height: 0)
      $0.footerReferenceSize = Size(width: 100, height: 0)
    }
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.header() == nil && flow.footer() == nil)
    #expect(flow.itemFrames()[0].minY == 0)
    #expect(
      flow.query(Rect(x: -10, y: -10, width: 1000, height: 1000)) == [
        "cell 0.0 \(Rect(x: 0, y: 0, width: 50, height: 50))"
      ])
  }

  // MARK: Rule 9

  @Test(arguments: ScrollDirection.allCases)
  func rule9ASectionIsHeaderBeforeLinesAfterFooter(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 110, height: 800),
      sections: [
        Section(items: 3, inset: EdgeInsets(top: 5, bottom: 7)),
        Section(
          items: 0, inset: EdgeInsets(top: 3, bottom: 4), header: Size(width: 0, height: 20),
          footer: Size(width: 0, height: 6)),
        Section(items: 1),
      ]
    ) {
      $0.headerReferenceSize = Size(width: 0, height: 30)
      $0.footerReferenceSize = Size(width: 0, height: 12)
    }
    let flow = OrientedFlow(fixture, direction)
    // Section 0: header 0–30, inset 5, lines 35–145 (50 + 10 + 50), inset 7, footer 152–164.
    #expect(flow.header(section: 0) == Rect(x: 0, y: 0, width: 110, height: 30))
    #expect(flow.itemFrames(section: 0).map(\.minY) == [35, 35, 95])
    #expect(flow.footer(section: 0)?.minY == 152)
    // Section 1 is empty but still takes header + before + after + footer = 33.
    #expect(flow.header(section: 1)?.minY == 164)
    #expect(flow.footer(section: 1)?.minY == 191)
    // Section 2 follows with no gap.
    #expect(flow.header(section: 2)?.minY == 197)
    #expect(flow.itemFrames(section: 2).map(\.minY) == [227])
    #expect(flow.contentSize.height == 197 + 30 + 50 + 12)
  }

  // MARK: Rule 10

  @Test(arguments: ScrollDirection.allCases)
  func rule10TheContentSpansTheViewOnTheLineAxis(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 30), sections: [Section(items: 3)]) {
      $0.itemSize = Size(width: 400, height: 20)
    }
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.contentSize == Size(width: 100, height: 80))
    let raw = flow.layout.contentSize
    #expect(direction == .vertical ? raw.width == 100 : raw.height == 100)
  }

  // MARK: Rule 11

  @Test func rule11HorizontalIsTheExactTransposition() {
    let vertical = FlowExampleTests.specExample()
    vertical.layout.headerReferenceSize = Size(width: 3, height: 9)
    let horizontal = vertical.transposed()
    #expect(horizontal.layout.scrollDirection == .horizontal)
    #expect(horizontal.layout.contentSize == vertical.layout.contentSize.transposed)
    let v = vertical.allElements().map(\.frame.transposed)
    let h = horizontal.allElements().map(\.frame)
    #expect(h == v)
    #expect(!h.isEmpty)
  }

  @Test func rule11HorizontalColumnsUseInteritemSpacingDownAndLineSpacingAcross() {
    // UIKit swaps the spacings here for per-item sizes; Mosaic does not.
    let fixture = FlowFixture(
      bounds: Size(width: 200, height: 100),
      sections: [
        Section(itemSizes: [
          Size(width: 30, height: 40), Size(width: 20, height: 50), Size(width: 10, height: 30),
        ])
      ]
    ) {
      $0.scrollDirection = .horizontal
      $0.minimumInteritemSpacing = 10
      $0.minimumLineSpacing = 5
      $0.headerReferenceSize = Size(width: 6, height: 1)
      $0.sectionInset = EdgeInsets(top: 0, left: 2, bottom: 0, right: 3)
    }
    #expect(
      fixture.itemFrames() == [
        Rect(x: 8, y: 0, width: 30, height: 40), Rect(x: 13, y: 50, width: 20, height: 50),
        Rect(x: 43, y: 0, width: 10, height: 30),
      ])
    #expect(
      fixture.layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 0, y: 0, width: 6, height: 100))
    #expect(fixture.layout.contentSize == Size(width: 56, height: 100))
  }

  // MARK: Rule 12

  @Test(arguments: ScrollDirection.allCases)
  func rule12FramesAreExactBinary64WithNoRounding(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 800), sections: [Section(items: 4)])
    {
      $0.itemSize = Size(width: 21, height: 10)
      $0.minimumInteritemSpacing = 0
    }
    let gap = (100.0 - 4 * 21) / 3
    let xs = OrientedFlow(fixture, direction).itemFrames().map(\.minX)
    #expect(xs == [0, 21 + gap, 2 * (21 + gap), 3 * (21 + gap)])
    #expect(xs[1] != xs[1].rounded() && xs[1] * 2 != (xs[1] * 2).rounded())
  }

  // MARK: Rule 13

  @Test(arguments: ScrollDirection.allCases)
  func rule13QueriesSkipElementsThatOnlyTouchTheRect(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 110, height: 800), sections: [Section(items: 4)])
    {
      $0.headerReferenceSize = Size(width: 0, height: 10)
    }
    let flow = OrientedFlow(fixture, direction)
    // Items at x 0 and 60, y 10 and 70. The rect 50–60 × 60–70 touches four items and nothing else.
    #expect(flow.query(Rect(x: 50, y: 60, width: 10, height: 10)).isEmpty)
    #expect(flow.query(Rect(x: 49.5, y: 60, width: 11, height: 10.5)).count == 2)
    #expect(
      flow.query(Rect(x: 49.5, y: 0, width: 11, height: 70.5)) == [
        "header 0.0 \(Rect(x: 0, y: 0, width: 110, height: 10))",
        "cell 0.0 \(Rect(x: 0, y: 10, width: 50, height: 50))",
        "cell 0.1 \(Rect(x: 60, y: 10, width: 50, height: 50))",
        "cell 0.2 \(Rect(x: 0, y: 70, width: 50, height: 50))",
        "cell 0.3 \(Rect(x: 60, y: 70, width: 50, height: 50))",
      ])
    #expect(flow.query(Rect(x: 0, y: 0, width: 0, height: 500)).isEmpty)
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule13QueriesListSectionsInOrderHeaderItemsFooter(direction: ScrollDirection) {
    let flow = OrientedFlow(FlowExampleTests.specExample(), direction)
    let all = flow.query(Rect(x: -1, y: -1, width: 400, height: 400))
    #expect(all == flow.allElements())
    #expect(all.count == 11)
  }

  // MARK: Rule 14

  @Test(arguments: ScrollDirection.allCases)
  func rule14ZeroSizedItemsWithNoSpacingShareOneLine(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 800), sections: [Section(items: 5)])
    {
      $0.itemSize = Size(width: 0, height: 10)
      $0.minimumInteritemSpacing = 0
    }
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.itemFrames().map(\.minY) == [0, 0, 0, 0, 0])
    #expect(flow.itemFrames().map(\.minX) == [0, 25, 50, 75, 100])
    #expect(flow.query(Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty, "no area, no overlap")
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule14ZeroSizedItemsWithSpacingFollowTheFormula(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [Section(itemSizes: Self.sizes([0, 0, 0], height: 0))])
    // One size for all: uniform, n = (100 + 10) / 10 = 11, gap 10.
    let flow = OrientedFlow(fixture, direction)
    #expect(flow.itemFrames().map(\.minX) == [0, 10, 20])
    #expect(flow.contentSize.height == 0)
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule14InsetsLargerThanTheViewMakeEveryItemOversized(direction: ScrollDirection) {
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 800),
      sections: [
        Section(items: 2, inset: EdgeInsets(left: 80, right: 60)),
        Section(itemSizes: Self.sizes([1, 2]), inset: EdgeInsets(left: 80, right: 60)),
      ]
    ) { $0.itemSize = Size(width: 10, height: 10) }
    let flow = OrientedFlow(fixture, direction)
    // A = -40: uniform items centred at 80 + (-40 - 10) / 2 = 55; per-item at begin, alone.
    #expect(flow.itemFrames(section: 0).map(\.minX) == [55, 55])
    #expect(flow.itemFrames(section: 0).map(\.minY) == [0, 20])
    #expect(flow.itemFrames(section: 1).map(\.minX) == [80, 80])
    #expect(flow.itemFrames(section: 1).map(\.minY) == [30, 60])
  }

  @Test(arguments: ScrollDirection.allCases)
  func rule14DegenerateInputNeverCrashes(direction: ScrollDirection) {
    let nan = Double.nan
    let fixture = FlowFixture(
      bounds: Size(width: nan, height: nan),
      sections: [
        Section(items: 0), Section(items: 3),
        Section(
          itemSizes: [
            Size(width: nan, height: 5), Size(width: .infinity, height: -3),
            Size(width: 4, height: 4),
          ],
          inset: EdgeInsets(top: nan, left: -1e300, bottom: .infinity, right: 7),
          lineSpacing: -1000,
          interitemSpacing: nan, header: Size(width: nan, height: nan)),
      ]
    ) {
      $0.itemSize = Size(width: -5, height: .infinity)
      $0.minimumLineSpacing = -nan
    }
    let flow = OrientedFlow(fixture, direction)
    _ = flow.allElements()
    _ = flow.query(Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity))
    _ = flow.query(Rect(x: nan, y: nan, width: nan, height: nan))
    _ = flow.layout.indexPathForItem(at: Point(x: nan, y: 3))
    #expect(flow.layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 1)) == nil)
    #expect(flow.layout.layoutAttributesForItem(at: IndexPath(item: -1, section: 1)) == nil)
    #expect(flow.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 9)) == nil)
    #expect(flow.layout.layoutAttributesForItem(at: IndexPath(index: 0)) == nil)
    #expect(
      flow.layout.layoutAttributesForSupplementaryView(
        ofKind: "badge", at: IndexPath(item: 0, section: 0)) == nil)
    fixture.sections = []
    #expect(flow.layout.contentSize.height == 0 || flow.layout.contentSize.width == 0)
    #expect(
      flow.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty
    )
  }

  @Test func rule14NoDataSourceMeansNoContent() {
    let layout = FlowLayout()
    #expect(layout.contentSize == Size(width: 0, height: 0))
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
  }
}
