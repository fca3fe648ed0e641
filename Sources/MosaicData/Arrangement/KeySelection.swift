/// The `limit` keys that come first (or, `fromEnd`, last) in a sort's order among those offered:
/// a bounded heap whose root is the worst key kept, so that most keys of a large file are turned
/// away by one look at the root's kind and first word. What a sorted first screen is shown from
/// while the whole order is still being worked out (`SortKeys.sortWhole`).
///
/// No UIKit counterpart. The order is `SortKeys.precedes`: the same total order (ties by list
/// position) the whole sort gives, so the keys kept are exactly its first (or last) `limit`.
struct KeySelection {
  /// How many keys are kept.
  let limit: Int
  /// Whether the last keys of the order are kept instead of the first.
  let fromEnd: Bool
  /// The keys kept, a heap: no key is kept ahead of its parent, so the root is the one the order
  /// puts nearest the middle.
  private(set) var heap: [SortKeys.Key] = []

  init(limit: Int, fromEnd: Bool) {
    self.limit = limit
    self.fromEnd = fromEnd
    heap.reserveCapacity(limit)
  }

  /// Whether `a` lies nearer the kept end of the order than `b`.
  @inline(__always)
  private func nearer(
    _ a: SortKeys.Key, _ b: SortKeys.Key, precedes: (SortKeys.Key, SortKeys.Key) -> Bool
  ) -> Bool {
    fromEnd ? precedes(b, a) : precedes(a, b)
  }

  /// Keeps `key` if it is among the `limit` nearest the kept end so far. `precedes` is the
  /// sort's order.
  @inline(__always)
  mutating func offer(
    _ key: SortKeys.Key, precedes: (SortKeys.Key, SortKeys.Key) -> Bool
  ) {
    guard limit > 0 else { return }
    if heap.count < limit {
      heap.append(key)
      siftUp(heap.count - 1, precedes: precedes)
      return
    }
    let root = heap[0]
    // Most keys are decided by kind and first word alone.
    if key.kind != root.kind {
      if (key.kind > root.kind) != fromEnd { return }
    } else if key.high != root.high {
      if (key.high > root.high) != fromEnd { return }
    } else if !nearer(key, root, precedes: precedes) {
      return
    }
    heap[0] = key
    siftDown(0, precedes: precedes)
  }

  /// The keys kept, in the sort's order (from the first when `fromEnd` too).
  func ordered(precedes: (SortKeys.Key, SortKeys.Key) -> Bool) -> [SortKeys.Key] {
    heap.sorted(by: precedes)
  }

  private mutating func siftUp(
    _ start: Int, precedes: (SortKeys.Key, SortKeys.Key) -> Bool
  ) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard nearer(heap[parent], heap[child], precedes: precedes) else { return }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(
    _ start: Int, precedes: (SortKeys.Key, SortKeys.Key) -> Bool
  ) {
    var parent = start
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { return }
      var worst = left
      let right = left + 1
      if right < count, nearer(heap[left], heap[right], precedes: precedes) { worst = right }
      guard nearer(heap[parent], heap[worst], precedes: precedes) else { return }
      heap.swapAt(parent, worst)
      parent = worst
    }
  }
}
