/// A clock that moves only when told: tests and benchmarks set it on a collection view and step
/// an animation to chosen instants, with no sleeps and exact results.
///
/// UIKit: none; XCTest code waits on real time instead. Mosaic's animations read the time only
/// through `AnimationClock`, so a virtual one stands in for the whole run loop.
@MainActor
public final class ManualAnimationClock: AnimationClock {
  /// The current time in seconds.
  public private(set) var now: Double

  /// Creates a clock standing at `now` seconds.
  public init(now: Double = 0) { self.now = now }

  /// Moves the clock forward by `seconds` (a negative value is ignored: time never goes back).
  public func advance(by seconds: Double) {
    if seconds > 0 { now += seconds }
  }
}
