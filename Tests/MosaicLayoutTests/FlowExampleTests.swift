import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// The examples of layout-spec.md and the worked examples of flow-layout.md, to the digit.
@Suite @MainActor struct FlowExampleTests {
  /// layout-spec.md's input: a uniform section of 7 and a per-item section with overrides.
  static func specExample() -> FlowFixture {
    FlowFixture(
      bounds: Size(width: 320, height: 480),
      sections: [
        .init(items: 7),
        .init(
          itemSizes: [Size(width: 40, height: 20), Size(width: 90, height: 35)],
          inset: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10), lineSpacing: 4,
          interitemSpacing: 2, header: Size(width: 0, height: 30),
          footer: Size(width: 0, height: 12)),
      ])
  }

  @Test func layoutSpecExampleFramesAndCells() {
    let fixture = Self.specExample()
    let layout = fixture.layout
    #expect(layout.contentSize == Size(width: 320, height: 197))
    let elements = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 480))
    let summary = elements.map { e -> String in
      let kind = e.representedElementKind ?? "cell"
      let cells = CellMetrics.standard.cellRect(for: e.frame)
      return "\(kind) \(e.indexPath.section).\(e.indexPath.item) \(e.frame) \(cells)"
    }
    let xs = [0, 67.5, 135, 202.5, 270]
    var expected: [String] = []
    for item in 0..<7 {
      let frame = Rect(x: xs[item % 5], y: item < 5 ? 0 : 60, width: 50, height: 50)
      let cells = CellMetrics.standard.cellRect(for: frame)
      expected.append("cell 0.\(item) \(frame) \(cells)")
    }
    expected += [
      "header 1.0 (0.0, 110.0, 320.0 × 30.0) 0,7 40×2",
      "cell 1.0 (10.0, 152.5, 40.0 × 20.0) 1,10 5×1",
      "cell 1.1 (52.0, 145.0, 90.0 × 35.0) 7,9 11×2",
      "footer 1.0 (0.0, 185.0, 320.0 × 12.0) 0,12 40×0",
    ]
    #expect(summary == expected)
    #expect(expected[1].hasSuffix("8,0 7×3"))
  }

  @Test(arguments: ScrollDirection.allCases)
  func uniformIncompleteLastLineSitsOnTheColumns(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 375, height: 800), sections: [.init(items: 8)]) {
      $0.itemSize = Size(width: 100, height: 100)
    }
    expectVerticalFrames(
      fixture, direction,
      xs: [0, 137.5, 275, 0, 137.5, 275, 0, 137.5], ys: [0, 0, 0, 110, 110, 110, 220, 220])
  }

  @Test(arguments: ScrollDirection.allCases)
  func perItemLinesJustifyAndTheLastLinePacks(direction: ScrollDirection) {
    let widths: [Double] = [60, 90, 70, 50, 100, 80, 40, 30]
    let fixture = FlowFixture(
      bounds: Size(width: 300, height: 800),
      sections: [.init(itemSizes: widths.map { Size(width: $0, height: 20) })]
    ) {
      $0.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
      $0.minimumInteritemSpacing = 8
    }
    expectVerticalFrames(
      fixture, direction, xs: [10, 100, 220, 10, 85, 210, 10, 58],
      ys: [0, 0, 0, 30, 30, 30, 60, 60])
  }

  @Test(arguments: ScrollDirection.allCases)
  func itemsAreCentredAcrossTheThickestOfTheirLine(direction: ScrollDirection) {
    let heights: [Double] = [40, 41, 40, 40]
    let fixture = FlowFixture(
      bounds: Size(width: 350, height: 800),
      sections: [.init(itemSizes: heights.map { Size(width: 100, height: $0) })])
    expectVerticalFrames(fixture, direction, xs: [0, 125, 250, 0], ys: [0.5, 0, 0.5, 51])
  }

  @Test(arguments: ScrollDirection.allCases)
  func oversizedUniformItemsAreCentredAndOverflow(direction: ScrollDirection) {
    let fixture = FlowFixture(bounds: Size(width: 320, height: 800), sections: [.init(items: 3)]) {
      $0.itemSize = Size(width: 400, height: 50)
    }
    expectVerticalFrames(fixture, direction, xs: [-40, -40, -40], ys: [0, 60, 120])
  }
}

/// Checks the item origins of section 0 of a vertical fixture, or of its transposition when
/// `direction` is horizontal (where x and y swap).
@MainActor func expectVerticalFrames(
  _ fixture: FlowFixture, _ direction: ScrollDirection, xs: [Double], ys: [Double],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let subject = direction == .vertical ? fixture : fixture.transposed()
  let frames = subject.itemFrames().map { direction == .vertical ? $0 : $0.transposed }
  #expect(frames.map(\.minX) == xs, "x, \(direction)", sourceLocation: sourceLocation)
  #expect(frames.map(\.minY) == ys, "y, \(direction)", sourceLocation: sourceLocation)
  let sizes =
    fixture.sections[0].itemSizes
    ?? Array(
      repeating: fixture.layout.itemSize, count: fixture.sections[0].items)
  #expect(frames.map(\.size) == sizes, "sizes, \(direction)", sourceLocation: sourceLocation)
}
