import Foundation

/// One change recorded by the item and section update methods (`insertItems`, `deleteSections`…).
enum PendingUpdate: Hashable {
  /// An item inserted at this (new) index path.
  case insert(IndexPath)
  /// The item at this (old) index path deleted.
  case delete(IndexPath)
  /// The item at `from` (old) now at `to` (new).
  case move(from: IndexPath, to: IndexPath)
  /// The item at this (old) index path to be configured again.
  case reload(IndexPath)
  /// A section inserted at this (new) index.
  case insertSection(Int)
  /// The section at this (old) index deleted, with its items.
  case deleteSection(Int)
  /// The section at `from` (old) now at `to` (new), with its items.
  case moveSection(from: Int, to: Int)
  /// The section at this (old) index to be read and configured again, items and all.
  case reloadSection(Int)
}
