import Foundation
import MosaicCollection
import MosaicLayout

/// A one-column list whose rows size themselves, written as a UIKit client writes a
/// `UICollectionViewLayout` subclass for self-sizing cells: every row is `estimatedHeight`
/// until its cell measures itself; `shouldInvalidateLayout(forPreferredLayoutAttributes:
/// withOriginalAttributes:)` says yes to a new height, and the context carries it, with the
/// content offset adjustment that keeps what is on screen still when a row that starts above
/// the visible rect changes.
///
/// Rows are found by binary search over the measured rows' height differences, so a view of
/// ten million rows is laid out by the few it has measured.
final class SelfSizingListLayout: CollectionViewLayout {
  /// The context of a measured row: the height its cell asked for.
  final class Context: InvalidationContext {
    var preferredHeights: [Int: Double] = [:]
  }

  override class var invalidationContextClass: InvalidationContext.Type { Context.self }

  /// The height of a row not measured yet.
  var estimatedHeight: Double
  /// The measured heights, by item.
  private(set) var measuredHeights: [Int: Double] = [:]
  /// The measured items in order, and the running sum of (measured - estimated) up to each.
  private var measuredItems: [Int] = []
  private var runningDifference: [Double] = []
  private var count = 0
  private var width = 0.0

  init(estimatedHeight: Double) {
    self.estimatedHeight = estimatedHeight
    super.init()
  }

  override func prepare() {
    super.prepare()
    count = collectionView?.numberOfItems(inSection: 0) ?? 0
    width = collectionView?.bounds.width ?? 0
    measuredItems = measuredHeights.keys.filter { $0 < count }.sorted()
    runningDifference = []
    var sum = 0.0
    for item in measuredItems {
      sum += measuredHeights[item]! - estimatedHeight
      runningDifference.append(sum)
    }
  }

  /// The top of `item`: the estimates before it, corrected by the measured rows before it.
  private func top(of item: Int) -> Double {
    var low = 0
    var high = measuredItems.count
    while low < high {
      let middle = (low + high) / 2
      if measuredItems[middle] < item { low = middle + 1 } else { high = middle }
    }
    return Double(item) * estimatedHeight + (low == 0 ? 0 : runningDifference[low - 1])
  }

  private func height(of item: Int) -> Double { measuredHeights[item] ?? estimatedHeight }

  private func attributes(_ item: Int) -> LayoutAttributes {
    LayoutAttributes(
      forCellWith: IndexPath(item: item, section: 0),
      frame: Rect(x: 0, y: top(of: item), width: width, height: height(of: item)))
  }

  override var contentSize: Size { Size(width: width, height: top(of: count)) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // The first row whose bottom is below the rect's top.
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if top(of: middle) + height(of: middle) <= rect.minY {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var found: [LayoutAttributes] = []
    var item = low
    while item < count, top(of: item) < rect.maxY {
      found.append(attributes(item))
      item += 1
    }
    return found
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    indexPath.section == 0 && indexPath.item >= 0 && indexPath.item < count
      ? attributes(indexPath.item) : nil
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.width != width
  }

  /// Items whose measured height the layout turns down (they keep the estimate).
  var fixedItems: Set<Int> = []

  override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool {
    preferredAttributes.frame.height != originalAttributes.frame.height
      && !fixedItems.contains(originalAttributes.indexPath.item)
  }

  override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> InvalidationContext {
    let context =
      super.invalidationContext(
        forPreferredLayoutAttributes: preferredAttributes,
        withOriginalAttributes: originalAttributes) as! Context
    context.preferredHeights[originalAttributes.indexPath.item] = preferredAttributes.frame.height
    // A row that starts above the visible rect grows upwards: the offset follows it.
    if originalAttributes.frame.minY < (collectionView?.bounds.minY ?? 0) {
      context.contentOffsetAdjustment.y =
        preferredAttributes.frame.height - originalAttributes.frame.height
    }
    return context
  }

  override func invalidateLayout(with context: InvalidationContext) {
    if let context = context as? Context {
      measuredHeights.merge(context.preferredHeights) { $1 }
    }
    // As UIKit's flow layout does, a full invalidation forgets what was measured.
    if context.invalidateEverything { measuredHeights = [:] }
    super.invalidateLayout(with: context)
  }
}
