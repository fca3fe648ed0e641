/// A view drawn behind a section: its background.
///
/// UIKit: `NSCollectionLayoutDecorationItem`. A background covers the section's content with
/// its insets (between its header and footer, across the whole view's width), less the
/// decoration's own `contentInsets`; register its view class on the layout with
/// `register(_:forDecorationViewOfKind:)`. Its index path is (section, 0).
public final class LayoutDecorationItem: LayoutItem {
  /// The decoration kind the view class is registered under.
  ///
  /// UIKit: `elementKind`.
  public let elementKind: String
  /// Its stacking order; -1 by default, so it is drawn below the cells.
  ///
  /// UIKit: `zIndex` (UIKit's default is 0, with backgrounds drawn below cells regardless).
  public var zIndex = -1

  init(elementKind: String) {
    self.elementKind = elementKind
    super.init(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
  }

  /// A background for a section.
  ///
  /// UIKit: `NSCollectionLayoutDecorationItem.background(elementKind:)`.
  public static func background(elementKind: String) -> LayoutDecorationItem {
    LayoutDecorationItem(elementKind: elementKind)
  }
}
