/// A timing curve: how far along an animation is (0 to 1) at a fraction of its duration, as a
/// cubic Bézier from (0, 0) to (1, 1) through two control points.
///
/// UIKit: `UIView.AnimationCurve` / `CAMediaTimingFunction(controlPoints:)`; `easeInOut` is
/// UIKit's `.easeInOut` (0.42, 0, 0.58, 1), the curve of the collection view's own animations.
/// Pure: tested alone.
public struct AnimationCurve: Hashable, Sendable {
  /// The first control point.
  public var x1: Double, y1: Double
  /// The second control point.
  public var x2: Double, y2: Double

  /// Creates the curve through control points (x1, y1) and (x2, y2); x1 and x2 are clamped to 0…1
  /// so the curve is a function of time.
  ///
  /// UIKit: `CAMediaTimingFunction(controlPoints:_:_:_:)`.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    self.x1 = min(max(x1, 0), 1)
    self.y1 = y1
    self.x2 = min(max(x2, 0), 1)
    self.y2 = y2
  }

  /// UIKit's ease-in-out: slow at both ends.
  public static let easeInOut = AnimationCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

  /// A constant speed.
  public static let linear = AnimationCurve(x1: 0, y1: 0, x2: 1, y2: 1)

  /// The progress at `fraction` of the duration: 0 at or before 0, 1 at or after 1.
  ///
  /// The Bézier's parameter for `fraction` is found by Newton's method, with bisection when the
  /// slope is too flat, to 1e-9 — far below a terminal cell at any size.
  public func value(at fraction: Double) -> Double {
    guard fraction > 0 else { return 0 }
    guard fraction < 1 else { return 1 }
    return Self.bezier(parameter(forX: fraction), y1, y2)
  }

  /// The Bézier's parameter at which its x is `x`.
  func parameter(forX x: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let error = Self.bezier(t, x1, x2) - x
      if abs(error) < 1e-9 { return t }
      let slope = Self.slope(t, x1, x2)
      if abs(slope) < 1e-6 { break }
      t -= error / slope
    }
    // Newton did not settle (a flat stretch): bisect, x(t) rises monotonically on 0…1.
    var low = 0.0
    var high = 1.0
    t = x
    while high - low > 1e-10 {
      let value = Self.bezier(t, x1, x2)
      if abs(value - x) < 1e-9 { return t }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return t
  }

  /// One coordinate of the Bézier from 0 to 1 through control values `a` and `b`, at `t`.
  static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
  }

  /// The derivative of `bezier` at `t`.
  static func slope(_ t: Double, _ a: Double, _ b: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
  }
}
