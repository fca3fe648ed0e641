import MosaicCollection
import MosaicLayout
import Testing

// A screen written as an iOS 13 app writes one: a controller subclass builds a compositional
// layout with a section provider (a row of cards paging sideways over a list with a pinned
// header), registers its cells and header, and is its own data source.

/// A card: a box with its title.
final class StoreCardCell: CollectionViewCell {
  var title = ""

  override func draw(in canvas: Canvas) {
    canvas.box(style: TextStyle(attributes: stateAttributes))
    canvas.text(title, column: 1, row: 1, maxWidth: canvas.columns - 2)
  }
}

/// A list row or a header: one line of text.
final class StoreLineCell: CollectionViewCell {
  var title = ""

  override func draw(in canvas: Canvas) {
    canvas.text(title, column: 0, row: 0, style: TextStyle(attributes: stateAttributes))
  }
}

/// A header: one line of text.
final class StoreHeaderView: ReusableView {
  var title = ""

  override func draw(in canvas: Canvas) {
    canvas.text(title, column: 0, row: 0)
  }
}

@MainActor final class StoreController: CollectionViewController, CollectionViewDataSource {
  init() {
    super.init(collectionViewLayout: StoreController.makeLayout())
    collectionView.register(StoreCardCell.self, forCellWithReuseIdentifier: "card")
    collectionView.register(StoreLineCell.self, forCellWithReuseIdentifier: "line")
    collectionView.register(
      StoreHeaderView.self, forSupplementaryViewOfKind: ElementKind.sectionHeader,
      withReuseIdentifier: "header")
    collectionView.dataSource = self
  }

  /// Cards of 12 × 3 cells (96 × 48 points), 2 columns apart, inset 2 columns, paging by card;
  /// then a list of one-row items under a pinned one-row header.
  static func makeLayout() -> CompositionalLayout {
    CompositionalLayout { sectionIndex, environment in
      if sectionIndex == 0 {
        let item = LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(widthDimension: .absolute(96), heightDimension: .absolute(48)),
          subitems: [item])
        let section = LayoutSection(group: group)
        section.interGroupSpacing = 16
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        section.orthogonalScrollingBehavior = .groupPaging
        return section
      }
      var configuration = LayoutListConfiguration(appearance: .plain)
      configuration.headerMode = .supplementary
      return LayoutSection.list(using: configuration, layoutEnvironment: environment)
    }
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { 2 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    section == 0 ? 8 : 20
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    if indexPath.section == 0 {
      let cell = collectionView.dequeueReusableCell(
        StoreCardCell.self, withReuseIdentifier: "card", for: indexPath)
      cell.title = "Card \(indexPath.item)"
      return cell
    }
    let cell = collectionView.dequeueReusableCell(
      StoreLineCell.self, withReuseIdentifier: "line", for: indexPath)
    cell.title = "Song \(indexPath.item)"
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      StoreHeaderView.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    header.title = "Top Charts"
    return header
  }
}

@Suite @MainActor struct CompositionalClientTests {
  /// The row: card `i` starts at 16 + 112 i − offset points (column 2 + 14 i − offset / 8);
  /// it is 16 + 8 × 96 + 7 × 16 + 16 = 912 wide, so it scrolls up to 592 in a 320-point view.
  /// The list's header is at y 48 (row 3), its rows from y 64 (row 4).
  @Test func aSidewaysRowScrollsUnderTheFocusAndTheListBelowScrollsDown() throws {
    let controller = StoreController()
    let screen = MemorySurface(columns: 40, rows: 10)
    controller.draw(into: screen)
    let view = controller.collectionView
    let layout = try #require(view.collectionViewLayout as? CompositionalLayout)
    func cards() -> [Int] { view.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) }
    func songs() -> [Int] { view.indexPathsForVisibleItems.filter { $0.section == 1 }.map(\.item) }
    #expect(cards() == [0, 1, 2])  // card 2 spans 240–336: cut by the edge
    #expect(songs() == [0, 1, 2, 3, 4, 5])
    let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1].hasPrefix("  │Card 0"))
    #expect(lines[3] == "Top Charts")
    #expect(lines[4] == "Song 0")

    // The first key focuses card 0; right moves along the row; card 2 does not fit whole, so
    // the row pages to its group: offset 2 × 112 = 224, cards 2, 3 and 4 (from 240) show.
    _ = controller.handle(.key(.down))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
    _ = controller.handle(.key(.right))
    #expect(layout.orthogonalContentOffset(inSection: 0) == 0)
    _ = controller.handle(.key(.right))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 2, section: 0))
    #expect(layout.orthogonalContentOffset(inSection: 0) == 224)
    #expect(cards() == [2, 3, 4])
    controller.draw(into: screen)
    #expect(screen.text.split(separator: "\n")[1].hasPrefix("  │Card 2"))
    #expect(view.contentOffset.y == 0)  // the page did not move

    // Right to the last card: the row stops at its end (592), and right again stays.
    for _ in 0..<5 { _ = controller.handle(.key(.right)) }
    #expect(view.indexPathForFocusedItem == IndexPath(item: 7, section: 0))
    #expect(layout.orthogonalContentOffset(inSection: 0) == 592)
    #expect(controller.handle(.key(.right)) == .continue)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 7, section: 0))

    // Down leaves the row for the list; down again walks the list, which scrolls under its
    // pinned header while the row's offset stays.
    _ = controller.handle(.key(.down))
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 1))
    for _ in 0..<9 { _ = controller.handle(.key(.down)) }
    #expect(view.indexPathForFocusedItem == IndexPath(item: 9, section: 1))
    // Song 9 ends at 64 + 160 = 224: the page scrolls 224 − 160 = 64 points (4 rows) to show
    // it at the bottom; the header sticks at the top of the screen, over song 0.
    #expect(view.contentOffset.y == 64)
    controller.draw(into: screen)
    let scrolled = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(scrolled[0] == "Top Charts")
    #expect(scrolled.last == "Song 9")
    #expect(layout.orthogonalContentOffset(inSection: 0) == 592)
  }
}
