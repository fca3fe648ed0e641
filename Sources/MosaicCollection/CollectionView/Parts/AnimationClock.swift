/// Where animations read the time: seconds on a clock that never goes back.
///
/// UIKit: the render server's media time (`CACurrentMediaTime()`), which Core Animation reads for
/// every frame. Mosaic asks for it through this protocol so tests run on
/// `ManualAnimationClock`, headless and exact, and the terminal on `SystemAnimationClock`.
@MainActor
public protocol AnimationClock: AnyObject {
  /// The current time in seconds; only differences between readings matter.
  var now: Double { get }
}
