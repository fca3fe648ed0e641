import Foundation

/// One change of a batch of updates, as the layout sees it in
/// `prepare(forCollectionViewUpdates:)`.
///
/// UIKit: `UICollectionViewUpdateItem`. An index path with one index names a whole section;
/// `indexPathBeforeUpdate` is nil for an insert, `indexPathAfterUpdate` nil for a delete.
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
    let before = indexPathBeforeUpdate.map { "\(Array($0))" } ?? "-"
    let after = indexPathAfterUpdate.map { "\(Array($0))" } ?? "-"
    return "\(updateAction) \(before) → \(after)"
  }
}
