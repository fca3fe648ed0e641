import Foundation

/// A layout: decides where every element of a collection view goes.
///
/// UIKit: `UICollectionViewLayout`, an open base class with default answers, so a custom layout
/// overrides only what it needs. The owner (the collection view, or a tool that runs a layout
/// alone) becomes `dataSource`, the layout's back-pointer through which it reads the counts and
/// the bounds (MosaicCollection spells it `collectionView`, as UIKit does). `prepare()` runs
/// before the next query once the layout is invalid; then the owner asks only for what it
/// needs, usually the attributes in the visible rect.
@MainActor
open class CollectionViewLayout {
  /// Where the layout reads the numbers of sections and items and the bounds; held weakly, as
  /// UIKit's layout holds its collection view.
  ///
  /// UIKit: `collectionView` (MosaicCollection adds that name, typed, in an extension; this
  /// module cannot name the view). Setting another object invalidates the layout.
  public final weak var dataSource: (any LayoutDataSource)? {
    didSet { if oldValue !== dataSource { invalidateLayout() } }
  }

  /// Whether `prepare()` must run before the next query: set by every invalidation, cleared by
  /// `prepareIfNeeded()`.
  public final private(set) var needsPrepare = true

  /// How many times `prepare()` has run. With `needsPrepare`, it tells an owner that keeps what
  /// it placed whether the layout may answer differently now: every invalidation sets
  /// `needsPrepare`, and a preparation, whoever asked for it, moves this count.
  ///
  /// UIKit has no counterpart: there the layout's invalidation marks its collection view as
  /// needing layout directly.
  public final private(set) var preparationCount = 0

  /// The visible rect a query made through `elementAttributes(in:visibleRect:)` is placing
  /// elements for, while it runs; nil otherwise.
  private var queriedVisibleRect: Rect?

  /// Whether a lazy `prepare()` is running, so a subclass's `prepare()` that queries before
  /// calling `super` gets the old state instead of recursing forever.
  private var isPreparing = false

  /// The decoration view classes registered with the layout, by kind.
  ///
  /// UIKit keeps this registry private; the collection view (another module) reads it to create
  /// the views, so it is public here, read-only.
  public final private(set) var decorationViewClasses: [String: AnyClass] = [:]

  /// Creates a layout with nothing to lay out.
  public init() {}

  // MARK: Classes

  /// The class of the attributes the layout creates.
  ///
  /// UIKit: `class var layoutAttributesClass: AnyClass`. Override it to name a subclass of
  /// `LayoutAttributes` carrying properties of your own; the layouts here build their attributes
  /// through it, with its `required init`.
  open class var layoutAttributesClass: LayoutAttributes.Type { LayoutAttributes.self }

  /// The class of the contexts `invalidateLayout()` and `invalidationContext(forBoundsChange:)`
  /// create.
  ///
  /// UIKit: `class var invalidationContextClass: AnyClass`.
  open class var invalidationContextClass: InvalidationContext.Type { InvalidationContext.self }

  // MARK: Preparing and querying

  /// Computes whatever the layout caches; called before any query once the layout is invalid.
  ///
  /// UIKit: `prepare()`. The default does nothing.
  open func prepare() {}

  /// Runs `prepare()` if the layout is invalid; the owner calls it before querying, and a
  /// layout's own queries may call it to prepare lazily.
  public final func prepareIfNeeded() {
    guard needsPrepare && !isPreparing else { return }
    isPreparing = true
    defer { isPreparing = false }
    // Cleared first: a `prepare()` that invalidates again (say, a property set in it) is seen.
    needsPrepare = false
    preparationCount &+= 1
    prepare()
  }

  /// The size of the whole content, in points.
  ///
  /// UIKit: `collectionViewContentSize`; the runtime reads that spelling, whose default is
  /// this. Override either: Mosaic's layouts override this one. The default is zero.
  open var contentSize: Size { .zero }

  /// The size of the whole content, in points: what the collection view scrolls over.
  ///
  /// UIKit: `collectionViewContentSize`, so a port overrides it as written. The default is
  /// `contentSize`.
  open var collectionViewContentSize: Size { contentSize }

