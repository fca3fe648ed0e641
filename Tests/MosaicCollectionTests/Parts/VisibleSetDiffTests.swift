import Foundation
import MosaicLayout
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

  func value(_ row: Int, _ column: Int) -> ElementKey {
    ElementKey(category: .supplementaryView, kind: "value", indexPath: [0, row, column])
  }

  /// A table screen's keys: the header, then each row's cell and values, as a table layout
  /// lists them.
  func rows(_ rows: Range<Int>, columns: Range<Int>) -> [ElementKey] {
    var keys = [header]
    for row in rows {
      keys.append(cell(row))
      keys += columns.map { value(row, $0) }
    }
    return keys
  }

  /// `match` must give the dictionary diff's answer: what each element had, what left.
  func expectSameAsDictionary(
    previous: [ElementKey], visible: [ElementKey], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let match = VisibleSetDiff<Int>.match(previous: previous, visible: visible)
    let onScreen = Dictionary(uniqueKeysWithValues: previous.enumerated().map { ($1, $0) })
    let diff = VisibleSetDiff(onScreen: onScreen, visible: visible)
    #expect(match.from == diff.kept, sourceLocation: sourceLocation)
    #expect(
      Set(match.leaving) == Set(diff.leaving.map(\.view)), sourceLocation: sourceLocation)
    #expect(match.leaving == match.leaving.sorted(), sourceLocation: sourceLocation)
  }

  @Test("matching in order: a row down keeps every element but the first row's")
  func matchRowDown() {
    let before = rows(0..<40, columns: 0..<11)
    let after = rows(1..<41, columns: 0..<11)
    let match = VisibleSetDiff<Int>.match(previous: before, visible: after)
    #expect(match.leaving == Array(1...12))
    #expect(match.from.suffix(12).allSatisfy { $0 == nil })
    #expect(match.from.prefix(after.count - 12).allSatisfy { $0 != nil })
    expectSameAsDictionary(previous: before, visible: after)
  }

  @Test("matching in order gives the dictionary's answer for scrolls, pages, sideways moves")
  func matchEverySortOfChange() {
    let screen = rows(10..<50, columns: 0..<11)
    let changes: [[ElementKey]] = [
      screen,
      rows(9..<49, columns: 0..<11),  // up a row
      rows(50..<90, columns: 0..<11),  // a page: nothing stays
      rows(30..<70, columns: 0..<11),  // half a page
      rows(10..<50, columns: 3..<14),  // sideways
      rows(10..<50, columns: 0..<80),  // rows wider than the window
      rows(10..<50, columns: 0..<11).reversed(),  // every element out of order
      [],
      Array(screen.dropFirst(200)) + Array(screen.prefix(200)),
    ]
    for visible in changes {
      expectSameAsDictionary(previous: screen, visible: visible)
      expectSameAsDictionary(previous: visible, visible: screen)
    }
  }

  @Test("an element listed twice gets its view once, as with the dictionary")
  func matchDuplicates() {
    let previous = [header, cell(0), cell(1)]
    let visible = [header, cell(0), cell(0), cell(2)]
    let match = VisibleSetDiff<Int>.match(previous: previous, visible: visible)
    #expect(match.from == [0, 1, nil, nil])
    #expect(match.leaving == [2])
  }

  @Test("the drawing order by buckets is the comparison sort's, however many zIndexes")
  func drawingOrderMatchesSort() {
    var generator = SystemRandomNumberGenerator()
    let all: [ElementCategory] = [.cell, .supplementaryView, .decorationView]
    for distinct in [1, 3, 6, 40] {
      for _ in 0..<20 {
        let count = Int.random(in: 0..<200, using: &generator)
        let categories = (0..<count).map { _ in all.randomElement(using: &generator)! }
        let zIndexes = (0..<count).map { _ in Int.random(in: 0..<distinct, using: &generator) }
        let raised = count > 0 && Bool.random(using: &generator) ? Int.random(in: 0..<count) : nil
        func rank(_ category: ElementCategory) -> Int {
          category == .decorationView ? 0 : category == .cell ? 1 : 2
        }
        let expected = categories.indices.sorted { a, b in
          if a == raised || b == raised { return b == raised && a != raised }
          return (zIndexes[a], rank(categories[a]), a) < (zIndexes[b], rank(categories[b]), b)
        }
        let order = VisibleSetDiff<String>.drawingOrder(
          categories: categories, zIndexes: zIndexes, raised: raised)
        #expect(order == expected)
      }
    }
  }

  @Test("the drawing order by runs is the comparison sort's, in runs or scattered")
  @MainActor func drawingRunsMatchSort() {
    var generator = SystemRandomNumberGenerator()
    let all: [ElementCategory] = [.cell, .supplementaryView, .decorationView]
    func rank(_ category: ElementCategory) -> Int {
      category == .decorationView ? 0 : category == .cell ? 1 : 2
    }
    for runLength in [1, 5, 60] {
      for _ in 0..<40 {
        var categories: [ElementCategory] = []
        var zIndexes: [Int] = []
        let count = Int.random(in: 0..<200, using: &generator)
        while categories.count < count {
          let length = Int.random(in: 1...runLength, using: &generator)
          let category = all.randomElement(using: &generator)!
          let zIndex = Int.random(in: 0..<4, using: &generator)
          for _ in 0..<min(length, count - categories.count) {
            categories.append(category)
            zIndexes.append(zIndex)
          }
        }
        let expected = categories.indices.sorted { a, b in
          (zIndexes[a], rank(categories[a]), a) < (zIndexes[b], rank(categories[b]), b)
        }
        var runs = 0
        for position in categories.indices
        where position == 0 || categories[position] != categories[position - 1]
          || zIndexes[position] != zIndexes[position - 1]
        {
          runs += 1
        }
        guard
          let order = VisibleSetDiff<String>.drawingRuns(
            zIndexes: zIndexes, categories: categories)
        else {
          #expect(runs > VisibleSetDiff<String>.maximumBuckets)
          continue
        }
        #expect(order.count == runs)
        #expect(order.flatMap { Array($0) } == expected)
      }
    }
  }

  @Test("elements missed in order are found among those left over, compared or hashed")
  func missedElementsAreFoundAmongTheLeftOver() {
    // The last element moved first: found there, the others then missed in order.
    for count in [4, 10, 40] {
      let previous = (0..<count).map(cell)
      let visible = [cell(count - 1)] + (0..<(count - 1)).map(cell)
      let match = VisibleSetDiff<String>.match(previous: previous, visible: visible)
      #expect(match.from == [count - 1] + (0..<(count - 1)).map { $0 })
      #expect(match.leaving.isEmpty)
      let diff = VisibleSetDiff(
        onScreen: Dictionary(uniqueKeysWithValues: previous.map { ($0, "\($0)") }),
        visible: visible)
      #expect(match.from.map { $0.map { "\(previous[$0])" } } == diff.kept)
    }
    // A key's section, read without making its index path.
    for path: IndexPath in [[], [3], [4, 5], [6, 7, 8], [9, 1, 2, 3]] {
      #expect(
        ElementKey(category: .supplementaryView, kind: "k", indexPath: path).section
          == (path.isEmpty ? 0 : path[0]))
    }
  }
}
