import Foundation

/// The object that tells a collection view how many items it has and supplies their views.
///
/// UIKit: `UICollectionViewDataSource`. Only the item count and the cell are required; the other
/// methods have defaults (one section; blank supplementary views).
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
  /// `collectionView.dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`; a blank
  /// view by default.
  ///
  /// UIKit: `collectionView(_:viewForSupplementaryElementOfKind:at:)`.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView
}

extension CollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// A blank view, recycled like any other.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    collectionView.dequeueBlankSupplementaryView(ofKind: kind, for: indexPath)
  }
}
