import Foundation

/// A layout that flows items along a line until it is full, then starts a new line.
///
/// UIKit: `UICollectionViewFlowLayout`, with its exact placement rules (see
/// flow-layout.md). Open for subclassing: override the query methods to adjust
/// the attributes returned, or to add elements of your own.
///
/// The layout is lazy: `invalidateLayout()` (called by every property setter and by a change
/// of the bounds' size) only marks it invalid, and the next query runs `prepare()` first.
/// `prepare()` stores nothing per item for a section whose items share one size, so a
/// ten-million-item grid prepares in microseconds; sections sized per item keep a few bytes
/// per item and per line. Every query returns fresh attributes of `layoutAttributesClass` a
/// subclass may mutate. An invalidation whose context says only pinned headers or footers
/// moved (a scroll with pinning on) recomputes nothing: they are placed when queried.
/// With `estimatedItemSize`, cells size themselves: a measured size is applied incrementally
/// (flow-layout.md, "Self-sizing cells"), ten million estimated items still prepare in O(1).
@MainActor
open class FlowLayout: CollectionViewLayout {
  /// The layout's own per-item and per-section overrides; held weakly, never set by a
  /// collection view.
  ///
  /// UIKit: none (UIKit's flow layout reads only `collectionView.delegate`). When it is nil the
  /// layout asks `dataSource.flowLayoutMetrics`, through which a collection view answers with its
  /// `CollectionViewDelegateFlowLayout` delegate; when both exist, this one wins, whole, because
  /// it was set on this layout on purpose. Setting it invalidates the layout.
  public weak var delegate: (any FlowLayoutMetrics)? { didSet { invalidateLayout() } }

  /// The scrolling axis. Default `.vertical`.
  ///
  /// UIKit: `scrollDirection`. Setting it invalidates the layout.
  open override var scrollDirection: ScrollDirection {
    get { storedScrollDirection }
    set {
      storedScrollDirection = newValue
      invalidateLayout()
    }
  }
  private var storedScrollDirection = ScrollDirection.vertical
  /// The size of every item the delegate does not size. Default 50 × 50.
  public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
  /// The size items are assumed to have until their cells measure themselves; `.zero` (the
  /// default) turns self-sizing off.
  ///
  /// UIKit: `estimatedItemSize`. With an estimate, each cell's
  /// `preferredLayoutAttributesFitting(_:)` is asked when it is configured, and the size it
  /// answers replaces the estimate for that item; `FlowLayout.automaticSize` estimates with
  /// `itemSize`. Setting it invalidates the layout.
  public var estimatedItemSize = Size.zero { didSet { invalidateLayout() } }

  /// The value of `estimatedItemSize` that asks the layout to estimate by itself (with
  /// `itemSize`).
  ///
  /// UIKit: `UICollectionViewFlowLayout.automaticSize`.
  public static let automaticSize = Size(
    width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  /// The least space between lines. Default 10.
  public var minimumLineSpacing: Double = 10 { didSet { invalidateLayout() } }
  /// The least space between items on one line. Default 10.
  public var minimumInteritemSpacing: Double = 10 { didSet { invalidateLayout() } }
  /// The insets of every section the delegate does not inset. Default zero.
  public var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }
  /// The size of every section header; only its scroll-axis extent counts. Default 0 × 0 (none).
  public var headerReferenceSize: Size = .zero { didSet { invalidateLayout() } }
  /// The size of every section footer; only its scroll-axis extent counts. Default 0 × 0 (none).
  public var footerReferenceSize: Size = .zero { didSet { invalidateLayout() } }
  /// Whether a section's header sticks to the top (leading) edge while its section scrolls.
  ///
  /// UIKit: `sectionHeadersPinToVisibleBounds`. A pinned header stays inside its section:
  /// its scroll-axis position is `min(max(natural, visible start), section end − header)`,
  /// and it is drawn above the cells (`pinnedZIndex`). Changing it invalidates the layout.
  public var sectionHeadersPinToVisibleBounds = false {
    didSet { if sectionHeadersPinToVisibleBounds != oldValue { invalidateLayout() } }
  }
  /// Whether a section's footer sticks to the bottom (trailing) edge while its section scrolls.
  ///
  /// UIKit: `sectionFootersPinToVisibleBounds`. The mirror image of pinned headers:
  /// `max(min(natural, visible end − footer), section start)`. Changing it invalidates the
  /// layout.
  public var sectionFootersPinToVisibleBounds = false {
    didSet { if sectionFootersPinToVisibleBounds != oldValue { invalidateLayout() } }
  }

