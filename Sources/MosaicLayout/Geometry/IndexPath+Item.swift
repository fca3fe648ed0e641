import Foundation

/// Mosaic addresses items with Foundation's `IndexPath`, as UIKit does, so code
/// that knows `IndexPath(item:section:)` reads the same here. Foundation on
/// Linux lacks the UIKit convenience members; this extension adds them.
extension IndexPath {
  /// Creates the index path of `item` in `section`.
  ///
  /// UIKit: `IndexPath(item:section:)`.
  public init(item: Int, section: Int) {
    // Appending to a one-index path builds Foundation's inline two-index storage directly; going
    // through an array literal allocated and freed an array per index path (~3x the cost).
    self = IndexPath(index: section).appending(item)
  }

  /// Creates the index path of `row` in `section`: the same path as `IndexPath(item: row,
  /// section: section)`.
  ///
  /// UIKit: `IndexPath(row:section:)`, the table view's spelling, which collection view code
  /// ported from a table view keeps.
  public init(row: Int, section: Int) {
    self.init(item: row, section: section)
  }

  /// The section number (the first index).
  ///
  /// UIKit: `IndexPath.section`.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The item number within its section (the second index).
  ///
  /// UIKit: `IndexPath.item`.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The row within its section: the same index as `item`.
  ///
  /// UIKit: `IndexPath.row`.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
