import Foundation
import MosaicLayout

/// A scrolling view of items laid out by a layout, drawn with recycled views: only the elements
/// in the visible rect have views, and views that scroll away are reused for arriving ones.
///
/// UIKit: `UICollectionView`. Set `dataSource` (and optionally `delegate`), register cell classes,
/// dequeue cells in `collectionView(_:cellForItemAt:)`, then let the owner call `draw(into:)` for
/// each frame and `handle(_:)` for each input event. The view sits on `frame`, a rectangle of
/// screen cells; layout happens in points, turned into cells through `cellMetrics`.
@MainActor
public final class CollectionView: LayoutDataSource {
  /// The object that supplies the item counts and views; held weakly.
  ///
  /// UIKit: `dataSource`. Setting it reloads the data.
  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { reloadData() }
  }

  /// The object told about selection, focus, display and scrolling; held weakly.
  ///
  /// UIKit: `delegate`. If it also adopts `CollectionViewDelegateFlowLayout`, a flow layout
  /// with no delegate of its own asks it for sizes, insets and spacing, as UIKit's does.
  public weak var delegate: (any CollectionViewDelegate)? {
    didSet { connectLayout() }
  }

  /// The object warned about the items likely to come into view soon, so it can start loading
  /// their data; held weakly. Nil (the default) prefetches nothing.
  ///
  /// UIKit: `prefetchDataSource`. See `CollectionViewDataSourcePrefetching` and
  /// CollectionView+Prefetching.swift; a replaced object is told to cancel what it was asked for.
  public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)? {
    didSet { prefetchDataSourceDidChange(from: oldValue) }
  }

  /// The layout that places the elements; may be swapped at any time.
  ///
  /// UIKit: `collectionViewLayout`. A new layout is prepared before the next frame; the focused
  /// item stays in view.
  public var collectionViewLayout: CollectionViewLayout {
    didSet { layoutDidChange(from: oldValue) }
  }

  /// The screen cells the view covers, set by its owner.
  ///
  /// UIKit: `frame`, in cells rather than points. A change of size is a bounds change: the layout
  /// is invalidated when it says so, and the focused item is kept in view.
  public var frame: CellRect {
    get { viewport.frame }
    set {
      var next = viewport
      next.frame = newValue
      commitViewport(next)
    }
  }

  /// How many points a column and a row span. Default 8 × 16.
  public var cellMetrics: CellMetrics {
    get { viewport.cellMetrics }
    set {
      var next = viewport
      next.cellMetrics = newValue
      commitViewport(next, metricsSet: true)
    }
  }

  /// The style of the cells no element covers.
  ///
  /// UIKit: `backgroundColor`.
  public var backgroundStyle: TextStyle {
    get { options.backgroundStyle }
    set { options.backgroundStyle = newValue }
  }

  /// A view drawn behind every element, over the whole frame, not scrolling with the content:
  /// an empty state's message, a watermark. Nil by default.
  ///
  /// UIKit: `backgroundView`.
  public var backgroundView: View? {
    get { options.backgroundView }
    set { options.backgroundView = newValue }
  }

  /// Whether the user can select items. Default true.
  ///
  /// UIKit: `allowsSelection`.
  public var allowsSelection: Bool {
    get { options.allowsSelection }
    set { options.allowsSelection = newValue }
  }

  /// Whether the user can select more than one item; selecting toggles. Default false.
  ///
  /// UIKit: `allowsMultipleSelection`.
  public var allowsMultipleSelection: Bool {
    get { options.allowsMultipleSelection }
    set {
      options.allowsMultipleSelection = newValue
      if !newValue { selection.keepOnlyLast() }
    }
  }

  /// Whether the input reports mouse releases: then a press only highlights its item, and the
  /// release over the same item selects it, as touch down and touch up do in UIKit.
  ///
  /// Starts false, so a terminal that reports only clicks (a press, never a release) selects on
  /// the press; the view turns it on at the first `.release` it receives, and an owner that
  /// knows its input may set it.
  public var mouseReleasesAreReported: Bool {
    get { options.mouseReleasesAreReported }
    set { options.mouseReleasesAreReported = newValue }
  }

  /// Called with every inconsistent update the view detects, after it has recovered by reloading.
  ///
  /// UIKit raises an exception instead; a terminal program would rather report and go on.
  public var updateErrorHandler: ((CollectionViewError) -> Void)? {
    get { data.errorHandler }
    set { data.errorHandler = newValue }
  }

  /// The last inconsistent update detected, if any.
  public var lastUpdateError: CollectionViewError? { data.lastError }

  /// Counters of views created, recycled and configured.
  public internal(set) var statistics: Statistics {
    get { placement.statistics }
    set { placement.statistics = newValue }
  }

  // MARK: The parts (one stored property each; see ARCHITECTURE.md)

  /// The offset, the frame and the cell metrics: one value, changed by `commitViewport(_:)`.
  var viewport: Viewport
  /// What is on screen: the views, the last placement and the drawing order.
  var placement = VisibleSet()
  /// The clock, the running animations and an animated scroll's reports.
  var motion = Motion()
  /// The counts, the batch being recorded, the update errors.
  var data = DataState()
  /// The background and the input policies the owner chose.
  var options = ViewOptions()
  /// The registered classes and the views waiting for reuse.
  var reusePool = ReusePool()
  /// The selected and highlighted items and the press awaiting its release.
  var selection = SelectionState()
  /// The items ahead of the viewport and which of them the prefetching data source was told of.
  var prefetchWindow = PrefetchWindow()
  /// The item with the keyboard focus.
  var focusedItem: IndexPath?
  /// Answers a flow layout's questions with the delegate's `CollectionViewDelegateFlowLayout`
  /// methods (see `flowLayoutMetrics`).
  lazy var flowDelegateForwarder = FlowDelegateForwarder(collectionView: self)
  /// The item the user is carrying, from `beginInteractiveMovementForItem(at:)` to the drop.
  var interactiveMovement: InteractiveMovement?

  /// Whether `m` grabs the focused item and a mouse drag carries an item (see
  /// CollectionView+InteractiveMovement.swift). Default false.
  ///
  /// UIKit: `UICollectionViewController.installsStandardGestureForInteractiveMovement`, which
  /// defaults to true; here it is opt-in, because Swift cannot tell whether a data source
  /// implements `moveItemAt`, and the `m` key would otherwise grab items in every view.
  public var installsStandardGestureForInteractiveMovement: Bool {
    get { options.installsStandardGestureForInteractiveMovement }
    set { options.installsStandardGestureForInteractiveMovement = newValue }
  }

  // MARK: Motion (see CollectionView+Animated.swift)

  /// The clock the view's animations read; nil (the default) uses the run loop's
  /// (`CollectionView.runLoopAnimationClock`), so a view nobody runs does not animate.
  ///
  /// UIKit: none; Core Animation's media time. Set a `ManualAnimationClock` to step animations
  /// to chosen instants in a test.
  public var animationClock: (any AnimationClock)? {
    get { motion.clock }
    set { motion.clock = newValue }
  }

  /// How long the view's own animations last, in seconds. Default 0.2.
  ///
  /// UIKit: none; UIKit's collection view animations last about 0.3 s. A terminal frame is
  /// coarse, and a shorter glide keeps a keyboard user from waiting.
  public var animationDuration: Double {
    get { motion.duration }
    set { motion.duration = newValue }
  }

  /// Creates a collection view on `frame` with `layout`.
  ///
  /// UIKit: `init(frame:collectionViewLayout:)`.
  public init(
    frame: CellRect = CellRect(column: 0, row: 0, columns: 80, rows: 24),
    collectionViewLayout layout: CollectionViewLayout, cellMetrics: CellMetrics = .standard
  ) {
    self.viewport = Viewport(frame: frame, cellMetrics: cellMetrics)
    self.collectionViewLayout = layout
    connectLayout()
  }

  // MARK: Geometry

  /// The size of the viewport in points.
  public var viewportSize: Size { viewport.size }

  /// The visible rect in content coordinates: origin `contentOffset`, size of the viewport.
  ///
  /// UIKit: `bounds`. While scroll-to-show asks the layout about a candidate viewport
  /// (`CollectionViewLayout.elementAttributes(in:visibleRect:)`), this answers the candidate,
  /// so a ported layout that reads `collectionView.bounds` places its pinned elements for it;
  /// the offset itself never moves for such a query.
  public var bounds: Rect {
    collectionViewLayout.visibleRectBeingQueried ?? viewport.bounds
  }

  /// The size of the whole content, in points, from the layout.
  ///
  /// UIKit: `contentSize`.
  public var contentSize: Size {
    prepareLayoutIfNeeded()
    return collectionViewLayout.collectionViewContentSize
  }

  /// The point of the content shown at the viewport's top-left corner, clamped so the view never
  /// scrolls past its content.
  ///
  /// UIKit: `contentOffset`. The largest offset is rounded up to a whole cell, so scrolling by
  /// whole cells always reaches the end and the last element is shown whole. While an animated
  /// scroll glides, it reads the offset drawn at the last frame, passing through the offsets on
  /// the way as UIKit's does; `destinationContentOffset` is where the glide ends.
  public var contentOffset: Point {
    get { motion.animator.offset == nil ? viewport.offset : presentationContentOffset }
    set { setContentOffset(newValue) }
  }

  /// Where the content offset ends: the destination of an animated scroll while it glides,
  /// else `contentOffset`. Every decision the view makes (focus, scroll-to-show, pages added up
  /// by a held key) is made on it.
  ///
  /// UIKit: none; the model value a UIKit scroll view keeps until its animation lands.
  public var destinationContentOffset: Point { viewport.offset }

  /// The largest content offset on each axis.
  public var maximumContentOffset: Point { viewport.maximumOffset(contentSize: contentSize) }

  /// Sets the offset, clamped to the content, and tells the layout and the delegate.
  func setContentOffset(_ requested: Point) {
    var next = viewport
    next.offset = Viewport.clamp(requested, to: maximumContentOffset)
    commitViewport(next)
  }

  /// Clamps the offset again after the content or the viewport's size changed.
  func reclampContentOffset() { setContentOffset(viewport.offset) }

  /// The one place the viewport changes: the layout hears of a resize around it
  /// (`prepare(forAnimatedBoundsChange:)` … `finalizeAnimatedBoundsChange()`) and of a new
  /// bounds before it (`boundsWillChange(to:)`); then the value is stored, the delegate hears
  /// of a moved offset, and a resize (or new cell metrics) re-clamps and keeps the focus shown.
  func commitViewport(_ next: Viewport, metricsSet: Bool = false) {
    let old = viewport
    let resized = next.isResized(from: old)
    guard next != old || metricsSet else { return }
    if resized { collectionViewLayout.prepare(forAnimatedBoundsChange: old.bounds) }
    boundsWillChange(to: next.bounds)
    viewport = next
    if next.offset != old.offset, !motion.scrollReportsDeferred {
      delegate?.collectionViewDidScroll(self)
    }
    guard resized || metricsSet else { return }
    boundsDidChange()
    if resized { collectionViewLayout.finalizeAnimatedBoundsChange() }
  }

  /// The bounds are about to become `newBounds`, the old ones still in place: the layout is
  /// asked once whether that invalidates it and, if so, invalidated once with its context.
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)` then `invalidateLayout(with:)` with
  /// `invalidationContext(forBoundsChange:)`.
  func boundsWillChange(to newBounds: Rect) {
    guard newBounds != bounds else { return }
    collectionViewLayout.invalidateIfNeeded(forBoundsChange: newBounds)
    placement.setNeedsUpdate()
  }

  /// The view's size or cell metrics changed: re-clamp, keep the focus in view.
  func boundsDidChange() {
    placement.setNeedsUpdate()
    reclampContentOffset()
    if let focusedItem { scrollToItem(at: focusedItem, at: .nearest) }
  }

  /// A new layout replaced `old`: UIKit's transition calls around the swap, then the offset the
  /// new layout asks for.
  func layoutDidChange(from old: CollectionViewLayout) {
    let new = collectionViewLayout
    let changed = old !== new
    if changed {
      old.prepareForTransition(to: new)
      new.prepareForTransition(from: old)
      for view in placement.views.values { view.willTransition(from: old, to: new) }
      old.dataSource = nil
    }
    connectLayout()
    invalidateLayout()
    reclampContentOffset()
    if let focusedItem { scrollToItem(at: focusedItem, at: .nearest) }
    guard changed else { return }
    prepareLayoutIfNeeded()
    let target = new.targetContentOffset(forProposedContentOffset: viewport.offset)
    if target != viewport.offset { setContentOffset(target) }
    for view in placement.views.values { view.didTransition(from: old, to: new) }
    old.finalizeLayoutTransition()
    new.finalizeLayoutTransition()
  }

  /// Points the layout at this view, and this view's flow-layout answers at the delegate when it
  /// adopts `CollectionViewDelegateFlowLayout` (a layout's own delegate is never touched).
  func connectLayout() {
    collectionViewLayout.dataSource = self
    let flowDelegate = delegate as? any CollectionViewDelegateFlowLayout
    if flowDelegateForwarder.delegate !== flowDelegate {
      flowDelegateForwarder.delegate = flowDelegate
      invalidateLayout()
    }
  }

  /// Marks the layout invalid so it is prepared again before the next query.
  ///
  /// UIKit: `collectionViewLayout.invalidateLayout()`; call it after changing a layout's
  /// properties so the next frame sees them.
  public func invalidateLayout() {
    collectionViewLayout.invalidateLayout()
    placement.setNeedsUpdate()
  }

  /// Invalidates the layout after the data changed, with a context that says the counts did,
  /// and, for a reload, that no batch follows (so the layout need not keep what it had).
  ///
  /// UIKit: a reload or a batch invalidates with `invalidateDataSourceCounts`.
  func invalidateLayoutForDataChange(reloading: Bool) {
    let context = type(of: collectionViewLayout).invalidationContextClass.init()
    context.invalidateDataSourceCounts = true
    context.reloadsData = reloading
    collectionViewLayout.invalidateLayout(with: context)
    placement.setNeedsUpdate()
  }

  /// Whether the layout has been prepared since it was last invalidated.
  var layoutIsPrepared: Bool { !collectionViewLayout.needsPrepare }

  /// Prepares the layout if it was invalidated since it was last prepared.
  func prepareLayoutIfNeeded() {
    guard collectionViewLayout.needsPrepare else { return }
    if !data.layoutSelfSizing.isEmpty { data.layoutSelfSizing.removeAll() }
    loadCountsIfNeeded()
    collectionViewLayout.dataSource = self
    collectionViewLayout.prepareIfNeeded()
  }

  // MARK: Counts (LayoutDataSource)

  /// Reads the counts from the data source unless they are loaded.
  func loadCountsIfNeeded() {
    guard data.counts == nil else { return }
    data.counts = fetchCounts()
  }

  /// The counts the data source reports now.
  func fetchCounts() -> [Int] {
    guard let dataSource else { return [] }
    let sections = max(0, dataSource.numberOfSections(in: self))
    return (0..<sections).map {
      max(0, dataSource.collectionView(self, numberOfItemsInSection: $0))
    }
  }

  /// The number of sections, as last read from the data source.
  ///
  /// UIKit: `numberOfSections`.
  public var numberOfSections: Int {
    loadCountsIfNeeded()
    return data.counts?.count ?? 0
  }

  /// The number of items in `section`, as last read from the data source; 0 for a section that
  /// does not exist.
  ///
  /// UIKit: `numberOfItems(inSection:)`.
  public func numberOfItems(inSection section: Int) -> Int {
    loadCountsIfNeeded()
    guard let counts = data.counts, section >= 0, section < counts.count else { return 0 }
    return counts[section]
  }

  /// Whether `indexPath` names an item that exists.
  func isValidItem(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && indexPath.item >= 0
      && indexPath.item < numberOfItems(inSection: indexPath.section)
  }
}
