import Foundation
import MosaicLayout

extension CollectionView {
  /// Reads every count again, recycles every visible view and lays out from scratch; the focus
  /// and selection keep the items that still exist.
  ///
  /// UIKit: `reloadData()`.
  public func reloadData() {
    data.batch.discard()
    data.counts = nil
    // The pending index paths named items of the old data: dropped, not cancelled (a cancel
    // would name whatever items hold those paths now); the window is prefetched afresh.
    _ = prefetchWindow.takePending()
    removeAllVisibleViews()
    invalidateLayoutForDataChange(reloading: true)
    loadCountsIfNeeded()
    selection.remap { isValidItem($0) ? $0 : nil }
    let focused = focusedItem
    if let focused { focusedItem = nearestValidItem(to: focused) }
    setContentOffset(viewport.offset)
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

  /// Tells the view that sections were inserted at `sections` (new indices); the data source
  /// must already report them, with their items.
  ///
  /// UIKit: `insertSections(_:)`. Inside a batch, no item update may name an inserted section.
  public func insertSections(_ sections: IndexSet) {
    record(sections.map(PendingUpdate.insertSection))
  }

  /// Tells the view that the sections at `sections` (old indices) were deleted, with their items.
  ///
  /// UIKit: `deleteSections(_:)`. Inside a batch, no item update may name a deleted section.
  public func deleteSections(_ sections: IndexSet) {
    record(sections.map(PendingUpdate.deleteSection))
  }

  /// Tells the view that the section at `section` (old index) moved to `newSection` (new), with
  /// its items.
  ///
  /// UIKit: `moveSection(_:toSection:)`.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record([.moveSection(from: section, to: newSection)])
  }

  /// Reads the sections at `sections` (old indices) again and configures their views anew; their
  /// item counts may change.
  ///
  /// UIKit: `reloadSections(_:)`. Inside a batch, no item update may name a reloaded section.
  public func reloadSections(_ sections: IndexSet) {
    record(sections.map(PendingUpdate.reloadSection))
  }

