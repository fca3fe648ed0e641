import MosaicCollection

/// One change the `updates` demo makes to its model, in the terms of UIKit's batch updates:
/// deletes name index paths from before the change, inserts those after it.
///
/// UIKit: what a `performBatchUpdates` block describes with `insertItems(at:)`,
/// `deleteItems(at:)`, `moveItem(at:to:)`, `reloadItems(at:)`, `insertSections(_:)`,
/// `deleteSections(_:)` and `moveSection(_:toSection:)`. Each change carries what its inverse
/// needs (the deleted numbers, the old number), so `u` undoes it with another batch.
public enum UpdatesChange: Equatable, Sendable {
  /// Tiles `numbers` inserted at `paths` (new index paths).
  case insertItems([IndexPath], numbers: [Int])
  /// The tiles at `paths` (old index paths) deleted; `numbers` are theirs, to put them back.
  case deleteItems([IndexPath], numbers: [Int])
  /// The tile at `from` (old) moved to `to` (new).
  case moveItem(from: IndexPath, to: IndexPath)
  /// The tile at `path` renumbered from `old` to `new` (a reload).
  case reloadItem(IndexPath, old: Int, new: Int)
  /// `section` inserted at `index`.
  case insertSection(Int, UpdatesModel.Section)
  /// The section at `index` deleted; `section` is what it held, to put it back.
  case deleteSection(Int, UpdatesModel.Section)
  /// The section at `from` moved to `to`.
  case moveSection(from: Int, to: Int)
  /// The tiles of section `index` put in a new order: `order[i]` is the old place of the tile
  /// now at place `i` (a set of moves).
  case reorderSection(Int, order: [Int])

  /// The change that undoes this one.
  public var inverse: UpdatesChange {
    switch self {
    case .insertItems(let paths, let numbers): return .deleteItems(paths, numbers: numbers)
    case .deleteItems(let paths, let numbers): return .insertItems(paths, numbers: numbers)
    case .moveItem(let from, let to): return .moveItem(from: to, to: from)
    case .reloadItem(let path, let old, let new): return .reloadItem(path, old: new, new: old)
    case .insertSection(let index, let section): return .deleteSection(index, section)
    case .deleteSection(let index, let section): return .insertSection(index, section)
    case .moveSection(let from, let to): return .moveSection(from: to, to: from)
    case .reorderSection(let index, let order):
      var back = order
      for (place, old) in order.enumerated() { back[old] = place }
      return .reorderSection(index, order: back)
    }
  }

  /// The moves of a reorder, as `moveItem(at:to:)` takes them: from each tile's old place to
  /// its new one, leaving out the tiles that stay.
  public static func moves(section: Int, order: [Int]) -> [(from: IndexPath, to: IndexPath)] {
    order.enumerated().compactMap { place, old in
      place == old
        ? nil : (IndexPath(item: old, section: section), IndexPath(item: place, section: section))
    }
  }
}
