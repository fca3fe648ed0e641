import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// Every small layout against the invariants (STYLE.md §14): view widths 1…N, item counts 0…k,
/// spacing and inset combinations, uniform and per-item sizes, both directions.
@Suite @MainActor struct FlowSweepTests {
  struct Combination: CustomStringConvertible {
    var width: Double
    var count: Int
    var perItem: Bool
    var spacing: (line: Double, interitem: Double)
    var inset: EdgeInsets
    var supplementary: Double

    var description: String {
      "width \(width), \(count) \(perItem ? "per-item" : "uniform") items, LS \(spacing.line), "
        + "IS \(spacing.interitem), inset \(inset.top),\(inset.left),\(inset.bottom),\(inset.right), "
        + "header/footer \(supplementary)"
    }

    /// Deterministic varied sizes: lengths 1…9, thicknesses 1…4 (halves included).
    func sizes() -> [Size]? {
      guard perItem else { return nil }
      return (0..<count).map { (i: Int) -> Size in
        let length = Double((i * 5 + count) % 9 + 1)
        let thickness = Double((i * 3) % 4 + 1)
        return Size(width: length, height: i % 2 == 0 ? thickness : thickness / 2)
      }
    }

    @MainActor func fixture() -> FlowFixture {
      FlowFixture(
        bounds: Size(width: width, height: 30),
        sections: [
          .init(items: count, itemSizes: sizes()),
          .init(items: count / 2, inset: .zero, header: Size(width: 0, height: 0)),
        ]
      ) {
        $0.itemSize = Size(width: 3, height: 2)
        $0.minimumLineSpacing = spacing.line
        $0.minimumInteritemSpacing = spacing.interitem
        $0.sectionInset = inset
        $0.headerReferenceSize = Size(width: 0, height: supplementary)
        $0.footerReferenceSize = Size(width: 0, height: supplementary / 2)
      }
    }
  }

  static func combinations() -> [Combination] {
    var result: [Combination] = []
    for width in 1...20 {
      for count in 0...6 {
        for perItem in [false, true] {
          for spacing in [(0.0, 0.0), (1, 0.5), (2.5, 3)] {
            for inset in [EdgeInsets.zero, EdgeInsets(top: 1, left: 2, bottom: 0.5, right: 1.5)] {
              for supplementary in [0.0, 2] {
                result.append(
                  Combination(
                    width: Double(width), count: count, perItem: perItem, spacing: spacing,
                    inset: inset, supplementary: supplementary))
              }
            }
          }
        }
      }
    }
    return result
  }

  /// Query rectangles over the content: a grid of positions and sizes, including ones whose
  /// edges land exactly on element edges.
  static func probes(in content: Size) -> [Rect] {
    var rects: [Rect] = []
    for x in stride(from: -1.0, through: content.width + 1, by: 1.5) {
      for y in stride(from: -1.0, through: content.height + 1, by: 2) {
        rects.append(Rect(x: x, y: y, width: 3, height: 2.5))
        rects.append(Rect(x: x, y: y, width: 0.5, height: 7))
      }
    }
    rects.append(Rect(x: -5, y: -5, width: content.width + 10, height: content.height + 10))
    return rects
  }

