import Foundation

/// How the index paths before a batch of updates map to those after it.
///
/// UIKit's rule: deletes and move sources are taken from the old index paths, then inserts and
/// move destinations placed at the new ones, in ascending order.
struct UpdateMapping {
  /// Items removed from each section, by old item number, sorted.
  var removed: [Int: [Int]] = [:]
  /// Items added to each section, by new item number, sorted.
  var added: [Int: [Int]] = [:]
  /// Moved items: old index path to new.
  var moves: [IndexPath: IndexPath] = [:]
  /// Deleted items (not moved).
  var deleted: Set<IndexPath> = []

  /// Builds the mapping of `updates`.
  init(_ updates: [PendingUpdate]) {
    for update in updates {
      switch update {
      case .insert(let path): added[path.section, default: []].append(path.item)
      case .delete(let path):
        removed[path.section, default: []].append(path.item)
        deleted.insert(path)
      case .move(let from, let to):
        removed[from.section, default: []].append(from.item)
        added[to.section, default: []].append(to.item)
        moves[from] = to
      case .reload: break
      }
    }
    for key in removed.keys { removed[key]?.sort() }
    for key in added.keys { added[key]?.sort() }
  }

  /// The change in item count of `section`.
  func delta(inSection section: Int) -> Int {
    (added[section]?.count ?? 0) - (removed[section]?.count ?? 0)
  }

  /// The sections that gain or lose items.
  var touchedSections: Set<Int> { Set(removed.keys).union(added.keys) }

  /// Where the item at old `path` is after the updates, or nil when it was deleted.
  func newIndexPath(for path: IndexPath) -> IndexPath? {
    if let moved = moves[path] { return moved }
    if deleted.contains(path) { return nil }
    var item = path.item
    if let gone = removed[path.section] {
      item -= Self.count(of: gone, below: path.item)
    }
    if let inserted = added[path.section] {
      for target in inserted {
        if target <= item { item += 1 } else { break }
      }
    }
    return IndexPath(item: item, section: path.section)
  }

  /// Where the item that takes the place of deleted old `path` is: the next surviving item of
  /// its section, else the previous one; nil when none survives.
  func replacement(for path: IndexPath, oldCount: Int) -> IndexPath? {
    var item = path.item + 1
    while item < oldCount {
      let old = IndexPath(item: item, section: path.section)
      if moves[old] == nil, let new = newIndexPath(for: old) { return new }
      item += 1
    }
    item = path.item - 1
    while item >= 0 {
      let old = IndexPath(item: item, section: path.section)
      if moves[old] == nil, let new = newIndexPath(for: old) { return new }
      item -= 1
    }
    return nil
  }

  /// How many values of the sorted `values` are below `limit`.
  static func count(of values: [Int], below limit: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) / 2
      if values[mid] < limit { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
