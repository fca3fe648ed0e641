import Foundation

/// One change of a batch of updates, as the layout sees it in
/// `prepare(forCollectionViewUpdates:)`.
///
/// UIKit: `UICollectionViewUpdateItem`. A whole section's update has UIKit's index path,
/// `[section, NSNotFound]` (`IndexPath.section(_:)`), so a layout tells it from an item's as on
/// iOS: `updateItem.indexPathAfterUpdate?.item == NSNotFound`. `indexPathBeforeUpdate` is nil for
/// an insert, `indexPathAfterUpdate` nil for a delete.
@MainActor
public final class CollectionViewUpdateItem: @MainActor CustomStringConvertible {
  /// What the change does.
  ///
  /// UIKit: `UICollectionViewUpdateItem.Action`.
  public enum Action: Equatable, Sendable {
    /// Something new appears at `indexPathAfterUpdate`.
    case insert
    /// What was at `indexPathBeforeUpdate` goes.
    case delete
    /// What was at `indexPathBeforeUpdate` is configured again.
    case reload
    /// What was at `indexPathBeforeUpdate` is now at `indexPathAfterUpdate`.
    case move
    /// No change.
    case none
  }

  /// The index path before the batch; nil for an insert.
  ///
  /// UIKit: `indexPathBeforeUpdate`.
  public let indexPathBeforeUpdate: IndexPath?

  /// The index path after the batch; nil for a delete.
  ///
  /// UIKit: `indexPathAfterUpdate`.
  public let indexPathAfterUpdate: IndexPath?

  /// What the change does.
  ///
  /// UIKit: `updateAction`.
  public let updateAction: Action

  /// Creates an update item.
  public init(before: IndexPath?, after: IndexPath?, action: Action) {
    self.indexPathBeforeUpdate = before
    self.indexPathAfterUpdate = after
    self.updateAction = action
  }

  /// The action and its paths, for test failures.
  public var description: String {
    // A whole section reads as its number alone: `insert - → [1]`.
    func text(_ path: IndexPath?) -> String {
      guard let path else { return "-" }
      return path.isWholeSection ? "[\(path.section)]" : "\(Array(path))"
    }
    let before = text(indexPathBeforeUpdate)
    let after = text(indexPathAfterUpdate)
    return "\(updateAction) \(before) → \(after)"
  }
}

extension IndexPath {
  /// The index path UIKit gives a whole section's update: `[section, NSNotFound]`.
  ///
  /// UIKit: `IndexPath(item: NSNotFound, section: section)` in a `UICollectionViewUpdateItem`.
  public static func section(_ section: Int) -> IndexPath {
    IndexPath(item: NSNotFound, section: section)
  }

  /// Whether this names a whole section in an update item (`item == NSNotFound`), not an item.
  ///
  /// UIKit has no property; iOS code tests `item == NSNotFound`, which works here too.
  public var isWholeSection: Bool { count == 2 && item == NSNotFound }
}
