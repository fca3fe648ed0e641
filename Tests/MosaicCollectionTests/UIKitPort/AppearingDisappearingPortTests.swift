import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Using the Flow Layout", table 3-1, fourth scenario: say where inserted items start and
/// deleted items end. The UIKit recipe: note the batch's changes in
/// `prepare(forCollectionViewUpdates:)` (calling `super`), answer
/// `initialLayoutAttributesForAppearingItem(at:)` and `finalLayoutAttributesForDisappearingItem(at:)`
/// for those items, and forget them in `finalizeCollectionViewUpdates()`.
///
/// A drop-in layout: inserted items fall in from one line above, deleted ones shrink to their
/// centre, both transparent.
final class DropInLayout: FlowLayout {
  private var inserted: Set<IndexPath> = []
  private var deleted: Set<IndexPath> = []
  /// What the layout was told, as `CollectionViewUpdateItem.description`s.
  var heard: [String] = []
  /// The answers an animation would read while the batch runs, taken just before it ends.
  var appearing: [IndexPath: LayoutAttributes] = [:]
  var disappearing: [IndexPath: LayoutAttributes] = [:]

  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    heard = updateItems.map(\.description)
    for update in updateItems {
      switch update.updateAction {
      case .insert: update.indexPathAfterUpdate.map { _ = inserted.insert($0) }
      case .delete: update.indexPathBeforeUpdate.map { _ = deleted.insert($0) }
      default: break
      }
    }
  }

  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    guard inserted.contains(itemIndexPath), let start = attributes?.copy() else {
      return attributes
    }
    start.center.y -= itemSize.height + minimumLineSpacing
    start.alpha = 0
    return start
  }

  override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  {
    let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    guard deleted.contains(itemIndexPath), let end = attributes?.copy() else { return attributes }
    end.size = .zero
    end.alpha = 0
    return end
  }

  override func finalizeCollectionViewUpdates() {
    for path in inserted { appearing[path] = initialLayoutAttributesForAppearingItem(at: path) }
    for path in deleted { disappearing[path] = finalLayoutAttributesForDisappearingItem(at: path) }
    inserted = []
    deleted = []
    super.finalizeCollectionViewUpdates()
  }
}

@MainActor @Suite struct AppearingDisappearingPortTests {
  func make() -> (AlbumsViewController, DropInLayout) {
    let album = AlbumsViewController.Album(title: "Roll", photos: ["a", "b", "c", "d", "e"])
    let layout = DropInLayout()
    let controller = AlbumsViewController(albums: [album], layout: layout)
    layout.headerReferenceSize = .zero
    return (controller, layout)
  }

  @Test("the layout hears each batch in UIKit's order: deletes descending, then inserts ascending")
  func theLayoutHearsTheBatch() {
    let (controller, layout) = make()
    let view = controller.collectionView
    _ = controller.screen(rows: 3)
    view.performBatchUpdates(
      {
        controller.albums[0].photos = ["a", "new", "c", "e", "end"]
        view.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
        view.insertItems(at: [IndexPath(item: 4, section: 0), IndexPath(item: 1, section: 0)])
      }, completion: nil)
    #expect(
      layout.heard == [
        "delete [0, 3] → -", "delete [0, 1] → -", "insert - → [0, 1]", "insert - → [0, 4]",
      ])
    #expect(
      controller.screen(rows: 2) == """
         a          new        c
         e          end
        """)
  }

  @Test(
    "inserted items start a line higher, transparent; deleted ones end at their old centre, shrunk")
  func initialAndFinalAttributes() throws {
    let (controller, layout) = make()
    let view = controller.collectionView
    _ = controller.screen(rows: 3)
    let oldFrameOfB = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
      .frame
    view.performBatchUpdates {
      controller.albums[0].photos.remove(at: 1)
      controller.albums[0].photos.append("f")
      view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      view.insertItems(at: [IndexPath(item: 4, section: 0)])
    }
    let start = try #require(layout.appearing[IndexPath(item: 4, section: 0)])
    let landed = try #require(view.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)))
    #expect(start.alpha == 0)
    #expect(start.frame == landed.frame.offsetBy(dx: 0, dy: -16))
    let end = try #require(layout.disappearing[IndexPath(item: 1, section: 0)])
    #expect(end.alpha == 0 && end.size == .zero)
    #expect(end.center == Point(x: oldFrameOfB.midX, y: oldFrameOfB.midY))
    // Items the batch did not insert get the flow layout's own answer.
    #expect(
      layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 0, section: 0))?.alpha == 0
    )
  }
}
