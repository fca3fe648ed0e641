import Foundation
import MosaicLayout

extension CollectionView {
  /// Reads every count again, recycles every visible view and lays out from scratch; the focus
  /// and selection keep the items that still exist.
  ///
  /// UIKit: `reloadData()`.
  public func reloadData() {
    pendingUpdates = []
    sectionCounts = nil
    removeAllVisibleViews()
    invalidateLayoutForDataChange()
    loadCountsIfNeeded()
    selectedItems = selectedItems.filter(isValidItem)
    let focused = focusedItem
    if let focused { focusedItem = nearestValidItem(to: focused) }
    if let highlightedItem, !isValidItem(highlightedItem) { self.highlightedItem = nil }
    if let trackedPress, !isValidItem(trackedPress) { self.trackedPress = nil }
    setContentOffset(storedContentOffset)
    if focusedItem != focused { delegate?.collectionView(self, didFocusItemAt: focusedItem) }
  }

  /// Configures the items at `indexPaths` again (the visible ones are dequeued anew).
  ///
  /// UIKit: `reloadItems(at:)`.
  public func reloadItems(at indexPaths: [IndexPath]) {
    record(indexPaths.map(PendingUpdate.reload))
  }

  /// Tells the view that items were inserted at `indexPaths` (new index paths); the data source
  /// must already report them.
  ///
  /// UIKit: `insertItems(at:)`. A count that does not add up is reported, not trapped.
  public func insertItems(at indexPaths: [IndexPath]) {
    record(indexPaths.map(PendingUpdate.insert))
  }

  /// Tells the view that the items at `indexPaths` (old index paths) were deleted.
  ///
  /// UIKit: `deleteItems(at:)`.
  public func deleteItems(at indexPaths: [IndexPath]) {
    record(indexPaths.map(PendingUpdate.delete))
  }

