import Foundation
import MosaicLayout

extension CollectionView {
  /// The selected items, sorted.
  ///
  /// UIKit: `indexPathsForSelectedItems`.
  public var indexPathsForSelectedItems: [IndexPath] { selection.selected.sorted() }

  /// Selects the item at `indexPath` (nil: deselects all) and scrolls it to `scrollPosition`,
  /// without asking or telling the delegate.
  ///
  /// UIKit: `selectItem(at:animated:scrollPosition:)`. With single selection the previous
  /// selection is cleared. An empty `scrollPosition` (`[]`) does not scroll, as in UIKit; since
  /// Mosaic's `.nearest` is that empty set, call `scrollToItem(at:at:)` to show the item with the
  /// least scrolling. With `animated`, the scroll glides; the selection changes at once.
  public func selectItem(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    // Cells on screen get their new isSelected at once, as in UIKit (an override's didSet
    // runs). Only the items whose state changes are looked at: selecting item after item of a
    // large multiple selection must not copy the selection each time.
    guard let indexPath else {
      let before = selection.selected
      selection.deselectAll()
      for changed in before { refreshCellState(at: changed) }
      return
    }
    guard allowsSelection, isValidItem(indexPath) else { return }
    let dropped = allowsMultipleSelection ? [] : selection.selected.subtracting([indexPath])
    let wasSelected = selection.isSelected(indexPath)
    selection.select(indexPath, single: !allowsMultipleSelection)
    for changed in dropped { refreshCellState(at: changed) }
    if !wasSelected { refreshCellState(at: indexPath) }
    if !scrollPosition.isEmpty {
      scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects the item at `indexPath`, without asking or telling the delegate.
  ///
  /// UIKit: `deselectItem(at:animated:)`. The change is immediate either way: a terminal cell's
  /// selected look has no in-between to fade through.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    selection.deselect(indexPath)
    refreshCellState(at: indexPath)
  }

  /// The item with the keyboard focus, or nil before anything is focused.
  ///
  /// UIKit: the focused cell of the focus engine (`UIFocusSystem.focusedItem`).
  public var indexPathForFocusedItem: IndexPath? { focusedItem }

  /// Moves the keyboard focus to the item at `indexPath` (nil: nowhere) and scrolls the least
  /// that shows it whole, or to `scrollPosition`; tells the delegate. An item the delegate says
  /// cannot be focused keeps the focus where it was.
  ///
  /// UIKit: focus updates requested through `setNeedsFocusUpdate()`. The focus is distinct from
  /// the selection: moving it selects nothing.
  public func focusItem(at indexPath: IndexPath?, scrollPosition: ScrollPosition = .nearest) {
    if let indexPath, !canFocusItem(at: indexPath) { return }
    let changed = focusedItem != indexPath
    focusedItem = indexPath
    if let indexPath { scrollToItem(at: indexPath, at: scrollPosition) }
    if changed { delegate?.collectionView(self, didFocusItemAt: indexPath) }
  }

  /// Whether the item at `indexPath` exists and the delegate lets it take the focus.
  func canFocusItem(at indexPath: IndexPath) -> Bool {
    isValidItem(indexPath) && (delegate?.collectionView(self, canFocusItemAt: indexPath) ?? true)
  }

  /// Presses the item at `indexPath` as a tap would: highlight, then select (or, with multiple
  /// selection, toggle), asking and telling the delegate at each step in UIKit's order.
  ///
  /// UIKit's order: `shouldHighlight`, `didHighlight`, `shouldSelect` (or `shouldDeselect`),
  /// `didUnhighlight`, `didSelect` (or `didDeselect`). A mouse press that waits for its release
  /// does the first two steps on the press and the others on the release. An item the delegate
  /// may not highlight is not selected either, and `shouldSelect` is not asked: as in UIKit,
  /// `shouldHighlight` returning false bypasses the whole selection process.
  public func pressItem(at indexPath: IndexPath) {
    guard isValidItem(indexPath) else { return }
    cancelTrackedPress()
    guard highlightForPress(at: indexPath) else { return }
    finishPress(at: indexPath, highlighted: true)
  }

  /// Touch down: asks `shouldHighlight` and, if allowed, highlights the item and tells the
  /// delegate. Returns whether the item was highlighted.
  func highlightForPress(at indexPath: IndexPath) -> Bool {
    guard delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else {
      return false
    }
    selection.highlighted = indexPath
    refreshCellState(at: indexPath)
    delegate?.collectionView(self, didHighlightItemAt: indexPath)
    return true
  }

  /// Touch up inside: asks whether to select (or deselect), removes the highlight, then acts.
  func finishPress(at indexPath: IndexPath, highlighted: Bool) {
    var action: (() -> Void)?
    if allowsSelection {
      if allowsMultipleSelection && selection.isSelected(indexPath) {
        if delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true {
          action = { [self] in
            selection.deselect(indexPath)
            // The cell says it is deselected before the delegate hears of it, as in UIKit.
            refreshCellState(at: indexPath)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
          }
        }
      } else if delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true {
        action = { [self] in
          deselectOthers(except: indexPath)
          selection.select(indexPath, single: false)
          // The cell says it is selected before the delegate hears of it, as in UIKit.
          refreshCellState(at: indexPath)
          delegate?.collectionView(self, didSelectItemAt: indexPath)
        }
      }
    }
    if highlighted { unhighlight(indexPath) }
    action?()
    refreshCellState(at: indexPath)
  }

  /// Removes the highlight of `indexPath` and tells the delegate.
  func unhighlight(_ indexPath: IndexPath) {
    selection.highlighted = nil
    refreshCellState(at: indexPath)
    delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
  }

  /// Gives the cell on screen for `indexPath`, if any, its item's current state at once, so the
  /// cell's `isHighlighted` is right inside the delegate's callbacks, as in UIKit.
  func refreshCellState(at indexPath: IndexPath) {
    guard
      let cell = placement.views[ElementKey(category: .cell, kind: nil, indexPath: indexPath)]
        as? CollectionViewCell
    else { return }
    resetState(of: cell, for: indexPath)
  }

  /// With single selection, deselects every other item, telling the delegate.
  func deselectOthers(except indexPath: IndexPath) {
    guard !allowsMultipleSelection else { return }
    for other in selection.selected.sorted() where other != indexPath {
      selection.deselect(other)
      refreshCellState(at: other)
      delegate?.collectionView(self, didDeselectItemAt: other)
    }
  }
}
