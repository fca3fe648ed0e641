import Foundation
import MosaicLayout
import MosaicTestSupport
import Testing

/// The flow layout's default initial and final attributes for a batch of updates (UIKit's
/// flow layout: appearing items fade in where they land, deleted ones fade out where they were).
@Suite @MainActor struct FlowUpdateAttributesTests {
  /// Three 50 × 50 items in a 110-point-wide view: two on the first line, one on the second.
  static func fixture() -> FlowFixture {
    FlowFixture(bounds: Size(width: 110, height: 200), sections: [.init(items: 3)])
  }

  /// The owner's side of a batch: the counts change, the layout is told so, prepared again and
  /// handed the update items.
  static func apply(
    _ updates: [CollectionViewUpdateItem], items: Int, to fixture: FlowFixture
  ) {
    let context = FlowLayoutInvalidationContext()
    context.invalidateDataSourceCounts = true
    fixture.layout.invalidateLayout(with: context)
    fixture.sections = [.init(items: items)]
    fixture.layout.prepareIfNeeded()
    fixture.layout.prepare(forCollectionViewUpdates: updates)
  }

  @Test("a deleted item fades out at its frame from before the batch")
  func aDeletedItemFadesOutWhereItWas() throws {
    let fixture = Self.fixture()
    let layout = fixture.layout
    let oldLast = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)))
    Self.apply(
      [
        CollectionViewUpdateItem(
          before: IndexPath(item: 2, section: 0), after: nil, action: .delete)
      ],
      items: 2, to: fixture)
    let gone = try #require(
      layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 2, section: 0)))
    #expect(gone.frame == oldLast.frame)
    #expect(gone.alpha == 0)
    #expect(
      layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 0, section: 0)) == nil)
    layout.finalizeCollectionViewUpdates()
    #expect(
      layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 2, section: 0)) == nil)
  }

  @Test("a deleted item keeps its old frame, not the frame of the item now at its path")
  func aDeletedItemUsesTheGeometryFromBeforeTheBatch() throws {
    let wide = Size(width: 100, height: 20)
    let small = Size(width: 50, height: 50)
    let fixture = FlowFixture(
      bounds: Size(width: 110, height: 200), sections: [.init(itemSizes: [small, wide])])
    let layout = fixture.layout
    let oldFirst = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    let context = FlowLayoutInvalidationContext()
    context.invalidateDataSourceCounts = true
    layout.invalidateLayout(with: context)
    fixture.sections = [.init(itemSizes: [wide])]
    layout.prepareIfNeeded()
    layout.prepare(forCollectionViewUpdates: [
      CollectionViewUpdateItem(before: IndexPath(item: 0, section: 0), after: nil, action: .delete)
    ])
    let now = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    #expect(now.frame.size == wide)
    let gone = try #require(
      layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 0, section: 0)))
    #expect(gone.frame == oldFirst.frame)
    #expect(gone.frame.size == small)
    #expect(gone.alpha == 0)
  }

  @Test("an inserted item fades in at its final frame")
  func anInsertedItemFadesInWhereItLands() throws {
    let fixture = Self.fixture()
    let layout = fixture.layout
    Self.apply(
      [
        CollectionViewUpdateItem(
          before: nil, after: IndexPath(item: 3, section: 0), action: .insert)
      ],
      items: 4, to: fixture)
    let landing = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
    let start = try #require(
      layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 3, section: 0)))
    #expect(start.frame == landing.frame)
    #expect(start.frame == Rect(x: 60, y: 60, width: 50, height: 50))
    #expect(start.alpha == 0)
  }
}
