import Foundation
import MosaicLayout
import Testing

/// A table's sections of records as a data source that counts what it is asked, one point per
/// character so that screens read as text.
private final class Table: LayoutDataSource {
  let layout = TableLayout()
  var counts: [Int]
  private(set) var itemCountRequests = 0
  /// The bounds the layout reads; setting them asks the layout, as a collection view does.
  var bounds = Rect.zero {
    willSet { layout.invalidateIfNeeded(forBoundsChange: newValue) }
  }

  init(counts: [Int], widths: [Double], configure: (TableLayout) -> Void = { _ in }) {
    self.counts = counts
    layout.columnWidths = widths
    layout.rowHeight = 1
    layout.headerRowHeight = 1
    configure(layout)
    layout.dataSource = self
  }

  var numberOfSections: Int { counts.count }

  func numberOfItems(inSection section: Int) -> Int {
    itemCountRequests += 1
    return counts[section]
  }

  func query(_ rect: Rect) -> [String] {
    layout.layoutAttributesForElements(in: rect).map(Self.describe)
  }

  /// Every element, found one by one through the per-element queries, whose frame overlaps
  /// `rect`: what a rect query must return.
  func bruteForce(_ rect: Rect) -> [String] {
    var result: [LayoutAttributes] = []
    for column in 0..<layout.numberOfColumns {
      if let header = layout.layoutAttributesForSupplementaryView(
        ofKind: TableLayout.columnHeaderKind, at: IndexPath(item: column, section: 0))
      {
        result.append(header)
      }
    }
    for section in counts.indices {
      if let header = layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section))
      {
        result.append(header)
      }
      for item in 0..<counts[section] {
        result.append(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!)
        for column in 0..<layout.numberOfColumns {
          result.append(
            layout.layoutAttributesForSupplementaryView(
              ofKind: TableLayout.valueKind, at: IndexPath(indexes: [section, item, column]))!)
        }
      }
    }
    return result.filter { $0.frame.intersects(rect) }.map(Self.describe).sorted()
  }

  static func describe(_ element: LayoutAttributes) -> String {
    let path = element.indexPath.map(String.init).joined(separator: ".")
    return "\(element.representedElementKind ?? "row") \(path) \(element.frame) z\(element.zIndex)"
  }

  /// The screen the bounds show, one character per point: a column header its column's
  /// capital letter, a value its column's small letter, a row cell `-`, a section header `=`,
  /// nothing `.`; higher z-indexes paint over lower ones, values over their rows.
  func screen() -> String {
    let view = bounds
    let width = Int(view.width)
    let height = Int(view.height)
    var grid = [[Character]](repeating: [Character](repeating: ".", count: width), count: height)
    let ordered = layout.layoutAttributesForElements(in: view).enumerated().sorted {
      let a = ($0.element.zIndex, $0.element.representedElementCategory == .cell ? 0 : 1)
      let b = ($1.element.zIndex, $1.element.representedElementCategory == .cell ? 0 : 1)
      return a != b ? a < b : $0.offset < $1.offset
    }.map(\.element)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    for element in ordered {
      let mark: Character
      switch element.representedElementKind {
      case TableLayout.columnHeaderKind?:
        mark = Character(letters[element.indexPath[1]].uppercased())
      case TableLayout.valueKind?: mark = letters[element.indexPath[2]]
      case ElementKind.sectionHeader?: mark = "="
      default: mark = "-"
      }
      let x0 = max(Int(element.frame.minX - view.minX), 0)
      let x1 = min(Int(element.frame.maxX - view.minX), width)
      let y0 = max(Int(element.frame.minY - view.minY), 0)
      let y1 = min(Int(element.frame.maxY - view.minY), height)
      for y in y0..<max(y1, y0) {
        for x in x0..<max(x1, x0) { grid[y][x] = mark }
      }
    }
    return grid.map { String($0) }.joined(separator: "\n")
  }
}

@Suite @MainActor struct TableLayoutTests {
  /// One section of 6 records, columns 3, 4, 5 and 2 wide.
  private static func small(counts: [Int] = [6], configure: (TableLayout) -> Void = { _ in })
    -> Table
  {
    Table(counts: counts, widths: [3, 4, 5, 2], configure: configure)
  }

  // MARK: Frames

