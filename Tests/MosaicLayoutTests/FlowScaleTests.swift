import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// Large content: what the layout stores and that queries stay exact (no timing here; see
/// `mosaic-bench layout` for figures).
@Suite @MainActor struct FlowScaleTests {
  /// One section of `count` items, sized per item by a formula when `perItem`.
  final class Content: LayoutDataSource, FlowLayoutMetrics {
    let count: Int
    let perItem: Bool
    var sizeOf: (Int) -> Size = { i in
      Size(width: Double(40 + (i * 7) % 60), height: Double(20 + (i * 13) % 30))
    }
    var bounds = Rect(x: 0, y: 0, width: 960, height: 640)
    init(count: Int, perItem: Bool) {
      self.count = count
      self.perItem = perItem
    }
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { count }
    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
      perItem ? sizeOf(indexPath.item) : nil
    }
  }

  static func layout(_ content: Content, direction: ScrollDirection = .vertical) -> FlowLayout {
    let layout = FlowLayout()
    layout.scrollDirection = direction
    layout.dataSource = content
    layout.delegate = content
    return layout
  }

  @Test(arguments: ScrollDirection.allCases)
  func tenMillionUniformItemsStoreNoPerItemData(direction: ScrollDirection) {
    let smallContent = Content(count: 1000, perItem: false)
    let small = Self.layout(smallContent, direction: direction)
    let content = Content(count: 10_000_000, perItem: false)
    let layout = Self.layout(content, direction: direction)
    #expect(layout.storageBytes < 1 << 20)
    // Nothing grows with the item count (capacities may differ by an allocation granule).
    #expect(small.storageBytes < 1024)
    // 960 wide: (960 + 10) / 60 = 16 per line, 625,000 lines 60 apart; 640 high: 10 per
    // line, a million lines.
    let lines = direction == .vertical ? 625_000.0 : 1_000_000
    let scrollExtent = (lines - 1) * 60 + 50
    #expect(
      layout.contentSize
        == (direction == .vertical
          ? Size(width: 960, height: scrollExtent) : Size(width: scrollExtent, height: 640)))
    let last = layout.layoutAttributesForItem(at: IndexPath(item: 9_999_999, section: 0))?.frame
    let lastLine = (lines - 1) * 60
    #expect(
      last
        == (direction == .vertical
          ? Rect(x: 910, y: lastLine, width: 50, height: 50)
          : Rect(x: lastLine, y: 590, width: 50, height: 50)))
    _ = smallContent
    let middle =
      direction == .vertical
      ? Rect(x: 0, y: scrollExtent / 2, width: 960, height: 640)
      : Rect(x: scrollExtent / 2, y: 0, width: 960, height: 640)
    let found = layout.layoutAttributesForElements(in: middle)
    let brute =
      found.isEmpty
      ? []
      : (found[0].indexPath.item - 100..<found.last!.indexPath.item + 100).compactMap {
        layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
      }.filter { $0.frame.overlapsWithPositiveArea(middle) }
    #expect(!found.isEmpty)
    #expect(found.map(\.description) == brute.map(\.description))
  }

  @Test(arguments: ScrollDirection.allCases)
  func perItemQueriesMatchTheBruteForceOverManyItems(direction: ScrollDirection) {
    let content = Content(count: 30_000, perItem: true)
    let layout = Self.layout(content, direction: direction)
    let all = (0..<content.count).map {
      layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!
    }
    let extent = direction == .vertical ? layout.contentSize.height : layout.contentSize.width
    for fraction in [0.0, 0.1, 0.37, 0.5, 0.99] {
      let start = extent * fraction
      let rect =
        direction == .vertical
        ? Rect(x: 100, y: start, width: 500, height: 640)
        : Rect(x: start, y: 100, width: 960, height: 300)
      let expected = all.filter { $0.frame.overlapsWithPositiveArea(rect) }.map(\.description)
      #expect(
        layout.layoutAttributesForElements(in: rect).map(\.description) == expected,
        "at \(fraction)")
      #expect(!expected.isEmpty)
    }
  }

  @Test func sizesThatBinary32CannotHoldStayExact() {
    let compact = Content(count: 10_000, perItem: true)
    let exact = Content(count: 10_000, perItem: true)
    exact.sizeOf = { i in Size(width: 40.1 + Double(i % 7), height: 20) }
    let compactLayout = Self.layout(compact)
    let exactLayout = Self.layout(exact)
    #expect(
      exactLayout.layoutAttributesForItem(at: IndexPath(item: 9_999, section: 0))?.frame.width
        == 40.1 + Double(9_999 % 7))
    #expect(exactLayout.storageBytes > compactLayout.storageBytes)
    // Float storage: 8 bytes of sizes per item, plus a few per line.
    #expect(compactLayout.storageBytes < 10_000 * 12)
  }

  @Test func indexPathForItemFindsTheItemUnderAPoint() {
    let content = Content(count: 10_000_000, perItem: false)
    let layout = Self.layout(content)
    defer { _ = content }
    #expect(layout.indexPathForItem(at: Point(x: 0, y: 0)) == IndexPath(item: 0, section: 0))
    #expect(layout.indexPathForItem(at: Point(x: 49.9, y: 60)) == IndexPath(item: 16, section: 0))
    #expect(layout.indexPathForItem(at: Point(x: 50, y: 60)) == nil, "in the gap")
    #expect(
      layout.indexPathForItem(at: Point(x: 960 - 1, y: 600_000))
        == IndexPath(item: 10_000 * 16 + 15, section: 0))
  }
}
