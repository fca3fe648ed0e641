/// What sort of element a set of layout attributes describes.
///
/// UIKit: `UICollectionView.ElementCategory`.
public enum ElementCategory: Hashable, Sendable {
  /// An item's cell.
  case cell
  /// A supplementary view, such as a section header or footer, named by its kind.
  case supplementaryView
  /// A decoration view: drawn by the layout, never configured by the data source.
  case decorationView
}

/// The kinds of supplementary element the flow layout produces.
///
/// UIKit: `UICollectionView.elementKindSectionHeader` and `elementKindSectionFooter`.
public enum ElementKind {
  /// A section header's kind, `"header"`.
  public static let sectionHeader = "header"
  /// A section footer's kind, `"footer"`.
  public static let sectionFooter = "footer"
}
