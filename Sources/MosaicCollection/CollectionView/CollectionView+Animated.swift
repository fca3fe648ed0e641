import MosaicLayout

// UIKit's `animated:` spellings. Views do not animate yet (the next issue makes them), so each
// change is made at once; accepting the parameter lets UIKit code port unchanged now.
extension CollectionView {
  /// Scrolls so the item at `indexPath` shows at `position`, as `scrollToItem(at:at:)` does.
  ///
  /// UIKit: `scrollToItem(at:at:animated:)`. `animated` is accepted; the scroll is immediate
  /// until views animate.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    scrollToItem(at: indexPath, at: position)
  }

  /// Replaces the layout, keeping the focused item in view, then calls `completion` with
  /// `true`.
  ///
  /// UIKit: `setCollectionViewLayout(_:animated:)` and `setCollectionViewLayout(_:animated:
  /// completion:)`. `animated` is accepted; the swap is immediate until views animate, so the
  /// completion runs before this returns.
  public func setCollectionViewLayout(
    _ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    collectionViewLayout = layout
    completion?(true)
  }

  /// Sets the content offset, clamped to the content.
  ///
  /// UIKit: `setContentOffset(_:animated:)`. `animated` is accepted; the scroll is immediate
  /// until views animate.
  public func setContentOffset(_ contentOffset: Point, animated: Bool) {
    setContentOffset(contentOffset)
  }
}
