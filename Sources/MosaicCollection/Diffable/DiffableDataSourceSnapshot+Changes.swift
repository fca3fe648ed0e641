import Foundation

/// The changes, each as UIKit spells it; each stops the program with a message where UIKit traps
/// (see `DiffableDataSourceError`), through a `checked…` twin that throws instead.
extension DiffableDataSourceSnapshot {
  /// The item identifier type, for short.
  public typealias Item = ItemIdentifierType
  /// The section identifier type, for short.
  public typealias Section = SectionIdentifierType

  // MARK: Items

  /// Adds `identifiers` at the end of `section`, or of the last section when it is nil.
  ///
  /// UIKit: `appendItems(_:toSection:)`. Stops the program when an identifier is already in the
  /// snapshot or given twice, when `section` is not in the snapshot, or when there is no section.
  ///
  /// - Complexity: O(k) for k identifiers, amortized, when appending to the last section.
  @inlinable public mutating func appendItems(
    _ identifiers: [Item], toSection section: Section? = nil
  ) {
    do { try checkedAppendItems(identifiers, toSection: section) } catch { Self.fail(error) }
  }

  /// Adds `identifiers` just before `item`, in its section.
  ///
  /// UIKit: `insertItems(_:beforeItem:)`. Stops the program when `item` is not in the snapshot or
  /// an identifier is already there.
  ///
  /// - Complexity: O(n − p + k): the items after the insertion point are renumbered.
  @inlinable public mutating func insertItems(_ identifiers: [Item], beforeItem item: Item) {
    do { try checkedInsertItems(identifiers, relativeTo: item, after: false) } catch {
      Self.fail(error)
    }
  }

  /// Adds `identifiers` just after `item`, in its section.
  ///
  /// UIKit: `insertItems(_:afterItem:)`.
  @inlinable public mutating func insertItems(_ identifiers: [Item], afterItem item: Item) {
    do { try checkedInsertItems(identifiers, relativeTo: item, after: true) } catch {
      Self.fail(error)
    }
  }

  /// Removes `identifiers`; identifiers the snapshot does not hold are passed over.
  ///
  /// UIKit: `deleteItems(_:)`.
  ///
  /// - Complexity: O(n) for n items in the snapshot.
  @inlinable public mutating func deleteItems(_ identifiers: [Item]) {
    let positions = identifiers.compactMap { itemPositions[$0] }
    guard !positions.isEmpty else { return }
    removeItems(at: positions)
    let gone = Set(identifiers)
    reloadedItems.removeAll { gone.contains($0) }
    reconfiguredItems.removeAll { gone.contains($0) }
  }

  /// Removes every item and every section.
  ///
  /// UIKit: `deleteAllItems()`.
  @inlinable public mutating func deleteAllItems() { self = Self() }

  /// Moves `item` to just before `otherItem`, into its section if that is another.
  ///
  /// UIKit: `moveItem(_:beforeItem:)`. Stops the program when either is not in the snapshot or
  /// they are the same.
  @inlinable public mutating func moveItem(_ item: Item, beforeItem otherItem: Item) {
    do { try checkedMoveItem(item, relativeTo: otherItem, after: false) } catch { Self.fail(error) }
  }

  /// Moves `item` to just after `otherItem`, into its section if that is another.
  ///
  /// UIKit: `moveItem(_:afterItem:)`.
  @inlinable public mutating func moveItem(_ item: Item, afterItem otherItem: Item) {
    do { try checkedMoveItem(item, relativeTo: otherItem, after: true) } catch { Self.fail(error) }
  }

  /// Marks `identifiers` to be shown afresh by the next `apply`: their cells are dequeued and
  /// configured anew, even though the identifiers did not change.
  ///
  /// UIKit: `reloadItems(_:)`. Stops the program when an identifier is not in the snapshot.
  @inlinable public mutating func reloadItems(_ identifiers: [Item]) {
    do { try checkedMark(identifiers, in: \.reloadedItems, method: "reloadItems(_:)") } catch {
      Self.fail(error)
    }
  }

