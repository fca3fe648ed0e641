import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// A delegate ported from UIKit by changing only type names: every flow-layout method in
/// UIKit's shape, in an extension of its own as UIKit code has it, sizing item 1 of each
/// section 3 × 1.
final class PortedFlowDelegate: TestSource {
  var sizeRequests = 0
}

extension PortedFlowDelegate: CollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    sizeRequests += 1
    return indexPath.item == 1 ? Size(width: 3, height: 1) : Size(width: 1, height: 1)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    EdgeInsets(top: 0, left: 1, bottom: 0, right: 0)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double { 0 }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double { 1 }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size { Size(width: 0, height: 1) }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size { .zero }
}

/// A delegate that implements only the inset: every other answer is the layout's property.
final class InsetOnlyDelegate: TestSource, CollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    EdgeInsets(top: 1, left: 2, bottom: 0, right: 0)
  }
}

/// A delegate that sizes per item, but says its first section is uniform (Mosaic's extension).
final class UniformFirstSectionDelegate: TestSource, CollectionViewDelegateFlowLayout {
  var sizeRequests: [Int] = [0, 0]

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    sizeRequests[indexPath.section] += 1
    return Size(width: 2, height: 1)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    uniformSizeForItemsInSection section: Int
  ) -> Size? {
    section == 0 ? Size(width: 2, height: 1) : nil
  }
}

/// A delegate written against Mosaic's former names, in the class body, as an older port has it:
/// item 1 of each section 3 × 1, every section inset 1 on the left.
final class FormerNamesDelegate: TestSource, CollectionViewDelegateFlowLayout {
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    indexPath.item == 1 ? Size(width: 3, height: 1) : Size(width: 1, height: 1)
  }

  func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
    EdgeInsets(top: 0, left: 1, bottom: 0, right: 0)
  }
}

/// The layout's own metrics object, the low-level form `mosaic layout` uses: every item 2 × 1.
final class TwoByOneMetrics: FlowLayoutMetrics {
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    Size(width: 2, height: 1)
  }
}

