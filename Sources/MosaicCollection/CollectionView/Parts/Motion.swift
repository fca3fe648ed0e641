import MosaicLayout

/// The view's motion: the clock and the length its owner chose, the running animations, the
/// time of the frame being drawn, and the bookkeeping of an animated scroll's reports to the
/// delegate and of an animated batch's earlier positions.
///
/// UIKit: what Core Animation and the scroll view's animation keep. A value the façade's
/// animated forms (CollectionView+Animated) drive; its rules are tested alone (MotionTests).
@MainActor struct Motion {
  /// The clock the view's animations read; nil uses the run loop's.
  var clock: (any AnimationClock)?
  /// How long the view's own animations last, in seconds.
  var duration = CollectionView.defaultAnimationDuration
  /// The animations running.
  var animator = Animator<ReusableView>()
  /// The clock's time for the frame being drawn.
  var frameTime = 0.0
  /// While a change that glides is made, whether `collectionViewDidScroll` waits for the frames.
  var scrollReportsDeferred = false
  /// The offset the delegate last heard of while a glide ran.
  private(set) var reportedScrollOffset: Point?
  /// While an animated batch is planned, where the elements showed before it (by new key) and
  /// how far the offset moved since.
  var originsBeforeUpdate: (attributes: [ElementKey: LayoutAttributes], shift: Point)?

  /// A glide starts from `shown`: the delegate has heard of nothing beyond it.
  mutating func glideStarts(from shown: Point) { reportedScrollOffset = shown }

  /// Whether the delegate is to hear that a glide's frame shows `shown`: once per offset, never
  /// twice for the same one (a frame drawn with no time passed moves nothing).
  mutating func reports(_ shown: Point) -> Bool {
    guard shown != reportedScrollOffset else { return false }
    reportedScrollOffset = shown
    return true
  }

  /// Where the item now at `indexPath` showed before the batch being planned, moved by the
  /// offset's change into today's content coordinates; nil outside the planning or for an item
  /// that was not shown near the screen.
  func attributesBeforeUpdate(ofItemAt indexPath: IndexPath) -> LayoutAttributes? {
    guard let (origins, shift) = originsBeforeUpdate,
      let before = origins[ElementKey(category: .cell, kind: nil, indexPath: indexPath)]
    else { return nil }
    return CollectionView.shifted(before, by: shift)
  }
}
