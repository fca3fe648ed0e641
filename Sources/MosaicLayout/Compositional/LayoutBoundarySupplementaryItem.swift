/// A header or footer of a compositional section, optionally pinned to the visible bounds.
///
/// UIKit: `NSCollectionLayoutBoundarySupplementaryItem`. Its width is against the section's
/// width inside its leading and trailing insets (UIKit's default,
/// `supplementariesFollowContentInsets`); its height against the view's. Its index path is
/// (section, 0), as UIKit's.
public final class LayoutBoundarySupplementaryItem: LayoutItem {
  /// The supplementary kind the collection view dequeues a view for.
  ///
  /// UIKit: `elementKind`.
  public let elementKind: String
  /// Which edge of the section it sits on.
  ///
  /// UIKit: `alignment`.
  public let alignment: RectAlignment
  /// Whether it stays in view while any of its section is in view: a pinned header sticks to
  /// the top of the visible bounds until its section's end pushes it up.
  ///
  /// UIKit: `pinToVisibleBounds`.
  public var pinToVisibleBounds = false
  /// Whether it takes room of its own (true) or is drawn over the section's content.
  ///
  /// UIKit: `extendsBoundary`.
  public var extendsBoundary = true
  /// Its stacking order; a pinned item is drawn above the cells it passes over when this is
  /// larger than theirs (0).
  ///
  /// UIKit: `zIndex`.
  public var zIndex = 1

  /// Creates a header (`.top`) or footer (`.bottom`).
  ///
  /// UIKit: `NSCollectionLayoutBoundarySupplementaryItem(layoutSize:elementKind:alignment:)`.
  public init(layoutSize: LayoutSize, elementKind: String, alignment: RectAlignment) {
    self.elementKind = elementKind
    self.alignment = alignment
    super.init(layoutSize: layoutSize)
  }
}
