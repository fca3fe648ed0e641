import Foundation
import MosaicLayout
import Testing

@testable import MosaicCollection

/// The visible set's rules alone: when a placement still holds, and what a change forgets.
@Suite @MainActor struct VisibleSetTests {
  func inputs(y: Double = 0, preparations: Int = 1) -> PlacementInputs {
    PlacementInputs(
      layout: ObjectIdentifier(VisibleSetTests.layout), preparations: preparations,
      bounds: Rect(x: 0, y: y, width: 80, height: 24))
  }
  static let layout = FlowLayout()

  func key(_ item: Int) -> ElementKey {
    ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: 0))
  }

  @Test("a new set needs placing; a placement holds until marked or its inputs change")
  func placementHolds() {
    var set = VisibleSet()
    #expect(set.needsUpdate)
    #expect(!set.isCurrent(for: inputs(), layoutNeedsPrepare: false))
    set.beginPlacement()
    set.finishPlacement(for: inputs(), layoutNeedsPrepare: false)
    #expect(set.isCurrent(for: inputs(), layoutNeedsPrepare: false))
    // Another offset, another preparation of the layout, or a layout to prepare: not current.
    #expect(!set.isCurrent(for: inputs(y: 16), layoutNeedsPrepare: false))
    #expect(!set.isCurrent(for: inputs(preparations: 2), layoutNeedsPrepare: false))
    #expect(!set.isCurrent(for: inputs(), layoutNeedsPrepare: true))
    set.setNeedsUpdate()
    #expect(!set.isCurrent(for: inputs(), layoutNeedsPrepare: false))
  }

  @Test("a placement marked stale while it ran is not kept")
  func staleDuringPlacement() {
    var set = VisibleSet()
    set.beginPlacement()
    set.setNeedsUpdate()  // self-sizing left a pass to the next frame
    set.finishPlacement(for: inputs(), layoutNeedsPrepare: false)
    #expect(set.placedFor == nil)
    set.beginPlacement()
    set.finishPlacement(for: inputs(), layoutNeedsPrepare: true)
    #expect(set.placedFor == nil)
  }

  @Test("the order is walked only while it holds exactly the map's views")
  func orderFollowsTheMap() {
    var set = VisibleSet()
    let views = [ReusableView(), ReusableView()]
    set.views = [key(0): views[0], key(1): views[1]]
    set.setOrder(
      keys: [key(0), key(1)],
      placed: [
        PlacedElement(key: key(0), view: views[0]), PlacedElement(key: key(1), view: views[1]),
      ])
    #expect(set.canMatchByOrder)
    // Any other change of the map (a view taken off by a delegate, say) forgets the order.
    set.views.removeValue(forKey: key(1))
    #expect(!set.canMatchByOrder)
    // An element listed twice leaves the order longer than the map: not current either.
    set.setOrder(
      keys: [key(0), key(0)],
      placed: [
        PlacedElement(key: key(0), view: views[0]), PlacedElement(key: key(0), view: views[0]),
      ])
    #expect(!set.canMatchByOrder)
  }

  @Test("forgetting the order empties it and the drawing order, and marks the set stale")
  func forgetOrder() {
    var set = VisibleSet()
    let view = ReusableView()
    set.views = [key(0): view]
    set.setOrder(keys: [key(0)], placed: [PlacedElement(key: key(0), view: view)])
    set.drawingOrder = [PlacedElement(key: key(0), view: view)]
    set.beginPlacement()
    set.forgetOrder()
    #expect(set.order.keys.isEmpty && set.drawingOrder.isEmpty && set.needsUpdate)
  }

  @Test("live views are counted with their high-water mark")
  func liveViews() {
    var set = VisibleSet()
    set.countLiveViews(7)
    set.countLiveViews(3)
    #expect(set.statistics.liveViews == 3)
    #expect(set.statistics.maxLiveViews == 7)
  }
}

/// The motion's bookkeeping alone: the glide's reports and the batch's earlier positions.
@Suite @MainActor struct MotionTests {
  @Test("a glide's offsets are reported once each, starting after where it started")
  func reportsOncePerOffset() {
    var motion = Motion()
    motion.glideStarts(from: Point(x: 0, y: 10))
    var heard: [Bool] = []
    for y in [10, 12.5, 12.5, 20] { heard.append(motion.reports(Point(x: 0, y: y))) }
    #expect(heard == [false, true, false, true])
  }

  @Test("an item's earlier position is looked up by its new key and moved by the offset's change")
  func earlierPositions() {
    var motion = Motion()
    let path = IndexPath(item: 3, section: 0)
    #expect(motion.attributesBeforeUpdate(ofItemAt: path) == nil)
    let before = LayoutAttributes(forCellWith: path)
    before.frame = Rect(x: 0, y: 48, width: 80, height: 16)
    motion.originsBeforeUpdate = (
      [ElementKey(category: .cell, kind: nil, indexPath: path): before], Point(x: 0, y: 32)
    )
    #expect(
      motion.attributesBeforeUpdate(ofItemAt: path)?.frame
        == Rect(x: 0, y: 80, width: 80, height: 16))
    #expect(motion.attributesBeforeUpdate(ofItemAt: IndexPath(item: 4, section: 0)) == nil)
    // The layout's answer is a copy: the recorded attributes stay as they were.
    #expect(before.frame.minY == 48)
  }

  @Test("a view's clock and duration are its motion's; the default duration is UIKit-short")
  func clockAndDuration() {
    let view = CollectionView(collectionViewLayout: FlowLayout())
    #expect(view.animationDuration == CollectionView.defaultAnimationDuration)
    let clock = ManualAnimationClock()
    view.animationClock = clock
    view.animationDuration = 0.5
    #expect(view.motion.clock as? ManualAnimationClock === clock)
    #expect(view.motion.duration == 0.5)
  }
}

/// The façade keeps one stored property per part and what UIKit makes public, no more.
@Suite @MainActor struct CollectionViewFacadeTests {
  @Test("CollectionView has at most 15 stored properties")
  func storedProperties() {
    let view = CollectionView(collectionViewLayout: FlowLayout())
    let names = Mirror(reflecting: view).children.compactMap(\.label)
    #expect(names.count <= 15, "stored: \(names)")
  }
}
