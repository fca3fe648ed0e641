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
/// per item and per line. Every query returns fresh `LayoutAttributes` a subclass may mutate.
@MainActor
open class FlowLayout: CollectionViewLayout {
  /// Where the layout reads the numbers of sections and items; held weakly.
  ///
  /// Setting it invalidates the layout.
  public weak var dataSource: (any LayoutDataSource)? { didSet { invalidateLayout() } }
  /// The per-item and per-section overrides; held weakly.
  ///
  /// UIKit: the collection view's delegate, when it adopts `UICollectionViewDelegateFlowLayout`.
  /// Setting it invalidates the layout.
  public weak var delegate: (any FlowLayoutDelegate)? { didSet { invalidateLayout() } }
  /// The collection view's bounds in content coordinates.
  ///
  /// Setting a new size invalidates the layout (through `shouldInvalidateLayout(forBoundsChange:)`);
  /// a pure scroll does not, as pinned headers and footers are placed when queried.
  public var bounds: Rect = .zero {
    willSet { if shouldInvalidateLayout(forBoundsChange: newValue) { invalidateLayout() } }
  }

  /// The scrolling axis. Default `.vertical`.
  public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
  /// The size of every item the delegate does not size. Default 50 × 50.
  public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
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
  /// and it is drawn above the cells (`pinnedZIndex`).
  public var sectionHeadersPinToVisibleBounds = false
  /// Whether a section's footer sticks to the bottom (trailing) edge while its section scrolls.
  ///
  /// UIKit: `sectionFootersPinToVisibleBounds`. The mirror image of pinned headers:
  /// `max(min(natural, visible end − footer), section start)`.
  public var sectionFootersPinToVisibleBounds = false

  /// The z-index of headers and footers while pinning is on, above every cell (zIndex 0).
  ///
  /// UIKit gives pinned supplementary views the same value.
  public static let pinnedZIndex = 1024

  /// What `prepare()` computed; valid while `needsPrepare` is false.
  var geometry = FlowGeometry(axes: FlowAxes(isVertical: true))
  /// Whether the next query must run `prepare()` first.
  private(set) var needsPrepare = true
  /// Whether a lazy `prepare()` is running, so a subclass's `prepare()` that queries before
  /// calling `super` gets the old geometry instead of recursing forever.
  private var isPreparingLazily = false

  /// Creates a flow layout with UIKit's defaults.
  public init() {}

  /// Computes the geometry of every section, reading the data source and the delegate.
  ///
  /// UIKit: `prepare()`. Queries call it themselves when the layout is invalid, so calling it
  /// is optional; a subclass that overrides it must call `super.prepare()`.
  ///
  /// - Complexity: O(s + p) for s sections and p items in sections sized per item; a section
  ///   whose items share one size costs O(1) whatever its item count.
  open func prepare() {
    geometry = FlowGeometry(layout: self)
    needsPrepare = false
  }

  /// Runs `prepare()` if the layout is invalid.
  @inline(__always)
  final func prepareIfNeeded() {
    guard needsPrepare && !isPreparingLazily else { return }
    isPreparingLazily = true
    defer { isPreparingLazily = false }
    prepare()
  }

