import Foundation
import MosaicLayout

/// A compositional layout over fixed counts and bounds, kept alive together (the layout holds
/// its data source weakly, as UIKit's holds its collection view).
@MainActor final class CompositionalFixture {
  let data: StaticLayoutData
  let layout: CompositionalLayout

  init(
    width: Double = 320, height: Double = 480, items: [Int],
    layout: CompositionalLayout
  ) {
    data = StaticLayoutData(
      itemCounts: items, bounds: Rect(x: 0, y: 0, width: width, height: height))
    self.layout = layout
    layout.dataSource = data
  }

  convenience init(
    width: Double = 320, height: Double = 480, items: [Int], section: LayoutSection
  ) {
    self.init(
      width: width, height: height, items: items, layout: CompositionalLayout(section: section))
  }

  /// The frame of item `item` of `section`.
  func frame(_ item: Int, _ section: Int = 0) -> Rect? {
    layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
  }

  /// Every item's frame in section order, through the per-item query.
  func frames(section: Int = 0) -> [Rect] {
    (0..<data.itemCounts[section]).compactMap { frame($0, section) }
  }

  /// Scrolls to `y` as the collection view does: the layout hears of the change first.
  func scroll(toY y: Double) {
    var bounds = data.bounds
    bounds.origin.y = y
    layout.invalidateIfNeeded(forBoundsChange: bounds)
    data.bounds = bounds
  }

  /// `elements` as "kind section.item (x, y, w × h)" lines, in the order given.
  static func summary(_ elements: [LayoutAttributes]) -> [String] {
    elements.map {
      "\($0.representedElementKind ?? "cell") \($0.indexPath.section).\($0.indexPath.item) \($0.frame)"
    }
  }
}

/// Shorthands for the sizes the tests build.
@MainActor enum Sizes {
  static func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
    LayoutSize(widthDimension: width, heightDimension: height)
  }

  /// A section of one item filling a horizontal group of `width` × `height`.
  static func singleItemSection(_ width: LayoutDimension, _ height: LayoutDimension)
    -> LayoutSection
  {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    return LayoutSection(group: .horizontal(layoutSize: size(width, height), subitems: [item]))
  }
}
