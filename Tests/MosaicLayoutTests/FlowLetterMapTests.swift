import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// Small layouts drawn as letter maps through `CellMetrics` (STYLE.md §13): item i is `a` + i,
/// headers `H`, footers `F`, empty cells `.`.
@Suite @MainActor struct FlowLetterMapTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var bounds: Size
    var direction: ScrollDirection = .vertical
    var itemSize = Size(width: 50, height: 50)
    var lineSpacing = 10.0
    var interitemSpacing = 10.0
    var inset = EdgeInsets.zero
    var header = Size.zero
    var footer = Size.zero
    var sections: [FlowFixture.Section]
    var metrics = CellMetrics(pointsPerColumn: 1, pointsPerRow: 1)
    var map: String

    var testDescription: String { name }
  }

  nonisolated static let cases: [Case] = [
    Case(
      name: "uniform columns with fractional gaps snap to the nearest cell edge",
      bounds: Size(width: 40, height: 100), itemSize: Size(width: 8, height: 2), lineSpacing: 1,
      interitemSpacing: 1, sections: [.init(items: 7)],
      map: """
        aaaaaaaa...bbbbbbbb..cccccccc...dddddddd
        aaaaaaaa...bbbbbbbb..cccccccc...dddddddd
        ........................................
        eeeeeeee...ffffffff..gggggggg...........
        eeeeeeee...ffffffff..gggggggg...........
        """),
    Case(
      name: "per-item: first line justified to the insets, last packed, centred across the line",
      bounds: Size(width: 20, height: 100), lineSpacing: 1, interitemSpacing: 1,
      inset: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2), header: Size(width: 0, height: 1),
      footer: Size(width: 0, height: 2),
      sections: [
        .init(itemSizes: [
          Size(width: 5, height: 1), Size(width: 4, height: 2), Size(width: 6, height: 1),
          Size(width: 3, height: 1), Size(width: 2, height: 1),
        ])
      ],
      map: """
        HHHHHHHHHHHHHHHHHHHH
        ....................
        ..............bbbb..
        ..aaaaa.......bbbb..
        ....................
        ..cccccc.ddd.ee.....
        ....................
        FFFFFFFFFFFFFFFFFFFF
        FFFFFFFFFFFFFFFFFFFF
        """),
    Case(
      name: "horizontal: two per column (gap 3), columns advance right after the header",
      bounds: Size(width: 100, height: 7), direction: .horizontal,
      itemSize: Size(width: 3, height: 2), lineSpacing: 1, interitemSpacing: 1,
      header: Size(width: 2, height: 0), sections: [.init(items: 5)],
      map: """
        HHaaa.ccc.eee
        HHaaa.ccc.eee
        HH...........
        HH...........
        HH...........
        HHbbb.ddd....
        HHbbb.ddd....
        """),
    Case(
      name: "oversized items: uniform centred overflowing both edges, per-item at begin",
      bounds: Size(width: 10, height: 100), itemSize: Size(width: 14, height: 1), lineSpacing: 0,
      sections: [
        .init(items: 2), .init(itemSizes: [Size(width: 14, height: 1), Size(width: 3, height: 1)]),
      ],
      map: """
        aaaaaaaaaa
        bbbbbbbbbb
        aaaaaaaaaa
        ....bbb...
        """),
    Case(
      name: "layout-spec.md's example at 8 × 16 points per cell",
      bounds: Size(width: 320, height: 480),
      sections: [
        .init(items: 7),
        .init(
          itemSizes: [Size(width: 40, height: 20), Size(width: 90, height: 35)],
          inset: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10), lineSpacing: 4,
          interitemSpacing: 2, header: Size(width: 0, height: 30),
          footer: Size(width: 0, height: 12)),
      ],
      metrics: .standard,
      map: """
        aaaaaa..bbbbbbb..cccccc..ddddddd..eeeeee
        aaaaaa..bbbbbbb..cccccc..ddddddd..eeeeee
        aaaaaa..bbbbbbb..cccccc..ddddddd..eeeeee
        ........................................
        ffffff..ggggggg.........................
        ffffff..ggggggg.........................
        ffffff..ggggggg.........................
        HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH
        HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH
        .......bbbbbbbbbbb......................
        .aaaaa.bbbbbbbbbbb......................
        ........................................
        """),
  ]

  @Test(arguments: cases)
  func layoutDrawsAsExpected(_ c: Case) {
    let fixture = FlowFixture(bounds: c.bounds, sections: c.sections) {
      $0.scrollDirection = c.direction
      $0.itemSize = c.itemSize
      $0.minimumLineSpacing = c.lineSpacing
      $0.minimumInteritemSpacing = c.interitemSpacing
      $0.sectionInset = c.inset
      $0.headerReferenceSize = c.header
      $0.footerReferenceSize = c.footer
    }
    let actual = LetterMap.render(fixture.layout, metrics: c.metrics)
    #expect(
      LetterMap.difference(actual, c.map) == nil, "\(LetterMap.difference(actual, c.map) ?? "")")
  }
}
