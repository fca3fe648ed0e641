import Foundation
import MosaicLayout

/// What changes between the views on screen and the elements the layout now reports visible:
/// which keep their view, which left, and the order to draw them in.
///
/// A pure function of its inputs (generic over the view, so it is tested with plain values), so
/// the per-frame bookkeeping of `layoutSubviews()` is checked without a layout or a screen. The
/// collection view recycles what left before dequeuing for what arrived, so a scroll reuses the
/// views that scrolled away.
struct VisibleSetDiff<View> {
  /// The visible elements' keys, in the order the layout gave them.
  let keys: [ElementKey]
  /// For each visible element, the view it had on screen, or nil when it arrived.
  let kept: [View?]
  /// The views kept, by key: the on-screen map once the arrivals are added.
  let staying: [ElementKey: View]
  /// The elements that left the visible set, with the views to recycle.
  let leaving: [(key: ElementKey, view: View)]

  /// Compares `onScreen` with `visible`. Two hash operations per element that stays: the
  /// per-frame cost of the diff, O(k) for k visible elements whatever the item count.
  /// `onScreen` is consumed, so the caller's map is not copied when elements are taken out of it.
  init(onScreen: consuming [ElementKey: View], visible: [ElementKey]) {
    var kept: [View?] = []
    kept.reserveCapacity(visible.count)
    var staying: [ElementKey: View] = Dictionary(minimumCapacity: visible.count)
    for key in visible {
      let view = onScreen.removeValue(forKey: key)
      if let view { staying[key] = view }
      kept.append(view)
    }
    self.keys = visible
    self.kept = kept
    self.staying = staying
    self.leaving = onScreen.map { ($0.key, $0.value) }
  }

  /// The order to draw elements in: by zIndex, then decorations below cells below supplementary
  /// views, then the layout's order; the element at `raised` (an item being carried) last of
  /// all, over everything. Returns positions into `categories`/`zIndexes`.
  static func drawingOrder(categories: [ElementCategory], zIndexes: [Int], raised: Int? = nil)
    -> [Int]
  {
    func rank(_ category: ElementCategory) -> Int {
      switch category {
      case .decorationView: return 0
      case .cell: return 1
      case .supplementaryView: return 2
      }
    }
    return categories.indices.sorted { a, b in
      if a == raised || b == raised { return b == raised && a != raised }
      return (zIndexes[a], rank(categories[a]), a) < (zIndexes[b], rank(categories[b]), b)
    }
  }
}
