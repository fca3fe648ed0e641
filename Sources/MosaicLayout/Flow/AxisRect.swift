/// A rectangle in the flow layout's own axes: `line` runs along a line (the axis that does
/// not scroll), `scroll` along the scrolling axis.
///
/// The engine computes every frame in these terms and transposes once, at the end, so
/// horizontal scrolling is the exact transposition of vertical scrolling (flow-layout.md
/// rule 11) with no second code path to drift.
struct AxisRect: Equatable {
  /// The position on the line axis.
  var line: Double
  /// The position on the scroll axis.
  var scroll: Double
  /// The extent on the line axis.
  var length: Double
  /// The extent on the scroll axis.
  var thickness: Double
}
