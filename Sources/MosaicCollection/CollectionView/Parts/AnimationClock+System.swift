#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real clock: seconds on `CLOCK_MONOTONIC`, which no change of the wall clock moves.
///
/// UIKit: `CACurrentMediaTime()`.
@MainActor
public final class SystemAnimationClock: AnimationClock {
  /// The one system clock; the terminal's run loop installs it while it runs.
  public static let shared = SystemAnimationClock()

  /// Creates a clock reading `CLOCK_MONOTONIC`.
  public init() {}

  /// Seconds on the monotonic clock.
  public var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }
}
