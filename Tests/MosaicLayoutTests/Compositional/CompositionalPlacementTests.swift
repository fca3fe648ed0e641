import Foundation
import MosaicLayout
import Testing

/// Placements of `CompositionalLayout` against frames worked out by hand from UIKit's rules
/// (docs/compositional.md); the cells are worked out by hand from the snapping rule
/// `round(v) = floor(v + 0.5)` at 8 × 16 points a cell.
@Suite @MainActor struct CompositionalPlacementTests {
  typealias S = Sizes

  @Test func fractionalWidthsShareTheGroupAndGroupsStackDown() {
    let item = LayoutItem(layoutSize: S.size(.fractionalWidth(0.25), .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: S.size(.fractionalWidth(1), .absolute(64)), subitems: [item])
    let fixture = CompositionalFixture(items: [6], section: LayoutSection(group: group))
    #expect(
      fixture.frames() == [
        Rect(x: 0, y: 0, width: 80, height: 64), Rect(x: 80, y: 0, width: 80, height: 64),
        Rect(x: 160, y: 0, width: 80, height: 64), Rect(x: 240, y: 0, width: 80, height: 64),
        Rect(x: 0, y: 64, width: 80, height: 64), Rect(x: 80, y: 64, width: 80, height: 64),
      ])
    #expect(fixture.layout.contentSize == Size(width: 320, height: 128))
    // 80 × 64 points are 10 × 4 cells; item 5 starts at column 10, row 4.
    #expect(
      CellMetrics.standard.cellRect(for: fixture.frame(5)!)
        == CellRect(column: 10, row: 4, columns: 10, rows: 4))
  }

  @Test func fractionalHeightIsOfTheGroupAndSubitemsRepeatWhileTheyFit() {
    // 50-point items: six fit in 320 (300), a seventh (350) starts the next group.
    let item = LayoutItem(layoutSize: S.size(.absolute(50), .fractionalHeight(0.5)))
    let group = LayoutGroup.horizontal(
      layoutSize: S.size(.fractionalWidth(1), .absolute(100)), subitems: [item])
    let fixture = CompositionalFixture(items: [7], section: LayoutSection(group: group))
    let expected =
      (0..<6).map { Rect(x: Double($0) * 50, y: 0, width: 50, height: 50) } + [
        Rect(x: 0, y: 100, width: 50, height: 50)
      ]
    #expect(fixture.frames() == expected)
    #expect(fixture.layout.contentSize.height == 200)  // two groups of 100
  }

  @Test func aGroupsFractionalHeightIsOfTheViewLessTheSectionInsets() {
    // 480 − 10 − 10 = 460 high, a quarter: 115; the width is 320 − 20 − 20 = 280.
    let section = S.singleItemSection(.fractionalWidth(1), .fractionalHeight(0.25))
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
    let fixture = CompositionalFixture(items: [2], section: section)
    #expect(
      fixture.frames() == [
        Rect(x: 20, y: 10, width: 280, height: 115), Rect(x: 20, y: 125, width: 280, height: 115),
      ])
    #expect(fixture.layout.contentSize.height == 10 + 230 + 10)
  }

  @Test func absoluteItemsWithFixedSpacingInsetsAndInterGroupSpacing() {
    // The group is 320 − 16 − 16 = 288 wide: 80 + 24 + 80 + 24 + 80 = 288, three fit exactly.
    let item = LayoutItem(layoutSize: S.size(.absolute(80), .absolute(32)))
    let group = LayoutGroup.horizontal(
      layoutSize: S.size(.fractionalWidth(1), .absolute(32)), subitems: [item])
    group.interItemSpacing = .fixed(24)
    let section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    section.interGroupSpacing = 16
    let fixture = CompositionalFixture(items: [5], section: section)
    #expect(
      fixture.frames() == [
        Rect(x: 16, y: 8, width: 80, height: 32), Rect(x: 120, y: 8, width: 80, height: 32),
        Rect(x: 224, y: 8, width: 80, height: 32), Rect(x: 16, y: 56, width: 80, height: 32),
        Rect(x: 120, y: 56, width: 80, height: 32),
      ])
    #expect(fixture.layout.contentSize.height == 8 + 32 + 16 + 32 + 8)
    // (120, 56) to (200, 88): columns 15 to 25, rows round(3.5) = 4 to round(5.5) = 6.
    #expect(
      CellMetrics.standard.cellRect(for: fixture.frame(4)!)
        == CellRect(column: 15, row: 4, columns: 10, rows: 2))
  }

  @Test func flexibleSpacingSharesTheLeftoverBetweenTheGaps() {
    // 50-point items, at least 10 apart: five fit (290); 320 − 250 = 70 over four gaps, 17.5.
    let item = LayoutItem(layoutSize: S.size(.absolute(50), .absolute(50)))
    let group = LayoutGroup.horizontal(
      layoutSize: S.size(.fractionalWidth(1), .absolute(50)), subitems: [item])
    group.interItemSpacing = .flexible(10)
    let fixture = CompositionalFixture(items: [5], section: LayoutSection(group: group))
    #expect(fixture.frames().map(\.minX) == [0, 67.5, 135, 202.5, 270])
    // 67.5 / 8 = 8.44 → column 8; 117.5 / 8 = 14.69 → 15: 7 columns.
    #expect(
      CellMetrics.standard.cellRect(for: fixture.frame(1)!)
        == CellRect(column: 8, row: 0, columns: 7, rows: 3))
  }

  @Test func subitemCountDividesTheGroupWhateverWidthTheItemAsks() {
    // (320 − 2 × 10) / 3 = 100 each; the item's own 500 points are not used.
    let item = LayoutItem(layoutSize: S.size(.absolute(500), .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: S.size(.fractionalWidth(1), .absolute(48)), subitem: item, count: 3)
    group.interItemSpacing = .fixed(10)
    let fixture = CompositionalFixture(items: [4], section: LayoutSection(group: group))
    #expect(
      fixture.frames() == [
        Rect(x: 0, y: 0, width: 100, height: 48), Rect(x: 110, y: 0, width: 100, height: 48),
        Rect(x: 220, y: 0, width: 100, height: 48), Rect(x: 0, y: 48, width: 100, height: 48),
      ])
  }

  @Test func estimatedDimensionsAreUsedAsGivenAndIgnoreTheirInsets() {
    let item = LayoutItem(layoutSize: S.size(.fractionalWidth(1), .estimated(40)))
    item.contentInsets = DirectionalEdgeInsets(top: 5, leading: 4, bottom: 5, trailing: 4)
    let group = LayoutGroup.vertical(
      layoutSize: S.size(.fractionalWidth(1), .estimated(40)), subitems: [item])
    let fixture = CompositionalFixture(items: [3], section: LayoutSection(group: group))
    #expect(
      fixture.frames() == [
        Rect(x: 4, y: 0, width: 312, height: 40), Rect(x: 4, y: 40, width: 312, height: 40),
        Rect(x: 4, y: 80, width: 312, height: 40),
      ])
  }

  @Test func nestedGroupsFlattenInItemOrderAndItemInsetsShrinkTheCell() {
    // A big item on the left half, a vertical group of two on the right half, each item inset 4.
    let big = LayoutItem(layoutSize: S.size(.fractionalWidth(0.5), .fractionalHeight(1)))
    big.contentInsets = DirectionalEdgeInsets(all: 4)
    let small = LayoutItem(layoutSize: S.size(.fractionalWidth(1), .fractionalHeight(0.5)))
    small.contentInsets = DirectionalEdgeInsets(all: 4)
    let column = LayoutGroup.vertical(
      layoutSize: S.size(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [small])
    let group = LayoutGroup.horizontal(
      layoutSize: S.size(.fractionalWidth(1), .absolute(96)), subitems: [big, column])
    let fixture = CompositionalFixture(items: [5], section: LayoutSection(group: group))
    #expect(
      fixture.frames() == [
        Rect(x: 4, y: 4, width: 152, height: 88), Rect(x: 164, y: 4, width: 152, height: 40),
        Rect(x: 164, y: 52, width: 152, height: 40), Rect(x: 4, y: 100, width: 152, height: 88),
        Rect(x: 164, y: 100, width: 152, height: 40),
      ])
    #expect(fixture.layout.contentSize.height == 192)
  }

  @Test func customGroupsTakeTheirFramesAndZIndexesFromTheProvider() {
    var asked: [Size] = []
    let group = LayoutGroup.custom(layoutSize: S.size(.fractionalWidth(1), .absolute(64))) {
      environment in
      asked.append(environment.container.contentSize)
      return [
        LayoutGroupCustomItem(frame: Rect(x: 0, y: 0, width: 100, height: 32)),
        LayoutGroupCustomItem(frame: Rect(x: 120, y: 16, width: 50, height: 48), zIndex: 2),
      ]
    }
    let fixture = CompositionalFixture(items: [3], section: LayoutSection(group: group))
    #expect(
      fixture.frames() == [
        Rect(x: 0, y: 0, width: 100, height: 32), Rect(x: 120, y: 16, width: 50, height: 48),
        Rect(x: 0, y: 64, width: 100, height: 32),
      ])
    #expect(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.zIndex == 2)
    #expect(asked == [Size(width: 320, height: 480)])
  }

  @Test func headersFootersAndBackgroundsSurroundTheContentWithItsInsets() {
    let section = S.singleItemSection(.fractionalWidth(1), .absolute(40))
    section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: S.size(.fractionalWidth(1), .absolute(32)), elementKind: "header",
        alignment: .top),
      LayoutBoundarySupplementaryItem(
        layoutSize: S.size(.fractionalWidth(1), .absolute(16)), elementKind: "footer",
        alignment: .bottom),
    ]
    let background = LayoutDecorationItem.background(elementKind: "background")
    background.contentInsets = DirectionalEdgeInsets(all: 4)
    section.decorationItems = [background]
    var configuration = CompositionalLayoutConfiguration()
    configuration.interSectionSpacing = 20
    let fixture = CompositionalFixture(
      items: [3, 1], layout: CompositionalLayout(section: section, configuration: configuration))
    let all = fixture.layout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: 320, height: 480))
    // Section 0: header 0–32, inset 8, rows at 40, 80, 120, inset 8 to 168, footer to 184.
    // Section 1 starts 20 later, at 204: header to 236, its row at 244, inset to 292, footer.
    #expect(
      CompositionalFixture.summary(all) == [
        "header 0.0 (16.0, 0.0, 288.0 × 32.0)",
        "footer 0.0 (16.0, 168.0, 288.0 × 16.0)",
        "background 0.0 (4.0, 36.0, 312.0 × 128.0)",
        "cell 0.0 (16.0, 40.0, 288.0 × 40.0)",
        "cell 0.1 (16.0, 80.0, 288.0 × 40.0)",
        "cell 0.2 (16.0, 120.0, 288.0 × 40.0)",
        "header 1.0 (16.0, 204.0, 288.0 × 32.0)",
        "footer 1.0 (16.0, 292.0, 288.0 × 16.0)",
        "background 1.0 (4.0, 240.0, 312.0 × 48.0)",
        "cell 1.0 (16.0, 244.0, 288.0 × 40.0)",
      ])
    #expect(fixture.layout.contentSize.height == 308)
    let decoration = fixture.layout.layoutAttributesForDecorationView(
      ofKind: "background", at: IndexPath(item: 0, section: 1))
    #expect(decoration?.representedElementCategory == .decorationView)
    #expect(decoration?.zIndex == -1)
    #expect(
      fixture.layout.layoutAttributesForSupplementaryView(
        ofKind: "footer", at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 16, y: 168, width: 288, height: 16))
  }

  @Test func aPinnedHeaderStaysAtTheTopWhileItsSectionScrolls() {
    let section = S.singleItemSection(.fractionalWidth(1), .absolute(40))
    section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    let header = LayoutBoundarySupplementaryItem(
      layoutSize: S.size(.fractionalWidth(1), .absolute(32)), elementKind: "header",
      alignment: .top)
    header.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [header]
    // Each section: header 0–32, content 32–168 (three rows and the insets); the next at 168.
    let fixture = CompositionalFixture(width: 320, height: 96, items: [3, 3], section: section)
    func headerY(_ section: Int) -> Double? {
      fixture.layout.layoutAttributesForSupplementaryView(
        ofKind: "header", at: IndexPath(item: 0, section: section))?.frame.minY
    }
    #expect(headerY(0) == 0 && headerY(1) == 168)
    fixture.scroll(toY: 100)
    #expect(headerY(0) == 100)  // stuck at the top of the visible bounds
    fixture.scroll(toY: 150)
    #expect(headerY(0) == 136)  // pushed up by its section's end: 168 − 32
    fixture.scroll(toY: 250)
    #expect(headerY(1) == 250)
    let visible = fixture.layout.layoutAttributesForElements(
      in: Rect(x: 0, y: 250, width: 320, height: 96))
    #expect(
      CompositionalFixture.summary(visible) == [
        "header 1.0 (16.0, 250.0, 288.0 × 32.0)", "cell 1.1 (16.0, 248.0, 288.0 × 40.0)",
        "cell 1.2 (16.0, 288.0, 288.0 × 40.0)",
      ])
    #expect(visible.first?.zIndex == 1)
    fixture.scroll(toY: 0)
    #expect(headerY(0) == 0)
  }

  @Test func freshSectionsFromTheProviderEachKeepTheirOwnGroup() {
    // A new description per section, each dropped once placed: 16, 32 and 48 high, full width
    // then half then a third; nothing of one section's shape may leak into the next.
    let layout = CompositionalLayout { index, _ in
      let item = LayoutItem(
        layoutSize: S.size(.fractionalWidth(1 / Double(index + 1)), .fractionalHeight(1)))
      return LayoutSection(
        group: .horizontal(
          layoutSize: S.size(.fractionalWidth(1), .absolute(16 * Double(index + 1))),
          subitems: [item]))
    }
    let fixture = CompositionalFixture(width: 300, items: [1, 2, 3], layout: layout)
    #expect(fixture.frames(section: 0) == [Rect(x: 0, y: 0, width: 300, height: 16)])
    #expect(
      fixture.frames(section: 1) == [
        Rect(x: 0, y: 16, width: 150, height: 32), Rect(x: 150, y: 16, width: 150, height: 32),
      ])
    #expect(
      fixture.frames(section: 2) == [
        Rect(x: 0, y: 48, width: 100, height: 48), Rect(x: 100, y: 48, width: 100, height: 48),
        Rect(x: 200, y: 48, width: 100, height: 48),
      ])
  }

  @Test func listConfigurationsPlaceRowsHeadersAndGaps() {
    var plain = LayoutListConfiguration(appearance: .plain)
    plain.headerMode = .supplementary
    let fixture = CompositionalFixture(items: [3, 2], layout: .list(using: plain))
    let all = fixture.layout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: 320, height: 480))
    #expect(
      CompositionalFixture.summary(all) == [
        "header 0.0 (0.0, 0.0, 320.0 × 16.0)", "cell 0.0 (0.0, 16.0, 320.0 × 16.0)",
        "cell 0.1 (0.0, 32.0, 320.0 × 16.0)", "cell 0.2 (0.0, 48.0, 320.0 × 16.0)",
        "header 1.0 (0.0, 64.0, 320.0 × 16.0)", "cell 1.0 (0.0, 80.0, 320.0 × 16.0)",
        "cell 1.1 (0.0, 96.0, 320.0 × 16.0)",
      ])
    fixture.scroll(toY: 20)
    #expect(
      fixture.layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))?.frame.minY == 20)

    var grouped = LayoutListConfiguration(appearance: .insetGrouped)
    grouped.headerMode = .supplementary
    let inset = CompositionalFixture(items: [3, 2], layout: .list(using: grouped))
    // A blank row (16) after each section; rows and headers inset 16 a side; nothing pinned.
    #expect(inset.frame(0, 1) == Rect(x: 16, y: 96, width: 288, height: 16))
    inset.scroll(toY: 20)
    #expect(
      inset.layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 1))?.frame
        == Rect(x: 16, y: 80, width: 288, height: 16))
    #expect(inset.layout.contentSize.height == 16 + 48 + 16 + 16 + 32 + 16)
  }
}
