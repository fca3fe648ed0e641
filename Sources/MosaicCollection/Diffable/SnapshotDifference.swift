import Foundation
import MosaicLayout

/// What changed from one snapshot to another, as one batch of collection view updates: the
/// sections and items deleted (old positions), inserted (new positions), moved and reloaded.
///
/// UIKit: the diff `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:)` computes.
/// Identity, not position, decides: an identifier in both snapshots is the same item. Pure (no
/// views), so it is tested alone against a brute-force reference.
///
/// The algorithm is Heckel's (1978) idea with hashing: every identifier is looked up once in
/// the other snapshot's position index, which tells deletions, insertions and the items kept.
/// Of the items kept in the same section, the fewest moves are those outside a longest run that
/// is still in the old order (a longest increasing subsequence, by patience sorting, which
/// costs O(1) an item while the order holds and O(log n) for each item out of it). Items that
/// change sections move. UIKit's batch rules then shape the result: nothing is named inside a
/// section the batch inserts, deletes or reloads, and an item both moved and reloaded is deleted
/// and inserted instead.
///
/// - Complexity: O(n + m log n) for n items, m of them out of their old order.
@usableFromInline
struct SnapshotDifference: Equatable {
  /// Sections deleted, by old index, ascending.
  @usableFromInline var deletedSections: [Int] = []
  /// Sections inserted, by new index, ascending.
  @usableFromInline var insertedSections: [Int] = []
  /// Sections moved: old index and new index.
  @usableFromInline var movedSections: [Move<Int>] = []
  /// Sections reloaded, by old index.
  @usableFromInline var reloadedSections: [Int] = []
  /// Items deleted, by old index path.
  @usableFromInline var deletedItems: [IndexPath] = []
  /// Items inserted, by new index path.
  @usableFromInline var insertedItems: [IndexPath] = []
  /// Items moved: old index path and new.
  @usableFromInline var movedItems: [Move<IndexPath>] = []
  /// Items reloaded, by old index path.
  @usableFromInline var reloadedItems: [IndexPath] = []
  /// Items to configure again in their cells once the batch is applied, by new index path.
  @usableFromInline var reconfiguredItems: [IndexPath] = []

  /// A move from an old place to a new one.
  @usableFromInline
  struct Move<Place: Equatable>: Equatable {
    @usableFromInline var from: Place
    @usableFromInline var to: Place

    @inlinable init(from: Place, to: Place) {
      self.from = from
      self.to = to
    }
  }

  /// No change.
  @inlinable init() {}

  /// Whether there is nothing to tell the collection view.
  var isEmpty: Bool { self == SnapshotDifference() }

  /// The number of updates in the batch.
  @inlinable var count: Int {
    deletedSections.count + insertedSections.count + movedSections.count + reloadedSections.count
      + deletedItems.count + insertedItems.count + movedItems.count + reloadedItems.count
  }

  /// The difference from `old` to `new`.
  @inlinable init<S, I>(
    from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>
  ) {
    // Sections: the new index of each old one, then the kept ones in the old order stay.
    let oldSectionCount = old.sections.count
    var newIndexOfOld = [Int?](repeating: nil, count: oldSectionCount)
    for (index, section) in old.sections.enumerated() {
      newIndexOfOld[index] = new.sectionPositions[section]
    }
    let reloaded = Set(new.reloadedSections)
    // Covered: a section whose items the batch does not name one by one.
    var oldCovered = [Bool](repeating: false, count: oldSectionCount)
    var newCovered = [Bool](repeating: false, count: new.sections.count)
    var oldIndexOfNew = [Int?](repeating: nil, count: new.sections.count)
    for (index, target) in newIndexOfOld.enumerated() {
      if let target { oldIndexOfNew[target] = index } else { deletedSections.append(index) }
    }
    var keptOldOrder: [Int] = []
    var keptNew: [Int] = []
    for (index, source) in oldIndexOfNew.enumerated() {
      guard let source else {
        insertedSections.append(index)
        newCovered[index] = true
        continue
      }
      keptOldOrder.append(source)
      keptNew.append(index)
    }
    for index in deletedSections { oldCovered[index] = true }
    let staying = Self.longestIncreasingRun(keptOldOrder)
    for (position, source) in keptOldOrder.enumerated() {
      let target = keptNew[position]
      let isReloaded = reloaded.contains(new.sections[target])
      if staying[position] {
        if isReloaded {
          reloadedSections.append(source)
          oldCovered[source] = true
          newCovered[target] = true
        }
      } else if isReloaded {
        // UIKit's batches cannot move and reload one section: out, then in.
        deletedSections.append(source)
        insertedSections.append(target)
        oldCovered[source] = true
        newCovered[target] = true
      } else {
        movedSections.append(Move(from: source, to: target))
      }
    }
    deletedSections.sort()
    insertedSections.sort()
    reloadedSections.sort()
    diffItems(
      old, new, oldCovered: oldCovered, newCovered: newCovered, newIndexOfOld: newIndexOfOld)
  }