  /// The z-index of headers and footers while pinning is on, above every cell (zIndex 0).
  ///
  /// UIKit gives pinned supplementary views the same value.
  public static let pinnedZIndex = 1024

  /// What `prepare()` computed; valid while `needsGeometry` is false.
  var geometry = FlowGeometry(axes: FlowAxes(isVertical: true))
  /// Whether an invalidation since the last `prepare()` concerned the sections' geometry (not
  /// only pinned elements), so `prepare()` must compute it again.
  private(set) var needsGeometry = true
  /// How many times `prepare()` has computed the sections' geometry, for the tests that check
  /// a scroll with pinned headers computes nothing.
  private(set) var geometryComputations = 0
  /// The geometry before the last change of the data's counts, kept until the batch of updates
  /// that follows is finalized, so deleted items can fade out where they were.
  private var geometryBeforeCountChange: FlowGeometry?
  /// Whether the geometry from before the last change of the counts is still held, for the
  /// tests that check a reload lets it go (a memory-free signal).
  var holdsGeometryBeforeCountChange: Bool { geometryBeforeCountChange != nil }
  /// The items the batch in progress deletes, by their index paths before it.
  private var deletedItems: Set<IndexPath> = []
  /// The sizes cells measured themselves at, by section then item, kept until the counts
  /// change or everything is invalidated (self-sizing).
  private(set) var measuredItemSizes: [Int: [Int: Size]] = [:]

  /// The size unmeasured items are placed with, or nil when self-sizing is off.
  var activeEstimate: Size? {
    if estimatedItemSize == .zero { return nil }
    return estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
  }

  /// Creates a flow layout with UIKit's defaults.
  public override init() {}

  /// The class of the contexts the flow layout makes: `FlowLayoutInvalidationContext`.
  ///
  /// UIKit: `invalidationContextClass`.
  open override class var invalidationContextClass: InvalidationContext.Type {
    FlowLayoutInvalidationContext.self
  }

  /// Computes the geometry of every section, reading the data source and the delegate, unless
  /// the invalidations since the last call concerned only pinned elements.
  ///
  /// UIKit: `prepare()`. Queries call it themselves when the layout is invalid, so calling it
  /// is optional; a subclass that overrides it must call `super.prepare()`.
  ///
  /// - Complexity: O(s + p) for s sections and p items in sections sized per item; a section
  ///   whose items share one size costs O(1) whatever its item count.
  open override func prepare() {
    guard needsGeometry else { return }
    needsGeometry = false
    // Let the old sections go first: a million of them must not be held twice at the peak.
    geometry = FlowGeometry(axes: geometry.axes)
    geometry = FlowGeometry(layout: self)
    geometryComputations += 1
  }

  /// The class of every attribute the queries build, read once per query.
  @inline(__always)
  private var attributesClass: LayoutAttributes.Type { type(of: self).layoutAttributesClass }

  /// The size of the whole content: the view's extent on the line axis, the sum of the
  /// sections on the scroll axis.
  ///
  /// UIKit: `collectionViewContentSize`.
  open override var contentSize: Size {
    prepareIfNeeded()
    let g = geometry
    return g.axes.isVertical
      ? Size(width: g.lineExtent, height: g.scrollExtent)
      : Size(width: g.scrollExtent, height: g.lineExtent)
  }

