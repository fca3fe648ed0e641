import Foundation

/// The object told about selection, highlighting, focus, display and scrolling in a collection
/// view, and asked whether to allow them.
///
/// UIKit: `UICollectionViewDelegate`. Every method has a default: the `should…` methods allow,
/// the others do nothing. If the delegate also adopts `CollectionViewDelegateFlowLayout`, a
/// `FlowLayout` asks it for sizes and spacing through the collection view, as UIKit's does.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
  /// Whether the item at `indexPath` may be selected.
  ///
  /// UIKit: `collectionView(_:shouldSelectItemAt:)`.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  /// The item at `indexPath` was selected by the user.
  ///
  /// UIKit: `collectionView(_:didSelectItemAt:)`.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// Whether the item at `indexPath` may be deselected.
  ///
  /// UIKit: `collectionView(_:shouldDeselectItemAt:)`.
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  /// The item at `indexPath` was deselected by the user.
  ///
  /// UIKit: `collectionView(_:didDeselectItemAt:)`.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// Whether the item at `indexPath` may be highlighted when pressed.
  ///
  /// UIKit: `collectionView(_:shouldHighlightItemAt:)`.
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  /// The item at `indexPath` was highlighted.
  ///
  /// UIKit: `collectionView(_:didHighlightItemAt:)`.
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The item at `indexPath` lost its highlight.
  ///
  /// UIKit: `collectionView(_:didUnhighlightItemAt:)`.
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Whether the item at `indexPath` may take the keyboard focus; the arrows, Page Up/Down,
  /// Home/End and clicks pass over items that may not (a spreadsheet's header cells, say).
  ///
  /// UIKit: `collectionView(_:canFocusItemAt:)`.
  func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath)
    -> Bool
  /// The keyboard focus moved to the item at `indexPath` (nil: no item has it).
  ///
  /// UIKit: `collectionView(_:didUpdateFocusIn:with:)`.
  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?)
  /// `cell` is about to be shown for the item at `indexPath`.
  ///
  /// UIKit: `collectionView(_:willDisplay:forItemAt:)`.
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// `cell` left the visible rect (or was reloaded) and went back to its reuse queue.
  ///
  /// UIKit: `collectionView(_:didEndDisplaying:forItemAt:)`.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// `view` is about to be shown for the supplementary element of `kind` at `indexPath`.
  ///
  /// UIKit: `collectionView(_:willDisplaySupplementaryView:forElementKind:at:)`.
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: String, at indexPath: IndexPath)
  /// `view` left the visible rect and went back to its reuse queue.
  ///
  /// UIKit: `collectionView(_:didEndDisplayingSupplementaryView:forElementOfKind:at:)`.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: String, at indexPath: IndexPath)
  /// The content offset changed.
  ///
  /// UIKit: `scrollViewDidScroll(_:)`.
  func collectionViewDidScroll(_ collectionView: CollectionView)
  /// Where the item carried from `originalIndexPath` goes when the user proposes
  /// `proposedIndexPath`; the proposal by default. Return another path to keep the item out of
  /// places it may not go (the original path keeps it where it started).
  ///
  /// UIKit: `collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)`.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath
}

extension CollectionViewDelegate {
  /// Allows selection.
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath
  ) {}
  /// Allows deselection.
  public func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  /// Allows highlighting.
  public func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath
  ) {}
  /// Allows the focus.
  public func collectionView(
    _ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?)
  {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: String, at indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: String, at indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionViewDidScroll(_ collectionView: CollectionView) {}
  /// The proposal.
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath { proposedIndexPath }
}