  /// The axis the content scrolls along: the runtime pages, wheels and searches for focus by it.
  ///
  /// UIKit has this only on the flow layout (`scrollDirection`); Mosaic's runtime needs it of
  /// every layout to give custom layouts focus navigation and scroll-to-show on equal terms.
  /// The default: vertical, unless the content overflows the bounds only sideways.
  open var scrollDirection: ScrollDirection {
    let content = collectionViewContentSize
    let view = dataSource?.bounds.size ?? .zero
    return content.width > view.width && content.height <= view.height ? .horizontal : .vertical
  }

  /// The attributes of every element whose frame overlaps `rect` with positive area, in
  /// section order (header, items, footer).
  ///
  /// UIKit: `layoutAttributesForElements(in:)`, optional as UIKit types it, so an override
  /// ported as written (`-> [LayoutAttributes]?`) compiles; one returning the array itself does
  /// too (the stock layouts do), and nil means none. The default is nil.
  open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]? { nil }

  /// Called when this layout is about to be replaced by `newLayout` (`collectionViewLayout`
  /// assigned, or `setCollectionViewLayout(_:animated:)`). The default does nothing.
  ///
  /// UIKit: `prepareForTransition(to:)`.
  open func prepareForTransition(to newLayout: CollectionViewLayout) {}

  /// Called when this layout is about to replace `oldLayout`. The default does nothing.
  ///
  /// UIKit: `prepareForTransition(from:)`.
  open func prepareForTransition(from oldLayout: CollectionViewLayout) {}

  /// Called on both layouts once a layout change has been made (its animation, if any, is only
  /// drawing from then on). The default does nothing.
  ///
  /// UIKit: `finalizeLayoutTransition()`.
  open func finalizeLayoutTransition() {}

  /// Where the content should be once a layout change or a batch of updates lands, given
  /// where the collection view would put it (the old offset, clamped, the focused item kept in
  /// view). The default answers `proposedContentOffset`; the view clamps the answer.
  ///
  /// UIKit: `targetContentOffset(forProposedContentOffset:)`.
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
    proposedContentOffset
  }

  /// Called before the view's bounds change size (a resized terminal; the terminal's changes of
  /// bounds land at once, so this is UIKit's animated bounds change with no animation), with
  /// the bounds before the change. The default does nothing.
  ///
  /// UIKit: `prepare(forAnimatedBoundsChange:)`.
  open func prepare(forAnimatedBoundsChange oldBounds: Rect) {}

  /// Called once the bounds have changed. The default does nothing.
  ///
  /// UIKit: `finalizeAnimatedBoundsChange()`.
  open func finalizeAnimatedBoundsChange() {}

  /// The supplementary views of `elementKind` a batch of updates inserts: asked during the
  /// batch, after `prepare(forCollectionViewUpdates:)`; those on screen afterwards appear from
  /// `initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)` instead of moving
  /// from where the old layout had an element of the same index path. The default is none.
  ///
  /// UIKit: `indexPathsToInsertForSupplementaryView(ofKind:)`.
  open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] {
    []
  }

  /// The supplementary views of `elementKind` a batch of updates deletes. Asked with the
  /// inserts; an element gone after the batch leaves for
  /// `finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)` whether listed or
  /// not, and one the new layout still has at the same index path keeps its view (it moves),
  /// since a view is keyed by its element. The default is none.
  ///
  /// UIKit: `indexPathsToDeleteForSupplementaryView(ofKind:)`.
  open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] {
    []
  }

  /// The decoration views of `elementKind` a batch of updates inserts, as for supplementary
  /// views. The default is none.
  ///
  /// UIKit: `indexPathsToInsertForDecorationView(ofKind:)`.
  open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

  /// The decoration views of `elementKind` a batch of updates deletes, as for supplementary
  /// views. The default is none.
  ///
  /// UIKit: `indexPathsToDeleteForDecorationView(ofKind:)`.
  open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

  /// `layoutAttributesForElements(in:)` with nil read as no elements: what the collection
  /// view asks.
  ///
  /// UIKit has no counterpart; it is UIKit's `?? []` at each of its own call sites.
  public final func elementAttributes(in rect: Rect) -> [LayoutAttributes] {
    layoutAttributesForElements(in: rect) ?? []
  }

  /// `elementAttributes(in:)` as the elements are placed while `visibleRect` is the visible
  /// rect: what scroll-to-show asks of a candidate viewport before it scrolls there.
  ///
  /// The query is the layout's own: while it runs, `visibleRectForPlacement` (and an owner that reports
  /// it as its bounds, as the collection view does, so a custom layout reading
  /// `collectionView.bounds` sees it too) answers `visibleRect`; the owner's offset does not
  /// move, nothing is invalidated, and the layout's overrides of `layoutAttributesForElements(in:)`
  /// are asked as for any query. Only elements whose place depends on the visible rect (pinned
  /// headers, a pinned column) answer differently.
  ///
  /// UIKit has no counterpart: there `scrollToItem(at:at:animated:)` ignores what is pinned
  /// over the item.
  public final func elementAttributes(in rect: Rect, visibleRect: Rect) -> [LayoutAttributes] {
    let outer = queriedVisibleRect
    queriedVisibleRect = visibleRect
    defer { queriedVisibleRect = outer }
    return elementAttributes(in: rect)
  }

  /// The visible rect the layout places elements for: the candidate of a query through
  /// `elementAttributes(in:visibleRect:)` while one runs, else the owner's bounds (zero with no
  /// owner). Pinned elements are placed from it.
  ///
  /// UIKit: `collectionView.bounds`, read by a layout that pins; Mosaic's layouts read this,
  /// and the collection view reports it as its `bounds` during such a query.
  public final var visibleRectForPlacement: Rect {
    queriedVisibleRect ?? dataSource?.bounds ?? .zero
  }

  /// The candidate visible rect of the query through `elementAttributes(in:visibleRect:)` now
  /// running, or nil: what an owner reports as its bounds meanwhile.
  ///
  /// UIKit has no counterpart (see `elementAttributes(in:visibleRect:)`).
  public final var visibleRectBeingQueried: Rect? { queriedVisibleRect }

  /// The attributes of the cell at `indexPath`, or nil if there is no such item.
  ///
  /// UIKit: `layoutAttributesForItem(at:)`. The default is nil.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

  /// The attributes of the supplementary view of `kind` at `indexPath`, or nil if there is none.
  ///
  /// UIKit: `layoutAttributesForSupplementaryView(ofKind:at:)`. The default is nil.
  open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The attributes of the decoration view of `kind` at `indexPath`, or nil if there is none.
  ///
  /// UIKit: `layoutAttributesForDecorationView(ofKind:at:)`. The default is nil.
  open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  // MARK: Decoration views

  /// Registers the class the collection view creates decoration views of `kind` from; nil
  /// removes the registration.
  ///
  /// UIKit: `register(_:forDecorationViewOfKind:)`. The class must be a `ReusableView`
  /// subclass (MosaicLayout cannot name it); the collection view traps on any other.
  open func register(_ viewClass: AnyClass?, forDecorationViewOfKind kind: String) {
    decorationViewClasses[kind] = viewClass
  }

  // MARK: Invalidation

  /// Whether a change of the bounds to `newBounds` makes the layout invalid; asked once per
  /// bounds change, with the old bounds still in place.
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)`. The default is false, as UIKit's.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  /// The context to invalidate with when `shouldInvalidateLayout(forBoundsChange:)` said yes.
  ///
  /// UIKit: `invalidationContext(forBoundsChange:)`. The default is a fresh context of
  /// `invalidationContextClass`, which invalidates nothing in particular (the layout is still
  /// prepared again); subclasses narrow or widen it.
  open func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    type(of: self).invalidationContextClass.init()
  }

  /// Marks the layout invalid with a context that invalidates everything.
  ///
  /// UIKit: `invalidateLayout()`. It calls `invalidateLayout(with:)`, so a layout that tracks
  /// what is invalid overrides only that.
  open func invalidateLayout() {
    let context = type(of: self).invalidationContextClass.init()
    context.invalidateEverything = true
    invalidateLayout(with: context)
  }

  /// Marks the layout invalid, so the next query is preceded by `prepare()`; `context` says
  /// what changed.
  ///
  /// UIKit: `invalidateLayout(with:)`. A subclass that overrides it records what it needs from
  /// `context` and must call `super`.
  open func invalidateLayout(with context: InvalidationContext) {
    needsPrepare = true
  }

  /// Whether a view's preferred attributes (a cell that measured itself) make the layout
  /// invalid; asked once per measurement that differs from the attributes the view was given.
  ///
  /// UIKit: `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`. The
  /// default is false, as UIKit's; a flow layout with an `estimatedItemSize` says yes.
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool { false }

  /// The context to invalidate with when
  /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` said yes; its
  /// `contentOffsetAdjustment` is how far the owner moves the content offset so that what is on
  /// screen does not jump.
  ///
  /// UIKit: `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`. The
  /// default is a fresh context of `invalidationContextClass` that names the element.
  open func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> InvalidationContext {
    let context = type(of: self).invalidationContextClass.init()
    let path = originalAttributes.indexPath
    switch originalAttributes.representedElementCategory {
    case .cell: context.invalidateItems(at: [path])
    case .supplementaryView:
      context.invalidateSupplementaryElements(
        ofKind: originalAttributes.representedElementKind ?? "", at: [path])
    case .decorationView:
      context.invalidateDecorationElements(
        ofKind: originalAttributes.representedElementKind ?? "", at: [path])
    }
    return context
  }

  /// For the owner of the bounds, just before they change to `newBounds`: asks
  /// `shouldInvalidateLayout(forBoundsChange:)` once and, if it says yes, invalidates once with
  /// `invalidationContext(forBoundsChange:)`. Returns whether it invalidated.
  ///
  /// UIKit does this inside the collection view; here it is one function so that the view and
  /// the tools that run a layout alone apply the same rule.
  @discardableResult
  public final func invalidateIfNeeded(forBoundsChange newBounds: Rect) -> Bool {
    guard shouldInvalidateLayout(forBoundsChange: newBounds) else { return false }
    invalidateLayout(with: invalidationContext(forBoundsChange: newBounds))
    return true
  }

  // MARK: Updates

  /// A batch of updates is about to be applied: `updateItems` lists its changes, deletes and
  /// reloads first in descending order, then inserts in ascending order.
  ///
  /// UIKit: `prepare(forCollectionViewUpdates:)`. Called after `prepare()` for the new counts.
  /// The default does nothing.
  open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

  /// The batch announced by `prepare(forCollectionViewUpdates:)` has been applied.
  ///
  /// UIKit: `finalizeCollectionViewUpdates()`. The default does nothing.
  open func finalizeCollectionViewUpdates() {}

  /// Where an item on screen after the animated batch in progress starts from. Asked for every
  /// such item, inserted or not, as UIKit asks; by default an item that existed starts where it
  /// showed, and an inserted one from its final attributes made transparent (it fades in where
  /// it lands). Nil lets the runtime choose the same.
  ///
  /// UIKit: `initialLayoutAttributesForAppearingItem(at:)`, answered as the flow layout does.
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    if let before = dataSource?.attributesBeforeUpdate(ofItemAt: itemIndexPath) {
      return before.runtimeCopy()
    }
    guard let attributes = layoutAttributesForItem(at: itemIndexPath) else { return nil }
    let copy = attributes.runtimeCopy()
    copy.alpha = 0
    return copy
  }

  /// Where an item deleted by the batch in progress goes to; nil (the default) lets the runtime
  /// keep the attributes it showed before the batch, made transparent.
  ///
  /// UIKit: `finalLayoutAttributesForDisappearingItem(at:)`.
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// Where a supplementary view appearing in the batch in progress starts from; the default
  /// is nil (it starts where it lands).
  ///
  /// UIKit: `initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)`.
  open func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Where a supplementary view disappearing in the batch in progress goes to; the default is
  /// nil (it stays where it was).
  ///
  /// UIKit: `finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`.
  open func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Where a decoration view appearing in the batch in progress starts from; the default is
  /// nil (it starts where it lands).
  ///
  /// UIKit: `initialLayoutAttributesForAppearingDecorationElement(ofKind:at:)`.
  open func initialLayoutAttributesForAppearingDecorationElement(
    ofKind elementKind: String, at decorationIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Where a decoration view disappearing in the batch in progress goes to; the default is nil
  /// (it stays where it was).
  ///
  /// UIKit: `finalLayoutAttributesForDisappearingDecorationElement(ofKind:at:)`.
  open func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind elementKind: String, at decorationIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }
}
