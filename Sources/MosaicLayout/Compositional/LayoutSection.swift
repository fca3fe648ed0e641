/// One section of a compositional layout: a group repeated for the section's items, with
/// spacing, insets, headers, footers, a background and, optionally, sideways scrolling.
///
/// UIKit: `NSCollectionLayoutSection`.
public final class LayoutSection {
  /// The group repeated until every item of the section is placed.
  ///
  /// UIKit: `NSCollectionLayoutSection(group:)`'s group.
  public let group: LayoutGroup
  /// The space between neighbouring groups.
  ///
  /// UIKit: `interGroupSpacing`.
  public var interGroupSpacing: Double = 0
  /// The room around the section's groups (inside its header and footer).
  ///
  /// UIKit: `contentInsets`.
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// Whether the groups form one row that scrolls sideways, and how it stops.
  ///
  /// UIKit: `orthogonalScrollingBehavior`.
  public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
  /// The section's headers and footers.
  ///
  /// UIKit: `boundarySupplementaryItems`.
  public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
  /// The section's backgrounds.
  ///
  /// UIKit: `decorationItems`.
  public var decorationItems: [LayoutDecorationItem] = []
  /// Whether headers and footers keep to the leading and trailing content insets.
  ///
  /// UIKit: `supplementariesFollowContentInsets` (true by default, as here).
  public var supplementariesFollowContentInsets = true

  /// Creates a section repeating `group`.
  ///
  /// UIKit: `NSCollectionLayoutSection(group:)`.
  public init(group: LayoutGroup) {
    self.group = group
  }
}