  @Test func rowsValuesAndHeadersWhereTheWidthsPutThem() {
    let table = Self.small()
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 4)
    let layout = table.layout
    #expect(layout.contentSize == Size(width: 14, height: 7), "a header row and 6 rows")
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
        == Rect(x: 0, y: 3, width: 14, height: 1), "a row is as wide as the columns")
    let value = layout.layoutAttributesForSupplementaryView(
      ofKind: TableLayout.valueKind, at: IndexPath(indexes: [0, 2, 2]))
    #expect(value?.frame == Rect(x: 7, y: 3, width: 5, height: 1))
    #expect(value?.zIndex == 0)
    let header = layout.layoutAttributesForSupplementaryView(
      ofKind: TableLayout.columnHeaderKind, at: IndexPath(item: 3, section: 0))
    #expect(header?.frame == Rect(x: 12, y: 0, width: 2, height: 1))
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0)) == nil)
    #expect(
      layout.layoutAttributesForSupplementaryView(
        ofKind: TableLayout.valueKind, at: IndexPath(indexes: [0, 0, 4])) == nil)
    #expect(
      layout.layoutAttributesForSupplementaryView(
        ofKind: "nosuch", at: IndexPath(item: 0, section: 0)) == nil)
    #expect(
      table.screen() == """
        AAABBBBCCC
        aaabbbbccc
        aaabbbbccc
        aaabbbbccc
        """)
  }

  @Test func aRowIsAtLeastAsWideAsTheViewSoItsBackgroundFillsIt() {
    let table = Self.small()
    table.bounds = Rect(x: 0, y: 0, width: 20, height: 3)
    #expect(
      table.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.width == 20)
    #expect(
      table.screen() == """
        AAABBBBCCCCCDD......
        aaabbbbcccccdd------
        aaabbbbcccccdd------
        """)
  }

  @Test func rowCellsThatDrawTheirValuesAreTheOnlyElementsOfARow() {
    let table = Self.small { $0.rowCellsDrawValues = true }
    let plain = Self.small()
    for bounds in [Rect(x: 0, y: 0, width: 20, height: 3), Rect(x: 4, y: 3, width: 8, height: 3)] {
      table.bounds = bounds
      plain.bounds = bounds
      #expect(
        table.query(bounds) == plain.query(bounds).filter { !$0.hasPrefix(TableLayout.valueKind) },
        "the rows and headers of the usual layout, without its values")
    }
    #expect(
      table.screen() == """
        AAACCCCC
        --------
        --------
        """, "each row one cell, under the pinned header row")
    #expect(
      table.layout.layoutAttributesForSupplementaryView(
        ofKind: TableLayout.valueKind, at: IndexPath(indexes: [0, 2, 2])) == nil)
    for column in 1..<4 {
      let value = plain.layout.layoutAttributesForSupplementaryView(
        ofKind: TableLayout.valueKind, at: IndexPath(indexes: [0, 2, column]))
      let extent = table.layout.extent(ofColumn: column)
      #expect(extent?.start == value?.frame.minX && extent?.width == value?.frame.width)
    }
    #expect(table.layout.extent(ofColumn: 0)?.start == 0, "where the leading column lies unpinned")
    #expect(table.layout.extent(ofColumn: 4) == nil && table.layout.extent(ofColumn: -1) == nil)
    table.layout.columnWidths = [2, -1, 6]
    #expect(table.layout.extent(ofColumn: 2)?.start == 2, "new widths count at once")
    #expect(table.layout.extent(ofColumn: 1)?.width == 0, "a negative width counts as 0")
    table.layout.rowCellsDrawValues = false
    #expect(table.layout.needsPrepare, "turning the values back into views invalidates")
    #expect(
      table.layout.layoutAttributesForSupplementaryView(
        ofKind: TableLayout.valueKind, at: IndexPath(indexes: [0, 2, 2]))?.frame
        == Rect(x: 2, y: 3, width: 6, height: 1))
  }

  // MARK: Pinning

  @Test func theHeaderRowAndTheLeadingColumnStayWhileTheRowsScrollBothWays() {
    let table = Self.small()
    table.bounds = Rect(x: 4, y: 3, width: 8, height: 3)
    #expect(
      table.screen() == """
        AAACCCCC
        aaaccccc
        aaaccccc
        """, "the header row at the top, column a at the left, over b scrolling under it")
    let corner = table.layout.layoutAttributesForSupplementaryView(
      ofKind: TableLayout.columnHeaderKind, at: IndexPath(item: 0, section: 0))
    #expect(corner?.frame == Rect(x: 4, y: 3, width: 3, height: 1))
    #expect(corner?.zIndex == TableLayout.cornerZIndex)
    let leading = table.layout.layoutAttributesForSupplementaryView(
      ofKind: TableLayout.valueKind, at: IndexPath(indexes: [0, 3, 0]))
    #expect(leading?.frame == Rect(x: 4, y: 4, width: 3, height: 1))
    #expect(leading?.zIndex == TableLayout.pinnedColumnZIndex)
    #expect(TableLayout.cornerZIndex > TableLayout.headerRowZIndex)
    #expect(TableLayout.headerRowZIndex > TableLayout.sectionHeaderZIndex)
    #expect(TableLayout.sectionHeaderZIndex > TableLayout.pinnedColumnZIndex)
  }

  @Test func unpinnedHeadersScrollAway() {
    let table = Self.small {
      $0.pinsHeaderRow = false
      $0.pinsLeadingColumn = false
    }
    table.bounds = Rect(x: 4, y: 3, width: 8, height: 2)
    #expect(
      table.screen() == """
        bbbccccc
        bbbccccc
        """)
  }

  @Test func scrollingNeedsNoNewPrepare() {
    let table = Self.small()
    table.bounds = Rect(x: 0, y: 0, width: 8, height: 3)
    _ = table.query(table.bounds)
    #expect(!table.layout.needsPrepare)
    table.bounds = Rect(x: 3, y: 2, width: 8, height: 3)
    #expect(!table.layout.needsPrepare, "only a change of size invalidates")
    table.bounds = Rect(x: 3, y: 2, width: 9, height: 3)
    #expect(table.layout.needsPrepare)
  }

  // MARK: Sections

  @Test func sectionHeadersStartTheirSectionsAndPinBelowTheHeaderRow() {
    let table = Self.small(counts: [2, 3]) { $0.sectionHeaderHeight = 1 }
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 9)
    #expect(table.layout.contentSize.height == 1 + 1 + 2 + 1 + 3)
    #expect(
      table.screen() == """
        AAABBBBCCC
        ==========
        aaabbbbccc
        aaabbbbccc
        ==========
        aaabbbbccc
        aaabbbbccc
        aaabbbbccc
        ..........
        """)
    // Scrolled into section 1 and sideways: its header sits below the header row, at the view's
    // left edge and as wide as the view.
    table.bounds = Rect(x: 5, y: 5, width: 6, height: 3)
    #expect(
      table.screen() == """
        AAACCC
        ======
        aaaccc
        """)
    let header = table.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 1))
    #expect(header?.frame == Rect(x: 5, y: 6, width: 6, height: 1))
    // Section 0's last row pushes its header up: it never leaves its section.
    table.bounds = Rect(x: 0, y: 2, width: 10, height: 3)
    let pushed = table.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))
    #expect(pushed?.frame.minY == 3, "the last row of section 0 is at 3")
  }

  @Test func withoutSectionHeadersThereAreNone() {
    let table = Self.small(counts: [2, 3])
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 9)
    #expect(
      table.layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 1)) == nil)
    #expect(table.layout.contentSize.height == 6)
  }

  // MARK: Widths

  @Test func settingTheWidthsMovesTheColumnsAndInvalidates() {
    let table = Self.small()
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 2)
    _ = table.query(table.bounds)
    table.layout.columnWidths = [3, 4, 5, 2]
    #expect(!table.layout.needsPrepare, "the same widths change nothing")
    table.layout.columnWidths = [2, 6, 5, 2]
    #expect(table.layout.needsPrepare)
    #expect(
      table.screen() == """
        AABBBBBBCC
        aabbbbbbcc
        """)
    table.layout.columnWidths = [2, -3, .nan, 4]
    #expect(table.layout.contentSize.width == 6, "bad widths count as 0")
    #expect(
      table.screen() == """
        AADDDD....
        aadddd----
        """)
  }

  // MARK: Queries

  @Test func queriesHandOutTheSameAttributesUntilTheNextPrepare() {
    let table = Self.small()
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 4)
    let first = table.layout.layoutAttributesForElements(in: table.bounds)
    table.bounds = Rect(x: 2, y: 1, width: 10, height: 4)
    let second = table.layout.layoutAttributesForElements(in: table.bounds)
    func isValue(_ a: LayoutAttributes) -> Bool {
      a.representedElementKind == TableLayout.valueKind
    }
    // Rows 1 and 2 are in both answers: their cells and unpinned values are the same objects;
    // the pinned column and the header row follow the bounds.
    for attributes in second where attributes.frame.minY >= 2 && attributes.frame.minY < 4 {
      let pinned = isValue(attributes) && attributes.indexPath[2] == 0
      let same = first.contains { $0 === attributes }
      #expect(same == !pinned, "\(Table.describe(attributes))")
      if pinned { #expect(attributes.frame.minX == 2) }
    }
    #expect(
      second.filter { !isValue($0) && $0.representedElementCategory != .cell }.allSatisfy {
        $0.frame.minY == 1
      })
    // New widths (a prepare) make new attributes at the new places.
    table.layout.columnWidths = [3, 6, 5, 2]
    let third = table.layout.layoutAttributesForElements(in: table.bounds)
    #expect(third.allSatisfy { attributes in !second.contains { $0 === attributes } })
    #expect(third.map(Table.describe).sorted() == table.bruteForce(table.bounds))
    // So does a wider view: the row cells are as wide as the view.
    table.bounds = Rect(x: 2, y: 1, width: 30, height: 4)
    let rows = table.layout.layoutAttributesForElements(in: table.bounds).filter {
      $0.representedElementCategory == .cell
    }
    #expect(!rows.isEmpty && rows.allSatisfy { $0.frame.width == 30 })
  }

  @Test func rowsFarApartThatShareACacheSlotEachKeepTheirOwnAttributes() {
    let limit = TableLayout.cachedRowLimit
    let table = Self.small(counts: [3 * limit, limit])
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 4)
    let row = { (section: Int, item: Int) -> LayoutAttributes? in
      table.layout.layoutAttributesForElements(in: table.bounds).first {
        $0.representedElementCategory == .cell && $0.indexPath == [section, item]
      }
    }
    let first = row(0, 1)
    // The item query hands out the rect query's object.
    #expect(first != nil && table.layout.layoutAttributesForItem(at: [0, 1]) === first)
    // Rows a cache's length apart, and rows of another section, land where they belong, and the
    // row they displaced is made again at its own place.
    let section1Start = Double(1 + 3 * limit)
    for (section, item) in [(0, 1 + limit), (0, 1 + 2 * limit), (1, 1), (1, limit - 1), (0, 1)] {
      let y = (section == 0 ? 1 : section1Start) + Double(item)
      table.bounds = Rect(x: 0, y: y - 1, width: 10, height: 4)
      let attributes = row(section, item)
      #expect(attributes?.frame.minY == y, "\(section).\(item)")
      #expect(table.layout.layoutAttributesForItem(at: [section, item])?.frame.minY == y)
      #expect(
        table.query(table.bounds).sorted() == table.bruteForce(table.bounds), "\(section).\(item)")
    }
    // A prepare (new widths) makes the item query's answer anew too.
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 4)
    let before = table.layout.layoutAttributesForItem(at: [0, 1])
    table.layout.columnWidths = [3, 4, 5, 9]
    let after = table.layout.layoutAttributesForItem(at: [0, 1])
    #expect(after !== before && after?.frame.width == 21)
  }

  @Test func rectQueriesReturnWhatTheElementQueriesFind() {
    var generator = SystemRandomNumberGenerator()
    for counts in [[6], [2, 0, 3], [0], [1, 4, 2]] {
      for sectionHeader in [0.0, 1.0] {
        let table = Table(counts: counts, widths: [3, 4, 0, 5, 2]) {
          $0.sectionHeaderHeight = sectionHeader
        }
        for _ in 0..<60 {
          table.bounds = Rect(
            x: Double(Int.random(in: 0...8, using: &generator)),
            y: Double(Int.random(in: 0...6, using: &generator)), width: 7, height: 4)
          let rect = Rect(
            x: Double(Int.random(in: -2...16, using: &generator)) / 2,
            y: Double(Int.random(in: -2...20, using: &generator)) / 2,
            width: Double(Int.random(in: 1...16, using: &generator)) / 2,
            height: Double(Int.random(in: 1...12, using: &generator)) / 2)
          #expect(
            table.query(rect).sorted() == table.bruteForce(rect),
            "\(counts), section headers \(sectionHeader), bounds \(table.bounds), rect \(rect)")
        }
      }
    }
  }

  @Test func aMillionRowsAnswerOnlyWhatIsVisibleAndPrepareWithoutAScan() {
    let widths = [Double](repeating: 10, count: 40)
    let table = Table(counts: [1_000_000], widths: widths)
    table.bounds = Rect(x: 95, y: 500_000, width: 80, height: 24)
    let visible = table.layout.layoutAttributesForElements(in: table.bounds)
    // 24 lines: the pinned header row over the first of 24 rows; columns 0 (pinned) and 9 to 17
    // (9 of them) show.
    let rows = visible.filter { $0.representedElementCategory == .cell }
    #expect(rows.count == 24)
    let values = visible.filter { $0.representedElementKind == TableLayout.valueKind }
    #expect(values.count == 24 * 10)
    #expect(Set(values.map { $0.indexPath[2] }) == Set([0] + Array(9...17)))
    #expect(table.itemCountRequests == 1, "the one section's count, read once in prepare")
    #expect(table.layout.contentSize == Size(width: 400, height: 1_000_001))
  }

  @Test func noSectionsNoElements() {
    let table = Table(counts: [], widths: [3, 4])
    table.bounds = Rect(x: 0, y: 0, width: 10, height: 4)
    #expect(table.query(table.bounds).isEmpty)
    #expect(table.layout.contentSize == Size(width: 7, height: 0))
    #expect(
      table.layout.layoutAttributesForSupplementaryView(
        ofKind: TableLayout.columnHeaderKind, at: IndexPath(item: 0, section: 0)) == nil)
  }
}