@Suite @MainActor struct FlowDelegateTests {
  static func flowLayout() -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 1, height: 1)
    layout.minimumInteritemSpacing = 0
    layout.minimumLineSpacing = 0
    return layout
  }

  static func view(_ layout: FlowLayout, columns: Int = 8, rows: Int = 3) -> CollectionView {
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    return view
  }

  @Test("a flow delegate written in UIKit's shape, types renamed, is the one the layout calls")
  func uikitShapedMethodsAreCalled() {
    let source = PortedFlowDelegate([4])
    let view = Self.view(Self.flowLayout())
    view.dataSource = source
    view.delegate = source
    let surface = MemorySurface(columns: 8, rows: 3)
    view.draw(into: surface)
    // Header row, then inset 1, items 1 apart with b 3 wide; the full line is justified.
    #expect(surface.text == "HHHHHHHH\n a bbb c\n d")
    #expect(source.sizeRequests == 4)
  }

  @Test("a FlowLayoutDelegate is the collection view's delegate on its own")
  func flowLayoutDelegateIsACollectionViewDelegate() {
    let source = PortedFlowDelegate([2])
    let delegate: any FlowLayoutDelegate = source
    let view = Self.view(Self.flowLayout())
    view.dataSource = source
    view.delegate = delegate
    #expect(view.layoutAttributesForItem(at: ip(0, 1))?.frame.width == 3)
  }

  @Test("a delegate still answering under Mosaic's former names works, and is told the new ones")
  func formerNamesStillAnswerAndLeaveAPortingNote() {
    PortingNotes.removeAll()
    let source = FormerNamesDelegate([3])
    let view = Self.view(Self.flowLayout())
    view.dataSource = source
    view.delegate = source
    #expect(
      view.layoutAttributesForItem(at: ip(0, 1))?.frame == Rect(x: 2, y: 0, width: 3, height: 1))
    #expect(
      view.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 1, y: 0, width: 1, height: 1))
    let notes = PortingNotes.all
    #expect(
      notes.contains {
        $0.contains("FormerNamesDelegate") && $0.contains("flowLayout(_:sizeForItemAt:)")
          && $0.contains("collectionView(_:layout:sizeForItemAt:)")
      }, "\(notes)")
    #expect(notes.contains { $0.contains("collectionView(_:layout:insetForSectionAt:)") })
    #expect(notes.count == Set(notes).count, "each note once")
  }

  @Test("a delegate that does not implement sizeForItemAt leaves ten million items free")
  func unimplementedSizeKeepsUniformSectionsFree() {
    let source = InsetOnlyDelegate([10_000_000])
    let layout = Self.flowLayout()
    let view = Self.view(layout)
    view.dataSource = source
    view.delegate = source
    let last = view.layoutAttributesForItem(at: ip(0, 9_999_999))?.frame
    // Its inset is used; every item is the layout's 1 × 1, six per line (8 − 2 of inset).
    #expect(
      view.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 2, y: 1, width: 1, height: 1))
    #expect(last == Rect(x: 5, y: 1 + 1_666_666, width: 1, height: 1))
    #expect(layout.storageBytes < 1 << 12)
  }

  @Test("uniformSizeForItemsInSection spares a section the per-item questions")
  func statedUniformSectionIsNeverAskedPerItem() {
    let source = UniformFirstSectionDelegate([10_000_000, 3])
    let layout = Self.flowLayout()
    let view = Self.view(layout)
    view.dataSource = source
    view.delegate = source
    #expect(
      view.layoutAttributesForItem(at: ip(0, 5))?.frame == Rect(x: 2, y: 1, width: 2, height: 1))
    #expect(source.sizeRequests == [0, 3])
    #expect(layout.storageBytes < 1 << 12)
  }

  @Test("a delegate replaced by one that is not a flow delegate no longer sizes the items")
  func replacingTheDelegateRevertsToTheLayoutsProperties() {
    let source = PortedFlowDelegate([4])
    let view = Self.view(Self.flowLayout())
    view.dataSource = source
    view.delegate = source
    #expect(view.layoutAttributesForItem(at: ip(0, 1))?.frame.width == 3)
    let plain = TestSource([4])
    view.delegate = plain
    #expect(
      view.layoutAttributesForItem(at: ip(0, 1))?.frame == Rect(x: 1, y: 0, width: 1, height: 1))
    withExtendedLifetime(source) {}
  }

  // Silent failure 2: a delegate set on the layout itself was wiped.

  @Test("a delegate set on the layout survives the collection view's creation")
  func layoutsOwnDelegateSurvivesCreation() {
    let metrics = TwoByOneMetrics()
    let layout = Self.flowLayout()
    layout.delegate = metrics
    let source = TestSource([3])
    let view = Self.view(layout)
    view.dataSource = source
    #expect(layout.delegate === metrics)
    let surface = MemorySurface(columns: 8, rows: 3)
    view.draw(into: surface)
    #expect(surface.text == "aabbcc\n\n")
  }

  @Test("a delegate set on the layout survives a collection view delegate that is not a flow one")
  func layoutsOwnDelegateSurvivesAPlainDelegate() {
    let metrics = TwoByOneMetrics()
    let layout = Self.flowLayout()
    layout.delegate = metrics
    let source = TestSource([3])
    let view = Self.view(layout)
    view.dataSource = source
    view.delegate = source
    #expect(layout.delegate === metrics)
    #expect(
      view.layoutAttributesForItem(at: ip(0, 2))?.frame == Rect(x: 4, y: 0, width: 2, height: 1))
  }

  @Test("when the layout has its own delegate it wins over the collection view's flow delegate")
  func layoutsOwnDelegateWins() {
    let metrics = TwoByOneMetrics()
    let layout = Self.flowLayout()
    layout.delegate = metrics
    let source = PortedFlowDelegate([3])
    let view = Self.view(layout)
    view.dataSource = source
    view.delegate = source
    #expect(
      view.layoutAttributesForItem(at: ip(0, 1))?.frame == Rect(x: 2, y: 0, width: 2, height: 1))
    #expect(source.sizeRequests == 0)
  }
}
