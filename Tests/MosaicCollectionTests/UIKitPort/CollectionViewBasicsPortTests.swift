import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Collection View Basics", ported: registration and dequeuing, a data source over an array of
/// sections with headers, and the delegate's highlight and selection flows, checked on the
/// screen as a UIKit developer checks them on the device.
@MainActor @Suite struct CollectionViewBasicsPortTests {
  static let albums = [
    AlbumsViewController.Album(title: "Trips", photos: ["alps", "bay", "cliff", "dune", "elm"]),
    AlbumsViewController.Album(title: "Pets", photos: ["cat", "dog"]),
  ]

  @Test("the controller takes the data source and delegate roles it adopts, as UIKit's does")
  func controllerIsDataSourceAndDelegate() {
    let controller = AlbumsViewController(albums: Self.albums)
    #expect(controller.collectionView.dataSource === controller)
    #expect(controller.collectionView.delegate === controller)
    #expect(controller.collectionViewLayout === controller.collectionView.collectionViewLayout)
    // A plain controller adopts neither, and takes neither role.
    let plain = CollectionViewController(collectionViewLayout: FlowLayout())
    #expect(plain.collectionView.dataSource == nil && plain.collectionView.delegate == nil)
  }

  @Test("the data source's sections, items and headers reach the screen through dequeued views")
  func sectionsItemsAndHeaders() {
    let controller = AlbumsViewController(albums: Self.albums)
    #expect(
      controller.screen(rows: 6) == """
        ── Trips ─────────────────────
         alps       bay        cliff
         dune       elm

        ── Pets ──────────────────────
         cat        dog
        """)
    #expect(controller.collectionView.numberOfSections == 2)
    #expect(controller.collectionView.numberOfItems(inSection: 0) == 5)
    let header = controller.collectionView.supplementaryView(
      forElementKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 1))
    #expect((header as? AlbumHeader)?.title == "Pets")
    #expect(controller.collectionView.visibleCells.count == 7)
  }

  @Test(
    "a tap: shouldHighlight, didHighlight, shouldSelect, didUnhighlight, didSelect, in UIKit's order"
  )
  func tapOrder() {
    let controller = AlbumsViewController(albums: Self.albums)
    _ = controller.screen(rows: 8)
    controller.collectionView.pressItem(at: IndexPath(item: 1, section: 0))
    #expect(
      controller.events == [
        "shouldHighlight 0.1", "didHighlight 0.1", "shouldSelect 0.1", "didUnhighlight 0.1",
        "didSelect 0.1",
      ])
    #expect(
      controller.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(controller.screen(rows: 3).split(separator: "\n")[1] == " alps       [bay]      cliff")
  }

  @Test("the highlight shows while the press is down, as the guide's didHighlight listing draws it")
  func highlightWhilePressed() {
    let controller = AlbumsViewController(albums: Self.albums)
    controller.collectionView.mouseReleasesAreReported = true
    _ = controller.screen(rows: 8)
    // Press on "cliff" (row 1, columns 22…29) and hold.
    _ = controller.handle(.mouse(MouseEvent(action: .press, column: 23, row: 1)))
    #expect(controller.screen(rows: 3).split(separator: "\n")[1] == " alps       bay       *cliff")
    #expect(controller.events == ["shouldHighlight 0.2", "didHighlight 0.2"])
    // Released elsewhere: only the highlight goes, nothing is selected.
    _ = controller.handle(.mouse(MouseEvent(action: .release, column: 1, row: 5)))
    #expect(controller.events.last == "didUnhighlight 0.2")
    #expect(controller.collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(controller.screen(rows: 3).split(separator: "\n")[1] == " alps       bay        cliff")
  }

  @Test("single selection moves; a refused item stays unselected; multiple selection toggles")
  func selectionFlows() {
    let controller = AlbumsViewController(albums: Self.albums)
    let view = controller.collectionView
    _ = controller.screen(rows: 8)
    view.pressItem(at: IndexPath(item: 0, section: 0))
    view.pressItem(at: IndexPath(item: 1, section: 1))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 1)])
    #expect(controller.events.contains("didDeselect 0.0"))

    controller.unselectable = [IndexPath(item: 0, section: 1)]
    view.pressItem(at: IndexPath(item: 0, section: 1))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 1)])

    view.allowsMultipleSelection = true
    controller.events = []
    view.pressItem(at: IndexPath(item: 4, section: 0))
    view.pressItem(at: IndexPath(item: 1, section: 1))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    #expect(
      controller.events.filter { $0.hasPrefix("did") && !$0.contains("light") } == [
        "didSelect 0.4", "didDeselect 1.1",
      ])
    #expect(controller.screen(rows: 8).split(separator: "\n")[2] == " dune       [elm]")
  }

  @Test("keys drive the same flow: arrows move the focus, Enter taps the focused item")
  func keyboardTap() {
    let controller = AlbumsViewController(albums: Self.albums)
    _ = controller.screen(rows: 8)
    _ = controller.handle(.key(.down))  // the first press focuses the first visible item
    _ = controller.handle(.key(.right))
    _ = controller.handle(.key(.enter))
    #expect(
      controller.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(controller.events.last == "didSelect 0.1")
    #expect(controller.handle(.key(.character("q"))) == .quit)
  }

  @Test("cells scrolled away are reused for the items that arrive, reconfigured by the data source")
  func reuseAcrossScrolling() {
    let many = [
      AlbumsViewController.Album(title: "Roll", photos: (0..<60).map { "p\($0)" })
    ]
    let controller = AlbumsViewController(albums: many)
    _ = controller.screen(rows: 5)
    let created = controller.collectionView.statistics.viewsCreated
    controller.collectionView.scrollToItem(at: IndexPath(item: 59, section: 0), at: .bottom)
    #expect(
      controller.screen(rows: 5) == """
         p45        p46        p47
         p48        p49        p50
         p51        p52        p53
         p54        p55        p56
         p57        p58        p59
        """)
    #expect(controller.collectionView.statistics.viewsCreated <= created + 3)
  }
}