  /// Marks `identifiers` to be configured again by the next `apply`, in the cells that show
  /// them: the cell provider is called with the cell already on screen (no new cell, no
  /// `prepareForReuse()`).
  ///
  /// UIKit: `reconfigureItems(_:)` (iOS 15).
  @inlinable public mutating func reconfigureItems(_ identifiers: [Item]) {
    do {
      try checkedMark(identifiers, in: \.reconfiguredItems, method: "reconfigureItems(_:)")
    } catch { Self.fail(error) }
  }

  // MARK: Sections

  /// Adds `identifiers` as empty sections after the last.
  ///
  /// UIKit: `appendSections(_:)`. Stops the program when a section is already in the snapshot
  /// or given twice.
  @inlinable public mutating func appendSections(_ identifiers: [Section]) {
    do {
      try checkedInsertSections(identifiers, at: sections.count, method: "appendSections(_:)")
    } catch { Self.fail(error) }
  }

  /// Adds `identifiers` as empty sections just before `section`.
  ///
  /// UIKit: `insertSections(_:beforeSection:)`.
  @inlinable public mutating func insertSections(
    _ identifiers: [Section], beforeSection section: Section
  ) {
    do throws(DiffableDataSourceError) {
      let method = "insertSections(_:beforeSection:)"
      guard let index = sectionPositions[section] else {
        throw DiffableDataSourceError.missing(section: section, method: method)
      }
      try checkedInsertSections(identifiers, at: index, method: method)
    } catch { Self.fail(error) }
  }

  /// Adds `identifiers` as empty sections just after `section`.
  ///
  /// UIKit: `insertSections(_:afterSection:)`.
  @inlinable public mutating func insertSections(
    _ identifiers: [Section], afterSection section: Section
  ) {
    do throws(DiffableDataSourceError) {
      let method = "insertSections(_:afterSection:)"
      guard let index = sectionPositions[section] else {
        throw DiffableDataSourceError.missing(section: section, method: method)
      }
      try checkedInsertSections(identifiers, at: index + 1, method: method)
    } catch { Self.fail(error) }
  }

  /// Removes `identifiers` and their items; sections the snapshot does not hold are passed over.
  ///
  /// UIKit: `deleteSections(_:)`.
  @inlinable public mutating func deleteSections(_ identifiers: [Section]) {
    let indices = Set(identifiers.compactMap { sectionPositions[$0] }).sorted()
    guard !indices.isEmpty else { return }
    var positions: [Int] = []
    for index in indices { positions += boundaries[index]..<boundaries[index + 1] }
    let goneItems = Set(positions.map { items[$0] })
    if !positions.isEmpty { removeItems(at: positions) }
    reloadedItems.removeAll { goneItems.contains($0) }
    reconfiguredItems.removeAll { goneItems.contains($0) }
    removeEmptySections(at: indices)
    let gone = Set(identifiers)
    reloadedSections.removeAll { gone.contains($0) }
  }

  /// Moves `section`, with its items, to just before `otherSection`.
  ///
  /// UIKit: `moveSection(_:beforeSection:)`. Stops the program when either is not in the
  /// snapshot or they are the same.
  @inlinable public mutating func moveSection(
    _ section: Section, beforeSection otherSection: Section
  ) {
    do { try checkedMoveSection(section, relativeTo: otherSection, after: false) } catch {
      Self.fail(error)
    }
  }

  /// Moves `section`, with its items, to just after `otherSection`.
  ///
  /// UIKit: `moveSection(_:afterSection:)`.
  @inlinable public mutating func moveSection(
    _ section: Section, afterSection otherSection: Section
  ) {
    do { try checkedMoveSection(section, relativeTo: otherSection, after: true) } catch {
      Self.fail(error)
    }
  }

