import Foundation
import MosaicCollection
import Testing

/// "Collection View Basics", inserting, deleting and moving items: the model changes first,
/// then the view is told inside `performBatchUpdates`, written as UIKit code writes it — with
/// `completion: nil` or a trailing closure alone.
@MainActor @Suite struct BatchUpdatesPortTests {
  static let albums = [
    AlbumsViewController.Album(title: "Trips", photos: ["alps", "bay", "cliff", "dune", "elm"]),
    AlbumsViewController.Album(title: "Pets", photos: ["cat", "dog"]),
  ]

  @Test("the guide's listing: delete the selected items in a batch with completion: nil")
  func deleteSelectedItems() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    view.allowsMultipleSelection = true
    _ = controller.screen(rows: 6)
    view.pressItem(at: IndexPath(item: 1, section: 0))
    view.pressItem(at: IndexPath(item: 3, section: 0))
    view.performBatchUpdates(
      {
        let itemPaths = view.indexPathsForSelectedItems
        // Delete the items from the data source (highest first, so indexes stay valid)...
        for path in itemPaths.sorted(by: >) {
          controller.albums[path.section].photos.remove(at: path.item)
        }
        // ...then from the collection view.
        view.deleteItems(at: itemPaths)
      }, completion: nil)
    #expect(view.numberOfItems(inSection: 0) == 3)
    #expect(view.indexPathsForSelectedItems.isEmpty)
    #expect(
      controller.screen(rows: 6) == """
        ── Trips ─────────────────────
         alps       cliff      elm

        ── Pets ──────────────────────
         cat        dog

        """)
  }

  @Test("insert with a trailing closure alone: the new photos appear where the model has them")
  func insertWithTrailingClosure() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    _ = controller.screen(rows: 6)
    view.performBatchUpdates {
      controller.albums[1].photos.insert("ant", at: 0)
      controller.albums[1].photos.append("emu")
      view.insertItems(at: [IndexPath(item: 0, section: 1), IndexPath(item: 3, section: 1)])
    }
    #expect(view.numberOfItems(inSection: 1) == 4)
    #expect(
      controller.screen(rows: 7) == """
        ── Trips ─────────────────────
         alps       bay        cliff
         dune       elm

        ── Pets ──────────────────────
         ant        cat        dog
         emu
        """)
  }

  @Test("a move and a delete in one batch: sources are old paths, destinations new ones")
  func moveAndDeleteInOneBatch() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    _ = controller.screen(rows: 6)
    // "elm" is selected, and its selection moves with it.
    view.pressItem(at: IndexPath(item: 4, section: 0))
    view.performBatchUpdates(
      {
        // Old: alps bay cliff dune elm. Delete "bay" (old 1), move "elm" (old 4) to the front.
        controller.albums[0].photos = ["elm", "alps", "cliff", "dune"]
        view.deleteItems(at: [IndexPath(item: 1, section: 0)])
        view.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 0, section: 0))
      }, completion: nil)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    #expect(
      controller.screen(rows: 3) == """
        ── Trips ─────────────────────
         [elm]      alps       cliff
         dune
        """)
  }

  @Test("a batch the model does not match is reported, and the completion hears false")
  func inconsistentBatchIsReported() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    _ = controller.screen(rows: 6)
    var finished: Bool?
    view.performBatchUpdates(
      {
        controller.albums[1].photos.append("emu")  // the model changes, the view is not told
      },
      completion: { finished = $0 })
    #expect(finished == false)
    #expect(view.lastUpdateError != nil)
    // The view reloaded: it shows the model as it is.
    #expect(controller.screen(rows: 6).split(separator: "\n").last == " cat        dog        emu")
  }

  @Test("section updates in a batch: delete an album, insert one, with completion: nil")
  func insertAndDeleteSections() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    _ = controller.screen(rows: 6)
    view.performBatchUpdates(
      {
        controller.albums.remove(at: 1)
        controller.albums.insert(.init(title: "New", photos: ["n1", "n2"]), at: 0)
        view.deleteSections([1])
        view.insertSections([0])
      }, completion: nil)
    #expect(view.numberOfSections == 2)
    #expect(
      controller.screen(rows: 6) == """
        ── New ───────────────────────
         n1         n2

        ── Trips ─────────────────────
         alps       bay        cliff
         dune       elm
        """)
  }

  @Test("a moved section keeps its selection; an item inserted into it names its new section")
  func moveSectionWithAnItemInsert() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    _ = controller.screen(rows: 6)
    view.pressItem(at: IndexPath(item: 1, section: 1))  // "dog"
    view.performBatchUpdates {
      let pets = controller.albums.remove(at: 1)
      controller.albums.insert(pets, at: 0)
      controller.albums[0].photos.insert("ant", at: 0)
      view.moveSection(1, toSection: 0)
      view.insertItems(at: [IndexPath(item: 0, section: 0)])
    }
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    #expect(
      controller.screen(rows: 2) == """
        ── Pets ──────────────────────
         ant        cat        [dog]
        """)
  }

  @Test("reloadSections asks the data source again for the section's header and items")
  func reloadSection() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    _ = controller.screen(rows: 6)
    controller.albums[1] = .init(title: "Cats", photos: ["tom", "kit", "max"])
    view.reloadSections([1])
    #expect(
      controller.screen(rows: 6).split(separator: "\n").suffix(2) == [
        "── Cats ──────────────────────", " tom        kit        max",
      ])
  }
}
