import Foundation

/// An invalidation context with the flow layout's two flags.
///
/// UIKit: `UICollectionViewFlowLayoutInvalidationContext`. Both flags start true, as in UIKit,
/// so a context made by `invalidateLayout()` recomputes everything; the flow layout clears both
/// in the context it makes for a scroll with pinned headers or footers, which then recomputes
/// nothing (the pinned elements are placed when queried).
open class FlowLayoutInvalidationContext: InvalidationContext {
  /// Whether the sizes, spacings and insets the delegate answers may have changed.
  ///
  /// UIKit: `invalidateFlowLayoutDelegateMetrics`.
  public var invalidateFlowLayoutDelegateMetrics = true

  /// Whether the frames the layout computed are invalid (its own properties changed).
  ///
  /// UIKit: `invalidateFlowLayoutAttributes`.
  public var invalidateFlowLayoutAttributes = true

  /// The sizes cells measured themselves at, by index path: what
  /// `FlowLayout.invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`
  /// puts in, and `invalidateLayout(with:)` applies to a self-sizing section.
  ///
  /// UIKit: none (UIKit's context keeps this private); add to it to report a measurement
  /// yourself.
  public var preferredItemSizes: [IndexPath: Size] = [:]

  /// Creates a context that invalidates the delegate metrics and the attributes.
  public required init() {}
}
