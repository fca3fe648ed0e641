import Foundation

/// The object a collection view warns about the items it is likely to show soon, so it can
/// start loading their data (off the main thread) before `collectionView(_:cellForItemAt:)` asks
/// for their cells.
///
/// UIKit: `UICollectionViewDataSourcePrefetching`. Assign it to the view's `prefetchDataSource`
/// (held weakly). The view calls `collectionView(_:prefetchItemsAt:)` for the items of one
/// viewport ahead in the direction of the last scroll, each once while it stays ahead, never for
/// an item on screen; and `collectionView(_:cancelPrefetchingForItemsAt:)` for items that left
/// that window without coming into view (the user turned back, or jumped away). Prefetching is
/// a hint: `cellForItemAt` must still cope with data loaded, loading, or never asked for.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  /// Start preparing the data of the items at `indexPaths`, which are likely to come into view
  /// soon; the order is their priority (the nearest first). Do the work asynchronously: this is
  /// called while a frame is laid out.
  ///
  /// UIKit: `collectionView(_:prefetchItemsAt:)` (required).
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])

  /// The items at `indexPaths` are no longer coming into view: stop the work started for them
  /// if it is still running. Does nothing by default.
  ///
  /// UIKit: `collectionView(_:cancelPrefetchingForItemsAt:)` (optional).
  func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
  /// Cancels nothing: a data source whose work is cheap to finish need not implement it.
  public func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}
