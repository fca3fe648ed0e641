import Foundation
import MosaicLayout
import Testing

/// Sections that scroll sideways: the row's width, its offset's clamping, where paging stops,
/// the neighbour search and scrolling an item into view, all worked out by hand.
///
/// The row used throughout: insets of 16 at each side, ten 120 × 80 groups 8 apart, in a view
/// 320 wide. Its width is 16 + 10 × 120 + 9 × 8 + 16 = 1304, so it scrolls up to 984; item `i`
/// starts at 16 + 128 i − offset.
@Suite @MainActor struct CompositionalOrthogonalTests {
  static func row(_ behavior: OrthogonalScrollingBehavior) -> LayoutSection {
    let section = Sizes.singleItemSection(.absolute(120), .absolute(80))
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
    section.interGroupSpacing = 8
    section.orthogonalScrollingBehavior = behavior
    return section
  }

  /// A sideways row over a plain list of 16-point rows.
  static func screen(_ behavior: OrthogonalScrollingBehavior) -> CompositionalFixture {
    let row = row(behavior)
    let list = Sizes.singleItemSection(.fractionalWidth(1), .absolute(16))
    return CompositionalFixture(
      items: [10, 40], layout: CompositionalLayout { index, _ in index == 0 ? row : list })
  }

  @Test func aSidewaysRowIsOneLineAsWideAsItsGroups() {
    let fixture = Self.screen(.continuous)
    let layout = fixture.layout
    #expect(layout.orthogonalContentWidth(inSection: 0) == 1304)
    #expect(layout.maximumOrthogonalContentOffset(inSection: 0) == 984)
    #expect(fixture.frames().map(\.minX) == (0..<10).map { 16 + 128 * Double($0) })
    #expect(fixture.frames().allSatisfy { $0.minY == 0 && $0.height == 80 })
    // The list below starts where the row ends: the page is 80 + 40 × 16 high, 320 wide.
    #expect(fixture.frame(0, 1) == Rect(x: 0, y: 80, width: 320, height: 16))
    #expect(layout.contentSize == Size(width: 320, height: 720))
    #expect(layout.scrollsOrthogonally(section: 0) && !layout.scrollsOrthogonally(section: 1))
  }