  /// Tells the view that the item at `indexPath` (old) moved to `newIndexPath` (new).
  ///
  /// UIKit: `moveItem(at:to:)`.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record([.move(from: indexPath, to: newIndexPath)])
  }

  /// Runs `updates`, in which the model changes and `insertItems`/`deleteItems`/`moveItem`/
  /// `reloadItems` describe the change, then checks the data source's counts against it and
  /// applies it; `completion` gets false when the counts did not add up.
  ///
  /// UIKit: `performBatchUpdates(_:completion:)`. Deletes and move sources use index paths from
  /// before the batch, inserts and move destinations those after it. On a mismatch the error is
  /// reported (`updateErrorHandler`, `lastUpdateError`) and the view reloads instead.
  public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
    batchDepth += 1
    updates()
    batchDepth -= 1
    guard batchDepth == 0 else {
      completion?(true)
      return
    }
    let batch = pendingUpdates
    pendingUpdates = []
    completion?(apply(batch))
  }

  /// Records changes; outside a batch they form a batch of their own.
  func record(_ updates: [PendingUpdate]) {
    if batchDepth > 0 {
      pendingUpdates += updates
    } else {
      apply(updates)
    }
  }

  /// Checks `updates` against the old and new counts, then moves the visible views, focus and
  /// selection to their new index paths; reloads and reports on any inconsistency.
  @discardableResult
  func apply(_ updates: [PendingUpdate]) -> Bool {
    guard let oldCounts = sectionCounts else {
      reloadData()
      return true
    }
    let newCounts = fetchCounts()
    let mapping = UpdateMapping(updates)
    if let error = validate(updates, mapping: mapping, old: oldCounts, new: newCounts) {
      lastUpdateError = error
      reloadData()
      updateErrorHandler?(error)
      return false
    }
    sectionCounts = newCounts
    remapVisibleViews(with: mapping)
    for case .reload(let old) in updates {
      guard let path = mapping.newIndexPath(for: old) else { continue }
      removeVisibleView(for: ElementKey(category: .cell, kind: nil, indexPath: path))
    }
    selectedItems = Set(selectedItems.compactMap(mapping.newIndexPath(for:)))
    // The focus moved if its item now has another index path or is gone (a delegate showing
    // "record i of n" must hear of both).
    var focusMoved = false
    if let focused = focusedItem {
      // A deleted focused item hands the focus to the item that took its place.
      let oldCount = focused.section < oldCounts.count ? oldCounts[focused.section] : 0
      let kept = mapping.newIndexPath(for: focused)
      let moved = kept ?? mapping.replacement(for: focused, oldCount: oldCount)
      focusedItem = nearestValidItem(to: moved ?? focused)
      focusMoved = kept == nil || focusedItem != focused
    }
    if let highlighted = highlightedItem {
      highlightedItem = mapping.newIndexPath(for: highlighted)
    }
    remapPress(with: mapping)
    invalidateLayoutForDataChange()
    setContentOffset(storedContentOffset)
    if focusMoved { delegate?.collectionView(self, didFocusItemAt: focusedItem) }
    return true
  }

  /// The first inconsistency between `updates` and the counts, or nil.
  func validate(_ updates: [PendingUpdate], mapping: UpdateMapping, old: [Int], new: [Int])
    -> CollectionViewError?
  {
    func check(_ path: IndexPath, in counts: [Int], _ when: String) -> CollectionViewError? {
      guard path.count == 2, path.section >= 0, path.section < counts.count else {
        return .invalidIndexPath(path, reason: "names a section that does not exist \(when)")
      }
      guard path.item >= 0, path.item < counts[path.section] else {
        return .invalidIndexPath(
          path, reason: "is out of range \(when) (\(counts[path.section]) items)")
      }
      return nil
    }
    for update in updates {
      let problem: CollectionViewError?
      switch update {
      case .insert(let path): problem = check(path, in: new, "after the update")
      case .delete(let path), .reload(let path):
        problem = check(path, in: old, "before the update")
      case .move(let from, let to):
        problem =
          check(from, in: old, "before the update") ?? check(to, in: new, "after the update")
      }
      if let problem { return problem }
    }
    for (section, items) in mapping.removed where Set(items).count != items.count {
      let item = items.first { value in items.filter { $0 == value }.count > 1 } ?? 0
      return .invalidIndexPath(
        IndexPath(item: item, section: section), reason: "is deleted or moved more than once")
    }
    for (section, items) in mapping.added where Set(items).count != items.count {
      let item = items.first { value in items.filter { $0 == value }.count > 1 } ?? 0
      return .invalidIndexPath(
        IndexPath(item: item, section: section), reason: "is inserted more than once")
    }
    guard old.count == new.count else {
      return .inconsistentSectionCount(expected: old.count, actual: new.count)
    }
    for section in 0..<old.count {
      let expected = old[section] + mapping.delta(inSection: section)
      if expected != new[section] {
        return .inconsistentUpdate(section: section, expected: expected, actual: new[section])
      }
    }
    return nil
  }

  /// Re-keys the views on screen by their items' new index paths; deleted items' views are
  /// recycled. Headers and footers keep their sections.
  func remapVisibleViews(with mapping: UpdateMapping) {
    var remapped: [ElementKey: ReusableView] = Dictionary(minimumCapacity: visibleViews.count)
    var gone: [(ElementKey, ReusableView)] = []
    for (key, view) in visibleViews {
      guard key.category == .cell else {
        remapped[key] = view
        continue
      }
      if let path = mapping.newIndexPath(for: key.indexPath) {
        let newKey = ElementKey(category: .cell, kind: nil, indexPath: path)
        remapped[newKey] = view
      } else {
        gone.append((key, view))
      }
    }
    visibleViews = remapped
    for (key, view) in gone { recycle(view, for: key) }
    statistics.liveViews = visibleViews.count
    needsVisibleUpdate = true
  }

  /// `path` if it names an item, else the nearest item that exists: the last of its section, or
  /// of the nearest section with items; nil when there are no items at all.
  func nearestValidItem(to path: IndexPath) -> IndexPath? {
    if isValidItem(path) { return path }
    let sections = numberOfSections
    guard sections > 0, path.count == 2 else { return nil }
    let section = min(max(path.section, 0), sections - 1)
    let count = numberOfItems(inSection: section)
    if count > 0 { return IndexPath(item: min(max(path.item, 0), count - 1), section: section) }
    for distance in 1..<max(2, sections) {
      for candidate in [section + distance, section - distance]
      where candidate >= 0 && candidate < sections {
        let items = numberOfItems(inSection: candidate)
        if items > 0 {
          return IndexPath(item: candidate > section ? 0 : items - 1, section: candidate)
        }
      }
    }
    return nil
  }
}