  /// The items' part of the difference, the sections' already known.
  @inlinable mutating func diffItems<S, I>(
    _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
    oldCovered: [Bool], newCovered: [Bool], newIndexOfOld: [Int?]
  ) {
    // The old items the new snapshot holds, found from the new side: the rest are deleted,
    // without a second lookup per item.
    var matched = [Bool](repeating: false, count: old.items.count)
    let reloaded = new.reloadedItems.isEmpty ? [] : Set(new.reloadedItems)
    // Kept items that stay in their section, in new order: their old and new numbers.
    var oldNumbers: [Int] = []
    var newNumbers: [Int] = []
    for section in new.sections.indices {
      let start = new.boundaries[section]
      let end = new.boundaries[section + 1]
      oldNumbers.removeAll(keepingCapacity: true)
      newNumbers.removeAll(keepingCapacity: true)
      for position in start..<end {
        let item = new.items[position]
        let newPath = IndexPath(item: position - start, section: section)
        guard let oldPosition = old.itemPositions[item] else {
          if !newCovered[section] { insertedItems.append(newPath) }
          continue
        }
        matched[oldPosition] = true
        let oldSection = old.section(containing: oldPosition)
        let oldPath = IndexPath(item: oldPosition - old.boundaries[oldSection], section: oldSection)
        switch (oldCovered[oldSection], newCovered[section]) {
        case (true, true): continue
        case (true, false): insertedItems.append(newPath)
        case (false, true): deletedItems.append(oldPath)
        case (false, false):
          if newIndexOfOld[oldSection] == section {
            oldNumbers.append(oldPath.item)
            newNumbers.append(newPath.item)
          } else if reloaded.contains(item) {
            deletedItems.append(oldPath)
            insertedItems.append(newPath)
          } else {
            movedItems.append(Move(from: oldPath, to: newPath))
          }
        }
      }
      guard !oldNumbers.isEmpty, let oldSection = old.sectionPositions[new.sections[section]]
      else { continue }
      let staying = Self.longestIncreasingRun(oldNumbers)
      for index in oldNumbers.indices {
        let oldPath = IndexPath(item: oldNumbers[index], section: oldSection)
        let newPath = IndexPath(item: newNumbers[index], section: section)
        let isReloaded = !reloaded.isEmpty && reloaded.contains(new.items[start + newPath.item])
        if staying[index] {
          if isReloaded { reloadedItems.append(oldPath) }
        } else if isReloaded {
          deletedItems.append(oldPath)
          insertedItems.append(newPath)
        } else {
          movedItems.append(Move(from: oldPath, to: newPath))
        }
      }
    }
    // Deleted: old items the new snapshot lacks, in sections the batch does not delete whole.
    for section in old.sections.indices where !oldCovered[section] {
      let start = old.boundaries[section]
      for position in start..<old.boundaries[section + 1] where !matched[position] {
        deletedItems.append(IndexPath(item: position - start, section: section))
      }
    }
    for item in new.reconfiguredItems {
      guard old.itemPositions[item] != nil, !reloaded.contains(item),
        let path = new.indexPath(of: item), !newCovered[path.section]
      else { continue }
      reconfiguredItems.append(path)
    }
  }

  /// Which of `values` (distinct) form one longest strictly increasing subsequence: the items
  /// that keep their order and need not move.
  ///
  /// Patience sorting: `tails[k]` is the index of the smallest value ending an increasing run of
  /// length k + 1. A value above the last tail extends the longest run at once (the usual case
  /// when few items moved); any other one binary-searches the tails.
  ///
  /// - Complexity: O(n + m log n), m the values that do not extend the longest run.
  @inlinable static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    tails.reserveCapacity(min(values.count, 1024))
    for (index, value) in values.enumerated() {
      if let last = tails.last, values[last] >= value {
        var low = 0
        var high = tails.count - 1
        while low < high {
          let mid = (low + high) / 2
          if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        previous[index] = low > 0 ? tails[low - 1] : -1
        tails[low] = index
      } else {
        previous[index] = tails.last ?? -1
        tails.append(index)
      }
    }
    var staying = [Bool](repeating: false, count: values.count)
    var index = tails.last ?? -1
    while index >= 0 {
      staying[index] = true
      index = previous[index]
    }
    return staying
  }
}

extension DiffableDataSourceSnapshot {
  /// The number of updates in the batch that takes `old` to this snapshot: the difference
  /// computed as `apply` computes it, for `mosaic-bench diffable` to time.
  @_spi(Benchmarks) @inlinable public func updateCount(from old: Self) -> Int {
    SnapshotDifference(from: old, to: self).count
  }
}
