import Foundation

/// One change recorded by `insertItems`, `deleteItems`, `moveItem` or `reloadItems`.
enum PendingUpdate: Hashable {
  /// An item inserted at this (new) index path.
  case insert(IndexPath)
  /// The item at this (old) index path deleted.
  case delete(IndexPath)
  /// The item at `from` (old) now at `to` (new).
  case move(from: IndexPath, to: IndexPath)
  /// The item at this (old) index path to be configured again.
  case reload(IndexPath)
}
