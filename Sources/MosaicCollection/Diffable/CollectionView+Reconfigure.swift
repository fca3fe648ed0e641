import Foundation
import MosaicLayout

extension CollectionView {
  /// Configures the cells showing the items at `indexPaths` again, in place: the data source is
  /// asked for each visible one, and a dequeue with the cell's reuse identifier hands back the
  /// cell already on screen, without `prepareForReuse()`. Items not on screen are configured
  /// when they arrive, as always.
  ///
  /// UIKit: `reconfigureItems(at:)` (iOS 15). Cheaper than `reloadItems(at:)` and never
  /// animated; a data source that returns a different cell has it swapped in (UIKit would rather
  /// you reload).
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    guard let dataSource else { return }
    for path in indexPaths {
      let key = ElementKey(category: .cell, kind: nil, indexPath: path)
      guard let existing = placement.views[key] as? CollectionViewCell, isValidItem(path) else {
        continue
      }
      statistics.configureCalls += 1
      reusePool.beginVending()
      reusePool.reconfiguring = existing
      let cell = dataSource.collectionView(self, cellForItemAt: path)
      reusePool.reconfiguring = nil
      requireDequeued(cell, by: "collectionView(_:cellForItemAt:)", for: path)
      guard cell !== existing else { continue }
      if let attributes = existing.layoutAttributes {
        cell.layoutAttributes = attributes
        cell.apply(attributes)
      }
      resetState(of: cell, for: path)
      placement.views[key] = cell
      recycle(existing, for: key)
      delegate?.collectionView(self, willDisplay: cell, forItemAt: path)
      placement.setNeedsUpdate()
    }
  }
}