  /// The size of the whole content: the view's extent on the line axis, the sum of the
  /// sections on the scroll axis.
  ///
  /// UIKit: `collectionViewContentSize`.
  open var contentSize: Size {
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
  /// the current `bounds`. Each call returns fresh objects.
  ///
  /// - Complexity: O(log s + k) for s sections and k elements returned: sections and lines are
  ///   found by binary search, a uniform section's lines and columns by arithmetic.
  open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
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
    var index = g.firstSection(reachingPast: range.scrollMin)
    while index < g.sections.count, g.spanMinSuffix[index] < range.scrollMax {
      let section = g.sections[index]
      if section.spanMax > range.scrollMin && section.spanMin < range.scrollMax {
        if let frame = headerFrame(section, pins: pins), range.overlaps(frame) {
          body(headerAttributes(index, frame: frame))
        }
        section.forEachItem(in: range) { item, frame in
          body(
            LayoutAttributes(
              forCellWith: IndexPath(item: item, section: index), frame: g.axes.rect(frame)))
        }
        if let frame = footerFrame(section, pins: pins), range.overlaps(frame) {
          body(footerAttributes(index, frame: frame))
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
    for (index, section) in g.sections.enumerated() {
      if let frame = headerFrame(section, pins: pins) {
        body(headerAttributes(index, frame: frame))
      }
      section.forEachBoundaryItem { item, frame in
        body(
          LayoutAttributes(
            forCellWith: IndexPath(item: item, section: index), frame: g.axes.rect(frame)))
      }
      if let frame = footerFrame(section, pins: pins) {
        body(footerAttributes(index, frame: frame))
      }
    }
  }

  /// The attributes of every element, in section order (header, items, footer), including
  /// elements of zero area that no rect query returns.
  ///
  /// For tools that list a whole layout (`mosaic layout` without a query); a view should ask
  /// only for its visible rect. Pinned headers and footers are placed against `bounds`.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  public final func layoutAttributesForAllElements() -> [LayoutAttributes] {
    prepareIfNeeded()
    let g = geometry
    let pins = pinBounds()
    var result: [LayoutAttributes] = []
    for (index, section) in g.sections.enumerated() {
      if let frame = headerFrame(section, pins: pins) {
        result.append(headerAttributes(index, frame: frame))
      }
      section.forEachItem { item, frame in
        result.append(
          LayoutAttributes(
            forCellWith: IndexPath(item: item, section: index), frame: g.axes.rect(frame)))
      }
      if let frame = footerFrame(section, pins: pins) {
        result.append(footerAttributes(index, frame: frame))
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
  open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2 else { return nil }
    let g = geometry
    let (sectionIndex, item) = (indexPath.section, indexPath.item)
    guard g.sections.indices.contains(sectionIndex) else { return nil }
    let section = g.sections[sectionIndex]
    guard item >= 0 && item < section.itemCount else { return nil }
    return LayoutAttributes(
      forCellWith: IndexPath(item: item, section: sectionIndex),
      frame: g.axes.rect(section.frame(ofItem: item)))
  }

  /// The attributes of the header (`ElementKind.sectionHeader`) or footer
  /// (`ElementKind.sectionFooter`) of `indexPath.section`, or nil when the section has none.
  ///
  /// UIKit: `layoutAttributesForSupplementaryView(ofKind:at:)`. A section has no header (or
  /// footer) when its size along the scroll axis is 0. Pinned ones are placed against `bounds`.
  open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    prepareIfNeeded()
    guard indexPath.count >= 1 else { return nil }
    let index = indexPath.section
    let g = geometry
    guard g.sections.indices.contains(index) else { return nil }
    let section = g.sections[index]
    switch kind {
    case ElementKind.sectionHeader:
      return headerFrame(section, pins: pinBounds()).map { headerAttributes(index, frame: $0) }
    case ElementKind.sectionFooter:
      return footerFrame(section, pins: pinBounds()).map { footerAttributes(index, frame: $0) }
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
    while found == nil, index < g.sections.count, g.spanMinSuffix[index] < range.scrollMax {
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
  /// A section whose items share one size contributes only its section record.
  ///
  /// - Complexity: O(s) for s sections (after a `prepare()` if the layout is invalid).
  public var storageBytes: Int {
    prepareIfNeeded()
    return geometry.storageBytes
  }

  /// Whether a change of bounds invalidates the layout: only a change of size does.
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)`. Pinned headers and footers do not need
  /// a new `prepare()` on scrolling: they are placed against `bounds` at query time.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != bounds.size
  }

  /// Marks the layout invalid, so the next query runs `prepare()` first.
  ///
  /// UIKit: `invalidateLayout()`. A subclass that overrides it must call `super`.
  open func invalidateLayout() {
    needsPrepare = true
  }

  // MARK: Headers, footers and pinning

  /// The visible range on the scroll axis that pinned headers and footers stick to, if any
  /// pinning is on.
  private func pinBounds() -> (start: Double, end: Double)? {
    guard sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds else { return nil }
    let range = geometry.axes.range(bounds)
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

  private func headerAttributes(_ section: Int, frame: AxisRect) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: IndexPath(item: 0, section: section), category: .supplementaryView,
      kind: ElementKind.sectionHeader, frame: geometry.axes.rect(frame),
      zIndex: sectionHeadersPinToVisibleBounds ? Self.pinnedZIndex : 0)
  }

  private func footerAttributes(_ section: Int, frame: AxisRect) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: IndexPath(item: 0, section: section), category: .supplementaryView,
      kind: ElementKind.sectionFooter, frame: geometry.axes.rect(frame),
      zIndex: sectionFootersPinToVisibleBounds ? Self.pinnedZIndex : 0)
  }
}
