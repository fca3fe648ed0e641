import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Collection View Basics", changing the layout: a new layout object handed to
/// `setCollectionViewLayout(_:animated:completion:)`, and scrolling written with `animated:`.
@MainActor @Suite struct LayoutTransitionPortTests {
  static let albums = [
    AlbumsViewController.Album(title: "Trips", photos: ["alps", "bay", "cliff", "dune", "elm"])
  ]

  @Test("a new layout takes over at once; the completion hears true before the call returns")
  func setLayoutWithCompletion() {
    let controller = AlbumsViewController(albums: Self.albums)
    _ = controller.screen(rows: 3)
    let list = FlowLayout()
    list.itemSize = Size(width: 240, height: 16)
    list.minimumLineSpacing = 0
    var finished: Bool?
    controller.collectionView.setCollectionViewLayout(list, animated: true) { finished = $0 }
    #expect(finished == true)
    #expect(controller.collectionView.collectionViewLayout === list)
    #expect(
      controller.screen(rows: 5) == """
         alps
         bay
         cliff
         dune
         elm
        """)
    // The two-argument form, as UIKit code without a completion writes it.
    controller.collectionView.setCollectionViewLayout(FlowLayout(), animated: false)
    #expect(controller.collectionView.collectionViewLayout !== list)
  }

  @Test("scrollToItem(at:at:animated:) scrolls as UIKit code asks, at once")
  func scrollAnimated() {
    let roll = [AlbumsViewController.Album(title: "Roll", photos: (0..<30).map { "p\($0)" })]
    let controller = AlbumsViewController(albums: roll)
    _ = controller.screen(rows: 3)
    controller.collectionView.scrollToItem(
      at: IndexPath(item: 29, section: 0), at: .bottom, animated: true)
    #expect(controller.screen(rows: 3).split(separator: "\n").last == " p27        p28        p29")
  }

  @Test("setContentOffset(_:animated:) moves the content as UIKit code asks, clamped, at once")
  func setContentOffsetAnimated() {
    let roll = [AlbumsViewController.Album(title: "Roll", photos: (0..<30).map { "p\($0)" })]
    let controller = AlbumsViewController(albums: roll)
    _ = controller.screen(rows: 3)
    let view = controller.collectionView
    view.setContentOffset(Point(x: 0, y: 1e9), animated: true)
    #expect(view.contentOffset == view.maximumContentOffset)
    #expect(controller.screen(rows: 3).split(separator: "\n").last == " p27        p28        p29")
  }
}
