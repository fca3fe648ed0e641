import Foundation

/// A layout with sections that scroll sideways on their own, as the collection view's focus
/// navigation needs to see it: left and right move within such a row, and showing an item
/// scrolls its row first.
///
/// UIKit has no counterpart: there each orthogonal section is a scroll view inside the
/// collection view, and the focus engine finds it. `CompositionalLayout` adopts it.
@MainActor
public protocol OrthogonalScrollingLayout: AnyObject {
  /// Whether the section of `indexPath` scrolls sideways.
  func scrollsOrthogonally(section: Int) -> Bool

  /// The item beside `indexPath` in its sideways row (to the right when `forward`), or nil when
  /// it is the row's last (first) or its section does not scroll sideways.
  func item(beside indexPath: IndexPath, forward: Bool) -> IndexPath?

  /// Scrolls the row of `indexPath` so the item shows, stopping where the section's behavior
  /// lets it stop; returns whether the row moved.
  @discardableResult
  func scrollOrthogonally(toShowItemAt indexPath: IndexPath) -> Bool
}