  /// Animates whatever changed in the layout since the last frame (a new item size), with no
  /// updates: `performBatchUpdates(nil, completion:)`, UIKit's idiom for animating a layout
  /// change.
  ///
  /// UIKit: `performBatchUpdates(_:completion:)` with nil updates (UIKit's parameter is
  /// optional; Mosaic's main form takes a closure, so trailing-closure calls need no `self.`).
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    performBatchUpdates({ updates?() }, completion: completion)
  }

  /// Runs `updates`, in which the model changes and the item and section update methods
  /// describe the change, then checks the data source's counts against it and applies it;
  /// `completion` gets false when the counts did not add up.
  ///
  /// UIKit: `performBatchUpdates(_:completion:)`. Deletes, reloads and move sources use index
  /// paths and sections from before the batch, inserts and move destinations those after it.
  /// On a mismatch the error is reported (`updateErrorHandler`, `lastUpdateError`) and the view
  /// reloads instead of raising as UIKit does.
  ///
  /// Animated (when `View.areAnimationsEnabled` and a clock runs the view): the elements travel
  /// from what the screen showed to their new attributes, inserted ones from the layout's initial
  /// attributes, deleted ones to its final attributes, and `completion` runs with true at the
  /// first frame drawn at or after the animation's end. An empty batch animates whatever the
  /// layout changed since the last frame (a new item size), as in UIKit.
  public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
    data.batch.begin()
    updates()
    guard let batch = data.batch.end() else {
      completion?(true)
      return
    }
    // Applied before the completion is looked at: `completion?(apply(batch))` would skip the
    // whole batch when there is no completion, since optional chaining skips the arguments too.
    let startedAt = animatesChanges ? activeAnimationClock?.now : nil
    let applied = apply(batch)
    if applied, let startedAt, completion != nil {
      scheduleCompletion(completion, startedAt: startedAt)
    } else {
      completion?(applied)
    }
  }

  /// Records changes; outside a batch they form a batch of their own.
  func record(_ updates: [PendingUpdate]) {
    if !data.batch.record(updates) { apply(updates) }
  }

  /// Checks `updates` against the old and new counts, then moves the visible views, focus and
  /// selection to their new index paths; reloads and reports on any inconsistency.
  @discardableResult
  func apply(_ updates: [PendingUpdate]) -> Bool {
    guard let oldCounts = data.counts else {
      reloadData()
      return true
    }
    let newCounts = fetchCounts()
    let mapping = UpdateMapping(updates)
    if let error = UpdateBatch.validate(updates, mapping: mapping, old: oldCounts, new: newCounts) {
      data.lastError = error
      reloadData()
      updateErrorHandler?(error)
      return false
    }
    // What the screen shows now, for the animation to start from (nil: the change lands at once).
    let animationStart = captureAnimationStart()
    if animationStart == nil { finishAnimationsNow() }
    data.counts = newCounts
    let gone = remapVisibleViews(with: mapping, keepingGone: animationStart != nil)
    // Pending prefetches follow their items, as the selection does. A deleted item's is dropped
    // without a cancel (no item has that index path to cancel now), and so is a reloaded one's,
    // whose data changed: if it is still ahead, it is prefetched anew.
    prefetchWindow.remap { old in
      guard !mapping.reloaded.contains(old), !mapping.reloadedSections.contains(old.section),
        let new = mapping.newIndexPath(for: old), isValidItem(new)
      else { return nil }
      return new
    }
    for case .reload(let old) in updates {
      guard let path = mapping.newIndexPath(for: old) else { continue }
      removeVisibleView(for: ElementKey(category: .cell, kind: nil, indexPath: path))
    }
    // Selection, highlight and press follow their items; a deleted item's go with it.
    selection.remap { old in mapping.newIndexPath(for: old).flatMap { isValidItem($0) ? $0 : nil } }
    // The focus moved if its item now has another index path or is gone (a delegate showing
    // "record i of n" must hear of both).
    var focusMoved = false
    if let focused = focusedItem {
      let kept = mapping.newIndexPath(for: focused).flatMap { isValidItem($0) ? $0 : nil }
      let moved = kept ?? replacementForFocus(focused, mapping: mapping, oldCounts: oldCounts)
      focusedItem = nearestValidItem(to: moved ?? focused)
      focusMoved = kept == nil || focusedItem != focused
    }
    invalidateLayoutForDataChange(reloading: false)
    // UIKit's order: the layout is prepared for the new counts, then told what changed, then
    // told the batch is done. Without animation (the next issue) the batch is done once its
    // state is applied; the visible set follows at the next frame.
    prepareLayoutIfNeeded()
    collectionViewLayout.prepare(
      forCollectionViewUpdates: UpdateBatch.updateItems(updates, mapping: mapping))
    setContentOffset(viewport.offset)
    // Between the layout's prepare and finalize, where UIKit asks for initial and final
    // attributes (the flow layout's final ones need the geometry from before the batch).
    if let animationStart { planAnimation(from: animationStart, mapping: mapping, gone: gone) }
    collectionViewLayout.finalizeCollectionViewUpdates()
    if focusMoved { delegate?.collectionView(self, didFocusItemAt: focusedItem) }
    return true
  }

  /// Where the focus goes when its item is gone: a deleted item hands it to the item that took
  /// its place in its section; a deleted section to the first item of the section that took its
  /// place (or the one before); nil leaves it to the nearest item.
  func replacementForFocus(_ focused: IndexPath, mapping: UpdateMapping, oldCounts: [Int])
    -> IndexPath?
  {
    guard focused.section < oldCounts.count else { return nil }
    if mapping.newSection(for: focused.section) == nil {
      return IndexPath(item: 0, section: mapping.sectionTakingThePlace(of: focused.section))
    }
    return mapping.replacement(for: focused, oldCount: oldCounts[focused.section])
  }

  /// Re-keys the views on screen by their elements' new index paths: cells by their items',
  /// supplementary views by their sections'; views of deleted items and sections, and of
  /// reloaded sections, are recycled (or, `keepingGone`, returned by their old keys for an
  /// animation to take out). Decoration views, which no data backs, keep their keys.
  @discardableResult
  func remapVisibleViews(with mapping: UpdateMapping, keepingGone: Bool = false)
    -> [(ElementKey, ReusableView)]
  {
    var remapped: [ElementKey: ReusableView] = Dictionary(minimumCapacity: placement.views.count)
    var gone: [(ElementKey, ReusableView)] = []
    for (key, view) in placement.views {
      // The views of a reloaded section give way to new ones.
      let reloaded =
        key.category != .decorationView && key.indexPath.count >= 1
        && mapping.reloadedSections.contains(key.indexPath.section)
      if !reloaded, let newKey = mapping.newKey(for: key) {
        remapped[newKey] = view
      } else {
        gone.append((key, view))
      }
    }
    placement.views = remapped
    statistics.liveViews = placement.views.count
    placement.setNeedsUpdate()
    if keepingGone { return gone }
    for (key, view) in gone { recycle(view, for: key) }
    return []
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
