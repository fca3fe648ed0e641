import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Using the Flow Layout", configured as the chapter's steps say: item size, line and
/// interitem spacing, section insets, header and footer sizes, scroll direction, pinned headers.
@MainActor @Suite struct FlowLayoutPortTests {
  static let albums = [
    AlbumsViewController.Album(title: "Trips", photos: ["alps", "bay", "cliff", "dune", "elm"]),
    AlbumsViewController.Album(title: "Pets", photos: ["cat", "dog"]),
  ]

  func make(_ configure: (FlowLayout) -> Void) -> AlbumsViewController {
    let layout = FlowLayout()
    let controller = AlbumsViewController(albums: Self.albums, layout: layout)
    configure(layout)
    controller.collectionView.invalidateLayout()
    return controller
  }

  @Test("line spacing separates lines, interitem spacing is the least gap, insets pad each section")
  func spacingAndInsets() {
    let controller = make { layout in
      layout.minimumLineSpacing = 16
      layout.minimumInteritemSpacing = 8
      layout.sectionInset = EdgeInsets(top: 0, left: 16, bottom: 16, right: 16)
      layout.headerReferenceSize = .zero
    }
    // 30 columns less 2 + 2 of inset leave 26: three 8-column photos and two gaps of one.
    #expect(
      controller.screen(rows: 5) == """
           alps     bay      cliff

           dune     elm

           cat      dog
        """)
  }

  @Test("header and footer reference sizes: only the height counts when scrolling vertically")
  func headerAndFooterSizes() {
    let controller = make { layout in
      layout.headerReferenceSize = Size(width: 8, height: 16)  // the width is ignored
      layout.footerReferenceSize = Size(width: 0, height: 16)
      layout.sectionInset = .zero
    }
    controller.collectionView.register(
      AlbumHeader.self, forSupplementaryViewOfKind: ElementKind.sectionFooter,
      withReuseIdentifier: AlbumsViewController.albumHeaderID)
    #expect(
      controller.screen(rows: 7) == """
        ── Trips ─────────────────────
         alps       bay        cliff
         dune       elm
        ── Trips ─────────────────────
        ── Pets ──────────────────────
         cat        dog
        ── Pets ──────────────────────
        """)
  }

  @Test("a horizontal flow fills columns top to bottom and scrolls sideways")
  func horizontalScrolling() {
    let controller = make { layout in
      layout.scrollDirection = .horizontal
      layout.headerReferenceSize = .zero
      layout.minimumLineSpacing = 16
      layout.minimumInteritemSpacing = 0
      layout.sectionInset = EdgeInsets(right: 16)
    }
    #expect(
      controller.screen(rows: 2) == """
         alps      cliff     elm
         bay       dune
        """)
    // 40 columns of content (8-column photos, 2-column line spacing and right insets) in 30.
    #expect(controller.collectionView.contentSize.width == 320)
    controller.collectionView.scrollToItem(at: IndexPath(item: 1, section: 1), at: .right)
    #expect(controller.collectionView.contentOffset.x == 64)
    #expect(
      controller.screen(rows: 2) == """
           cliff     elm       cat
           dune                dog
        """)
  }

  @Test("pinned headers stay at the top while their section scrolls under them")
  func pinnedHeaders() {
    let many = [
      AlbumsViewController.Album(title: "Roll", photos: (0..<30).map { "p\($0)" }),
      AlbumsViewController.Album(title: "Pets", photos: ["cat", "dog"]),
    ]
    let layout = FlowLayout()
    let controller = AlbumsViewController(albums: many, layout: layout)
    layout.sectionHeadersPinToVisibleBounds = true
    _ = controller.screen(rows: 4)
    controller.collectionView.contentOffset = Point(x: 0, y: 5 * 16)
    #expect(
      controller.screen(rows: 4) == """
        ── Roll ──────────────────────
         p15        p16        p17
         p18        p19        p20
         p21        p22        p23
        """)
  }
}
