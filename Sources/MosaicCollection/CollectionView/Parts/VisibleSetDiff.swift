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

  /// For each of `visible`, its position in `previous` (the elements on screen, in the order
  /// the layout gave them last frame, each key once), or nil when it arrived; and the positions
  /// in `previous` of the elements that left. The same answer as `init(onScreen:visible:)`.
  ///
  /// Keys are compared in order instead of hashed: a scroll keeps most elements in the same
  /// order (a Down drops a row's elements at the start and adds a row's at the end), so each
  /// element is found at, or a few places after, where the one before it was found. Each search
  /// looks `window` places ahead, and all of them together at most about four times the
  /// elements: past that (a page of new elements), the rest are found by hashing only the
  /// elements not found yet.
  /// - Complexity: O(k) comparisons for k visible elements when they keep their order.
  static func match(previous: [ElementKey], visible: [ElementKey]) -> (
    from: [Int?], leaving: [Int]
  ) {
    var from = [Int?](repeating: nil, count: visible.count)
    var taken = [Bool](repeating: false, count: previous.count)
    var missed: [Int] = []
    var next = 0
    var budget = 4 * visible.count + window
    for (position, key) in visible.enumerated() {
      var candidate = next
      let end = min(previous.count, next + min(window, budget))
      while candidate < end {
        if !taken[candidate] && previous[candidate] == key { break }
        candidate += 1
      }
      budget -= candidate - next
      if candidate < end {
        from[position] = candidate
        taken[candidate] = true
        next = candidate + 1
      } else {
        missed.append(position)
      }
    }
    var leaving: [Int] = []
    for index in previous.indices where !taken[index] { leaving.append(index) }
    guard !missed.isEmpty, !leaving.isEmpty else { return (from, leaving) }
    if missed.count * leaving.count <= Self.directComparisons {
      // A few on each side (a Down: the row that arrived, the row that left): comparing them
      // costs less than a map made for them.
      for position in missed {
        for index in leaving where !taken[index] && previous[index] == visible[position] {
          from[position] = index
          taken[index] = true
          break
        }
      }
    } else {
      var unclaimed: [ElementKey: Int] = Dictionary(minimumCapacity: leaving.count)
      for index in leaving { unclaimed[previous[index]] = index }
      for position in missed {
        guard let index = unclaimed.removeValue(forKey: visible[position]) else { continue }
        from[position] = index
        taken[index] = true
      }
    }
    leaving.removeAll { taken[$0] }
    return (from, leaving)
  }

  /// Up to this many comparisons between the elements `match` missed and those it left over,
  /// they are compared directly rather than hashed.
  static var directComparisons: Int { 64 }

  /// How far ahead of the last element found `match` looks for the next one.
  static var window: Int { 64 }

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
    // The (zIndex, category) pairs are few (a table screen of some 480 elements has six), so
    // the elements are counted into one bucket per pair, the buckets taken in order: O(k) for
    // k elements, where a comparison sort costs O(k log k) calls of a closure.
    let count = categories.count
    var pairs: [(zIndex: Int, rank: Int)] = []
    var bucketOf = [Int](repeating: 0, count: count)
    var last = -1
    for position in 0..<count {
      let pair = (zIndex: zIndexes[position], rank: rank(categories[position]))
      if last >= 0, pairs[last] == pair {
        bucketOf[position] = last
        continue
      }
      if let known = pairs.firstIndex(where: { $0 == pair }) {
        last = known
      } else {
        guard pairs.count < maximumBuckets else {
          return categories.indices.sorted { a, b in
            if a == raised || b == raised { return b == raised && a != raised }
            return (zIndexes[a], rank(categories[a]), a) < (zIndexes[b], rank(categories[b]), b)
          }
        }
        pairs.append(pair)
        last = pairs.count - 1
      }
      bucketOf[position] = last
    }
    // Each bucket's first slot in the result, buckets in (zIndex, category) order.
    var starts = [Int](repeating: 0, count: pairs.count)
    for position in 0..<count where position != raised { starts[bucketOf[position]] += 1 }
    var next = 0
    for bucket in pairs.indices.sorted(by: { pairs[$0] < pairs[$1] }) {
      let size = starts[bucket]
      starts[bucket] = next
      next += size
    }
    var order = [Int](repeating: 0, count: count)
    for position in 0..<count where position != raised {
      order[starts[bucketOf[position]]] = position
      starts[bucketOf[position]] += 1
    }
    if let raised, raised >= 0, raised < count { order[count - 1] = raised }
    return order
  }

  /// The drawing order as runs of positions: the runs of equal (zIndex, category) in position
  /// order, sorted by (zIndex, category, position), so that concatenated they are
  /// `drawingOrder(categories:zIndexes:)` without a raised element; nil past `maximumBuckets`
  /// runs.
  ///
  /// A layout gives its elements in runs (a table: its header row, then its rows), so a frame
  /// orders a few runs instead of bucketing every element, and copies whole slices.
  /// - Complexity: O(k) reads for k elements, plus O(r²) for r runs.
  @MainActor
  static func drawingRuns<
    ZIndexes: RandomAccessCollection<Int>, Categories: RandomAccessCollection<ElementCategory>
  >(zIndexes: ZIndexes, categories: Categories) -> [Range<Int>]?
  where ZIndexes.Index == Int, Categories.Index == Int {
    let count = min(zIndexes.count, categories.count)
    func rank(_ category: ElementCategory) -> Int {
      switch category {
      case .decorationView: return 0
      case .cell: return 1
      case .supplementaryView: return 2
      }
    }
    var runs: [(zIndex: Int, rank: Int, range: Range<Int>)] = []
    var start = 0
    while start < count {
      let pair = (zIndex: zIndexes[start], rank: rank(categories[start]))
      var end = start + 1
      while end < count, zIndexes[end] == pair.zIndex, rank(categories[end]) == pair.rank {
        end += 1
      }
      guard runs.count < maximumBuckets else { return nil }
      // Insertion in (zIndex, rank) order; equal pairs stay in position order (appended last).
      var at = runs.count
      while at > 0, (runs[at - 1].zIndex, runs[at - 1].rank) > pair { at -= 1 }
      runs.insert((pair.zIndex, pair.rank, start..<end), at: at)
      start = end
    }
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(runs.count)
    for run in runs { ranges.append(run.range) }
    return ranges
  }

  /// Past this many distinct (zIndex, category) pairs the drawing order is a comparison sort.
  static var maximumBuckets: Int { 32 }
}
