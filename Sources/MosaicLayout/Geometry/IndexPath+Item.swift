import Foundation

/// Mosaic addresses items with Foundation's `IndexPath`, as UIKit does, so code
/// that knows `IndexPath(item:section:)` reads the same here. Foundation on
/// Linux lacks the UIKit convenience members; this extension adds them.
extension IndexPath {
  /// Creates the index path of `item` in `section`.
  ///
  /// UIKit: `IndexPath(item:section:)`.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
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
}