  /// Marks `identifiers` to be shown afresh by the next `apply`, with all their items.
  ///
  /// UIKit: `reloadSections(_:)`. Stops the program when a section is not in the snapshot.
  @inlinable public mutating func reloadSections(_ identifiers: [Section]) {
    do throws(DiffableDataSourceError) {
      for section in identifiers where sectionPositions[section] == nil {
        throw DiffableDataSourceError.missing(section: section, method: "reloadSections(_:)")
      }
      for section in identifiers where !reloadedSections.contains(section) {
        reloadedSections.append(section)
      }
    } catch { Self.fail(error) }
  }

  // MARK: The checked changes (throwing where UIKit traps)

  /// `appendItems(_:toSection:)`, throwing instead of stopping.
  @inlinable mutating func checkedAppendItems(_ identifiers: [Item], toSection section: Section?)
    throws(DiffableDataSourceError)
  {
    let method = "appendItems(_:toSection:)"
    let index: Int
    if let section {
      guard let found = sectionPositions[section] else {
        throw .missing(section: section, method: method)
      }
      index = found
    } else {
      guard !sections.isEmpty else { throw .noSections(method: method) }
      index = sections.count - 1
    }
    try insert(identifiers, at: boundaries[index + 1], inSection: index, method: method)
  }

  /// `insertItems(_:beforeItem:)` or `…afterItem:`, throwing instead of stopping.
  @inlinable mutating func checkedInsertItems(
    _ identifiers: [Item], relativeTo item: Item, after: Bool
  )
    throws(DiffableDataSourceError)
  {
    let method = after ? "insertItems(_:afterItem:)" : "insertItems(_:beforeItem:)"
    guard let position = itemPositions[item] else { throw .missing(item: item, method: method) }
    try insert(
      identifiers, at: after ? position + 1 : position, inSection: section(containing: position),
      method: method)
  }

  /// `moveItem(_:beforeItem:)` or `…afterItem:`, throwing instead of stopping.
  @inlinable mutating func checkedMoveItem(_ item: Item, relativeTo otherItem: Item, after: Bool)
    throws(DiffableDataSourceError)
  {
    let method = after ? "moveItem(_:afterItem:)" : "moveItem(_:beforeItem:)"
    guard let from = itemPositions[item] else { throw .missing(item: item, method: method) }
    guard itemPositions[otherItem] != nil else { throw .missing(item: otherItem, method: method) }
    guard item != otherItem else {
      throw .relativeToItself(String(describing: item), method: method)
    }
    removeItems(at: [from])
    let anchor = itemPositions[otherItem]!
    try insert(
      [item], at: after ? anchor + 1 : anchor, inSection: section(containing: anchor),
      method: method)
  }

  /// `moveSection(_:beforeSection:)` or `…afterSection:`, throwing instead of stopping.
  @inlinable mutating func checkedMoveSection(
    _ section: Section, relativeTo other: Section, after: Bool
  )
    throws(DiffableDataSourceError)
  {
    let method = after ? "moveSection(_:afterSection:)" : "moveSection(_:beforeSection:)"
    guard let from = sectionPositions[section] else {
      throw .missing(section: section, method: method)
    }
    guard sectionPositions[other] != nil else { throw .missing(section: other, method: method) }
    guard section != other else {
      throw .relativeToItself(String(describing: section), method: method)
    }
    let moving = Array(items[boundaries[from]..<boundaries[from + 1]])
    if !moving.isEmpty { removeItems(at: Array(boundaries[from]..<boundaries[from + 1])) }
    removeEmptySections(at: [from])
    let anchor = sectionPositions[other]!
    let target = after ? anchor + 1 : anchor
    try checkedInsertSections([section], at: target, method: method)
    try insert(moving, at: boundaries[target], inSection: target, method: method)
  }

