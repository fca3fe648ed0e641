/// A list: one full-width row per item, with optional headers and footers, in a plain or
/// grouped look.
///
/// UIKit: `UICollectionLayoutListConfiguration`, used with `NSCollectionLayoutSection.list(using:
/// layoutEnvironment:)` or `UICollectionViewCompositionalLayout.list(using:)`. Rows are one
/// terminal row (16 points) high unless `itemHeight` says otherwise (UIKit's rows estimate 44
/// points and size themselves); separators, swipe actions and accessories are not drawn here.
public struct LayoutListConfiguration: Hashable, Sendable {
  /// The list's look.
  ///
  /// UIKit: `UICollectionLayoutListConfiguration.Appearance`.
  public enum Appearance: Hashable, Sendable {
    /// Rows edge to edge, headers pinned to the top while their section shows.
    case plain
    /// Rows edge to edge, a blank row after each section, headers scrolling with it.
    case grouped
    /// As `grouped`, inset two columns (16 points) from each side.
    case insetGrouped
  }

  /// Whether sections have headers.
  ///
  /// UIKit: `UICollectionLayoutListConfiguration.HeaderMode` (`.firstItemInSection` is not
  /// offered).
  public enum HeaderMode: Hashable, Sendable {
    /// No headers.
    case none
    /// A header of kind `ElementKind.sectionHeader` on every section.
    case supplementary
  }

  /// Whether sections have footers.
  ///
  /// UIKit: `UICollectionLayoutListConfiguration.FooterMode`.
  public enum FooterMode: Hashable, Sendable {
    /// No footers.
    case none
    /// A footer of kind `ElementKind.sectionFooter` on every section.
    case supplementary
  }

  /// The look.
  ///
  /// UIKit: `appearance`.
  public var appearance: Appearance
  /// Whether sections have headers.
  ///
  /// UIKit: `headerMode`.
  public var headerMode: HeaderMode = .none
  /// Whether sections have footers.
  ///
  /// UIKit: `footerMode`.
  public var footerMode: FooterMode = .none
  /// The height of a row, in points (an estimate, as UIKit's rows are); Mosaic's own.
  public var itemHeight = 16.0
  /// The height of a header or footer, in points; Mosaic's own.
  public var supplementaryHeight = 16.0

  /// A list configuration with `appearance`.
  ///
  /// UIKit: `UICollectionLayoutListConfiguration(appearance:)`.
  public init(appearance: Appearance) {
    self.appearance = appearance
  }
}

extension LayoutSection {
  /// A section laid out as a list.
  ///
  /// UIKit: `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
  public static func list(
    using configuration: LayoutListConfiguration, layoutEnvironment: LayoutEnvironment
  ) -> LayoutSection {
    let size = LayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(configuration.itemHeight))
    let item = LayoutItem(layoutSize: size)
    let section = LayoutSection(group: .horizontal(layoutSize: size, subitems: [item]))
    let plain = configuration.appearance == .plain
    let side = configuration.appearance == .insetGrouped ? 16.0 : 0
    section.contentInsets = DirectionalEdgeInsets(
      top: 0, leading: side, bottom: plain ? 0 : 16, trailing: side)
    let boundarySize = LayoutSize(
      widthDimension: .fractionalWidth(1),
      heightDimension: .absolute(configuration.supplementaryHeight))
    if configuration.headerMode == .supplementary {
      let header = LayoutBoundarySupplementaryItem(
        layoutSize: boundarySize, elementKind: ElementKind.sectionHeader, alignment: .top)
      header.pinToVisibleBounds = plain
      section.boundarySupplementaryItems.append(header)
    }
    if configuration.footerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        LayoutBoundarySupplementaryItem(
          layoutSize: boundarySize, elementKind: ElementKind.sectionFooter, alignment: .bottom))
    }
    return section
  }
}

extension CompositionalLayout {
  /// A layout whose every section is a list.
  ///
  /// UIKit: `UICollectionViewCompositionalLayout.list(using:)`.
  public static func list(using configuration: LayoutListConfiguration) -> CompositionalLayout {
    CompositionalLayout { _, environment in
      LayoutSection.list(using: configuration, layoutEnvironment: environment)
    }
  }
}
