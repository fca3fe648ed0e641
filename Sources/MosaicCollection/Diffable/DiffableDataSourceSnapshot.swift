import Foundation
import MosaicLayout

/// The state of a collection view's data at one moment: its sections and their items, each
/// named by an identifier unique in the snapshot.
///
/// UIKit: `NSDiffableDataSourceSnapshot`. Build one (or take the data source's `snapshot()`),
/// change it with the same methods, and hand it to `CollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)`,
/// which works out what changed and animates it. An identifier given twice stops the program
/// with a message naming it, as UIKit traps.
///
/// Storage (see DECISIONS.md): the items of every section in one array, in order, the sections'
/// boundaries in it, and one dictionary from item to its position, kept exact by every change;
/// no object per item. At a million `Int` items that is about 50 bytes an item.
public struct DiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The sections, in order.
  @usableFromInline var sections: [SectionIdentifierType] = []
  /// Where each section's items start in `items`, and one past the last: section `s` holds
  /// `items[boundaries[s]..<boundaries[s + 1]]`.
  @usableFromInline var boundaries: [Int] = [0]
  /// Every item, section after section.
  @usableFromInline var items: [ItemIdentifierType] = []
  /// Each section's index in `sections`.
  @usableFromInline var sectionPositions: [SectionIdentifierType: Int] = [:]
  /// Each item's index in `items`.
  @usableFromInline var itemPositions: [ItemIdentifierType: Int] = [:]
  /// The items marked for reloading, in the order marked.
  @usableFromInline var reloadedItems: [ItemIdentifierType] = []
  /// The items marked for reconfiguring, in the order marked.
  @usableFromInline var reconfiguredItems: [ItemIdentifierType] = []
  /// The sections marked for reloading, in the order marked.
  @usableFromInline var reloadedSections: [SectionIdentifierType] = []

  /// Creates an empty snapshot: no sections, no items.
  ///
  /// UIKit: `NSDiffableDataSourceSnapshot()`.
  @inlinable public init() {}

  // MARK: Counts and identifiers

  /// The number of items in every section together.
  ///
  /// UIKit: `numberOfItems`.
  @inlinable public var numberOfItems: Int { items.count }

  /// The number of sections.
  ///
  /// UIKit: `numberOfSections`.
  @inlinable public var numberOfSections: Int { sections.count }

  /// The sections, in order.
  ///
  /// UIKit: `sectionIdentifiers`.
  @inlinable public var sectionIdentifiers: [SectionIdentifierType] { sections }

  /// Every item, section after section.
  ///
  /// UIKit: `itemIdentifiers`.
  @inlinable public var itemIdentifiers: [ItemIdentifierType] { items }

  /// The items marked by `reloadItems(_:)` since the snapshot was made.
  ///
  /// UIKit: `reloadedItemIdentifiers`.
  @inlinable public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems }

  /// The items marked by `reconfigureItems(_:)` since the snapshot was made.
  ///
  /// UIKit: `reconfiguredItemIdentifiers`.
  @inlinable public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems }

  /// The sections marked by `reloadSections(_:)` since the snapshot was made.
  ///
  /// UIKit: `reloadedSectionIdentifiers`.
  @inlinable public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections }

  /// The number of items in `section`; stops the program when the snapshot has no such section,
  /// as UIKit does.
  ///
  /// UIKit: `numberOfItems(inSection:)`.
  @inlinable public func numberOfItems(inSection section: SectionIdentifierType) -> Int {
    let index = requireSection(section, in: "numberOfItems(inSection:)")
    return boundaries[index + 1] - boundaries[index]
  }

  /// The items of `section`, in order; stops the program when the snapshot has no such section.
  ///
  /// UIKit: `itemIdentifiers(inSection:)`.
  ///
  /// - Complexity: O(k) for the k items of the section.
  @inlinable public func itemIdentifiers(inSection section: SectionIdentifierType)
    -> [ItemIdentifierType]
  {
    let index = requireSection(section, in: "itemIdentifiers(inSection:)")
    return Array(items[boundaries[index]..<boundaries[index + 1]])
  }

  /// The section that holds `item`, or nil when the snapshot does not hold it.
  ///
  /// UIKit: `sectionIdentifier(containingItem:)`.
  ///
  /// - Complexity: O(log s) for s sections.
  @inlinable public func sectionIdentifier(containingItem item: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    guard let position = itemPositions[item] else { return nil }
    return sections[section(containing: position)]
  }

  /// The position of `item` among all the snapshot's items (`itemIdentifiers`), or nil.
  ///
  /// UIKit: `indexOfItem(_:)`.
  ///
  /// - Complexity: O(1).
  @inlinable public func indexOfItem(_ item: ItemIdentifierType) -> Int? { itemPositions[item] }

  /// The position of `section` among the sections, or nil.
  ///
  /// UIKit: `indexOfSection(_:)`.
  @inlinable public func indexOfSection(_ section: SectionIdentifierType) -> Int? {
    sectionPositions[section]
  }

  // MARK: Index paths (what the data source reads)

  /// The item at `indexPath`, or nil when the snapshot has none there.
  @inlinable func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifierType? {
    guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count,
      indexPath.item >= 0
    else { return nil }
    let position = boundaries[indexPath.section] + indexPath.item
    return position < boundaries[indexPath.section + 1] ? items[position] : nil
  }

  /// The index path of `item`, or nil when the snapshot does not hold it.
  @inlinable func indexPath(of item: ItemIdentifierType) -> IndexPath? {
    guard let position = itemPositions[item] else { return nil }
    let section = section(containing: position)
    return IndexPath(item: position - boundaries[section], section: section)
  }

  /// The number of items of the section at `index`.
  @inlinable func count(ofSectionAt index: Int) -> Int { boundaries[index + 1] - boundaries[index] }

  /// The index of the section whose items include position `position` of `items`: the last
  /// section starting at or before it (empty sections before it start there too).
  @inlinable func section(containing position: Int) -> Int {
    var low = 0
    var high = sections.count
    // The first boundary after `position`, less one.
    while low < high {
      let mid = (low + high) / 2
      if boundaries[mid + 1] <= position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The index of `section`; stops the program with a message naming `method` when there is none.
  @inlinable func requireSection(_ section: SectionIdentifierType, in method: String) -> Int {
    guard let index = sectionPositions[section] else {
      Self.fail(.missing(section: section, method: method))
    }
    return index
  }

  /// Stops the program with `error`'s message: what UIKit traps on.
  @usableFromInline static func fail(_ error: DiffableDataSourceError) -> Never {
    preconditionFailure(error.description)
  }
}
