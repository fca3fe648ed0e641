import Foundation
import MosaicLayout

/// A collection view data source driven by snapshots: apply a snapshot of the sections and items
/// (by identifier) and the data source works out what changed and animates it in one batch.
///
/// UIKit: `UICollectionViewDiffableDataSource`. Create it with the collection view and a cell
/// provider (it makes itself the view's `dataSource`), keep a strong reference to it (the view
/// holds its data source weakly), then `apply(_:animatingDifferences:completion:)`. Supplementary
/// views come from `supplementaryViewProvider`.
///
/// ```swift
/// let registration = CollectionView.CellRegistration<WordCell, String> { cell, _, word in
///   cell.title = word
/// }
/// dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
///   view, indexPath, word in
///   view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: word)
/// }
/// var snapshot = DiffableDataSourceSnapshot<Int, String>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(words)
/// dataSource.apply(snapshot)
/// ```
@MainActor
open class CollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: CollectionViewDataSource {
  /// The snapshot type this data source applies.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// Makes the configured cell for an item: usually
  /// `collectionView.dequeueConfiguredReusableCell(using:for:item:)`.
  ///
  /// UIKit: `UICollectionViewDiffableDataSource.CellProvider`. Returning nil stops the program
  /// with a message, as UIKit does.
  public typealias CellProvider =
    @MainActor (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?

  /// Makes the configured supplementary view of a kind for an index path.
  ///
  /// UIKit: `UICollectionViewDiffableDataSource.SupplementaryViewProvider`.
  public typealias SupplementaryViewProvider =
    @MainActor (CollectionView, String, IndexPath) -> ReusableView?

  /// The collection view this data source feeds; held weakly.
  @usableFromInline weak var collectionView: CollectionView?
  /// Makes each cell.
  let cellProvider: CellProvider
  /// The snapshot last applied: what the collection view shows.
  @usableFromInline var current = Snapshot()

  /// Makes the supplementary views (headers, footers) the layout asks for; nil (the default)
  /// stops the program if the layout asks for one.
  ///
  /// UIKit: `supplementaryViewProvider`.
  public var supplementaryViewProvider: SupplementaryViewProvider?

  /// Creates a data source for `collectionView` and makes itself its `dataSource`; it shows
  /// nothing until a snapshot is applied.
  ///
  /// UIKit: `init(collectionView:cellProvider:)`.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  // MARK: Snapshots

  /// A copy of the snapshot the collection view shows; change it and apply it.
  ///
  /// UIKit: `snapshot()`.
  @inlinable public func snapshot() -> Snapshot { current }

  /// Makes `snapshot` what the collection view shows: the difference from the current one is
  /// applied as one batch of updates (deletes, inserts, moves, reloads), animated when
  /// `animatingDifferences` is true and the view animates; then the items marked by
  /// `reconfigureItems(_:)` are configured again in the cells that show them. `completion` runs
  /// when the batch's animation ends (at once when nothing animates).
  ///
  /// UIKit: `apply(_:animatingDifferences:completion:)`, with iOS 15's rule that
  /// `animatingDifferences: false` applies the difference without animation (cells, the
  /// selection and the focus follow their items) rather than reloading; for a reload use
  /// `applySnapshotUsingReloadData(_:completion:)`.
  ///
  /// - Complexity: O(n + m log n) to compute the difference of n items, m of them out of their
  ///   old order (see `SnapshotDifference`), then the batch's cost.
  @inlinable public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    let difference = SnapshotDifference(from: current, to: snapshot)
    guard let collectionView else {
      current = Self.unmarked(snapshot)
      completion?()
      return
    }
    let update = {
      collectionView.performBatchUpdates(
        {
          self.current = Self.unmarked(snapshot)
          Self.describe(difference, to: collectionView)
        },
        completion: { _ in completion?() })
    }
    if animatingDifferences { update() } else { View.performWithoutAnimation(update) }
    if !difference.reconfiguredItems.isEmpty {
      collectionView.reconfigureItems(at: difference.reconfiguredItems)
    }
  }