  /// Inserts `identifiers` as empty sections at `index`, throwing on a duplicate.
  @inlinable mutating func checkedInsertSections(
    _ identifiers: [Section], at index: Int, method: String
  )
    throws(DiffableDataSourceError)
  {
    var seen = Set<Section>()
    let duplicates = identifiers.filter { sectionPositions[$0] != nil || !seen.insert($0).inserted }
    guard duplicates.isEmpty else {
      throw .duplicateSections(DiffableDataSourceError.names(duplicates), method: method)
    }
    sections.insert(contentsOf: identifiers, at: index)
    boundaries.insert(
      contentsOf: repeatElement(boundaries[index], count: identifiers.count), at: index)
    for position in index..<sections.count { sectionPositions[sections[position]] = position }
  }

  /// Adds `identifiers` to `list` (once each), throwing when the snapshot does not hold one.
  @inlinable mutating func checkedMark(
    _ identifiers: [Item], in list: WritableKeyPath<Self, [Item]>, method: String
  ) throws(DiffableDataSourceError) {
    for item in identifiers where itemPositions[item] == nil {
      throw .missing(item: item, method: method)
    }
    var marked = Set(self[keyPath: list])
    for item in identifiers where marked.insert(item).inserted { self[keyPath: list].append(item) }
  }

  // MARK: Storage

  /// Inserts `identifiers` at `position` of `items`, inside section `section`, renumbering the
  /// items after them; throws, changing nothing, when one is already present or given twice.
  @inlinable mutating func insert(
    _ identifiers: [Item], at position: Int, inSection section: Int, method: String
  ) throws(DiffableDataSourceError) {
    guard !identifiers.isEmpty else { return }
    itemPositions.reserveCapacity(items.count + identifiers.count)
    var duplicates: [Item] = []
    for (offset, item) in identifiers.enumerated()
    where itemPositions.updateValue(position + offset, forKey: item) != nil {
      duplicates.append(item)
    }
    guard duplicates.isEmpty else {
      // Put the index back as it was: the new identifiers out, the old positions in.
      for item in identifiers { itemPositions.removeValue(forKey: item) }
      for item in duplicates {
        if let old = items.firstIndex(of: item) { itemPositions[item] = old }
      }
      throw .duplicateItems(DiffableDataSourceError.names(duplicates), method: method)
    }
    if position == items.count {
      items.append(contentsOf: identifiers)
    } else {
      items.insert(contentsOf: identifiers, at: position)
      for index in (position + identifiers.count)..<items.count {
        itemPositions[items[index]] = index
      }
    }
    for boundary in (section + 1)..<boundaries.count { boundaries[boundary] += identifiers.count }
  }

  /// Removes the items at `positions` of `items` (any order, repeats allowed), renumbering the
  /// rest; the sections keep their places. Marks are left to the caller.
  @inlinable mutating func removeItems(at positions: [Int]) {
    var doomed: [Int] = []
    doomed.reserveCapacity(positions.count)
    for position in positions.sorted() where doomed.last != position { doomed.append(position) }
    guard let first = doomed.first else { return }
    for position in doomed { itemPositions.removeValue(forKey: items[position]) }
    var write = first
    var next = 0
    for read in first..<items.count {
      if next < doomed.count && doomed[next] == read {
        next += 1
        continue
      }
      items[write] = items[read]
      itemPositions[items[write]] = write
      write += 1
    }
    items.removeLast(items.count - write)
    for boundary in boundaries.indices {
      boundaries[boundary] -= Self.count(of: doomed, below: boundaries[boundary])
    }
  }

  /// Removes the sections at `indices` (sorted, each already without items).
  @inlinable mutating func removeEmptySections(at indices: [Int]) {
    for index in indices.reversed() {
      sectionPositions.removeValue(forKey: sections[index])
      sections.remove(at: index)
      boundaries.remove(at: index)
    }
    guard let first = indices.first else { return }
    for position in first..<sections.count { sectionPositions[sections[position]] = position }
  }

  /// How many of the sorted `values` are below `limit`.
  @inlinable static func count(of values: [Int], below limit: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) / 2
      if values[mid] < limit { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
