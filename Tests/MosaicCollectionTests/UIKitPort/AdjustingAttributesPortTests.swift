import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Using the Flow Layout", table 3-1, first scenario: tweak the attributes the flow layout
/// returns. The UIKit recipe: override `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`, call `super`, adjust copies, return them.
///
/// A brick-wall layout: every second line of items is pushed right by half an item.
final class BrickWallLayout: FlowLayout {
  /// How far odd lines move right, in points.
  var shift: Double { itemSize.width / 2 }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // An item drawn in `rect` may sit up to `shift` to the left of it in super's layout.
    let widened = rect.union(rect.offsetBy(dx: -shift, dy: 0))
    return super.layoutAttributesForElements(in: widened).compactMap { attributes in
      let adjusted = adjust(attributes)
      return adjusted.frame.intersects(rect) ? adjusted : nil
    }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    super.layoutAttributesForItem(at: indexPath).map(adjust)
  }

  /// A copy of a cell's attributes, moved when its line is odd; other elements as they are.
  private func adjust(_ attributes: LayoutAttributes) -> LayoutAttributes {
    guard attributes.representedElementCategory == .cell else { return attributes }
    let line = Int((attributes.frame.minY / (itemSize.height + minimumLineSpacing)).rounded())
    guard line % 2 == 1 else { return attributes }
    let copy = attributes.copy()
    copy.center.x += shift
    return copy
  }
}

@MainActor @Suite struct AdjustingAttributesPortTests {
  /// Photos p0… in one album on a 32-column screen: three 8-column photos 2 columns apart a
  /// line, and a right inset of 4 columns that the shifted lines move into.
  func make(photos: Int) -> AlbumsViewController {
    let album = AlbumsViewController.Album(title: "Wall", photos: (0..<photos).map { "p\($0)" })
    let controller = AlbumsViewController(albums: [album], layout: BrickWallLayout())
    let layout = controller.collectionView.collectionViewLayout as? FlowLayout
    layout?.headerReferenceSize = .zero
    layout?.minimumInteritemSpacing = 16
    layout?.sectionInset = EdgeInsets(right: 32)
    return controller
  }

  @Test("the adjusted frames are the ones drawn: odd lines sit half an item to the right")
  func oddLinesAreShifted() {
    let controller = make(photos: 8)
    #expect(
      controller.screen(columns: 32, rows: 3) == """
         p0        p1        p2
             p3        p4        p5
         p6        p7
        """)
  }

  @Test(
    "layoutAttributesForItem(at:) agrees with the rect query, so hit tests and focus use the tweak")
  func itemQueryAgreesWithRectQuery() throws {
    let controller = make(photos: 8)
    let view = controller.collectionView
    _ = controller.screen(columns: 32, rows: 3)
    let fromItem = try #require(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
    let fromRect = try #require(
      view.collectionViewLayout.layoutAttributesForElements(in: view.bounds)?.first {
        $0.indexPath == IndexPath(item: 3, section: 0)
      })
    #expect(fromItem.frame == fromRect.frame)
    #expect(fromItem.frame.minX == 32)
    // The cell drawn at columns 4…11 of row 1 is item 3: a click there selects it.
    #expect(
      view.indexPathForItem(at: Point(x: 4 * 8 + 1, y: 16 + 1)) == IndexPath(item: 3, section: 0))
    _ = controller.handle(.mouse(MouseEvent(action: .press, column: 29, row: 1)))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 5, section: 0)])
    #expect(
      controller.screen(columns: 32, rows: 3).split(separator: "\n")[1]
        == "     p3        p4        [p5]")
  }

  @Test(
    "the original attributes are not touched: super's answer stays where the flow layout put it")
  func superIsNotMutated() throws {
    let controller = make(photos: 8)
    let layout = try #require(controller.collectionView.collectionViewLayout as? BrickWallLayout)
    _ = controller.screen(columns: 32, rows: 3)
    _ = layout.layoutAttributesForElements(in: controller.collectionView.bounds)
    let adjusted = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)))
    let again = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)))
    #expect(adjusted.frame == again.frame)
    #expect(adjusted.frame.minX == 112)
  }
}
