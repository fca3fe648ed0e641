import Foundation

/// The object that tells a collection view how many items it has and supplies their views.
///
/// UIKit: `UICollectionViewDataSource`. Only the item count and the cell are required; the other
/// methods have defaults (one section; supplementary views only for layouts that ask for none).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  ///
  /// UIKit: `numberOfSections(in:)`.
  func numberOfSections(in collectionView: CollectionView) -> Int

  /// The number of items in `section`.
  ///
  /// UIKit: `collectionView(_:numberOfItemsInSection:)`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int

  /// The configured cell for the item at `indexPath`, from
  /// `collectionView.dequeueReusableCell(withReuseIdentifier:for:)`.
  ///
  /// UIKit: `collectionView(_:cellForItemAt:)`.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell

  /// The configured supplementary view of `kind` at `indexPath`, from
  /// `collectionView.dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`. A data
  /// source whose layout shows headers, footers or other supplementary views must implement it.
  ///
  /// UIKit: `collectionView(_:viewForSupplementaryElementOfKind:at:)`.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView

  // Reordering and index titles: defaults in CollectionViewDataSource+Reordering.swift.

  /// Whether the item at `indexPath` may be carried to another place; true by default.
  ///
  /// UIKit: `collectionView(_:canMoveItemAt:)`.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool

  /// The user dropped the item from `sourceIndexPath` at `destinationIndexPath`: move it in the
  /// model (remove at the source, insert at the destination).
  ///
  /// UIKit: `collectionView(_:moveItemAt:to:)`.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)

  /// The titles of the index strip along the view's trailing edge, or nil for no strip (the
  /// default).
  ///
  /// UIKit: `indexTitles(for:)`.
  func indexTitles(for collectionView: CollectionView) -> [String]?

  /// The item the index title `title`, at `index` in `indexTitles(for:)`, jumps to.
  ///
  /// UIKit: `collectionView(_:indexPathForIndexTitle:at:)`.
  func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath
}

extension CollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// Stops the program with a message naming the kind: the layout asks for a supplementary view
  /// this data source cannot supply, as UIKit raises.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    preconditionFailure(
      "Mosaic: the layout asks for a supplementary view of kind \"\(kind)\" at "
        + "\(collectionView.describe(indexPath)), but the data source \(type(of: self)) does not "
        + "implement collectionView(_:viewForSupplementaryElementOfKind:at:); implement it and "
        + "return a view from dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)")
  }
}
