import Foundation

/// What part of a layout an invalidation concerns, so the layout recomputes only that.
///
/// UIKit: `UICollectionViewLayoutInvalidationContext`. `invalidateLayout()` passes one with
/// `invalidateEverything`; the collection view passes one with `invalidateDataSourceCounts`
/// after its data changed, and the layout's own `invalidationContext(forBoundsChange:)` on a
/// bounds change. Subclass it (and name the subclass in `invalidationContextClass`) to carry
/// what a layout of your own needs. UIKit makes the first two flags read-only; here the
/// collection view lives in another module, so they are settable.
@MainActor
open class InvalidationContext {
  /// Whether everything is invalid: counts, sizes, frames.
  ///
  /// UIKit: `invalidateEverything`.
  public var invalidateEverything = false

  /// Whether the numbers of sections and items may have changed.
  ///
  /// UIKit: `invalidateDataSourceCounts`.
  public var invalidateDataSourceCounts = false

  /// Whether the counts changed through a reload, after which no batch of updates follows, so
  /// nothing from before the change is asked for again.
  ///
  /// UIKit keeps this private too: its reload passes a context unlike a batch's. Only the
  /// collection view sets it; a layout that keeps its old geometry for a batch's animation can
  /// let it go before it prepares the new one.
  package var reloadsData = false

  /// The items whose attributes are invalid, or nil for none in particular.
  ///
  /// UIKit: `invalidatedItemIndexPaths`.
  public private(set) var invalidatedItemIndexPaths: [IndexPath]?

  /// The supplementary elements whose attributes are invalid, by kind, or nil for none.
  ///
  /// UIKit: `invalidatedSupplementaryIndexPaths`.
  public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?

  /// The decoration elements whose attributes are invalid, by kind, or nil for none.
  ///
  /// UIKit: `invalidatedDecorationIndexPaths`.
  public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?

  /// How far the content offset should move with this invalidation, in points.
  ///
  /// UIKit: `contentOffsetAdjustment`.
  public var contentOffsetAdjustment = Point.zero

  /// How much the content size changes with this invalidation, in points.
  ///
  /// UIKit: `contentSizeAdjustment`.
  public var contentSizeAdjustment = Size.zero

  /// Creates a context that invalidates nothing in particular.
  public required init() {}

  /// Adds items whose attributes are invalid.
  ///
  /// UIKit: `invalidateItems(at:)`.
  open func invalidateItems(at indexPaths: [IndexPath]) {
    invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
  }

  /// Adds supplementary elements of `elementKind` whose attributes are invalid.
  ///
  /// UIKit: `invalidateSupplementaryElements(ofKind:at:)`.
  open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath])
  {
    var all = invalidatedSupplementaryIndexPaths ?? [:]
    all[elementKind, default: []].append(contentsOf: indexPaths)
    invalidatedSupplementaryIndexPaths = all
  }

  /// Adds decoration elements of `elementKind` whose attributes are invalid.
  ///
  /// UIKit: `invalidateDecorationElements(ofKind:at:)`.
  open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
    var all = invalidatedDecorationIndexPaths ?? [:]
    all[elementKind, default: []].append(contentsOf: indexPaths)
    invalidatedDecorationIndexPaths = all
  }
}
