import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// A subclass that fades items towards the edges of the view, adjusting what `super` returns.
final class FadingLayout: FlowLayout {
  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let attributes = super.layoutAttributesForElements(in: rect)
    for element in attributes where element.representedElementCategory == .cell {
      let bounds = dataSource?.bounds ?? .zero
      let distance = abs(element.frame.midY - bounds.midY)
      element.alpha = max(0, 1 - distance / bounds.height)
    }
    return attributes
  }
}

@Suite @MainActor struct FlowSubclassTests {
  @Test func aSubclassCanAddADecorationViewPerSection() {
    let layout = SectionBackdropLayout()
    let fixture = FlowFixture(
      bounds: Size(width: 8, height: 100),
      sections: [.init(items: 3), .init(items: 0), .init(items: 1)], layout: layout
    ) {
      $0.itemSize = Size(width: 3, height: 1)
      $0.minimumLineSpacing = 1
      $0.minimumInteritemSpacing = 1
      $0.headerReferenceSize = Size(width: 0, height: 1)
      $0.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
    }
    let map = LetterMap.render(layout)
    let expected = """
      HHHHHHHH
      aaaDDbbb
      DDDDDDDD
      cccDDDDD
      ........
      HHHHHHHH
      ........
      HHHHHHHH
      aaaDDDDD
      ........
      """
    #expect(
      LetterMap.difference(map, expected) == nil, "\(LetterMap.difference(map, expected) ?? "")")
    let decorations = layout.layoutAttributesForElements(in: Rect(x: 0, y: 8, width: 8, height: 1))
      .filter { $0.representedElementCategory == .decorationView }
    #expect(decorations.map(\.indexPath.section) == [2])
    #expect(decorations.first?.representedElementKind == SectionBackdropLayout.kind)
    _ = fixture
  }

  @Test func aSubclassCanAdjustTheAttributesSuperReturns() {
    let layout = FadingLayout()
    let fixture = FlowFixture(
      bounds: Size(width: 50, height: 100), sections: [.init(items: 10)], layout: layout
    ) {
      $0.minimumLineSpacing = 0
    }
    fixture.bounds.origin.y = 50
    let faded = layout.layoutAttributesForElements(in: fixture.bounds)
    #expect(faded.map(\.indexPath.item) == [1, 2])
    #expect(faded.map(\.alpha) == [0.75, 0.75])
    // The objects are fresh: what the subclass changed is not in the layout's own answers.
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.alpha == 1)
    let again = layout.layoutAttributesForElements(in: fixture.bounds)
    #expect(again.allSatisfy { $0 !== faded[0] && $0 !== faded[1] })
    _ = fixture
  }

  @Test func aSubclassPrepareRunsLazilyBeforeTheFirstQuery() {
    let layout = CountingFlowLayout()
    let fixture = FlowFixture(
      bounds: Size(width: 110, height: 100), sections: [.init(items: 3)], layout: layout)
    #expect(layout.prepareCount == 0)
    #expect(layout.contentSize == Size(width: 110, height: 110))
    _ = layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))
    #expect(layout.prepareCount == 1)
    _ = fixture
  }
}

/// A subclass whose `prepare()` queries before calling `super`, which must not recurse.
final class EagerQueryingLayout: FlowLayout {
  var seenBeforeSuper: [Size] = []

  override func prepare() {
    seenBeforeSuper.append(contentSize)
    super.prepare()
  }
}

@Suite @MainActor struct FlowSubclassPrepareTests {
  @Test func aPrepareThatQueriesBeforeSuperDoesNotRecurse() {
    let layout = EagerQueryingLayout()
    let fixture = FlowFixture(
      bounds: Size(width: 110, height: 100), sections: [.init(items: 3)], layout: layout)
    #expect(layout.contentSize == Size(width: 110, height: 110))
    #expect(layout.seenBeforeSuper == [.zero])
    _ = fixture
  }
}
