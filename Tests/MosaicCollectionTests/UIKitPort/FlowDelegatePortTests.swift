import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Using the Flow Layout", sizing items and sections through the delegate: the methods of
/// `UICollectionViewDelegateFlowLayout`, ported by changing only the type names.
final class TagsViewController: CollectionViewController, CollectionViewDataSource {
  var sections: [[String]]
  var asked: [String] = []

  init(sections: [[String]]) {
    self.sections = sections
    super.init(collectionViewLayout: FlowLayout())
    collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "tag")
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  func screen(columns: Int = 30, rows: Int) -> String {
    let surface = MemorySurface(columns: columns, rows: rows)
    draw(into: surface)
    return surface.text
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      PhotoCell.self, withReuseIdentifier: "tag", for: indexPath)
    cell.name = sections[indexPath.section][indexPath.item]
    return cell
  }
}

// UICollectionViewDelegateFlowLayout, adopted in an extension as UIKit code does.
extension TagsViewController: CollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    asked.append("size \(indexPath.section).\(indexPath.item)")
    // One column of margin, then the tag: 8 points a column, 16 a row.
    return Size(
      width: Double(sections[indexPath.section][indexPath.item].count + 1) * 8, height: 16)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    EdgeInsets(top: 0, left: 0, bottom: 16, right: 0)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double { 8 }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double { 0 }
}

@MainActor @Suite struct FlowDelegatePortTests {
  @Test("sizes, insets and spacing come from the delegate methods UIKit names")
  func delegateSizesTheItems() {
    let controller = TagsViewController(sections: [
      ["swift", "uikit", "terminal", "ncurses", "flow", "layout"], ["a", "bb"],
    ])
    let screen = controller.screen(rows: 4)
    #expect(controller.asked.contains("size 0.2"))
    #expect(
      screen == """
         swift      uikit     terminal
         ncurses  flow  layout

         a  bb
        """)
  }

  @Test(
    "the same object is the collection view's delegate and the flow layout's: selection still works"
  )
  func oneObjectIsBothDelegates() {
    let controller = TagsViewController(sections: [["swift", "uikit"]])
    _ = controller.screen(rows: 2)
    controller.collectionView.pressItem(at: IndexPath(item: 1, section: 0))
    #expect(
      controller.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
  }
}
