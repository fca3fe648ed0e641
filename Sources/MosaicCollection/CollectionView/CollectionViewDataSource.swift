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
