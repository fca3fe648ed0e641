import MosaicCollection
import MosaicData

/// `End` at once while a big file is indexed: the file's last records, found by scanning back
/// from its end, shown with their numbers estimated ("≈9,999,998/≈10,000,000") until indexing
/// reaches the focused one, then the same record among all the indexed ones with its true
/// number. Up from the first of them finds more before it.
///
/// UIKit: a collection view whose layout estimates its items' sizes until they are measured;
/// here it is the count and the numbers that are estimated until indexing has counted them.
extension BrowserScene {
  /// How many of the last records `End` finds, and how many more going up from them finds.
  static let estimatedEndBatch = 200

  /// Keys that move over the last records without leaving them; any other key (search, sort,
  /// the detail view…) first goes back to the indexed records, as `End` went before.
  static func movesOverEstimatedEnd(_ key: Key) -> Bool {
    switch key {
    case .up, .down, .pageUp, .pageDown, .end, .left, .right, .tab, .backTab,
      .character("G"), .character("j"), .character("k"), .character("h"), .character("l"),
      .character("q"), .character("v"), .character("+"), .character("="), .character("-"),
      .character("_"), .control("f"), .control("b"), .control("d"), .control("u"):
      return true
    default:
      return false
    }
  }

  /// Handles `key` for the estimated end, before the usual handling; returns whether it did all
  /// there is to do. `End` (`G`) in file order while indexing shows the last records; keys that
  /// do not move over them first leave them; going up near the first of them finds more.
  func handleEstimatedEndKey(_ key: Key) -> Bool {
    guard let end = fileWatch.estimatedEnd else {
      guard key == .end || key == .character("G") else { return false }
      return showEstimatedEnd()
    }
    guard Self.movesOverEstimatedEnd(key) else {
      leaveEstimatedEnd()
      return false
    }
    if let focused = collectionView.indexPathForFocusedItem,
      focused.item < Self.estimatedEndBatch / 2,
      let more = source.estimatedEnd(atLeast: end.records.count + Self.estimatedEndBatch),
      more.records.count > end.records.count
    {
      // The ids found before stay: the focused record moves down by the records found above.
      let added = more.records.count - end.records.count
      show(more, focusingItem: focused.item + added)
    }
    return false
  }

  /// Shows the file's last records, focusing the last, when the file is shown in its own order
  /// and still indexed; returns whether it did.
  func showEstimatedEnd() -> Bool {
    guard !source.isComplete, source === baseSource, !arrangement.isRearranged,
      stagedArrangement == nil,
      let end = source.estimatedEnd(atLeast: Self.estimatedEndBatch), !end.records.isEmpty
    else { return false }
    show(end, focusingItem: end.records.count - 1)
    return true
  }

  /// Shows the records `end` found in place of the indexed ones, focusing the item `item`.
  private func show(_ end: EstimatedEnd, focusingItem item: Int) {
    fileWatch.estimatedEnd = end
    dataSource.index = .records(end.records)
    collectionView.reloadData()
    collectionView.focusItem(at: IndexPath(item: item, section: 0))
  }

  /// Goes back from the last records to the indexed ones, focusing the last indexed record (or,
  /// given, `record`).
  func leaveEstimatedEnd(focusing record: Int? = nil) {
    guard fileWatch.estimatedEnd != nil else { return }
    fileWatch.estimatedEnd = nil
    arranging.version = arranger.version
    dataSource.index = arranger.index
    collectionView.reloadData()
    let total = dataSource.index.totalCount
    let target = record ?? (total - 1)
    if let path = dataSource.indexPath(ofRecord: target) {
      collectionView.focusItem(at: path)
    }
  }

  /// Follows indexing while the last records are shown: a newer estimate of their numbers,
  /// and once the focused record is indexed (and in the arrangement shown), the indexed
  /// records with it focused. Returns whether anything shown changed.
  func catchUpEstimatedEnd() -> Bool {
    guard let end = fileWatch.estimatedEnd else { return false }
    if let focused = focusedRecord, let exact = source.indexedRecord(ofEstimated: focused),
      exact < arranger.index.totalCount
    {
      leaveEstimatedEnd(focusing: exact)
      return true
    }
    guard let fresh = source.estimatedEnd(atLeast: end.records.count) else {
      // Indexing stopped before the end (the file truncated underneath, an error): the last
      // records found are not the file's any more; the indexed ones are what there is.
      guard source.isComplete, arranger.isComplete else { return false }
      leaveEstimatedEnd()
      return true
    }
    guard fresh != end else { return false }
    fileWatch.estimatedEnd = fresh
    return true
  }
}
