import Foundation
import MosaicLayout

extension CollectionViewLayout {
  /// The collection view the layout lays out, or nil when it is not shown in one (a tool or a
  /// test running it alone).
  ///
  /// UIKit: `collectionView`. A layout subclass reads `collectionView?.bounds` and
  /// `collectionView!.numberOfItems(inSection: 0)` as on iOS; it is the layout's `dataSource`
  /// back-pointer, typed (MosaicLayout cannot name `CollectionView`).
  public var collectionView: CollectionView? { dataSource as? CollectionView }
}
