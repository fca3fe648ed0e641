import MosaicLayout

/// What the screen showed the moment before an animated change, for the animation to start
/// from: the presentation attributes of every element with a view, and the old layout's
/// elements a viewport around the visible rect (so an element that comes into view starts where
/// it was, off screen), each by its key before the change.
///
/// UIKit: the "before" half of the collection view's update animation, which it reads from the
/// old layout before preparing the new one.
@MainActor
struct AnimationStart {
  /// When the change happens, in the clock's seconds.
  var time: Double
  /// The content offset before the change.
  var offset: Point
  /// What each element with a view showed, mid-animation included.
  var shown: [ElementKey: LayoutAttributes] = [:]
  /// The old layout's elements around the viewport.
  var layout: [ElementKey: LayoutAttributes] = [:]
}
