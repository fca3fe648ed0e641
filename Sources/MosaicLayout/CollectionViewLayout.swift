import Foundation

/// A layout: decides where every element of a collection view goes.
///
/// UIKit: `UICollectionViewLayout`. The collection view (or any owner) sets
/// `dataSource` and `bounds`, calls `prepare()` whenever the layout is invalid,
/// and then asks only for what it needs, usually the attributes in the visible
/// rect. Write a custom layout by conforming to this protocol.
@MainActor
public protocol CollectionViewLayout: AnyObject {
  /// Where the layout reads the numbers of sections and items.
  ///
  /// Implementations hold it weakly, as UIKit's layout holds its collection view.
  var dataSource: (any LayoutDataSource)? { get set }

  /// The collection view's bounds in content coordinates: the content offset and the view's size.
  ///
  /// UIKit: `collectionView.bounds`. The owner sets it before `prepare()` and on every scroll.
  var bounds: Rect { get set }

  /// Computes whatever the layout caches; called before any query once the layout is invalid.
  ///
  /// UIKit: `prepare()`.
  func prepare()

  /// The size of the whole content, in points.
  ///
  /// UIKit: `collectionViewContentSize`.
  var contentSize: Size { get }

  /// The attributes of every element whose frame overlaps `rect` with positive area, in
  /// section order (header, items, footer).
  ///
  /// UIKit: `layoutAttributesForElements(in:)`.
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]

  /// The attributes of the cell at `indexPath`, or nil if there is no such item.
  ///
  /// UIKit: `layoutAttributesForItem(at:)`.
  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

  /// The attributes of the supplementary view of `kind` at `indexPath`, or nil if there is none.
  ///
  /// UIKit: `layoutAttributesForSupplementaryView(ofKind:at:)`.
  func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?

  /// Whether a change of the bounds to `newBounds` makes the layout invalid.
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)`.
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

  /// Marks the layout invalid, so the next query is preceded by `prepare()`.
  ///
  /// UIKit: `invalidateLayout()`.
  func invalidateLayout()

  /// A batch of updates is about to be applied: `updateItems` lists its changes, deletes and
  /// reloads first in descending order, then inserts in ascending order.
  ///
  /// UIKit: `prepare(forCollectionViewUpdates:)`. Called after `prepare()` for the new counts.
  func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem])

  /// The batch announced by `prepare(forCollectionViewUpdates:)` has been applied.
  ///
  /// UIKit: `finalizeCollectionViewUpdates()`.
  func finalizeCollectionViewUpdates()

  /// Where an item inserted by the batch in progress starts from: by default its final
  /// attributes made transparent, so it fades in where it lands.
  ///
  /// UIKit: `initialLayoutAttributesForAppearingItem(at:)`.
  func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes?

  /// Where an item deleted by the batch in progress goes to: by default its attributes from
  /// before the batch, made transparent, so it fades out where it was.
  ///
  /// UIKit: `finalLayoutAttributesForDisappearingItem(at:)`.
  func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes?
}

extension CollectionViewLayout {
  /// No supplementary views, unless a layout says otherwise.
  public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    nil
  }

  /// Nothing to prepare.
  public func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

  /// Nothing to finish.
  public func finalizeCollectionViewUpdates() {}

  /// The item's attributes, transparent.
  public func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard let attributes = layoutAttributesForItem(at: itemIndexPath) else { return nil }
    let copy = attributes.copy()
    copy.alpha = 0
    return copy
  }

  /// Nil: the runtime keeps the attributes it showed before the batch, made transparent.
  public func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// A layout is invalid when the view's size changes, not when it merely scrolls.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != bounds.size
  }
}
