import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// The lazy cache: invalidation marks the layout, the next query prepares.
@Suite @MainActor struct FlowInvalidationTests {
  @Test func queriesPrepareByThemselves() {
    let fixture = FlowFixture(bounds: Size(width: 110, height: 100), sections: [.init(items: 3)])
    #expect(
      fixture.layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
        == Rect(x: 0, y: 60, width: 50, height: 50))
  }

  @Test func settingAPropertyInvalidates() {
    let fixture = FlowFixture(bounds: Size(width: 110, height: 100), sections: [.init(items: 3)])
    #expect(fixture.layout.contentSize.height == 110)
    fixture.layout.itemSize = Size(width: 20, height: 20)
    #expect(fixture.layout.contentSize.height == 20)
    fixture.layout.minimumLineSpacing = 0
    fixture.layout.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
    #expect(fixture.layout.contentSize.height == 25)
    fixture.layout.scrollDirection = .horizontal
    #expect(fixture.layout.contentSize == Size(width: 20, height: 100))
  }

  @Test func resizingTheBoundsInvalidatesButScrollingDoesNot() {
    let layout = CountingFlowLayout()
    let fixture = FlowFixture(
      bounds: Size(width: 110, height: 100), sections: [.init(items: 4)], layout: layout)
    #expect(layout.contentSize.height == 110)
    fixture.bounds.origin = Point(x: 0, y: 40)
    #expect(layout.contentSize.height == 110)
    #expect(layout.prepareCount == 1)
    fixture.bounds.size.width = 230
    #expect(layout.contentSize == Size(width: 230, height: 50))
    #expect(layout.prepareCount == 2)
    #expect(
      !layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 9, y: 9, width: 230, height: 100)))
    #expect(
      layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 230, height: 99)))
    _ = fixture
  }

  @Test func newDataShowsAfterInvalidateLayout() {
    let data = StaticLayoutData(itemCounts: [2], bounds: Rect(x: 0, y: 0, width: 50, height: 100))
    let layout = FlowLayout()
    layout.dataSource = data
    #expect(layout.contentSize.height == 110)
    data.itemCounts = [3]
    #expect(layout.contentSize.height == 110, "cached until invalidated, as in UIKit")
    layout.invalidateLayout()
    #expect(layout.contentSize.height == 170)
  }

  @Test(arguments: ScrollDirection.allCases)
  func allElementsListsEveryElementInOrderEvenWithoutArea(direction: ScrollDirection) {
    let vertical = FlowExampleTests.specExample()
    vertical.sections.append(
      .init(itemSizes: [Size(width: 0, height: 0), Size(width: 5, height: 0)]))
    vertical.sections.append(
      .init(items: 2, inset: EdgeInsets(top: 3), header: Size(width: 1, height: 2)))
    let flow = OrientedFlow(vertical, direction)
    let all = flow.layout.layoutAttributesForAllElements().map(flow.describe)
    #expect(all == flow.allElements())
    #expect(all.count == 11 + 2 + 3)
    #expect(flow.query(Rect(x: -1, y: -1, width: 1000, height: 1000)).count == 11 + 3)
  }
}
