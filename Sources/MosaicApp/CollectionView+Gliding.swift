import MosaicCollection

extension CollectionView {
  /// Focuses the item at `indexPath` and glides to it when it is off screen: how a jump (a
  /// search match, a new item) moves, where the arrow keys move at once.
  ///
  /// UIKit: setting the focus, then `scrollToItem(at:at:animated: true)`. Mosaic's `focusItem`
  /// scrolls at once, so the offset is put back and the same scroll made animated (at once as
  /// well while animations are off).
  func focusItem(at indexPath: IndexPath, gliding: Bool) {
    let offset = contentOffset
    focusItem(at: indexPath)
    guard gliding, contentOffset != offset else { return }
    setContentOffset(offset, animated: false)
    scrollToItem(at: indexPath, at: .nearest, animated: true)
  }
}
