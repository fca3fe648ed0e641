import MosaicLayout
import Testing

@testable import MosaicCollection

/// The view the focus engine reads, reduced to a fixed set of item frames: sections of items
/// placed where the test says, a stated scroll axis, and items refused the focus.
final class FramesFocusHost: FocusEngineHost {
  var frames: [IndexPath: Rect] = [:]
  var counts: [Int]
  var refused: Set<IndexPath> = []
  var layoutScrollDirection = ScrollDirection.vertical
  var viewportSize = Size(width: 40, height: 20)
  var focusQueries = 0

  /// `counts[s]` items per section, laid out `perLine` to a line of 10 × 5 cells, sections one
  /// after the other.
  init(counts: [Int], perLine: Int = 3) {
    self.counts = counts
    var line = 0
    for (section, count) in counts.enumerated() {
      for item in 0..<count {
        frames[IndexPath(item: item, section: section)] = Rect(
          x: Double(item % perLine) * 10, y: Double(line + item / perLine) * 5, width: 10,
          height: 5)
      }
      line += (count + perLine - 1) / perLine
    }
  }

  func focusFrame(ofItemAt indexPath: IndexPath) -> Rect? { frames[indexPath] }

  func focusElements(in rect: Rect) -> [LayoutAttributes] {
    frames.filter { _, frame in
      frame.minX < rect.maxX && rect.minX < frame.maxX && frame.minY < rect.maxY
        && rect.minY < frame.maxY
    }
    .sorted { $0.key < $1.key }
    .map { LayoutAttributes(forCellWith: $0.key, frame: $0.value) }
  }

  var contentSize: Size {
    Size(
      width: frames.values.map(\.maxX).max() ?? 0, height: frames.values.map(\.maxY).max() ?? 0)
  }

  var numberOfSections: Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int { counts[section] }

  func canFocusItem(at indexPath: IndexPath) -> Bool {
    focusQueries += 1
    return frames[indexPath] != nil && !refused.contains(indexPath)
  }
}

@Suite @MainActor struct FocusEngineTests {
  @Test("arrows move to the geometric neighbour, across section boundaries")
  func arrowsFollowTheGeometry() {
    let host = FramesFocusHost(counts: [4, 3])
    let engine = FocusEngine(host: host)
    #expect(engine.item(from: ip(0, 0), in: .right) == ip(0, 1))
    #expect(engine.item(from: ip(0, 1), in: .down) == ip(0, 3))
    // Item 3 of section 0 is alone on its line; below it, section 1 begins.
    #expect(engine.item(from: ip(0, 3), in: .down) == ip(1, 0))
    #expect(engine.item(from: ip(1, 0), in: .up) == ip(0, 3))
    #expect(engine.item(from: ip(0, 0), in: .up) == nil)
  }

  @Test("an item the delegate refuses the focus is skipped by the arrows, Home and End")
  func refusedItemsAreSkipped() {
    let host = FramesFocusHost(counts: [0, 4, 2])
    host.refused = [ip(1, 0), ip(1, 1), ip(2, 1)]
    let engine = FocusEngine(host: host)
    #expect(engine.item(from: ip(1, 2), in: .left) == nil)
    #expect(engine.firstItem == ip(1, 2))
    #expect(engine.lastItem == ip(2, 0))
    #expect(engine.focusableItem(from: ip(1, 0), forward: true) == ip(1, 2))
  }

  @Test("the scroll axis the layout states decides which arrows may leave the focused line")
  func theStatedAxisDecides() {
    // Items 0 and 1 on the first line, item 2 alone below item 0.
    let host = FramesFocusHost(counts: [3], perLine: 2)
    let engine = FocusEngine(host: host)
    // Scrolling vertically, Down goes to the next line, whatever its column.
    #expect(engine.item(from: ip(0, 1), in: .down) == ip(0, 2))
    // Scrolling horizontally, Down is across the scroll axis: it stays in item 1's column band,
    // which has nothing below.
    host.layoutScrollDirection = .horizontal
    #expect(engine.item(from: ip(0, 1), in: .down) == nil)
    #expect(engine.item(from: ip(0, 0), in: .down) == ip(0, 2))
  }

  @Test("a page lands on the focusable item nearest the point a page away, else at the end")
  func pageLandsNearestTheTarget() {
    let host = FramesFocusHost(counts: [30])
    host.refused = [ip(0, 13)]
    let engine = FocusEngine(host: host)
    // Item 13 is at (10, 20); refused, so its neighbours at equal distance tie, the lower wins.
    #expect(engine.item(nearest: Point(x: 15, y: 22.5), forward: true) == ip(0, 10))
    // Nothing within a viewport of a point far past the content: the last item.
    #expect(engine.item(nearest: Point(x: 15, y: 1000), forward: true) == ip(0, 29))
    #expect(engine.item(nearest: Point(x: 15, y: -1000), forward: false) == ip(0, 0))
  }

  @Test("the first key press focuses the first focusable visible item, else the first one")
  func initialItem() {
    let host = FramesFocusHost(counts: [10])
    host.refused = [ip(0, 4)]
    let engine = FocusEngine(host: host)
    #expect(engine.initialItem(visible: [ip(0, 4), ip(0, 5)]) == ip(0, 5))
    #expect(engine.initialItem(visible: [ip(0, 4)]) == ip(0, 0))
  }

  @Test("Home's search for a focusable item is bounded when the delegate refuses everything")
  func searchIsBounded() {
    let host = FramesFocusHost(counts: [100_000])
    host.refused = Set((0..<100_000).map { ip(0, $0) })
    let engine = FocusEngine(host: host)
    #expect(engine.firstItem == nil)
    #expect(host.focusQueries == FocusEngine.searchLimit)
  }
}
