import Foundation
import MosaicLayout
import Testing

/// The CGRect, IndexPath and layout-attributes members UIKit layout code reaches for, used as
/// such code uses them.
@MainActor @Suite struct GeometryVocabularyTests {
  @Test("intersection is the shared part; touching rects share a zero-width strip")
  func intersectionOfOverlappingAndTouchingRects() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(
      a.intersection(Rect(x: 5, y: -5, width: 10, height: 10))
        == Rect(x: 5, y: 0, width: 5, height: 5))
    #expect(
      a.intersection(Rect(x: 2, y: 2, width: 3, height: 3)) == Rect(x: 2, y: 2, width: 3, height: 3)
    )
    let strip = a.intersection(Rect(x: 10, y: 4, width: 5, height: 10))
    #expect(strip == Rect(x: 10, y: 4, width: 0, height: 6))
    #expect(strip.isEmpty)
  }

  @Test("rects that do not meet intersect in an empty rect, as UIKit code tests with isEmpty")
  func intersectionOfDisjointRectsIsEmpty() {
    let visible = Rect(x: 0, y: 0, width: 100, height: 50)
    let offscreen = Rect(x: 20, y: 80, width: 10, height: 10)
    let shown = visible.intersection(offscreen)
    #expect(shown.isEmpty)
    #expect(!visible.intersects(offscreen))
    // UIKit code: `if !frame.intersection(visible).isEmpty { … }` skips it.
    #expect(shown.width == 10 && shown.height == 0)
  }

  @Test("isEmpty: no width or no height")
  func isEmpty() {
    #expect(Rect.zero.isEmpty)
    #expect(Rect(x: 3, y: 3, width: 0, height: 5).isEmpty)
    #expect(Rect(x: 3, y: 3, width: 5, height: 0).isEmpty)
    #expect(!Rect(x: -3, y: -3, width: 1, height: 1).isEmpty)
  }

  @Test("union is the bounding box; an empty rect (UIKit's .null role) is ignored")
  func union() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 20, y: 5, width: 5, height: 30)
    #expect(a.union(b) == Rect(x: 0, y: 0, width: 25, height: 35))
    #expect(b.union(a) == a.union(b))
    // A fold from .zero gives the frames' bounding box, not one stretched to the origin.
    let frames = [
      Rect(x: 40, y: 40, width: 8, height: 8), Rect(x: 60, y: 44, width: 4, height: 20),
    ]
    let box = frames.reduce(Rect.zero) { $0.union($1) }
    #expect(box == Rect(x: 40, y: 40, width: 24, height: 24))
    // The empty intersection of disjoint rects does not drag a union toward it.
    #expect(b.union(a.intersection(Rect(x: 90, y: 90, width: 1, height: 1))) == b)
  }

  @Test("insetBy(dx:dy:) shrinks about the centre, grows for negatives, collapses when too big")
  func insetBy() {
    let cell = Rect(x: 10, y: 20, width: 40, height: 16)
    #expect(cell.insetBy(dx: 4, dy: 2) == Rect(x: 14, y: 22, width: 32, height: 12))
    #expect(cell.insetBy(dx: -1, dy: -1) == Rect(x: 9, y: 19, width: 42, height: 18))
    let collapsed = cell.insetBy(dx: 30, dy: 2)
    #expect(collapsed.isEmpty)
    #expect(collapsed == Rect(x: 30, y: 22, width: 0, height: 12))
  }

  @Test("inset(by:) moves each edge by its inset")
  func insetByEdgeInsets() {
    let cell = Rect(x: 0, y: 0, width: 40, height: 16)
    #expect(
      cell.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        == Rect(x: 2, y: 1, width: 34, height: 12))
    // Too large on one axis: that extent collapses between the moved edges.
    #expect(
      cell.inset(by: EdgeInsets(top: 0, left: 30, bottom: 0, right: 20))
        == Rect(x: 25, y: 0, width: 0, height: 16))
  }

  @Test("IndexPath(row:section:) is IndexPath(item:section:); row is item")
  func indexPathRow() {
    var path = IndexPath(row: 4, section: 2)
    #expect(path == IndexPath(item: 4, section: 2))
    #expect(path.row == 4 && path.item == 4 && path.section == 2)
    path.row += 1
    #expect(path.item == 5)
    // Table-view style code sorts and compares by row.
    let paths = [IndexPath(row: 3, section: 0), IndexPath(row: 1, section: 0)].sorted()
    #expect(paths.map(\.row) == [1, 3])
  }

  @Test("attributes' center and size follow the frame; setting them moves and resizes it")
  func attributesCenterAndSize() {
    let attributes = LayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 20, width: 40, height: 16))
    #expect(attributes.center == Point(x: 30, y: 28))
    #expect(attributes.size == Size(width: 40, height: 16))
    // A layout that centres an item at a point, as UIKit's circle layout does.
    attributes.center = Point(x: 100, y: 50)
    #expect(attributes.frame == Rect(x: 80, y: 42, width: 40, height: 16))
    // Resizing keeps the centre.
    attributes.size = Size(width: 20, height: 8)
    #expect(attributes.frame == Rect(x: 90, y: 46, width: 20, height: 8))
    #expect(attributes.center == Point(x: 100, y: 50))
    // Setting the frame moves the centre with it.
    attributes.frame = Rect(x: 0, y: 0, width: 8, height: 4)
    #expect(attributes.center == Point(x: 4, y: 2) && attributes.size == Size(width: 8, height: 4))
  }

  @Test(
    "attributes' bounds have origin zero and the frame's size; setting them resizes about the centre"
  )
  func attributesBounds() {
    let attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 1),
      frame: Rect(x: 0, y: 64, width: 320, height: 32))
    #expect(attributes.bounds == Rect(x: 0, y: 0, width: 320, height: 32))
    attributes.bounds = Rect(x: 0, y: 0, width: 300, height: 16)
    #expect(attributes.frame == Rect(x: 10, y: 72, width: 300, height: 16))
    #expect(attributes.size == Size(width: 300, height: 16))
    // A copy carries the geometry (the frame is the one stored value).
    let copy = attributes.copy()
    copy.center.x += 5
    #expect(copy.frame.minX == 15 && attributes.frame.minX == 10)
  }
}
