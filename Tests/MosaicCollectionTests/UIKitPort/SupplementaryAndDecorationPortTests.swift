import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Using the Flow Layout", table 3-1, second scenario: add supplementary and decoration views.
/// The UIKit recipe: override `layoutAttributesForElements(in:)` to append the new elements'
/// attributes to super's, answer `layoutAttributesForSupplementaryView(ofKind:at:)` for the new
/// kind (the data source supplies its views), and register a class for the decoration kind
/// (no data source involved).
///
/// A shelf layout: a count badge at the right end of each section header (supplementary) and a
/// shelf under each line of photos (decoration, below the cells).
final class ShelfLayout: FlowLayout {
  static let shelfKind = "shelf"

  /// Items in one line, from the width the items share.
  var itemsPerLine: Int {
    let width = collectionView?.bounds.width ?? 0
    let available = width - sectionInset.left - sectionInset.right
    return max(
      1, Int((available + minimumInteritemSpacing) / (itemSize.width + minimumInteritemSpacing)))
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // A shelf lies just below its line: look one line spacing above the rect for its items.
    let probe = rect.union(rect.offsetBy(dx: 0, dy: -minimumLineSpacing))
    let found = super.layoutAttributesForElements(in: probe)
    var result = found.filter { $0.frame.intersects(rect) }
    var lines: [IndexPath] = []
    for attributes in found {
      let path = attributes.indexPath
      switch (attributes.representedElementCategory, attributes.representedElementKind) {
      case (.cell, _):
        let line = IndexPath(item: path.item / itemsPerLine, section: path.section)
        if lines.last != line { lines.append(line) }
      case (.supplementaryView, ElementKind.sectionHeader?):
        if let badge = layoutAttributesForSupplementaryView(ofKind: BadgeView.kind, at: path),
          badge.frame.intersects(rect)
        {
          result.append(badge)
        }
      default: break
      }
    }
    for line in lines {
      if let shelf = layoutAttributesForDecorationView(ofKind: Self.shelfKind, at: line),
        shelf.frame.intersects(rect)
      {
        result.append(shelf)
      }
    }
    return result
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == BadgeView.kind else {
      return super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
    guard
      let header = super.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: indexPath)
    else { return nil }
    let badge = LayoutAttributes(
      forSupplementaryViewOfKind: kind, with: indexPath,
      frame: Rect(
        x: header.frame.maxX - 40, y: header.frame.minY, width: 40, height: header.frame.height))
    badge.zIndex = header.zIndex + 1
    return badge
  }

  /// The shelf under line `line.item` of section `line.section`: as wide as the content, as
  /// tall as the line spacing, below the cells.
  override func layoutAttributesForDecorationView(ofKind kind: String, at line: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == Self.shelfKind else {
      return super.layoutAttributesForDecorationView(ofKind: kind, at: line)
    }
    let first = IndexPath(item: line.item * itemsPerLine, section: line.section)
    guard let item = super.layoutAttributesForItem(at: first) else { return nil }
    let shelf = LayoutAttributes(
      forDecorationViewOfKind: Self.shelfKind, with: line,
      frame: Rect(
        x: 0, y: item.frame.maxY, width: collectionView?.bounds.width ?? 0,
        height: minimumLineSpacing))
    shelf.zIndex = -1
    return shelf
  }
}

/// The shelf: a row of "▔".
final class ShelfView: ReusableView {
  override func draw(in canvas: Canvas) { canvas.fill(with: "▔") }
}

@MainActor @Suite struct SupplementaryAndDecorationPortTests {
  static let albums = [
    AlbumsViewController.Album(title: "Trips", photos: ["alps", "bay", "cliff", "dune", "elm"]),
    AlbumsViewController.Album(title: "Pets", photos: ["cat", "dog"]),
  ]

  func make() -> AlbumsViewController {
    let layout = ShelfLayout()
    let controller = AlbumsViewController(albums: Self.albums, layout: layout)
    layout.minimumLineSpacing = 16
    // As in UIKit, the layout registers its decoration class (no data source makes shelves).
    layout.register(ShelfView.self, forDecorationViewOfKind: ShelfLayout.shelfKind)
    return controller
  }

  @Test(
    "badges come from the data source, shelves from their registered class, each where the layout puts it"
  )
  func badgesAndShelvesAreDrawn() {
    let controller = make()
    #expect(
      controller.screen(rows: 8) == """
        ── Trips ────────────────  (5)
         alps       bay        cliff
        ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔
         dune       elm
        ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔
        ── Pets ─────────────────  (2)
         cat        dog
        ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔
        """)
    let view = controller.collectionView
    let badges = view.visibleSupplementaryViews(ofKind: BadgeView.kind).compactMap {
      $0 as? BadgeView
    }
    #expect(badges.map(\.count).sorted() == [2, 5])
    let shelf = controller.collectionView.collectionViewLayout.layoutAttributesForDecorationView(
      ofKind: ShelfLayout.shelfKind, at: IndexPath(item: 1, section: 0))
    #expect(shelf?.frame == Rect(x: 0, y: 64, width: 240, height: 16))
    #expect(
      view.layoutAttributesForSupplementaryElement(
        ofKind: BadgeView.kind, at: IndexPath(item: 0, section: 1))?
        .frame == Rect(x: 200, y: 80, width: 40, height: 16))
  }

  @Test("a shelf whose photos are scrolled off is still drawn while it is in view")
  func shelfBelowAnOffscreenLine() {
    let controller = make()
    _ = controller.screen(rows: 3)
    controller.collectionView.contentOffset = Point(x: 0, y: 32)
    #expect(
      controller.screen(rows: 3) == """
        ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔
         dune       elm
        ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔
        """)
  }
}
