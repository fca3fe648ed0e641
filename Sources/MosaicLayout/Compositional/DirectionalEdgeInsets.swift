/// Insets named by reading direction: top, leading, bottom, trailing, in points.
///
/// UIKit: `NSDirectionalEdgeInsets`. Mosaic lays out left to right, so leading is left.
public struct DirectionalEdgeInsets: Hashable, Sendable {
  /// The inset at the top.
  public var top: Double
  /// The inset at the leading (left) edge.
  public var leading: Double
  /// The inset at the bottom.
  public var bottom: Double
  /// The inset at the trailing (right) edge.
  public var trailing: Double

  /// No insets.
  ///
  /// UIKit: `NSDirectionalEdgeInsets.zero`.
  public static let zero = DirectionalEdgeInsets()

  /// Creates insets; a value not given is 0.
  ///
  /// UIKit: `NSDirectionalEdgeInsets(top:leading:bottom:trailing:)`.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on every edge (Mosaic's shorthand; UIKit spells it out).
  public init(all inset: Double) {
    self.init(top: inset, leading: inset, bottom: inset, trailing: inset)
  }

  /// `rect` shrunk by the insets; a side that would go negative is 0.
  func inset(_ rect: Rect) -> Rect {
    Rect(
      x: rect.minX + Self.clean(leading), y: rect.minY + Self.clean(top),
      width: max(0, rect.width - Self.clean(leading) - Self.clean(trailing)),
      height: max(0, rect.height - Self.clean(top) - Self.clean(bottom)))
  }

  /// A value that is not finite counts as 0; negative insets are used as given.
  static func clean(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
