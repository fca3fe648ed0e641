import Foundation
import MosaicLayout

extension CollectionViewDataSource {
  /// True: every item may move.
  ///
  /// UIKit answers true only when the data source implements `collectionView(_:moveItemAt:to:)`;
  /// Swift cannot ask whether a method is implemented, so Mosaic answers true and the default
  /// `moveItemAt` below tells the view, which then puts a dropped item back where it was.
  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  { true }

  /// Does not move anything, and says so: the view puts the item back (UIKit ignores the
  /// reorder when the data source lacks this method).
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    collectionView.data.ignoredMove = true
  }

  /// No index strip.
  public func indexTitles(for collectionView: CollectionView) -> [String]? { nil }

  /// The first item of section `index`: one title per section, the usual index.
  ///
  /// UIKit has no default (a data source with titles must implement it); this one suits the
  /// common case of one title per section.
  public func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    IndexPath(item: 0, section: index)
  }
}
