import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A surface that keeps what it is drawn in memory and records the scroll hints it is given, as
/// a terminal's surface would act on them.
final class HintRecordingSurface: Surface {
  let screen: MemorySurface
  var hints: [(rect: CellRect, rows: Int)] = []

  init(columns: Int, rows: Int) { screen = MemorySurface(columns: columns, rows: rows) }

  var columns: Int { screen.columns }
  var rows: Int { screen.rows }
  func put(_ glyph: Character, width: Int, column: Int, row: Int, style: TextStyle) {
    screen.put(glyph, width: width, column: column, row: row, style: style)
  }
  func clear(style: TextStyle) { screen.clear(style: style) }
  func contentDidScroll(in rect: CellRect, rows: Int) { hints.append((rect, rows)) }

  /// The hints given since the last call, as "rows@row+rows" strings for readable expectations.
  func takeHints() -> [String] {
    defer { hints = [] }
    return hints.map { "\($0.rows)@\($0.rect.row)+\($0.rect.rows)" }
  }
}

/// A collection view tells its surface how far its lines moved since the last frame, so a
/// terminal can scroll them itself; it says nothing when they did not simply move.
@MainActor struct ScrollReportTests {
  let source = LetterSections("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz")
  let surface = HintRecordingSurface(columns: 8, rows: 8)

  /// A list of one-row items on rows 1–6 of the surface, one point a cell.
  func makeView(layout: CollectionViewLayout = listLayout(height: 1)) -> CollectionView {
    let view = CollectionView(
      frame: CellRect(column: 0, row: 1, columns: 8, rows: 6), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = source
    return view
  }

  @Test func aScrollByWholeRowsIsReportedWithTheViewsFrame() {
    let view = makeView()
    view.draw(into: surface)
    #expect(surface.takeHints() == [], "the first frame has nothing to move")
    view.scroll(rows: 2)
    view.draw(into: surface)
    #expect(surface.takeHints() == ["2@1+6"])
    view.scroll(rows: -1)
    view.draw(into: surface)
    #expect(surface.takeHints() == ["-1@1+6"])
    view.draw(into: surface)
    #expect(surface.takeHints() == [], "no scroll, nothing moved")
  }

  @Test func aScrollThatLeavesNoLineOnScreenIsNotReported() {
    let view = makeView()
    view.draw(into: surface)
    view.scroll(rows: 6)
    view.draw(into: surface)
    #expect(surface.takeHints() == [])
    view.scroll(rows: -5)
    view.draw(into: surface)
    #expect(surface.takeHints() == ["-5@1+6"])
  }

  @Test func anotherSurfaceFrameOrLayoutIsNotAScroll() {
    let view = makeView()
    view.draw(into: surface)
    view.scroll(rows: 1)
    let other = HintRecordingSurface(columns: 8, rows: 8)
    view.draw(into: other)
    #expect(other.takeHints() == [])
    view.scroll(rows: 1)
    view.frame = CellRect(column: 0, row: 0, columns: 8, rows: 6)
    view.draw(into: other)
    #expect(other.takeHints() == [], "the view moved on the screen")
    view.collectionViewLayout = listLayout(height: 1)
    view.scroll(rows: 1)
    view.draw(into: other)
    #expect(other.takeHints() == [], "a new layout may place everything anew")
    view.scroll(rows: 1)
    view.draw(into: other)
    #expect(other.takeHints() == ["1@0+6"])
  }

  @Test func aSidewaysScrollIsNotReported() {
    let layout = gridLayout(width: 3, height: 1)
    layout.scrollDirection = .horizontal
    let view = makeView(layout: layout)
    view.draw(into: surface)
    view.scroll(columns: 3)
    view.draw(into: surface)
    #expect(view.contentOffset.x == 3)
    #expect(surface.takeHints() == [])
  }

  @Test func aGlideIsReportedFrameByFrameAndAddsUpToTheScroll() {
    let view = makeView()
    let clock = ManualAnimationClock()
    view.animationClock = clock
    view.draw(into: surface)
    view.setContentOffset(Point(x: 0, y: 5), animated: true)
    var moved = 0
    for _ in 0..<40 {
      clock.advance(by: 0.01)
      view.draw(into: surface)
      for hint in surface.hints { moved += hint.rows }
      #expect(surface.hints.allSatisfy { $0.rect == view.frame })
      surface.hints = []
    }
    #expect(moved == 5)
  }

  @Test func elementsAnimatingOnTheirOwnAreNotAScroll() {
    let view = makeView()
    let clock = ManualAnimationClock()
    view.animationClock = clock
    view.draw(into: surface)
    view.performBatchUpdates(
      {
        source.sections[0].remove(at: 0)
        view.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: nil)
    view.scroll(rows: 1)
    clock.advance(by: 0.05)
    view.draw(into: surface)
    #expect(surface.takeHints() == [])
  }
}
