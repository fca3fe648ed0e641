/// Where a boundary supplementary item sits on its section.
///
/// UIKit: `NSRectAlignment`, reduced to the two edges a vertically scrolling section has.
public enum RectAlignment: Hashable, Sendable {
  /// Above the section's content: a header.
  case top
  /// Below the section's content: a footer.
  case bottom
}
