import Foundation
import MosaicLayout

extension CollectionView {
  /// Where left or right moves the focus from `current` when it sits in a row that scrolls
  /// sideways (`OrthogonalScrollingLayout`): `.some(next)`, nil inside when the row ends there;
  /// nil outright when the key is not the row's business (another key, another section), and
  /// the focus engine's geometric search decides.
  ///
  /// UIKit: the focus engine moving inside an orthogonal section's scroll view. The search runs
  /// on the row's unscrolled frames, so items scrolled out of view are found.
  func orthogonalFocusTarget(from current: IndexPath, _ direction: FocusDirection)
    -> IndexPath??
  {
    guard !direction.isVertical, scrollsVertically,
      let layout = collectionViewLayout as? any OrthogonalScrollingLayout
    else { return nil }
    prepareLayoutIfNeeded()
    guard layout.scrollsOrthogonally(section: current.section) else { return nil }
    var next = layout.item(beside: current, forward: direction == .right)
    // Items the delegate refuses the focus to are stepped over, as the focus engine does.
    var steps = 0
    while let candidate = next, !canFocusItem(at: candidate), steps < FocusEngine.searchLimit {
      next = layout.item(beside: candidate, forward: direction == .right)
      steps += 1
    }
    return .some(next.flatMap { canFocusItem(at: $0) ? $0 : nil })
  }

  /// Scrolls the sideways row holding `indexPath`, if it is in one, so the item shows: the first
  /// step of scrolling to an item, before the page scrolls down or up to its row.
  ///
  /// UIKit: `scrollToItem(at:at:animated:)` scrolls an orthogonal section's scroll view too.
  func scrollOrthogonallyToShowItem(at indexPath: IndexPath) {
    guard let layout = collectionViewLayout as? any OrthogonalScrollingLayout else { return }
    prepareLayoutIfNeeded()
    guard layout.scrollsOrthogonally(section: indexPath.section) else { return }
    layout.scrollOrthogonally(toShowItemAt: indexPath)
  }
}
