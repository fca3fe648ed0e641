import MosaicLayout

/// One element's animation: where it starts (`from`), when, for how long, on which curve; what it
/// shows at any instant is interpolated toward its destination.
///
/// UIKit: the `CABasicAnimation`s a collection view adds to a cell's layer for a batch or a layout
/// change. The frame and the alpha are interpolated; the zIndex switches at the midpoint, since an
/// order has no in-between. Pure: tested alone.
@MainActor
struct AnimatedElement {
  /// The attributes shown at `start`.
  var from: LayoutAttributes
  /// Where the element goes when its layout says nothing more recent (it left the visible set).
  var to: LayoutAttributes
  /// When the animation starts, in the clock's seconds.
  var start: Double
  /// How long it runs, in seconds.
  var duration: Double
  /// How the progress follows the time.
  var curve = AnimationCurve.easeInOut

  /// When the animation ends.
  var end: Double { start + duration }

  /// Whether the animation is over at `time`.
  func isFinished(at time: Double) -> Bool { time >= end }

  /// The eased progress at `time`, 0 to 1.
  func progress(at time: Double) -> Double {
    guard duration > 0 else { return 1 }
    return curve.value(at: (time - start) / duration)
  }

  /// What the element shows at `time` on its way to `destination` (its layout's current
  /// attributes, or `to`): a copy of the destination, so a custom attributes class survives, with
  /// the frame and alpha interpolated and the zIndex of whichever end is nearer.
  func attributes(at time: Double, toward destination: LayoutAttributes? = nil)
    -> LayoutAttributes
  {
    let target = destination ?? to
    let p = progress(at: time)
    guard p < 1 else { return target }
    let shown = target.runtimeCopy()
    shown.frame = Self.interpolate(from.frame, target.frame, p)
    shown.alpha = from.alpha + (target.alpha - from.alpha) * p
    if p < 0.5 {
      shown.zIndex = from.zIndex
      shown.isHidden = from.isHidden
    }
    return shown
  }

  /// The rectangle `p` of the way from `a` to `b`.
  static func interpolate(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
    Rect(
      x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
      width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
  }
}
