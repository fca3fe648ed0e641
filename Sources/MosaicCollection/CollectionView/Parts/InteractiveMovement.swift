import Foundation
import MosaicLayout

/// One item being carried by the user from its original index path to a target, before the data
/// source is told: how the index paths the view shows map to the data source's, and back.
///
/// UIKit has no public counterpart; it is the state behind `beginInteractiveMovementForItem(at:)`.
/// While an item is carried, the view shows the data with that one item taken out of its
/// original place and put in at the target, as the data will be once
/// `collectionView(_:moveItemAt:to:)` has run (remove at the source, insert at the destination).
struct InteractiveMovement: Equatable {
  /// Where the item is in the data source.
  let original: IndexPath
  /// Where the view shows it now.
  var target: IndexPath
  /// The section counts of the data source, which do not change until the drop.
  let dataCounts: [Int]
  /// Whether the mouse carries the item (its release drops it) rather than the keys.
  var byMouse = false

  /// The counts the view shows: the original section one item fewer, the target's one more.
  var shownCounts: [Int] {
    var counts = dataCounts
    guard original.section < counts.count, target.section < counts.count else { return counts }
    counts[original.section] -= 1
    counts[target.section] += 1
    return counts
  }

  /// The data source's index path of the item the view shows at `shown`.
  func dataIndexPath(forShown shown: IndexPath) -> IndexPath {
    guard shown.count == 2 else { return shown }
    if shown == target { return original }
    var item = shown.item
    // Take the carried item out of the shown order, then put it back at its original place.
    if shown.section == target.section, item > target.item { item -= 1 }
    if shown.section == original.section, item >= original.item { item += 1 }
    return IndexPath(item: item, section: shown.section)
  }

  /// The index path the view shows for the data source's item at `data`.
  func shownIndexPath(forData data: IndexPath) -> IndexPath {
    guard data.count == 2 else { return data }
    if data == original { return target }
    var item = data.item
    if data.section == original.section, item > original.item { item -= 1 }
    if data.section == target.section, item >= target.item { item += 1 }
    return IndexPath(item: item, section: data.section)
  }

  /// Where an item shown at `shown` under this movement is shown once the target is `newTarget`.
  func retargeted(_ shown: IndexPath, to newTarget: IndexPath) -> IndexPath {
    var moved = self
    moved.target = newTarget
    return moved.shownIndexPath(forData: dataIndexPath(forShown: shown))
  }
}
