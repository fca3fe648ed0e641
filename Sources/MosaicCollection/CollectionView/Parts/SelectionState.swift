import Foundation

/// Which items are selected, which one is highlighted, and the mouse press awaiting its release.
///
/// UIKit: the state behind `indexPathsForSelectedItems` and cells' `isSelected`/`isHighlighted`.
/// It holds index paths only: the collection view asks the delegate and tells the cells, then
/// records the outcome here.
struct SelectionState {
  /// The selected items.
  private(set) var selected: Set<IndexPath> = []
  /// The item being pressed (drawn highlighted), or nil.
  var highlighted: IndexPath?
  /// The item a mouse press went down on, until its release (or nil).
  var trackedPress: IndexPath?
  /// Whether a mouse press inside the view has not had its release yet: that release belongs to
  /// it (even once the press was a whole click, or was cancelled), not to a click of its own.
  var pressAwaitsRelease = false

  /// Whether `indexPath` is selected; an empty selection costs no hashing (asked for every cell
  /// of every frame).
  func isSelected(_ indexPath: IndexPath) -> Bool {
    !selected.isEmpty && selected.contains(indexPath)
  }

  /// Selects `indexPath`; with `single`, the other items are deselected first.
  mutating func select(_ indexPath: IndexPath, single: Bool) {
    if single { selected = [] }
    selected.insert(indexPath)
  }

  /// Deselects `indexPath`.
  mutating func deselect(_ indexPath: IndexPath) { selected.remove(indexPath) }

  /// Deselects everything.
  mutating func deselectAll() { selected = [] }

  /// Keeps only the last selected item in index path order, as turning multiple selection off
  /// does.
  mutating func keepOnlyLast() {
    if selected.count > 1, let keep = selected.max() { selected = [keep] }
  }

  /// Moves every index path to `transform`'s answer; an item it maps to nil loses its selection,
  /// its highlight or its press.
  mutating func remap(_ transform: (IndexPath) -> IndexPath?) {
    selected = Set(selected.compactMap(transform))
    highlighted = highlighted.flatMap(transform)
    trackedPress = trackedPress.flatMap(transform)
  }
}
