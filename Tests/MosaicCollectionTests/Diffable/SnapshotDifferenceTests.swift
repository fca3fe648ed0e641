import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicCollection

/// The difference between two snapshots, checked without trusting it: the updates are applied
/// to the old sections by UIKit's batch rules, written out here independently, and must give
/// the new ones; the number of moves must be the least a brute-force longest common
/// subsequence allows.
@Suite struct SnapshotDifferenceTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>
  typealias Sections = [(id: Int, items: [Int])]

  func snapshot(_ sections: Sections) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(sections.map(\.id))
    for section in sections { snapshot.appendItems(section.items, toSection: section.id) }
    return snapshot
  }

  /// `difference` applied to `old` as a collection view applies a batch: deleted sections and
  /// moved-out ones taken out, inserted and moved-in ones put at their new indices (inserted
  /// and reloaded ones with the new content), then in each section deleted items and move
  /// sources taken out by old index, inserted items and move destinations put in by ascending
  /// new index.
  func reapply(_ difference: SnapshotDifference, to old: Sections, new: Sections) -> Sections {
    var slots = [(id: Int, items: [Int], oldIndex: Int?)?](repeating: nil, count: new.count)
    for index in difference.insertedSections {
      slots[index] = (new[index].id, new[index].items, nil)
    }
    for move in difference.movedSections {
      slots[move.to] = (old[move.from].id, old[move.from].items, move.from)
    }
    let taken = Set(difference.deletedSections + difference.movedSections.map(\.from))
    var remaining = old.indices.filter { !taken.contains($0) }.makeIterator()
    for index in slots.indices where slots[index] == nil {
      let source = remaining.next()!
      slots[index] = (old[source].id, old[source].items, source)
    }
    #expect(remaining.next() == nil, "every surviving section has a place")
    var result: Sections = []
    for (index, slot) in slots.enumerated() {
      let slot = slot!
      guard let oldIndex = slot.oldIndex else {
        result.append((slot.id, slot.items))
        continue
      }
      if difference.reloadedSections.contains(oldIndex) {
        result.append((slot.id, new[index].items))
        continue
      }
      let removed = Set(
        (difference.deletedItems + difference.movedItems.map(\.from))
          .filter { $0.section == oldIndex }.map(\.item))
      var items = slot.items.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
      var additions: [(Int, Int)] = difference.insertedItems.filter { $0.section == index }
        .map { ($0.item, new[index].items[$0.item]) }
      additions += difference.movedItems.filter { $0.to.section == index }
        .map { ($0.to.item, old[$0.from.section].items[$0.from.item]) }
      for (position, item) in additions.sorted(by: { $0.0 < $1.0 }) {
        items.insert(item, at: position)
      }
      result.append((slot.id, items))
    }
    return result
  }

  /// The length of a longest common subsequence, by the textbook table.
  func lcs(_ a: [Int], _ b: [Int]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 1...max(1, a.count) where i <= a.count {
      for j in 1...max(1, b.count) where j <= b.count {
        table[i][j] =
          a[i - 1] == b[j - 1] ? table[i - 1][j - 1] + 1 : max(table[i - 1][j], table[i][j - 1])
      }
    }
    return table[a.count][b.count]
  }

  /// Random sections: up to 4 of the section ids 0…5 in random order, holding a random choice of
  /// the items 0…11 (each at most once).
  func randomSections(_ random: inout SeededGenerator) -> Sections {
    let sectionIDs = Array(0..<6).shuffled(using: &random).prefix(random.below(5))
    var sections: Sections = sectionIDs.map { ($0, []) }
    guard !sections.isEmpty else { return [] }
    for item in Array(0..<12).shuffled(using: &random) where random.below(3) > 0 {
      sections[random.below(sections.count)].items.append(item)
    }
    return sections
  }

  /// `sections` changed a little: a few items moved, deleted or added, sometimes a section
  /// moved, added or removed.
  func nudged(_ sections: Sections, _ random: inout SeededGenerator) -> Sections {
    var result = sections
    for _ in 0..<(1 + random.below(4)) {
      switch random.below(6) {
      case 0 where !result.isEmpty:
        let s = random.below(result.count)
        if !result[s].items.isEmpty {
          result[s].items.remove(at: random.below(result[s].items.count))
        }
      case 1 where !result.isEmpty:
        let present = Set(result.flatMap(\.items))
        if let item = (0..<12).first(where: { !present.contains($0) }) {
          let s = random.below(result.count)
          result[s].items.insert(item, at: random.below(result[s].items.count + 1))
        }
      case 2 where !result.isEmpty:
        let from = random.below(result.count)
        guard !result[from].items.isEmpty else { continue }
        let item = result[from].items.remove(at: random.below(result[from].items.count))
        let to = random.below(result.count)
        result[to].items.insert(item, at: random.below(result[to].items.count + 1))
      case 3 where result.count > 1:
        let section = result.remove(at: random.below(result.count))
        result.insert(section, at: random.below(result.count + 1))
      case 4 where !result.isEmpty:
        result.remove(at: random.below(result.count))
      default:
        let present = Set(result.map(\.id))
        if let id = (0..<6).first(where: { !present.contains($0) }) {
          result.insert((id, []), at: random.below(result.count + 1))
        }
      }
    }
    return result
  }

  func check(
    _ old: Sections, _ new: Sections, reloads: (items: [Int], sections: [Int]) = ([], []),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var target = snapshot(new)
    if !reloads.items.isEmpty { target.reloadItems(reloads.items) }
    if !reloads.sections.isEmpty { target.reloadSections(reloads.sections) }
    let difference = SnapshotDifference(from: snapshot(old), to: target)
    let rebuilt = reapply(difference, to: old, new: new)
    let describe = { (s: Sections) in s.map { "\($0.id):\($0.items)" }.joined(separator: " ") }
    #expect(
      describe(rebuilt) == describe(new),
      "old \(describe(old)) new \(describe(new)) reloads \(reloads) → \(difference)",
      sourceLocation: sourceLocation)
    // Every reloaded item is one marked, at its old place.
    for path in difference.reloadedItems {
      #expect(
        reloads.items.contains(old[path.section].items[path.item]), sourceLocation: sourceLocation)
    }
  }

  @Test func randomPairsOfSnapshotsAreBridgedExactly() {
    var random = SeededGenerator(seed: 23)
    for _ in 0..<3000 {
      let old = randomSections(&random)
      let new = random.below(2) == 0 ? randomSections(&random) : nudged(old, &random)
      check(old, new)
    }
  }

  @Test func reloadedItemsAndSectionsAreBridgedExactly() {
    var random = SeededGenerator(seed: 6)
    for _ in 0..<2000 {
      let old = randomSections(&random)
      let new = nudged(old, &random)
      let items = new.flatMap(\.items).filter { _ in random.below(4) == 0 }
      let sections = new.map(\.id).filter { _ in random.below(4) == 0 }
      check(old, new, reloads: (items, sections))
    }
  }

  @Test func inOneSectionTheMovesAreTheFewestPossible() {
    var random = SeededGenerator(seed: 14)
    for _ in 0..<2000 {
      let old = Array(0..<10).shuffled(using: &random).filter { _ in random.below(5) > 0 }
      let new = Array(0..<10).shuffled(using: &random).filter { _ in random.below(5) > 0 }
      let difference = SnapshotDifference(from: snapshot([(0, old)]), to: snapshot([(0, new)]))
      let common = Set(old).intersection(new)
      let oldKept = old.filter(common.contains)
      let newKept = new.filter(common.contains)
      #expect(
        difference.movedItems.count == common.count - lcs(oldKept, newKept), "\(old) → \(new)")
      #expect(difference.deletedItems.count == old.count - common.count)
      #expect(difference.insertedItems.count == new.count - common.count)
    }
  }

  @Test func handWorkedExamples() {
    // One item from the end to the front: one move, not four.
    var difference = SnapshotDifference(
      from: snapshot([(0, [1, 2, 3, 4])]), to: snapshot([(0, [4, 1, 2, 3])]))
    #expect(
      difference.movedItems == [
        .init(from: IndexPath(item: 3, section: 0), to: IndexPath(item: 0, section: 0))
      ])
    #expect(difference.count == 1)
    // Sections swapped: one section move; the items travel with it.
    difference = SnapshotDifference(
      from: snapshot([(0, [1, 2]), (1, [3])]), to: snapshot([(1, [3]), (0, [1, 2])]))
    #expect(difference.movedSections.count == 1 && difference.movedItems.isEmpty)
    // A section deleted with its items: one section delete, no item deletes.
    difference = SnapshotDifference(
      from: snapshot([(0, [1, 2]), (1, [3])]), to: snapshot([(1, [3])]))
    #expect(difference.deletedSections == [0] && difference.deletedItems.isEmpty)
    #expect(difference.count == 1)
    // An item that leaves a deleted section for a kept one is inserted there.
    difference = SnapshotDifference(
      from: snapshot([(0, [1, 2]), (1, [3])]), to: snapshot([(1, [2, 3])]))
    #expect(difference.insertedItems == [IndexPath(item: 0, section: 0)])
    #expect(SnapshotDifference(from: snapshot([(0, [1])]), to: snapshot([(0, [1])])).isEmpty)
  }

  @Test func theLongestIncreasingRunIsALongestOne() {
    var random = SeededGenerator(seed: 9)
    for _ in 0..<500 {
      let values = Array(0..<12).shuffled(using: &random).filter { _ in random.below(4) > 0 }
      let staying = SnapshotDifference.longestIncreasingRun(values)
      let run = values.indices.filter { staying[$0] }.map { values[$0] }
      #expect(run == run.sorted(), "\(values)")
      #expect(run.count == lcs(values, values.sorted()), "\(values)")
    }
  }
}