  @Test(arguments: ScrollDirection.allCases)
  func everySmallLayoutKeepsTheInvariants(direction: ScrollDirection) {
    var failures: [String] = []
    for combination in Self.combinations() {
      let flow = OrientedFlow(combination.fixture(), direction)
      failures += Self.violations(flow).map { "\(combination), \(direction): \($0)" }
      if failures.count > 20 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test(arguments: ScrollDirection.allCases)
  func pinnedQueriesMatchTheBruteForceWhileScrolling(direction: ScrollDirection) {
    var failures: [String] = []
    for combination in Self.combinations()
    where combination.supplementary > 0 && Int(combination.width) % 3 == 1 {
      let flow = OrientedFlow(combination.fixture(), direction)
      let layout = flow.layout
      layout.sectionHeadersPinToVisibleBounds = true
      layout.sectionFootersPinToVisibleBounds = combination.count % 2 == 0
      let extent = flow.contentSize.height
      for offset in stride(from: -2.0, through: extent + 2, by: 1.5) {
        let visible = Rect(x: 0, y: offset, width: combination.width, height: 6)
        flow.fixture.bounds = flow.map(visible)
        let all = flow.fixture.allElements()
        for rect in [visible, Rect(x: 0, y: offset + 2, width: combination.width, height: 1)] {
          let mapped = flow.map(rect)
          let expected = all.filter { $0.frame.overlapsWithPositiveArea(mapped) }.map(\.description)
          let actual = layout.layoutAttributesForElements(in: mapped).map(\.description)
          if actual != expected {
            failures.append(
              "\(combination), \(direction), offset \(offset): \(actual) ≠ \(expected)")
          }
        }
      }
      if failures.count > 10 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test(arguments: ScrollDirection.allCases)
  func negativeSpacingsAndInsetsStillQueryLikeTheBruteForce(direction: ScrollDirection) {
    var failures: [String] = []
    for width in [3.0, 8, 13] {
      for count in [1, 2, 5, 9] {
        for perItem in [false, true] {
          for spacing in [(-1.0, -0.5), (-3, 1), (-12, -2)] {
            for inset in [
              EdgeInsets(top: -4, left: -1, bottom: -6, right: 2),
              EdgeInsets(top: 2, left: 5, bottom: -30, right: 5),
            ] {
              let combination = Combination(
                width: width, count: count, perItem: perItem, spacing: spacing, inset: inset,
                supplementary: 2)
              let flow = OrientedFlow(combination.fixture(), direction)
              let all = flow.fixture.allElements()
              let frames = all.map { flow.map($0.frame) }
              let low = frames.map(\.minY).min() ?? 0
              let high = frames.map(\.maxY).max() ?? 0
              for y in stride(from: low - 1, through: high + 1, by: 1.25) {
                for rect in [
                  Rect(x: -20, y: y, width: 60, height: 1.5), Rect(x: 1, y: y, width: 2, height: 9),
                ] {
                  let mapped = flow.map(rect)
                  let expected = all.filter { $0.frame.overlapsWithPositiveArea(mapped) }.map(
                    \.description)
                  let actual = flow.layout.layoutAttributesForElements(in: mapped).map(
                    \.description)
                  if actual != expected {
                    failures.append(
                      "\(combination), \(direction), rect \(rect): \(actual) ≠ \(expected)")
                  }
                }
              }
            }
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
  }

  /// The invariants, checked in the layout's own coordinates.
  static func violations(_ flow: OrientedFlow) -> [String] {
    var problems: [String] = []
    let layout = flow.layout
    let vertical = layout.scrollDirection == .vertical
    let content = layout.contentSize
    let all = flow.fixture.allElements()
    let lineExtent = vertical ? content.width : content.height
    for (s, section) in flow.fixture.sections.enumerated() {
      let inset = section.inset ?? layout.sectionInset
      let room =
        vertical ? lineExtent - inset.left - inset.right : lineExtent - inset.top - inset.bottom
      let cells = all.filter { $0.representedElementCategory == .cell && $0.indexPath.section == s }
      let oversized = cells.contains { (vertical ? $0.frame.width : $0.frame.height) > room }
      if cells.count != section.items { problems.append("section \(s) lists \(cells.count) items") }
      // No two cells of a section overlap when none is oversized.
      if !oversized {
        for i in cells.indices {
          for j in cells.indices
          where j > i && cells[i].frame.overlapsWithPositiveArea(cells[j].frame) {
            problems.append("items \(i) and \(j) of section \(s) overlap")
          }
        }
      }
      // Everything inside the content on the line axis (unless oversized) and the scroll axis.
      for element in all where element.indexPath.section == s {
        let f = element.frame
        let (lineMin, lineMax) = vertical ? (f.minX, f.maxX) : (f.minY, f.maxY)
        let (scrollMin, scrollMax) = vertical ? (f.minY, f.maxY) : (f.minX, f.maxX)
        if !oversized && (lineMin < 0 || lineMax > lineExtent) {
          problems.append("\(element) leaves the line axis 0…\(lineExtent)")
        }
        let scrollExtent = vertical ? content.height : content.width
        if scrollMin < 0 || scrollMax > scrollExtent {
          problems.append("\(element) leaves the scroll axis 0…\(scrollExtent)")
        }
      }
    }
    // Queries equal the brute-force filter of every element, in order.
    for rect in probes(in: content) {
      let expected = all.filter { $0.frame.overlapsWithPositiveArea(rect) }.map(\.description)
      let actual = layout.layoutAttributesForElements(in: rect).map(\.description)
      if actual != expected { problems.append("query \(rect): \(actual) ≠ \(expected)") }
    }
    // Edges shared in points stay shared in cells.
    let metrics = CellMetrics(pointsPerColumn: 1.5, pointsPerRow: 2.5)
    for a in all {
      for b in all where a !== b {
        let (ca, cb) = (metrics.cellRect(for: a.frame), metrics.cellRect(for: b.frame))
        if a.frame.maxX == b.frame.minX && ca.endColumn != cb.column {
          problems.append("\(a) and \(b) share x \(a.frame.maxX) but not a column")
        }
        if a.frame.maxY == b.frame.minY && ca.endRow != cb.row {
          problems.append("\(a) and \(b) share y \(a.frame.maxY) but not a row")
        }
      }
    }
    return problems
  }
}
