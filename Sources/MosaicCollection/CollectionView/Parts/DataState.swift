import MosaicLayout

/// What the view believes about its data: the item counts per section, the batch of updates
/// being recorded, what went wrong with the last inconsistent update, and which sections the
/// layout self-sizes.
///
/// UIKit: the collection view's private copy of the counts (`_collectionViewData`) and its
/// update bookkeeping. A value the façade's updates (CollectionView+Updates) keep.
@MainActor struct DataState {
  /// The item counts the view believes in, per section; nil until loaded.
  var counts: [Int]?
  /// The batch of updates being recorded by `performBatchUpdates`.
  var batch = UpdateBatch()
  /// Set by the data source's default `moveItemAt`, which moves nothing.
  var ignoredMove = false
  /// The last inconsistent update detected, if any.
  var lastError: CollectionViewError?
  /// Called with every inconsistent update, after the view has recovered by reloading.
  var errorHandler: ((CollectionViewError) -> Void)?
  /// Whether the layout, as last prepared, takes the sizes cells prefer, by section; empty
  /// until asked (see CollectionView+SelfSizing.swift).
  var layoutSelfSizing: [Int: Bool] = [:]
}
