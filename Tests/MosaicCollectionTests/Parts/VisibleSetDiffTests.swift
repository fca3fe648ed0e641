import Foundation
import Testing

@testable import MosaicCollection

/// The visible-set diff alone, over plain strings standing in for views: which views stay,
/// which leave, and the drawing order.
@Suite struct VisibleSetDiffTests {
  func cell(_ item: Int) -> ElementKey {
    ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: 0))
  }
  let header = ElementKey(category: .supplementaryView, kind: "header", indexPath: [0, 0])
  let backdrop = ElementKey(category: .decorationView, kind: "backdrop", indexPath: [0, 0])

  @Test("elements still visible keep their view, new ones have none, the rest leave")
  func stayingArrivingLeaving() {
    let onScreen = [cell(0): "view 0", cell(1): "view 1", cell(2): "view 2", header: "header"]
    let diff = VisibleSetDiff(onScreen: onScreen, visible: [header, cell(2), cell(3)])
    #expect(diff.keys == [header, cell(2), cell(3)])
    #expect(diff.kept == ["header", "view 2", nil])
    #expect(diff.staying == [header: "header", cell(2): "view 2"])
    #expect(Set(diff.leaving.map(\.view)) == ["view 0", "view 1"])
    #expect(Set(diff.leaving.map(\.key)) == [cell(0), cell(1)])
  }

  @Test("nothing on screen: everything arrives, nothing leaves")
  func firstFrame() {
    let diff = VisibleSetDiff<String>(onScreen: [:], visible: [cell(0), cell(1)])
    #expect(diff.kept == [nil, nil])
    #expect(diff.leaving.isEmpty && diff.staying.isEmpty)
  }

  @Test("drawn by zIndex, then decorations below cells below supplementary views, then in order")
  func drawingOrder() {
    let categories: [ElementCategory] = [
      .supplementaryView, .cell, .decorationView, .cell, .supplementaryView,
    ]
    let zIndexes = [0, 0, 0, 0, 10]
    let order = VisibleSetDiff<String>.drawingOrder(categories: categories, zIndexes: zIndexes)
    // The backdrop first, the two cells in the layout's order, the header, the pinned header.
    #expect(order == [2, 1, 3, 0, 4])
  }

  @Test("a raised element (the carried item) is drawn last, over pinned headers too")
  func raisedLast() {
    let categories: [ElementCategory] = [.cell, .cell, .supplementaryView, .cell]
    let zIndexes = [0, 0, 10, 0]
    let order = VisibleSetDiff<String>.drawingOrder(
      categories: categories, zIndexes: zIndexes, raised: 1)
    #expect(order == [0, 3, 2, 1])
  }
}
