import Foundation
import MosaicCollection
import MosaicLayout

/// A tiny grid layout for the runtime's tests: fixed-size items packed in lines with no spacing,
/// an optional header per section, either scroll direction, optionally pinned headers.
///
/// Queries are arithmetic (binary search over sections, then lines), so it runs at a million
/// items like the real flow layout.
final class GridLayout: CollectionViewLayout {
  var itemSize: Size
  /// The header's extent along the scroll axis; 0 for no header.
  var headerExtent: Double
  var direction: ScrollDirection
  var pinsHeaders = false
  /// Items whose attributes get this alpha (to test dimming).
  var alphaForItem: [IndexPath: Double] = [:]
  private(set) var prepareCount = 0
  /// Rect queries answered and elements returned, to check that searches stay local.
  var queryCount = 0
  var elementsReturned = 0

  private var counts: [Int] = []
  private var sectionStarts: [Double] = []
  private var sectionEnds: [Double] = []
  private var perLine = 1

  init(
    itemSize: Size, headerExtent: Double = 0, scrollDirection: ScrollDirection = .vertical
  ) {
    self.itemSize = itemSize
    self.headerExtent = headerExtent
    self.direction = scrollDirection
  }

  override var scrollDirection: ScrollDirection { direction }
  private var bounds: Rect { collectionView?.bounds ?? .zero }
  private var vertical: Bool { direction == .vertical }
  private var lineThickness: Double { vertical ? itemSize.height : itemSize.width }
  private var itemLength: Double { vertical ? itemSize.width : itemSize.height }
  private var lineAxisSize: Double { vertical ? bounds.width : bounds.height }

  override func prepare() {
    prepareCount += 1
    let sections = dataSource?.numberOfSections ?? 0
    counts = (0..<sections).map { dataSource?.numberOfItems(inSection: $0) ?? 0 }
    perLine = max(1, itemLength > 0 ? Int((lineAxisSize / itemLength).rounded(.down)) : 1)
    sectionStarts = []
    sectionEnds = []
    var position = 0.0
    for count in counts {
      sectionStarts.append(position)
      let lines = (count + perLine - 1) / perLine
      position += headerExtent + Double(lines) * lineThickness
      sectionEnds.append(position)
    }
  }

  override var contentSize: Size {
    let extent = sectionEnds.last ?? 0
    return vertical
      ? Size(width: bounds.width, height: extent) : Size(width: extent, height: bounds.height)
  }

  /// A rect from line-axis and scroll-axis coordinates.
  private func rect(line: Double, scroll: Double, lineLength: Double, thickness: Double) -> Rect {
    vertical
      ? Rect(x: line, y: scroll, width: lineLength, height: thickness)
      : Rect(x: scroll, y: line, width: thickness, height: lineLength)
  }

  private func itemFrame(_ item: Int, section: Int) -> Rect {
    let line = item / perLine
    let column = item % perLine
    return rect(
      line: Double(column) * itemLength,
      scroll: sectionStarts[section] + headerExtent + Double(line) * lineThickness,
      lineLength: itemLength, thickness: lineThickness)
  }

  private func headerAttributes(section: Int) -> LayoutAttributes? {
    guard headerExtent > 0, section < counts.count else { return nil }
    var start = sectionStarts[section]
    if pinsHeaders {
      let visibleStart = vertical ? bounds.minY : bounds.minX
      start = min(max(start, visibleStart), sectionEnds[section] - headerExtent)
    }
    let attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader,
      with: IndexPath(item: 0, section: section),
      frame: rect(line: 0, scroll: start, lineLength: lineAxisSize, thickness: headerExtent))
    if pinsHeaders { attributes.zIndex = 10 }
    return attributes
  }

  private func itemAttributes(_ item: Int, section: Int) -> LayoutAttributes {
    let path = IndexPath(item: item, section: section)
    let attributes = LayoutAttributes(forCellWith: path, frame: itemFrame(item, section: section))
    if let alpha = alphaForItem[path] { attributes.alpha = alpha }
    return attributes
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let lo = vertical ? rect.minY : rect.minX
    let hi = vertical ? rect.maxY : rect.maxX
    // First section ending after lo.
    var low = 0
    var high = sectionEnds.count
    while low < high {
      let mid = (low + high) / 2
      if sectionEnds[mid] <= lo { low = mid + 1 } else { high = mid }
    }
    var result: [LayoutAttributes] = []
    var section = low
    while section < counts.count, sectionStarts[section] < hi {
      if let header = headerAttributes(section: section), header.frame.intersects(rect) {
        result.append(header)
      }
      let itemsStart = sectionStarts[section] + headerExtent
      let lines = (counts[section] + perLine - 1) / perLine
      if lineThickness > 0, lines > 0 {
        let first = max(0, Int(((lo - itemsStart) / lineThickness).rounded(.down)))
        let last = min(lines - 1, Int(((hi - itemsStart) / lineThickness).rounded(.up)))
        if first <= last {
          for line in first...last {
            for item in (line * perLine)..<min(counts[section], (line + 1) * perLine) {
              let attributes = itemAttributes(item, section: section)
              if attributes.frame.intersects(rect) { result.append(attributes) }
            }
          }
        }
      }
      section += 1
    }
    queryCount += 1
    elementsReturned += result.count
    return result
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < counts.count, indexPath.item >= 0,
      indexPath.item < counts[indexPath.section]
    else { return nil }
    return itemAttributes(indexPath.item, section: indexPath.section)
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    kind == ElementKind.sectionHeader ? headerAttributes(section: indexPath.section) : nil
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != bounds.size
  }
}
