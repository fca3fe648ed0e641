import MosaicLayout

/// A view the collection view shows for one element and recycles when it scrolls away.
///
/// UIKit: `UICollectionReusableView`. Subclass it for supplementary views (headers, footers) and
/// override `draw(in:)`; the collection view creates instances with `init()` from the class you
/// register, hands them out from `dequeue…` and puts them back in a reuse queue, calling
/// `prepareForReuse()`, when their element leaves the visible rect.
@MainActor
open class ReusableView: View {
  /// The identifier the view was registered and dequeued with.
  ///
  /// UIKit: `reuseIdentifier`.
  public internal(set) var reuseIdentifier: String?

  /// The attributes the layout gave the view's element.
  ///
  /// Set by the collection view before `apply(_:)` and before every draw.
  public internal(set) var layoutAttributes: LayoutAttributes?

  /// Where the view was last drawn, in the surface's cells (may reach past the viewport).
  public internal(set) var frame = CellRect(column: 0, row: 0, columns: 0, rows: 0)

  /// What the view answered when it was last measured since it was configured; nil until then.
  @exclusivity(unchecked) var selfSizing: SelfSizingRecord?

  /// Creates a view; the collection view calls this for each view its queues cannot supply.
  ///
  /// UIKit: `init(frame:)`.
  public required init() {}

  /// Resets the view before it is handed out again; the default does nothing.
  ///
  /// UIKit: `prepareForReuse()`. Override it to clear per-item state; call `super`.
  open func prepareForReuse() {}

  /// Lets the view adopt its element's layout attributes; the default does nothing.
  ///
  /// UIKit: `apply(_:)`. Called when the view is dequeued and whenever the attributes of its
  /// element change while it is visible (a pinned header moving, a layout swap).
  open func apply(_ layoutAttributes: LayoutAttributes) {}

  /// The attributes the view would like, given the ones the layout proposes: a self-sizing cell
  /// measures its content at the proposed width (or height) and answers a copy with its size.
  /// The default answers `layoutAttributes` unchanged.
  ///
  /// UIKit: `preferredLayoutAttributesFitting(_:)`. Asked only when the layout self-sizes (a
  /// flow layout with an `estimatedItemSize`), after the view is configured and whenever its
  /// proposed size changes; a different size is passed to the layout, which moves what follows.
  open func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  { layoutAttributes }

  /// Called on each view on screen before the collection view changes from `oldLayout` to
  /// `newLayout`. The default does nothing.
  ///
  /// UIKit: `willTransition(from:to:)`.
  open func willTransition(from oldLayout: CollectionViewLayout, to newLayout: CollectionViewLayout)
  {}

  /// Called on each view on screen once the collection view changed from `oldLayout` to
  /// `newLayout`. The default does nothing.
  ///
  /// UIKit: `didTransition(from:to:)`.
  open func didTransition(from oldLayout: CollectionViewLayout, to newLayout: CollectionViewLayout)
  {}
}
