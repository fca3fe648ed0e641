import Foundation
import MosaicLayout

/// The updates of a batch: recorded while `performBatchUpdates` runs (nested calls join the
/// outermost), then checked against the counts before and after and mapped from old index paths
/// to new.
///
/// UIKit: the bookkeeping behind `performBatchUpdates(_:completion:)`. Pure: it knows counts and
/// index paths, never views, so it is tested alone.
struct UpdateBatch {
  /// The changes recorded so far, in call order.
  private(set) var updates: [PendingUpdate] = []
  /// How many `performBatchUpdates` calls are running.
  private(set) var depth = 0

  /// Whether a batch is being recorded.
  var isRecording: Bool { depth > 0 }

  /// A `performBatchUpdates` call starts.
  mutating func begin() { depth += 1 }

  /// A `performBatchUpdates` call ends: the recorded updates when it was the outermost (the
  /// recorder is then empty again), nil inside another batch.
  mutating func end() -> [PendingUpdate]? {
    depth -= 1
    guard depth == 0 else { return nil }
    defer { updates = [] }
    return updates
  }

  /// Records `changes` into the batch in progress; false when there is none (the caller applies
  /// them at once, as a batch of their own).
  mutating func record(_ changes: [PendingUpdate]) -> Bool {
    guard isRecording else { return false }
    updates += changes
    return true
  }

  /// Forgets what the batch in progress recorded (a reload makes it moot).
  mutating func discard() { updates = [] }

  // MARK: Validating

  /// The first inconsistency between `updates` and the counts before (`old`) and after (`new`),
  /// or nil.
  ///
  /// UIKit's rules: deletes, reloads and move sources name old positions, inserts and move
  /// destinations new ones; nothing is named twice; an item update may not name a section the
  /// batch inserts, deletes or reloads; every section that survives holds its old count minus
  /// the items taken out plus those put in, and the number of sections changes by the sections
  /// inserted minus those deleted.
  static func validate(_ updates: [PendingUpdate], mapping: UpdateMapping, old: [Int], new: [Int])
    -> CollectionViewError?
  {
    sectionProblem(updates, old: old, new: new)
      ?? itemProblem(updates, mapping: mapping, old: old, new: new)
      ?? duplicateProblem(mapping)
      ?? countProblem(mapping, old: old, new: new)
  }

  /// A section index out of range, or a section named twice.
  static func sectionProblem(_ updates: [PendingUpdate], old: [Int], new: [Int])
    -> CollectionViewError?
  {
    func check(_ section: Int, _ count: Int, _ when: String) -> CollectionViewError? {
      guard section >= 0, section < count else {
        return .invalidSection(section, reason: "does not exist \(when) (\(count) sections)")
      }
      return nil
    }
    var taken: Set<Int> = []
    var given: Set<Int> = []
    for update in updates {
      var problem: CollectionViewError?
      switch update {
      case .insertSection(let section):
        problem = check(section, new.count, "after the update")
        if problem == nil, !given.insert(section).inserted {
          problem = .invalidSection(section, reason: "is inserted or moved to more than once")
        }
      case .deleteSection(let section), .reloadSection(let section):
        problem = check(section, old.count, "before the update")
        if problem == nil, !taken.insert(section).inserted {
          problem = .invalidSection(section, reason: "is deleted, reloaded or moved more than once")
        }
      case .moveSection(let from, let to):
        problem =
          check(from, old.count, "before the update") ?? check(to, new.count, "after the update")
        if problem == nil, !taken.insert(from).inserted {
          problem = .invalidSection(from, reason: "is deleted, reloaded or moved more than once")
        } else if problem == nil, !given.insert(to).inserted {
          problem = .invalidSection(to, reason: "is inserted or moved to more than once")
        }
      case .insert, .delete, .move, .reload: break
      }
      if let problem { return problem }
    }
    return nil
  }

  /// An item index path out of range, or in a section the batch inserts, deletes or reloads.
  static func itemProblem(
    _ updates: [PendingUpdate], mapping: UpdateMapping, old: [Int], new: [Int]
  ) -> CollectionViewError? {
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
    func checkOld(_ path: IndexPath) -> CollectionViewError? {
      if let problem = check(path, in: old, "before the update") { return problem }
      if mapping.deletedSections.contains(path.section) {
        return .invalidIndexPath(path, reason: "is in a section the same batch deletes")
      }
      if mapping.reloadedSections.contains(path.section) {
        return .invalidIndexPath(path, reason: "is in a section the same batch reloads")
      }
      return nil
    }
    func checkNew(_ path: IndexPath) -> CollectionViewError? {
      if let problem = check(path, in: new, "after the update") { return problem }
      if mapping.insertedSections.contains(path.section) {
        return .invalidIndexPath(path, reason: "is in a section the same batch inserts")
      }
      return nil
    }
    for update in updates {
      let problem: CollectionViewError?
      switch update {
      case .insert(let path): problem = checkNew(path)
      case .delete(let path), .reload(let path): problem = checkOld(path)
      case .move(let from, let to): problem = checkOld(from) ?? checkNew(to)
      case .insertSection, .deleteSection, .moveSection, .reloadSection: problem = nil
      }
      if let problem { return problem }
    }
    return nil
  }

