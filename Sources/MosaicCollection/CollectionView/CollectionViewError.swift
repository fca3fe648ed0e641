import Foundation
import MosaicLayout

/// An update the data source and the collection view disagree about.
///
/// UIKit raises `NSInternalInconsistencyException` for these; Mosaic reports the error (to
/// `updateErrorHandler`, `lastUpdateError` and the batch's completion) and recovers by reloading.
public enum CollectionViewError: Error, Hashable, CustomStringConvertible {
  /// After the update, `section` (its new index) should hold `expected` items (the count before
  /// the update plus inserts minus deletes, moves in and out counted) but the data source
  /// reports `actual`.
  case inconsistentUpdate(section: Int, expected: Int, actual: Int)
  /// After the update there should be `expected` sections (the count before the update plus
  /// inserted minus deleted sections) but the data source reports `actual`.
  case inconsistentSectionCount(expected: Int, actual: Int)
  /// An update names an item that does not exist (`reason` says which count it was checked against).
  case invalidIndexPath(IndexPath, reason: String)
  /// A section update names a section that does not exist, or names one twice (`reason` says which).
  case invalidSection(Int, reason: String)

  /// One line naming the culprit.
  public var description: String {
    switch self {
    case .inconsistentUpdate(let section, let expected, let actual):
      return
        "inconsistent update: section \(section) should contain \(expected) items after the "
        + "update (count before the update plus inserted minus deleted), but the data source "
        + "reports \(actual)"
    case .inconsistentSectionCount(let expected, let actual):
      return
        "inconsistent update: the collection view should contain \(expected) sections after the "
        + "update, but the data source reports \(actual)"
    case .invalidIndexPath(let path, let reason):
      let name = path.count == 2 ? "item \(path.item) of section \(path.section)" : "\(path)"
      return "invalid update: \(name) \(reason)"
    case .invalidSection(let section, let reason):
      return "invalid update: section \(section) \(reason)"
    }
  }
}
