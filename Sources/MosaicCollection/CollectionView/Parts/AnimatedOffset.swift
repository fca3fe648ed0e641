import MosaicLayout

/// An animated scroll: the content offset shown glides from `from` to `to`.
///
/// UIKit: the animation `setContentOffset(_:animated:)` runs. The view's `contentOffset` is the
/// destination from the start (see `CollectionView.presentationContentOffset`); this is what is
/// drawn on the way. Pure: tested alone.
struct AnimatedOffset {
  /// The offset shown at `start`.
  var from: Point
  /// The offset the glide lands on.
  var to: Point
  /// When the glide starts, in the clock's seconds.
  var start: Double
  /// How long it runs, in seconds.
  var duration: Double
  /// How the progress follows the time.
  var curve = AnimationCurve.easeInOut

  /// Whether the glide is over at `time`.
  func isFinished(at time: Double) -> Bool { time >= start + duration }

  /// The offset shown at `time`.
  func offset(at time: Double) -> Point {
    let p = duration > 0 ? curve.value(at: (time - start) / duration) : 1
    guard p < 1 else { return to }
    return Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
  }
}