  /// An item deleted or moved twice, or inserted twice.
  static func duplicateProblem(_ mapping: UpdateMapping) -> CollectionViewError? {
    func repeated(_ items: [Int]) -> Int? {
      var seen: Set<Int> = []
      return items.first { !seen.insert($0).inserted }
    }
    for (section, items) in mapping.removed.sorted(by: { $0.key < $1.key }) {
      if let item = repeated(items) {
        return .invalidIndexPath(
          IndexPath(item: item, section: section), reason: "is deleted or moved more than once")
      }
    }
    for (section, items) in mapping.added.sorted(by: { $0.key < $1.key }) {
      if let item = repeated(items) {
        return .invalidIndexPath(
          IndexPath(item: item, section: section), reason: "is inserted more than once")
      }
    }
    return nil
  }

  /// A count that does not add up: the number of sections, or the items of a surviving section.
  static func countProblem(_ mapping: UpdateMapping, old: [Int], new: [Int])
    -> CollectionViewError?
  {
    let expectedSections =
      old.count - mapping.deletedSections.count + mapping.insertedSections.count
    guard expectedSections == new.count else {
      return .inconsistentSectionCount(expected: expectedSections, actual: new.count)
    }
    var problems: [(section: Int, expected: Int)] = []
    for section in 0..<old.count where !mapping.reloadedSections.contains(section) {
      guard let target = mapping.newSection(for: section), target < new.count else { continue }
      let expected = old[section] + mapping.delta(fromOld: section, toNew: target)
      if expected != new[target] { problems.append((target, expected)) }
    }
    // Reported by new section, the lowest first, as the data source counts them.
    guard let first = problems.min(by: { $0.section < $1.section }) else { return nil }
    return .inconsistentUpdate(
      section: first.section, expected: first.expected, actual: new[first.section])
  }

  // MARK: The layout's view

  /// The changes as the layout hears of them in `prepare(forCollectionViewUpdates:)`, in UIKit's
  /// order: deletes and reloads by descending old index path, then inserts by ascending new
  /// index path, then moves by ascending old index path. A whole section has a one-index path.
  @MainActor
  static func updateItems(_ updates: [PendingUpdate], mapping: UpdateMapping)
    -> [CollectionViewUpdateItem]
  {
    var removals: [CollectionViewUpdateItem] = []
    var insertions: [CollectionViewUpdateItem] = []
    var moves: [CollectionViewUpdateItem] = []
    for update in updates {
      switch update {
      case .delete(let path):
        removals.append(CollectionViewUpdateItem(before: path, after: nil, action: .delete))
      case .reload(let path):
        removals.append(
          CollectionViewUpdateItem(
            before: path, after: mapping.newIndexPath(for: path), action: .reload))
      case .insert(let path):
        insertions.append(CollectionViewUpdateItem(before: nil, after: path, action: .insert))
      case .move(let from, let to):
        moves.append(CollectionViewUpdateItem(before: from, after: to, action: .move))
      case .deleteSection(let section):
        removals.append(
          CollectionViewUpdateItem(before: .section(section), after: nil, action: .delete))
      case .reloadSection(let section):
        removals.append(
          CollectionViewUpdateItem(
            before: .section(section),
            after: mapping.newSection(for: section).map { .section($0) }, action: .reload)
        )
      case .insertSection(let section):
        insertions.append(
          CollectionViewUpdateItem(before: nil, after: .section(section), action: .insert))
      case .moveSection(let from, let to):
        moves.append(
          CollectionViewUpdateItem(
            before: .section(from), after: .section(to), action: .move))
      }
    }
    // A whole section sorts before its items, as its one-index path did.
    func key(_ path: IndexPath?) -> IndexPath {
      guard let path else { return [] }
      return path.isWholeSection ? [path.section] : path
    }
    removals.sort { key($0.indexPathBeforeUpdate) > key($1.indexPathBeforeUpdate) }
    insertions.sort { key($0.indexPathAfterUpdate) < key($1.indexPathAfterUpdate) }
    moves.sort { key($0.indexPathBeforeUpdate) < key($1.indexPathBeforeUpdate) }
    return removals + insertions + moves
  }
}