  /// Makes `snapshot` what the collection view shows by reloading all its data, without
  /// working out a difference or animating.
  ///
  /// UIKit: `applySnapshotUsingReloadData(_:completion:)`.
  public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil
  ) {
    current = Self.unmarked(snapshot)
    collectionView?.reloadData()
    completion?()
  }

  /// `snapshot` without its reload and reconfigure marks, which the apply has used.
  @inlinable static func unmarked(_ snapshot: Snapshot) -> Snapshot {
    var result = snapshot
    result.reloadedItems = []
    result.reconfiguredItems = []
    result.reloadedSections = []
    return result
  }

  /// Tells `collectionView`, inside its batch, each update of `difference`.
  @usableFromInline static func describe(
    _ difference: SnapshotDifference, to collectionView: CollectionView
  ) {
    if !difference.deletedSections.isEmpty {
      collectionView.deleteSections(IndexSet(difference.deletedSections))
    }
    if !difference.insertedSections.isEmpty {
      collectionView.insertSections(IndexSet(difference.insertedSections))
    }
    if !difference.reloadedSections.isEmpty {
      collectionView.reloadSections(IndexSet(difference.reloadedSections))
    }
    for move in difference.movedSections {
      collectionView.moveSection(move.from, toSection: move.to)
    }
    if !difference.deletedItems.isEmpty { collectionView.deleteItems(at: difference.deletedItems) }
    if !difference.insertedItems.isEmpty {
      collectionView.insertItems(at: difference.insertedItems)
    }
    if !difference.reloadedItems.isEmpty {
      collectionView.reloadItems(at: difference.reloadedItems)
    }
    for move in difference.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
  }

  // MARK: Identifiers and index paths

  /// The item shown at `indexPath`, or nil.
  ///
  /// UIKit: `itemIdentifier(for:)`.
  @inlinable public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    current.itemIdentifier(at: indexPath)
  }

  /// Where `itemIdentifier` is shown, or nil when the current snapshot does not hold it.
  ///
  /// UIKit: `indexPath(for:)`.
  ///
  /// - Complexity: O(log s) for s sections.
  @inlinable public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    current.indexPath(of: itemIdentifier)
  }

  /// The section shown at `index`, or nil.
  ///
  /// UIKit: `sectionIdentifier(for:)` (iOS 15).
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    current.sections.indices.contains(index) ? current.sections[index] : nil
  }

  /// The index of `sectionIdentifier`, or nil.
  ///
  /// UIKit: `index(for:)` (iOS 15).
  public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    current.sectionPositions[sectionIdentifier]
  }

  // MARK: CollectionViewDataSource

  /// The current snapshot's sections.
  ///
  /// UIKit: `numberOfSections(in:)`, which the diffable data source implements.
  public func numberOfSections(in collectionView: CollectionView) -> Int {
    current.numberOfSections
  }

  /// The current snapshot's items in `section`.
  ///
  /// UIKit: `collectionView(_:numberOfItemsInSection:)`.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    section >= 0 && section < current.numberOfSections ? current.count(ofSectionAt: section) : 0
  }

  /// The cell the cell provider makes for the item at `indexPath`.
  ///
  /// UIKit: `collectionView(_:cellForItemAt:)`.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    guard let item = current.itemIdentifier(at: indexPath) else {
      preconditionFailure(
        "Mosaic: CollectionViewDiffableDataSource was asked for a cell at \(Array(indexPath)), "
          + "where the applied snapshot has no item")
    }
    guard let cell = cellProvider(collectionView, indexPath, item) else {
      preconditionFailure(
        "Mosaic: the cell provider of CollectionViewDiffableDataSource returned nil for item "
          + "\(item) at \(Array(indexPath)); return a cell from "
          + "dequeueConfiguredReusableCell(using:for:item:)")
    }
    return cell
  }

  /// The view the supplementary view provider makes; stops the program, naming the kind, when
  /// there is no provider or it returns nil.
  ///
  /// UIKit: `collectionView(_:viewForSupplementaryElementOfKind:at:)`.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
      preconditionFailure(
        "Mosaic: the layout asks for a supplementary view of kind \"\(kind)\" at "
          + "\(Array(indexPath)), but the CollectionViewDiffableDataSource's "
          + "supplementaryViewProvider "
          + (supplementaryViewProvider == nil ? "is not set" : "returned nil"))
    }
    return view
  }

  /// Moves the item in the current snapshot after the user carried it (interactive movement),
  /// so the data source keeps showing what the view shows.
  ///
  /// UIKit: the snapshot update `reorderingHandlers` make on iOS 14.
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    guard let item = current.itemIdentifier(at: sourceIndexPath) else { return }
    var snapshot = current
    snapshot.removeItems(at: [snapshot.itemPositions[item]!])
    let section = destinationIndexPath.section
    guard section >= 0, section < snapshot.numberOfSections else { return }
    let start = snapshot.boundaries[section]
    let position = min(start + max(0, destinationIndexPath.item), snapshot.boundaries[section + 1])
    try? snapshot.insert([item], at: position, inSection: section, method: "moveItemAt")
    current = snapshot
  }
}
