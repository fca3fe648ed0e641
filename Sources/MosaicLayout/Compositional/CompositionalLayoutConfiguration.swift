/// What a compositional layout applies across its sections.
///
/// UIKit: `UICollectionViewCompositionalLayoutConfiguration`. Mosaic's compositional layout
/// scrolls vertically (sections stack downward; a section may scroll sideways on its own), so
/// `scrollDirection` has no horizontal setting yet.
public struct CompositionalLayoutConfiguration: Hashable, Sendable {
  /// The space between neighbouring sections.
  ///
  /// UIKit: `interSectionSpacing`.
  public var interSectionSpacing: Double = 0

  /// The default configuration: no spacing between sections.
  ///
  /// UIKit: `UICollectionViewCompositionalLayoutConfiguration()`.
  public init() {}
}
