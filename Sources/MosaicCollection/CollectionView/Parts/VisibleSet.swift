import MosaicLayout

/// What is on screen: the views by element, the last placement's elements in order and what it
/// was computed from, the drawing order (with what each element is drawn at while elements
/// animate), where the last frame showed the content, and the counters of the work.
///
/// UIKit: the collection view's private bookkeeping of its visible views, kept between two
/// `layoutSubviews()` passes. A value the façade's placement pass (CollectionView+Viewport)
/// fills; the rules on it (when a placement still holds, what a change of the map forgets) are
/// here and tested alone (VisibleSetTests).
@MainActor struct VisibleSet {
  /// The views on screen, by element.
  var views: [ElementKey: ReusableView] = [:] {
    didSet { orderIsCurrent = false }
  }
  /// The elements the last placement placed, in the layout's order, with their views: what the
  /// next placement is compared with, while `orderIsCurrent`.
  private(set) var order: (keys: [ElementKey], placed: [PlacedElement]) = ([], [])
  /// Whether `order` holds exactly the views of `views`: any other change of the map turns it
  /// off.
  private(set) var orderIsCurrent = false
  /// The visible elements and their views in drawing order.
  var drawingOrder: [PlacedElement] = []
  /// While elements animate, what each element of `drawingOrder` is drawn at; empty otherwise.
  var drawingAttributes: [LayoutAttributes] = []
  /// Whether something the placement depends on changed since it was made (a scroll, a resize,
  /// a reload or batch, an animation step, a carried item, self-sizing still pending).
  private(set) var needsUpdate = true
  /// What the last placement was computed from, while the views and the drawing order are still
  /// that placement's; nil when they are not.
  private(set) var placedFor: PlacementInputs?
  /// Where the last frame showed the content (see CollectionView+ScrollReport.swift); nil
  /// before the first frame.
  var lastDrawnViewport: CollectionView.DrawnViewport?
  /// Counters of views created, recycled and configured, and of frames.
  var statistics = CollectionView.Statistics()

  /// Marks the placement stale: the next frame (or query) places again.
  ///
  /// UIKit: `setNeedsLayout()`.
  mutating func setNeedsUpdate() { needsUpdate = true }

  /// A placement pass begins: what it finds is current until something marks it stale.
  mutating func beginPlacement() { needsUpdate = false }

  /// Whether the placement made for `placedFor` still holds for `inputs`: nothing marked it
  /// stale since, the layout needs no preparation, and the inputs are the same.
  func isCurrent(for inputs: PlacementInputs, layoutNeedsPrepare: Bool) -> Bool {
    guard !needsUpdate, !layoutNeedsPrepare, let placedFor else { return false }
    return placedFor == inputs
  }

  /// Keeps the inputs the placement just made was computed from, unless something marked it
  /// stale meanwhile (then the next frame places again).
  mutating func finishPlacement(for inputs: PlacementInputs, layoutNeedsPrepare: Bool) {
    placedFor = needsUpdate || layoutNeedsPrepare ? nil : inputs
  }

  /// Whether the next placement can find the elements that stayed by walking `order`, rather
  /// than by looking each up in `views`.
  var canMatchByOrder: Bool { orderIsCurrent && order.keys.count == views.count }

  /// Keeps the elements just placed, in order, with their views: current only when they are
  /// exactly the views of the map (an element listed twice, or a map changed by a delegate
  /// meanwhile, makes the next placement diff by the map).
  mutating func setOrder(keys: [ElementKey], placed: [PlacedElement]) {
    order = (keys, placed)
    orderIsCurrent = keys.count == views.count
  }

  /// Forgets the order and the drawing order (their views have gone) and marks the placement
  /// stale.
  mutating func forgetOrder() {
    order = ([], [])
    drawingOrder = []
    needsUpdate = true
  }

  /// Counts the views on screen after a placement.
  mutating func countLiveViews(_ live: Int) {
    statistics.liveViews = live
    statistics.maxLiveViews = max(statistics.maxLiveViews, live)
  }
}
