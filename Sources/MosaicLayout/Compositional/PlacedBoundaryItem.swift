/// A header, footer or background as placed in its section, before pinning and sideways
/// scrolling.
struct PlacedBoundaryItem {
  /// The supplementary or decoration kind.
  var kind: String
  /// Where it sits when nothing pins it, relative to its section's start (y from the section's
  /// top), so that sections alike share one array of these.
  var frame: Rect
  /// Its stacking order.
  var zIndex: Int
  /// Whether it sticks to the visible bounds (headers to the top, footers to the bottom).
  var isPinned: Bool
  /// Whether it is a footer (pinned to the bottom) rather than a header.
  var isFooter: Bool
}