  /// The attributes of every element overlapping `rect` with positive area, in section order:
  /// header, items, footer.
  ///
  /// UIKit: `layoutAttributesForElements(in:)`. Pinned headers and footers are placed against
  /// the owner's bounds. Each call returns fresh objects.
  ///
  /// - Complexity: O(log s + k) for s sections and k elements returned: sections and lines are
  ///   found by binary search, a uniform section's lines and columns by arithmetic.
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    forEachElement(in: rect) { result.append($0) }
    return result
  }

  /// Calls `body` with the attributes of every element overlapping `rect`, in the order of
  /// `layoutAttributesForElements(in:)`, without collecting them in an array.
  ///
  /// Not public on purpose: outside code must go through the overridable query, so subclasses
  /// see every request; only the layout spec reporter (SPI `LayoutSpec`), which owns a plain
  /// `FlowLayout`, streams through it.
  ///
  /// - Complexity: O(log s + k) for s sections and k elements.
  @_spi(LayoutSpec) public final func forEachElement(
    in rect: Rect, _ body: (LayoutAttributes) -> Void
  ) {
    prepareIfNeeded()
    let g = geometry
    let range = g.axes.range(rect)
    guard range.lineMin < range.lineMax, range.scrollMin < range.scrollMax else { return }
    let pins = pinBounds()
    let make = attributesClass
    var index = g.firstSection(reachingPast: range.scrollMin)
    while index < g.sections.count, g.leastSpanMin(from: index) < range.scrollMax {
      let section = g.sections[index]
      if section.spanMax > range.scrollMin && section.spanMin < range.scrollMax {
        if let frame = headerFrame(section, pins: pins), range.overlaps(frame) {
          body(headerAttributes(index, frame: frame, make))
        }
        section.forEachItem(in: range) { item, frame in
          body(cellAttributes(IndexPath(item: item, section: index), g.axes.rect(frame), make))
        }
        if let frame = footerFrame(section, pins: pins), range.overlaps(frame) {
          body(footerAttributes(index, frame: frame, make))
        }
      }
      index += 1
    }
  }

  /// Calls `body` with the attributes of the elements whose frames bound all the others, in
  /// section order: every header and footer, every item of a section sized per item, and in a
  /// section of one item size the first and last item of its first and last lines (the items
  /// between lie between them on both axes, with the same size).
  ///
  /// For the layout spec reporter (SPI `LayoutSpec`), which must know before printing anything
  /// whether some element's cells are out of range, without visiting ten million items.
  ///
  /// - Complexity: O(s + p) for s sections and p items in sections sized per item.
  @_spi(LayoutSpec) public final func forEachBoundaryElement(_ body: (LayoutAttributes) -> Void) {
    prepareIfNeeded()
    let g = geometry
    let pins = pinBounds()
    let make = attributesClass
    for (index, section) in g.sections.enumerated() {
      if let frame = headerFrame(section, pins: pins) {
        body(headerAttributes(index, frame: frame, make))
      }
      section.forEachBoundaryItem { item, frame in
        body(cellAttributes(IndexPath(item: item, section: index), g.axes.rect(frame), make))
      }
      if let frame = footerFrame(section, pins: pins) {
        body(footerAttributes(index, frame: frame, make))
      }
    }
  }

  /// The attributes of every element, in section order (header, items, footer), including
  /// elements of zero area that no rect query returns.
  ///
  /// For tools that list a whole layout (`mosaic layout` without a query); a view should ask
  /// only for its visible rect. Pinned headers and footers are placed against the owner's bounds.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  public final func layoutAttributesForAllElements() -> [LayoutAttributes] {
    prepareIfNeeded()
    let g = geometry
    let pins = pinBounds()
    let make = attributesClass
    var result: [LayoutAttributes] = []
    for (index, section) in g.sections.enumerated() {
      if let frame = headerFrame(section, pins: pins) {
        result.append(headerAttributes(index, frame: frame, make))
      }
      section.forEachItem { item, frame in
        result.append(
          cellAttributes(IndexPath(item: item, section: index), g.axes.rect(frame), make))
      }
      if let frame = footerFrame(section, pins: pins) {
        result.append(footerAttributes(index, frame: frame, make))
      }
    }
    return result
  }

  /// The attributes of the item at `indexPath`, or nil when there is no such item.
  ///
  /// UIKit: `layoutAttributesForItem(at:)`.
  ///
  /// - Complexity: O(1) in a uniform section; O(log L + m) in a section sized per item
  ///   (L lines of m items).
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2 else { return nil }
    let g = geometry
    let (sectionIndex, item) = (indexPath.section, indexPath.item)
    guard g.sections.indices.contains(sectionIndex) else { return nil }
    let section = g.sections[sectionIndex]
    guard item >= 0 && item < section.itemCount else { return nil }
    return cellAttributes(
      IndexPath(item: item, section: sectionIndex), g.axes.rect(section.frame(ofItem: item)),
      attributesClass)
  }

  /// The attributes of the header (`ElementKind.sectionHeader`) or footer
  /// (`ElementKind.sectionFooter`) of `indexPath.section`, or nil when the section has none.
  ///
  /// UIKit: `layoutAttributesForSupplementaryView(ofKind:at:)`. A section has no header (or
  /// footer) when its size along the scroll axis is 0. Pinned ones are placed against the
  /// owner's bounds.
  open override func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  )
    -> LayoutAttributes?
  {
    prepareIfNeeded()
    guard indexPath.count >= 1 else { return nil }
    let index = indexPath.section
    let g = geometry
    guard g.sections.indices.contains(index) else { return nil }
    let section = g.sections[index]
    let make = attributesClass
    switch kind {
    case ElementKind.sectionHeader:
      return headerFrame(section, pins: pinBounds()).map {
        headerAttributes(index, frame: $0, make)
      }
    case ElementKind.sectionFooter:
      return footerFrame(section, pins: pinBounds()).map {
        footerAttributes(index, frame: $0, make)
      }
    default:
      return nil
    }
  }

  /// The index path of the item whose frame contains `point`, or nil when the point is on no
  /// item (between items, in an inset, on a header).
  ///
  /// UIKit: `UICollectionView.indexPathForItem(at:)`. Containment counts the top and left
  /// edges but not the bottom and right ones, as `Rect.contains(_:)` does.
  ///
  /// - Complexity: O(log s + log L) plus the items near the point.
  public final func indexPathForItem(at point: Point) -> IndexPath? {
    prepareIfNeeded()
    let g = geometry
    // Any frame containing the point overlaps this small rect beginning at it.
    let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
    var found: IndexPath?
    let range = g.axes.range(probe)
    guard range.lineMin < range.lineMax, range.scrollMin < range.scrollMax else { return nil }
    var index = g.firstSection(reachingPast: range.scrollMin)
    while found == nil, index < g.sections.count, g.leastSpanMin(from: index) < range.scrollMax {
      g.sections[index].forEachItem(in: range) { item, frame in
        if found == nil && g.axes.rect(frame).contains(point) {
          found = IndexPath(item: item, section: index)
        }
      }
      index += 1
    }
    return found
  }

  /// The bytes the prepared layout holds in its arrays: section records, search arrays, and
  /// the sizes and line records of sections sized per item (array capacities; the heap's own
  /// bookkeeping is not counted).
  ///
  /// A section whose items share one size contributes only its section record; a self-sizing
  /// section adds its measured thicknesses, the chunks of lines that differ from the estimate
  /// and the tree over them.
  ///
  /// - Complexity: O(s) for s sections (after a `prepare()` if the layout is invalid).
  public var storageBytes: Int {
    prepareIfNeeded()
    return geometry.storageBytes
  }

  /// Whether a change of bounds invalidates the layout: a change of size does, and, while
  /// headers or footers are pinned, a scroll does too (with a context that touches only them).
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)`, as the flow layout overrides it.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    let old = visibleRectForPlacement
    if newBounds.size != old.size { return true }
    return (sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds)
      && newBounds.origin != old.origin
  }

  /// The context for a bounds change: everything on a change of size; on a scroll with pinning
  /// on, only the pinned headers and footers of the sections at the old and new visible edges,
  /// with the delegate metrics and the attributes left valid, so `prepare()` computes nothing.
  ///
  /// UIKit: `invalidationContext(forBoundsChange:)`, as the flow layout overrides it.
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    let old = visibleRectForPlacement
    guard newBounds.size == old.size, let flow = context as? FlowLayoutInvalidationContext,
      !needsGeometry
    else { return context }
    flow.invalidateFlowLayoutDelegateMetrics = false
    flow.invalidateFlowLayoutAttributes = false
    let axes = geometry.axes
    let (before, after) = (axes.range(old), axes.range(newBounds))
    if sectionHeadersPinToVisibleBounds {
      flow.invalidateSupplementaryElements(
        ofKind: ElementKind.sectionHeader,
        at: sectionPaths(at: before.scrollMin, after.scrollMin))
    }
    if sectionFootersPinToVisibleBounds {
      flow.invalidateSupplementaryElements(
        ofKind: ElementKind.sectionFooter,
        at: sectionPaths(at: before.scrollMax, after.scrollMax))
    }
    return flow
  }

  /// The index paths (section, 0) of the sections spanning the scroll positions `a` and `b`.
  private func sectionPaths(at a: Double, _ b: Double) -> [IndexPath] {
    let g = geometry
    let first = g.firstSection(reachingPast: a)
    let second = g.firstSection(reachingPast: b)
    var paths: [IndexPath] = []
    if first < g.sections.count { paths.append(IndexPath(item: 0, section: first)) }
    if second != first, second < g.sections.count {
      paths.append(IndexPath(item: 0, section: second))
    }
    return paths
  }

  /// Records what `context` invalidates: unless it is a flow context that leaves the delegate
  /// metrics and the attributes valid and the counts unchanged, the next `prepare()` computes
  /// the sections again.
  ///
  /// UIKit: `invalidateLayout(with:)`. A subclass that overrides it must call `super`.
  open override func invalidateLayout(with context: InvalidationContext) {
    let flow = context as? FlowLayoutInvalidationContext
    let onlyPinned =
      !context.invalidateEverything && !context.invalidateDataSourceCounts
      && flow?.invalidateFlowLayoutDelegateMetrics == false
      && flow?.invalidateFlowLayoutAttributes == false
    if context.reloadsData {
      // A batch's deleted items fade out where they were, so it needs the geometry from before
      // it; a reload has no such items, and holding a million sections' geometry while
      // `prepare()` builds the next one doubled the layout's peak.
      geometryBeforeCountChange = nil
    } else if context.invalidateDataSourceCounts, !needsGeometry {
      geometryBeforeCountChange = geometry
    }
    if context.invalidateEverything || context.invalidateDataSourceCounts,
      !measuredItemSizes.isEmpty
    {
      // The items may be others now; the runtime measures again what it shows.
      measuredItemSizes = [:]
    }
    if !onlyPinned { needsGeometry = true }
    if let sizes = flow?.preferredItemSizes, !sizes.isEmpty { takeMeasurements(sizes) }
    super.invalidateLayout(with: context)
  }

  // MARK: Self-sizing

  /// Whether a cell's measured size changes the layout: self-sizing is on, the element is a
  /// cell of a section placed with estimates, and its preferred size differs from the one it
  /// was given.
  ///
  /// UIKit: `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`, as
  /// the flow layout answers it. A section whose delegate sizes its items keeps those sizes
  /// (the measurement would change nothing), so it says no there.
  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool {
    guard activeEstimate != nil, originalAttributes.representedElementCategory == .cell,
      preferredAttributes.size != originalAttributes.size
    else { return false }
    prepareIfNeeded()
    return geometry.isEstimatedItem(originalAttributes.indexPath)
  }

  /// A context carrying the cell's measured size, which `invalidateLayout(with:)` applies
  /// incrementally, with `contentSizeAdjustment` the change of the content size and, when the
  /// cell begins above the start of the visible bounds (wholly above or cut by the edge),
  /// `contentOffsetAdjustment` the same change on the scroll axis, so the owner can keep what
  /// is on screen in place.
  ///
  /// UIKit: `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`, as the
  /// flow layout answers it.
  ///
  /// - Complexity: O(log L + p) for L lines of p items in a self-sizing section (O(n) for its
  ///   n items when it takes the per-item path).
  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> InvalidationContext {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes,
      withOriginalAttributes: originalAttributes)
    let path = originalAttributes.indexPath
    guard originalAttributes.representedElementCategory == .cell,
      let flow = context as? FlowLayoutInvalidationContext, path.count == 2
    else { return context }
    flow.invalidateFlowLayoutDelegateMetrics = false
    flow.invalidateFlowLayoutAttributes = false
    flow.preferredItemSizes[path] = preferredAttributes.size
    prepareIfNeeded()
    guard
      let change = geometry.change(
        measuring: path.item, inSection: path.section, size: preferredAttributes.size,
        measured: measuredItemSizes[path.section] ?? [:])
    else { return flow }
    let axes = geometry.axes
    flow.contentSizeAdjustment =
      axes.isVertical
      ? Size(width: 0, height: change.extent) : Size(width: change.extent, height: 0)
    // UIKit's rule: an item that begins above the view (wholly above, or cut by its top edge)
    // moves the offset with it, so a row growing as it scrolls in from the top grows upwards
    // and what is on screen below it stays put.
    if axes.range(originalAttributes.frame).scrollMin
      < axes.range(visibleRectForPlacement).scrollMin
    {
      flow.contentOffsetAdjustment =
        axes.isVertical ? Point(x: 0, y: change.extent) : Point(x: change.extent, y: 0)
    }
    return flow
  }

  /// Stores measured sizes and, while the geometry is valid, applies them to it: the measured
  /// sections' items, then every section after the first of them.
  private func takeMeasurements(_ sizes: [IndexPath: Size]) {
    guard activeEstimate != nil else { return }
    var first = Int.max
    for (path, size) in sizes where path.count == 2 && path.item >= 0 && path.section >= 0 {
      measuredItemSizes[path.section, default: [:]][path.item] = size
      guard !needsGeometry, geometry.isEstimatedItem(path) else { continue }
      let moved = geometry.measure(
        item: path.item, inSection: path.section, size: size,
        measured: measuredItemSizes[path.section] ?? [:])
      if moved { first = min(first, path.section) }
    }
    if first != Int.max { geometry.placeSections(after: first) }
  }

  // MARK: Updates

  /// Notes which items the batch deletes, so they can fade out where they were.
  ///
  /// UIKit: `prepare(forCollectionViewUpdates:)`. A subclass that overrides it must call `super`.
  open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    deletedItems = []
    for update in updateItems where update.updateAction == .delete {
      if let path = update.indexPathBeforeUpdate, path.count == 2, !path.isWholeSection {
        deletedItems.insert(path)
      }
    }
  }

  /// Forgets the geometry from before the batch.
  ///
  /// UIKit: `finalizeCollectionViewUpdates()`. A subclass that overrides it must call `super`.
  open override func finalizeCollectionViewUpdates() {
    deletedItems = []
    geometryBeforeCountChange = nil
  }

  /// A deleted item's attributes from before the batch, transparent, so it fades out where it
  /// was; nil for any other item (it stays where it is).
  ///
  /// UIKit: `finalLayoutAttributesForDisappearingItem(at:)`, as the flow layout answers it.
  open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard deletedItems.contains(itemIndexPath), let old = geometryBeforeCountChange,
      old.sections.indices.contains(itemIndexPath.section)
    else { return nil }
    let section = old.sections[itemIndexPath.section]
    guard itemIndexPath.item >= 0, itemIndexPath.item < section.itemCount else { return nil }
    let attributes = cellAttributes(
      itemIndexPath, old.axes.rect(section.frame(ofItem: itemIndexPath.item)), attributesClass)
    attributes.alpha = 0
    return attributes
  }

  // MARK: Headers, footers and pinning

  /// The visible range on the scroll axis that pinned headers and footers stick to, if any
  /// pinning is on.
  private func pinBounds() -> (start: Double, end: Double)? {
    guard sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds else { return nil }
    let range = geometry.axes.range(visibleRectForPlacement)
    return (range.scrollMin, range.scrollMax)
  }

  /// The header's frame, pinned when pinning is on; nil when the section has no header.
  private func headerFrame(_ section: FlowSection, pins: (start: Double, end: Double)?)
    -> AxisRect?
  {
    guard section.headerThickness > 0 else { return nil }
    var scroll = section.start
    if sectionHeadersPinToVisibleBounds, let pins {
      // min(max(natural, top), end − h), written so a degenerate section (negative insets)
      // can never push the header above its natural place.
      scroll = max(section.start, min(pins.start, section.end - section.headerThickness))
    }
    return AxisRect(
      line: 0, scroll: scroll, length: geometry.lineExtent, thickness: section.headerThickness)
  }

  /// The footer's frame, pinned when pinning is on; nil when the section has no footer.
  private func footerFrame(_ section: FlowSection, pins: (start: Double, end: Double)?)
    -> AxisRect?
  {
    guard section.footerThickness > 0 else { return nil }
    var scroll = section.footerStart
    if sectionFootersPinToVisibleBounds, let pins {
      scroll = min(section.footerStart, max(pins.end - section.footerThickness, section.start))
    }
    return AxisRect(
      line: 0, scroll: scroll, length: geometry.lineExtent, thickness: section.footerThickness)
  }

  @inline(__always)
  private func cellAttributes(_ path: IndexPath, _ frame: Rect, _ make: LayoutAttributes.Type)
    -> LayoutAttributes
  {
    make.init(indexPath: path, category: .cell, kind: nil, frame: frame)
  }

  private func headerAttributes(_ section: Int, frame: AxisRect, _ make: LayoutAttributes.Type)
    -> LayoutAttributes
  {
    make.init(
      indexPath: IndexPath(item: 0, section: section), category: .supplementaryView,
      kind: ElementKind.sectionHeader, frame: geometry.axes.rect(frame),
      zIndex: sectionHeadersPinToVisibleBounds ? Self.pinnedZIndex : 0)
  }

  private func footerAttributes(_ section: Int, frame: AxisRect, _ make: LayoutAttributes.Type)
    -> LayoutAttributes
  {
    make.init(
      indexPath: IndexPath(item: 0, section: section), category: .supplementaryView,
      kind: ElementKind.sectionFooter, frame: geometry.axes.rect(frame),
      zIndex: sectionFootersPinToVisibleBounds ? Self.pinnedZIndex : 0)
  }
}
