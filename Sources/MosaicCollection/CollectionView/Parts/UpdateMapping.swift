import Foundation
import MosaicLayout

/// How the sections and index paths before a batch of updates map to those after it.
///
/// UIKit's rule: deletes, reloads and move sources name old positions, inserts and move
/// destinations new ones. Sections are taken out first (deleted and moved-out ones), then
/// inserted ones and move destinations placed at their new indices in ascending order; items
/// likewise inside each section. A reloaded section keeps its place, as a surviving one does.
struct UpdateMapping {
  /// Items removed from each section, by old section and old item number, sorted.
  var removed: [Int: [Int]] = [:]
  /// Items added to each section, by new section and new item number, sorted.
  var added: [Int: [Int]] = [:]
  /// Moved items: old index path to new.
  var moves: [IndexPath: IndexPath] = [:]
  /// Deleted items (not moved).
  var deleted: Set<IndexPath> = []
  /// Reloaded items, by old index path.
  var reloaded: Set<IndexPath> = []
  /// Deleted sections, old indices.
  var deletedSections: Set<Int> = []
  /// Reloaded sections, old indices.
  var reloadedSections: Set<Int> = []
  /// Inserted sections, new indices.
  var insertedSections: Set<Int> = []
  /// Moved sections: old index to new.
  var sectionMoves: [Int: Int] = [:]
  /// Old sections taken out (deleted or moved away), sorted.
  var removedSections: [Int] = []
  /// New sections put in (inserted or moved in), sorted.
  var addedSections: [Int] = []

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
      case .reload(let path): reloaded.insert(path)
      case .insertSection(let section):
        insertedSections.insert(section)
        addedSections.append(section)
      case .deleteSection(let section):
        deletedSections.insert(section)
        removedSections.append(section)
      case .moveSection(let from, let to):
        sectionMoves[from] = to
        removedSections.append(from)
        addedSections.append(to)
      case .reloadSection(let section): reloadedSections.insert(section)
      }
    }
    for key in removed.keys { removed[key]?.sort() }
    for key in added.keys { added[key]?.sort() }
    removedSections.sort()
    addedSections.sort()
  }

  /// Whether the batch inserts, deletes or moves any section.
  var changesSections: Bool { !removedSections.isEmpty || !addedSections.isEmpty }

  /// The change in item count of a section: `oldSection`'s removals, `newSection`'s additions.
  func delta(fromOld oldSection: Int, toNew newSection: Int) -> Int {
    (added[newSection]?.count ?? 0) - (removed[oldSection]?.count ?? 0)
  }

  /// The change in item count of `section` when no section moves (old and new index agree).
  func delta(inSection section: Int) -> Int { delta(fromOld: section, toNew: section) }

  /// Where old `section` is after the updates, or nil when it was deleted.
  func newSection(for section: Int) -> Int? {
    if let moved = sectionMoves[section] { return moved }
    if deletedSections.contains(section) { return nil }
    return Self.place(section, removing: removedSections, adding: addedSections)
  }

  /// Where the section that takes the place of deleted old `section` is: the index the next
  /// section would have (maybe one past the last).
  func sectionTakingThePlace(of section: Int) -> Int {
    Self.place(section, removing: removedSections, adding: addedSections)
  }

  /// Where the item at old `path` is after the updates, or nil when it or its section was
  /// deleted. An item of a reloaded section keeps its number, if the section still has it.
  func newIndexPath(for path: IndexPath) -> IndexPath? {
    if let moved = moves[path] { return moved }
    if deleted.contains(path) { return nil }
    guard let section = newSection(for: path.section) else { return nil }
    if reloadedSections.contains(path.section) {
      return IndexPath(item: path.item, section: section)
    }
    let item = Self.place(
      path.item, removing: removed[path.section] ?? [], adding: added[section] ?? [])
    return IndexPath(item: item, section: section)
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

  /// The new position of old `position` that survives, once the sorted old positions `removing`
  /// are taken out and the sorted new positions `adding` put in.
  static func place(_ position: Int, removing: [Int], adding: [Int]) -> Int {
    var result = position - count(of: removing, below: position)
    for target in adding {
      if target <= result { result += 1 } else { break }
    }
    return result
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

  /// The key after the update of the element at old `key`: a cell's by its item, a
  /// supplementary view's by its section, a decoration view's unchanged (no data backs it); nil
  /// when the item or section was deleted.
  func newKey(for key: ElementKey) -> ElementKey? {
    var path = key.indexPath
    switch key.category {
    case .decorationView: return key
    case .cell:
      guard let moved = newIndexPath(for: path) else { return nil }
      path = moved
    case .supplementaryView:
      guard path.count >= 1, let section = newSection(for: path.section) else { return nil }
      path[0] = section
    }
    return ElementKey(category: key.category, kind: key.kind, indexPath: path)
  }
}