  @Test func theOffsetIsClampedAndMovesOnlyTheRow() {
    let fixture = Self.screen(.continuous)
    let layout = fixture.layout
    layout.setOrthogonalContentOffset(2000, inSection: 0)
    #expect(layout.orthogonalContentOffset(inSection: 0) == 984)
    #expect(fixture.frame(9) == Rect(x: 184, y: 0, width: 120, height: 80))
    let visible = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 96))
    // Items 7 (−72 to 48), 8 (56) and 9 (184); the list's first row is not moved.
    #expect(
      CompositionalFixture.summary(visible) == [
        "cell 0.7 (-72.0, 0.0, 120.0 × 80.0)", "cell 0.8 (56.0, 0.0, 120.0 × 80.0)",
        "cell 0.9 (184.0, 0.0, 120.0 × 80.0)", "cell 1.0 (0.0, 80.0, 320.0 × 16.0)",
      ])
    layout.setOrthogonalContentOffset(-50, inSection: 0)
    #expect(layout.orthogonalContentOffset(inSection: 0) == 0)
    layout.setOrthogonalContentOffset(100, inSection: 1)
    #expect(layout.orthogonalContentOffset(inSection: 1) == 0)
  }

  @Test func settingTheOffsetInvalidatesWithoutAskingForSectionsAgain() {
    var asked = 0
    let row = Self.row(.continuous)
    let layout = CompositionalLayout { _, _ in
      asked += 1
      return row
    }
    let fixture = CompositionalFixture(items: [10], layout: layout)
    _ = fixture.frame(0)
    #expect(asked == 1)
    layout.setOrthogonalContentOffset(40, inSection: 0)
    #expect(layout.needsPrepare)
    #expect(fixture.frame(0)?.minX == -24)
    #expect(asked == 1)
  }

  @Test func pagingStopsOnWholeViewWidths() {
    let fixture = Self.screen(.paging)
    let layout = fixture.layout
    func target(_ proposed: Double) -> Double {
      layout.targetOrthogonalContentOffset(forProposedOffset: proposed, inSection: 0)
    }
    // Pages of 320: 500 → 640; 950 → 960; 1200 → 1280, clamped to 984.
    #expect(target(500) == 640)
    #expect(target(950) == 960)
    #expect(target(1200) == 984)
    #expect(target(-30) == 0)
  }

  @Test func groupPagingStopsOnGroupEdges() {
    let fixture = Self.screen(.groupPaging)
    let layout = fixture.layout
    func target(_ proposed: Double) -> Double {
      layout.targetOrthogonalContentOffset(forProposedOffset: proposed, inSection: 0)
    }
    // Groups every 128: 300 → 256 (group 2's edge at the leading inset); 980 → 1024 → 984.
    #expect(target(300) == 256)
    #expect(target(980) == 984)
    let continuous = Self.screen(.continuous)
    #expect(
      continuous.layout.targetOrthogonalContentOffset(forProposedOffset: 333, inSection: 0) == 333)
  }

  @Test(arguments: [
    (OrthogonalScrollingBehavior.continuous, 216.0),  // 400 + 120 + 16 − 320
    (.paging, 320),  // item 3's middle, 460, is on page 1
    (.groupPaging, 384),  // group 3's edge: 3 × 128
  ])
  func showingAnItemScrollsItsRowByItsBehavior(
    behavior: OrthogonalScrollingBehavior, expected: Double
  ) {
    let fixture = Self.screen(behavior)
    let layout = fixture.layout
    #expect(layout.scrollOrthogonally(toShowItemAt: IndexPath(item: 1, section: 0)) == false)
    #expect(layout.scrollOrthogonally(toShowItemAt: IndexPath(item: 3, section: 0)))
    #expect(layout.orthogonalContentOffset(inSection: 0) == expected)
    #expect(layout.scrollOrthogonally(toShowItemAt: IndexPath(item: 3, section: 1)) == false)
  }

  @Test func theNeighbourSearchFollowsTheRowsLines() {
    let fixture = Self.screen(.continuous)
    let layout = fixture.layout
    #expect(layout.item(beside: IndexPath(item: 3, section: 0), forward: true)?.item == 4)
    #expect(layout.item(beside: IndexPath(item: 3, section: 0), forward: false)?.item == 2)
    #expect(layout.item(beside: IndexPath(item: 9, section: 0), forward: true) == nil)
    #expect(layout.item(beside: IndexPath(item: 0, section: 0), forward: false) == nil)
    #expect(layout.item(beside: IndexPath(item: 0, section: 1), forward: true) == nil)

    // Vertical groups of three: right from the middle line goes to the next group's middle.
    let item = LayoutItem(
      layoutSize: Sizes.size(.fractionalWidth(1), .absolute(16)))
    let column = LayoutGroup.vertical(
      layoutSize: Sizes.size(.absolute(200), .absolute(48)), subitems: [item])
    let section = LayoutSection(group: column)
    section.orthogonalScrollingBehavior = .groupPaging
    let lines = CompositionalFixture(items: [9], section: section)
    #expect(lines.frame(4) == Rect(x: 200, y: 16, width: 200, height: 16))
    #expect(lines.layout.item(beside: IndexPath(item: 1, section: 0), forward: true)?.item == 4)
    #expect(lines.layout.item(beside: IndexPath(item: 5, section: 0), forward: false)?.item == 2)
  }

  @Test func aMillionItemsInUniformGroupsAreArithmetic() {
    var asked = 0
    let item = LayoutItem(layoutSize: Sizes.size(.fractionalWidth(0.25), .fractionalHeight(1)))
    let section = LayoutSection(
      group: .horizontal(
        layoutSize: Sizes.size(.fractionalWidth(1), .absolute(32)), subitems: [item]))
    let layout = CompositionalLayout { _, _ in
      asked += 1
      return section
    }
    let fixture = CompositionalFixture(items: [1_000_000, 3], layout: layout)
    // 250,000 rows of 32 points; the last item is the fourth of the last row.
    #expect(fixture.frame(999_999) == Rect(x: 240, y: 7_999_968, width: 80, height: 32))
    #expect(fixture.frame(1, 1) == Rect(x: 80, y: 8_000_000, width: 80, height: 32))
    #expect(asked == 2)
    let rect = Rect(x: 0, y: 4_000_000, width: 320, height: 480)
    let visible = layout.layoutAttributesForElements(in: rect)
    // Rows 125,000 to 125,014 (15 rows of 32 fill 480 exactly): 60 items.
    #expect(visible.count == 60)
    #expect(visible.first?.indexPath == IndexPath(item: 500_000, section: 0))
  }
}
