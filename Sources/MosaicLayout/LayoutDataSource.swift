import Foundation

/// What a layout may ask of its owner: how many sections and items there are, and the bounds.
///
/// UIKit: the layout reads these through `collectionView`; keeping them behind
/// this protocol lets a layout run with no collection view at all (the
/// `mosaic layout` command and the tests do so). The owner holds the one copy of the bounds.
@MainActor
public protocol LayoutDataSource: AnyObject {
  /// The visible rect in content coordinates: the content offset and the view's size.
  ///
  /// UIKit: `UICollectionView.bounds`.
  var bounds: Rect { get }

  /// The number of sections.
  ///
  /// UIKit: `UICollectionView.numberOfSections`.
  var numberOfSections: Int { get }

  /// The number of items in `section`.
  ///
  /// UIKit: `UICollectionView.numberOfItems(inSection:)`.
  func numberOfItems(inSection section: Int) -> Int

  /// What a flow layout with no `delegate` of its own asks for per-section and per-item
  /// overrides; nil (the default) for none.
  ///
  /// UIKit: the flow layout's `collectionView.delegate`, when it adopts
  /// `UICollectionViewDelegateFlowLayout`. A collection view answers with its delegate's
  /// answers, so the layout never needs to know what a collection view is.
  var flowLayoutMetrics: (any FlowLayoutMetrics)? { get }

  /// Where the item now at `indexPath` showed before the animated batch of updates in progress,
  /// in today's content coordinates; nil for an inserted item, outside such a batch, or when
  /// the item was nowhere near the screen. The default is nil.
  ///
  /// UIKit: none public; UIKit's flow layout answers `initialLayoutAttributesForAppearingItem(at:)`
  /// for an item that existed with where it was, and this is what it needs to.
  func attributesBeforeUpdate(ofItemAt indexPath: IndexPath) -> LayoutAttributes?
}

extension LayoutDataSource {
  /// Nil: a data source with no animated batches knows no earlier place.
  public func attributesBeforeUpdate(ofItemAt indexPath: IndexPath) -> LayoutAttributes? { nil }
}

/// A fixed list of section item counts and fixed bounds: the simplest data source, for tools
/// and tests.
@MainActor
public final class StaticLayoutData: LayoutDataSource {
  /// The number of items in each section, in order.
  public var itemCounts: [Int]

  /// The bounds the layout reads. Changing them does not tell the layout; call
  /// `invalidateIfNeeded(forBoundsChange:)` on it first, as the collection view does.
  public var bounds: Rect

  /// Creates a data source with these per-section item counts and bounds.
  public init(itemCounts: [Int], bounds: Rect = .zero) {
    self.itemCounts = itemCounts
    self.bounds = bounds
  }

  /// The number of sections.
  public var numberOfSections: Int { itemCounts.count }

  /// The number of items in `section`.
  public func numberOfItems(inSection section: Int) -> Int { itemCounts[section] }
}
