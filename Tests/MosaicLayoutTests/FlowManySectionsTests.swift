import Foundation
import MosaicLayout
import Testing

/// Many sections, most of them alike (a grouped browser's million groups of one card): the
/// layout shares what alike sections have in common, and must place every section exactly as
/// if it had been laid out on its own and stacked after the ones before.
@Suite @MainActor struct FlowManySectionsTests {
  /// One section's delegate answers.
  struct Style {
    var count: Int
    var itemSize: Size
    /// Sizes by item for a section sized per item; nil asks for `itemSize` (stated uniform
    /// when `statesUniform`, else answered item by item).
    var perItem: [Size]?
    var statesUniform = true
    var inset = EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
    var header = Size(width: 0, height: 1)
    var footer = Size.zero
    var lineSpacing = 0.0
    var interitemSpacing = 2.0
  }

  /// Sections of the given styles, section `offset` of them answering as section 0 and up.
  final class Content: LayoutDataSource, FlowLayoutMetrics {
    let styles: [Style]
    var bounds: Rect
    init(_ styles: [Style], bounds: Rect) {
      self.styles = styles
      self.bounds = bounds
    }
    var numberOfSections: Int { styles.count }
    func numberOfItems(inSection section: Int) -> Int { styles[section].count }
    func flowLayout(_ layout: FlowLayout, uniformSizeForItemsInSection section: Int) -> Size? {
      let style = styles[section]
      return style.perItem == nil && style.statesUniform ? style.itemSize : nil
    }
    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
      styles[indexPath.section].perItem?[indexPath.item] ?? styles[indexPath.section].itemSize
    }
    func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
      styles[section].inset
    }
    func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double? {
      styles[section].lineSpacing
    }
    func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int)
      -> Double?
    { styles[section].interitemSpacing }
    func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? {
      styles[section].header
    }
    func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size? {
      styles[section].footer
    }
  }

  static func layout(_ content: Content, _ direction: ScrollDirection) -> FlowLayout {
    let layout = FlowLayout()
    layout.scrollDirection = direction
    layout.dataSource = content
    layout.delegate = content
    return layout
  }

  /// Runs of a card-like section with other sections mixed in: other item sizes, insets,
  /// headers, footers, spacings, items sized per item or answered one by one, empty sections.
  static func styles(_ count: Int) -> [Style] {
    let card = Style(count: 1, itemSize: Size(width: 30, height: 6))
    return (0..<count).map { index in
      var style = card
      if index % 5 == 3 { style.count = 3 }
      switch index % 41 {
      case 7: style.count = 5
      case 11: style.itemSize = Size(width: 20, height: 4)
      case 13: style.inset = EdgeInsets(top: 2, left: 3, bottom: 0, right: 1)
      case 17: style.header = .zero
      case 19: style.footer = Size(width: 0, height: 2)
      case 23:
        style.perItem = [Size(width: 10, height: 3), Size(width: 50, height: 5)]
        style.count = 2
      case 29: style.count = 0
      case 31: style.statesUniform = false
      case 37: style.lineSpacing = 1
      default: break
      }
      return style
    }
  }

  /// Every section's attributes, from a layout of that section alone moved down (or right) by
  /// the extents of the sections before it: the reference the shared layout must equal.
  static func reference(_ styles: [Style], bounds: Rect, _ direction: ScrollDirection)
    -> [String]
  {
    var result: [String] = []
    var offset = 0.0
    for (index, style) in styles.enumerated() {
      let content = Content([style], bounds: bounds)
      let alone = layout(content, direction)
      for attributes in alone.layoutAttributesForAllElements() {
        var frame = attributes.frame
        if direction == .vertical { frame.origin.y += offset } else { frame.origin.x += offset }
        let path = IndexPath(item: attributes.indexPath.item, section: index)
        result.append("\(attributes.representedElementKind ?? "cell") \(path) \(frame)")
      }
      let size = alone.contentSize
      offset += direction == .vertical ? size.height : size.width
      withExtendedLifetime(content) {}
    }
    return result
  }

  static func described(_ list: [LayoutAttributes]) -> [String] {
    list.map { "\($0.representedElementKind ?? "cell") \($0.indexPath) \($0.frame)" }
  }

  @Test(arguments: ScrollDirection.allCases)
  func alikeSectionsArePlacedAsEachOnItsOwn(direction: ScrollDirection) {
    let bounds = Rect(x: 0, y: 0, width: 100, height: 40)
    let styles = Self.styles(2_000)
    // The layout holds its data source weakly.
    let content = Content(styles, bounds: bounds)
    let layout = Self.layout(content, direction)
    let expected = Self.reference(styles, bounds: bounds, direction)
    #expect(Self.described(layout.layoutAttributesForAllElements()) == expected)
    // The queries that find sections by position agree with the reference too.
    let extent = direction == .vertical ? layout.contentSize.height : layout.contentSize.width
    for start in stride(from: 0.0, to: extent, by: extent / 7) {
      let rect =
        direction == .vertical
        ? Rect(x: 0, y: start, width: 100, height: 40)
        : Rect(x: start, y: 0, width: 40, height: 100)
      let found = Self.described(layout.layoutAttributesForElements(in: rect))
      let all = layout.layoutAttributesForAllElements().filter {
        $0.frame.overlapsWithPositiveArea(rect)
      }
      #expect(!found.isEmpty)
      #expect(found == Self.described(all))
    }
    let item = IndexPath(item: 2, section: 1_003)
    #expect(
      layout.layoutAttributesForItem(at: item).map { Self.described([$0]) }
        == [expected.first { $0.hasPrefix("cell \(item) ") }!])
    withExtendedLifetime(content) {}
  }

  @Test func alikeSectionsStoreAFewTensOfBytesEach() {
    let card = Style(count: 1, itemSize: Size(width: 30, height: 6))
    let content = Content(
      Array(repeating: card, count: 100_000), bounds: Rect(x: 0, y: 0, width: 100, height: 40))
    let layout = Self.layout(content, .vertical)
    // The section record alone: where its footer starts, its end and span are worked out when
    // asked, and sections in order need no search arrays; the style is stored once (it was over
    // 300 bytes a section when each section kept its own, 72 with stored spans and the arrays).
    #expect(layout.storageBytes < 100_000 * 32 + 4096)
    #expect(layout.contentSize.height == 100_000 * 8)
    withExtendedLifetime(content) {}
  }
}
