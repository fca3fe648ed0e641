import Foundation
import MosaicLayout
import Testing

/// A spreadsheet's rows and columns as a data source that counts what it is asked.
private final class Sheet: LayoutDataSource {
  let layout = SpreadsheetLayout()
  var rowCount: Int
  var columnCount: Int
  /// Rows with fewer items than the header row.
  var shortRows: [Int: Int]
  private(set) var sectionCountRequests = 0
  private(set) var itemCountRequests: [Int] = []
  /// The bounds the layout reads; setting them asks the layout, as a collection view does.
  var bounds = Rect.zero {
    willSet { layout.invalidateIfNeeded(forBoundsChange: newValue) }
  }

  init(
    rows: Int, columns: Int, shortRows: [Int: Int] = [:],
    configure: (SpreadsheetLayout) -> Void = { _ in }
  ) {
    rowCount = rows
    columnCount = columns
    self.shortRows = shortRows
    configure(layout)
    layout.dataSource = self
  }

  var numberOfSections: Int {
    sectionCountRequests += 1
    return rowCount
  }

  func numberOfItems(inSection section: Int) -> Int {
    itemCountRequests.append(section)
    return shortRows[section] ?? columnCount
  }

  func resetCounts() {
    sectionCountRequests = 0
    itemCountRequests = []
  }

  func frame(_ row: Int, _ column: Int) -> Rect? {
    layout.layoutAttributesForItem(at: IndexPath(item: column, section: row))?.frame
  }

  /// Every cell, found one by one, whose frame overlaps `rect`: what a query must return.
  func bruteForce(_ rect: Rect) -> [String] {
    var result: [String] = []
    for row in 0..<rowCount {
      for column in 0..<columnCount {
        if let cell = layout.layoutAttributesForItem(at: IndexPath(item: column, section: row)),
          cell.frame.intersects(rect)
        {
          result.append(Self.describe(cell))
        }
      }
    }
    return result
  }

  func query(_ rect: Rect) -> [String] {
    layout.layoutAttributesForElements(in: rect).map(Self.describe)
  }

  static func describe(_ cell: LayoutAttributes) -> String {
    "\(cell.indexPath.section).\(cell.indexPath.item) \(cell.frame) z\(cell.zIndex)"
  }

  /// The screen the bounds show, one character per point: the corner `#`, header-row cells
  /// their column's capital letter, header-column cells their row's last digit, body cells
  /// their column's small letter, nothing `.`; higher z-indexes paint over lower ones.
  func screen() -> String {
    let view = bounds
    let width = Int(view.width)
    let height = Int(view.height)
    var grid = [[Character]](
      repeating: [Character](repeating: ".", count: width), count: height)
    let cells = layout.layoutAttributesForElements(in: view).enumerated().sorted {
      ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset)
    }.map(\.element)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    for cell in cells {
      let (row, column) = (cell.indexPath.section, cell.indexPath.item)
      let mark: Character =
        row == 0 && column == 0
        ? "#"
        : row == 0
          ? Character(letters[(column - 1) % 26].uppercased())
          : column == 0 ? Character(String(row % 10)) : letters[(column - 1) % 26]
      let x0 = max(Int(cell.frame.minX - view.minX), 0)
      let x1 = min(Int(cell.frame.maxX - view.minX), width)
      let y0 = max(Int(cell.frame.minY - view.minY), 0)
      let y1 = min(Int(cell.frame.maxY - view.minY), height)
      for y in y0..<max(y1, y0) {
        for x in x0..<max(x1, x0) { grid[y][x] = mark }
      }
    }
    return grid.map { String($0) }.joined(separator: "\n")
  }
}

@Suite @MainActor struct SpreadsheetLayoutTests {
  /// 5 rows × 4 columns: header column 6 wide, columns 10; header row 1 high, rows 2.
  private static func small(shortRows: [Int: Int] = [:]) -> Sheet {
    Sheet(rows: 5, columns: 4, shortRows: shortRows) {
      $0.headerColumnWidth = 6
      $0.defaultColumnWidth = 10
      $0.headerRowHeight = 1
      $0.defaultRowHeight = 2
    }
  }

  // MARK: Frames

  @Test func uniformFramesAndContentSize() {
    let sheet = Self.small()
    #expect(sheet.layout.contentSize == Size(width: 36, height: 9))
    #expect(sheet.frame(0, 0) == Rect(x: 0, y: 0, width: 6, height: 1))
    #expect(sheet.frame(0, 3) == Rect(x: 26, y: 0, width: 10, height: 1))
    #expect(sheet.frame(1, 0) == Rect(x: 0, y: 1, width: 6, height: 2))
    #expect(sheet.frame(4, 2) == Rect(x: 16, y: 7, width: 10, height: 2))
    #expect(sheet.frame(5, 0) == nil)
    #expect(sheet.frame(0, 4) == nil)
    #expect(sheet.frame(-1, 0) == nil)
    #expect(sheet.layout.numberOfRows == 5 && sheet.layout.numberOfColumns == 4)
    #expect(sheet.layout.storageBytes == 0, "a uniform sheet stores nothing per row or column")
  }

  @Test func defaultsAreEightyBySixteenWithBothHeadersPinned() {
    let layout = SpreadsheetLayout()
    #expect(layout.defaultColumnWidth == 80 && layout.defaultRowHeight == 16)
    #expect(layout.headerColumnWidth == nil && layout.headerRowHeight == nil)
    #expect(layout.pinsHeaderRow && layout.pinsHeaderColumn)
    let sheet = Sheet(rows: 3, columns: 2)
    #expect(sheet.layout.contentSize == Size(width: 160, height: 48))
  }

  @Test func perColumnAndPerRowSizesWithNilMeaningTheDefault() {
    let sheet = Sheet(rows: 4, columns: 4) {
      $0.headerColumnWidth = 4
      $0.defaultColumnWidth = 10
      $0.headerRowHeight = 1
      $0.defaultRowHeight = 3
      $0.widthForColumn = { [2: 25.0, 3: 0.5][$0] }
      $0.heightForRow = { $0 == 2 ? 7 : nil }
    }
    #expect(sheet.frame(0, 0) == Rect(x: 0, y: 0, width: 4, height: 1))
    #expect(sheet.frame(1, 1) == Rect(x: 4, y: 1, width: 10, height: 3))
    #expect(sheet.frame(2, 2) == Rect(x: 14, y: 4, width: 25, height: 7))
    #expect(sheet.frame(3, 3) == Rect(x: 39, y: 11, width: 0.5, height: 3))
    #expect(sheet.layout.contentSize == Size(width: 39.5, height: 14))
    #expect(sheet.layout.storageBytes >= 9 * MemoryLayout<Double>.stride)
  }

  @Test func badLengthsCountAsZeroAndCannotPoisonLaterOffsets() {
    let sheet = Sheet(rows: 4, columns: 4) {
      $0.defaultColumnWidth = 10
      $0.defaultRowHeight = 1
      $0.widthForColumn = { [1: -5.0, 2: .nan][$0] }
      $0.heightForRow = { $0 == 1 ? .infinity : nil }
    }
    #expect(sheet.frame(1, 1) == Rect(x: 10, y: 1, width: 0, height: 0))
    #expect(sheet.frame(3, 3) == Rect(x: 10, y: 2, width: 10, height: 1))
    #expect(sheet.layout.contentSize == Size(width: 20, height: 3))
    // Zero-length rows and columns overlap nothing: rows 0, 2, 3 by columns 0, 3 remain.
    let found = sheet.layout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: 100, height: 100)
    ).map { "\($0.indexPath.section).\($0.indexPath.item)" }
    #expect(found == ["0.0", "0.3", "2.0", "2.3", "3.0", "3.3"])
  }

  @Test func rowsWithFewerItemsHaveNoCellsPastTheirLast() {
    let sheet = Self.small(shortRows: [2: 2, 3: 0, 4: 9])
    #expect(sheet.frame(2, 1) != nil)
    #expect(sheet.frame(2, 2) == nil)
    #expect(sheet.frame(3, 0) == nil)
    #expect(sheet.frame(4, 3) != nil)
    #expect(sheet.frame(4, 4) == nil, "items past the header row's count are not laid out")
    let all = sheet.layout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: 100, height: 100)
    ).map { "\($0.indexPath.section).\($0.indexPath.item)" }
    #expect(
      all == [
        "0.0", "0.1", "0.2", "0.3", "1.0", "1.1", "1.2", "1.3", "2.0", "2.1", "4.0", "4.1", "4.2",
        "4.3",
      ])
  }

  @Test func anEmptySheetHasNoContent() {
    for (rows, columns) in [(0, 0), (0, 5), (3, 0)] {
      let sheet = Sheet(rows: rows, columns: columns)
      #expect(sheet.layout.contentSize == Size(width: rows > 0 ? 0 : 0, height: 0) || rows > 0)
      #expect(sheet.query(Rect(x: -10, y: -10, width: 1000, height: 1000)).isEmpty)
    }
    let headerless = Sheet(rows: 3, columns: 0)
    #expect(headerless.layout.contentSize == Size(width: 0, height: 48))
  }

  // MARK: Pinning

  @Test(arguments: [
    (0.0, 0.0), (7, 0), (0, 4), (13, 5), (-5, -3), (31, 8), (200, 300), (6, 1), (5.5, 0.5),
  ])
  func headerRowAndColumnArePinnedToTheBounds(x: Double, y: Double) {
    let sheet = Self.small()
    sheet.bounds = Rect(x: x, y: y, width: 20, height: 5)
    let pinX = max(0, x)
    let pinY = max(0, y)
    #expect(sheet.frame(0, 0) == Rect(x: pinX, y: pinY, width: 6, height: 1), "corner")
    for column in 1..<4 {
      #expect(
        sheet.frame(0, column)
          == Rect(x: 6 + Double(column - 1) * 10, y: pinY, width: 10, height: 1),
        "header row, column \(column)")
    }
    for row in 1..<5 {
      #expect(
        sheet.frame(row, 0) == Rect(x: pinX, y: 1 + Double(row - 1) * 2, width: 6, height: 2),
        "header column, row \(row)")
    }
    #expect(sheet.frame(3, 2) == Rect(x: 16, y: 5, width: 10, height: 2), "body cells never move")
    #expect(sheet.query(sheet.bounds) == sheet.bruteForce(sheet.bounds))
  }

  @Test func pinningCanBeTurnedOffPerAxis() {
    let sheet = Self.small()
    sheet.bounds = Rect(x: 12, y: 3, width: 20, height: 5)
    sheet.layout.pinsHeaderRow = false
    #expect(sheet.frame(0, 0) == Rect(x: 12, y: 0, width: 6, height: 1))
    sheet.layout.pinsHeaderColumn = false
    #expect(sheet.frame(0, 0) == Rect(x: 0, y: 0, width: 6, height: 1))
    sheet.layout.pinsHeaderRow = true
    #expect(sheet.frame(1, 0) == Rect(x: 0, y: 1, width: 6, height: 2))
    #expect(sheet.frame(0, 1) == Rect(x: 6, y: 3, width: 10, height: 1))
  }

  @Test func cornerIsAboveTheHeadersWhichAreAboveTheBody() {
    let sheet = Self.small()
    sheet.bounds = Rect(x: 9, y: 2, width: 20, height: 5)
    let cells = sheet.layout.layoutAttributesForElements(in: sheet.bounds)
    let corner = cells.first { $0.indexPath == IndexPath(item: 0, section: 0) }
    #expect(corner?.zIndex == SpreadsheetLayout.cornerZIndex)
    for cell in cells {
      let (row, column) = (cell.indexPath.section, cell.indexPath.item)
      if row == 0 || column == 0 {
        #expect(cell.zIndex > 0)
        if row + column > 0 { #expect(cell.zIndex < SpreadsheetLayout.cornerZIndex) }
      } else {
        #expect(cell.zIndex == 0)
      }
    }
    // The point at the bounds' top-left corner is covered by a body cell, both headers and
    // the corner; the corner is what is drawn there.
    #expect(sheet.layout.indexPathForItem(at: Point(x: 9, y: 2)) == IndexPath(item: 0, section: 0))
    // Column 2 spans x 16..<26; row 3 spans y 5..<7; the header column is pinned at x 9..<15.
    #expect(sheet.layout.indexPathForItem(at: Point(x: 20, y: 2)) == IndexPath(item: 2, section: 0))
    #expect(sheet.layout.indexPathForItem(at: Point(x: 10, y: 5)) == IndexPath(item: 0, section: 3))
    #expect(sheet.layout.indexPathForItem(at: Point(x: 20, y: 5)) == IndexPath(item: 2, section: 3))
    #expect(sheet.layout.indexPathForItem(at: Point(x: 50, y: 5)) == nil)
  }

  @Test func screensAtSeveralOffsets() {
    let sheet = Sheet(rows: 12, columns: 8) {
      $0.headerColumnWidth = 2
      $0.defaultColumnWidth = 3
      $0.headerRowHeight = 1
      $0.defaultRowHeight = 1
    }
    sheet.bounds = Rect(x: 0, y: 0, width: 12, height: 4)
    #expect(
      sheet.screen() == """
        ##AAABBBCCCD
        11aaabbbcccd
        22aaabbbcccd
        33aaabbbcccd
        """)
    // Column 1 (x 2..<5) hides under the header column but for nothing; column 2 starts at 5.
    sheet.bounds = Rect(x: 4, y: 5, width: 12, height: 4)
    #expect(
      sheet.screen() == """
        ##BBCCCDDDEE
        66bbcccdddee
        77bbcccdddee
        88bbcccdddee
        """)
    // Running past the end of the content (23 × 12): the headers stay at the top and left,
    // covering row 10 and most of column 7.
    sheet.bounds = Rect(x: 20, y: 10, width: 8, height: 4)
    #expect(
      sheet.screen() == """
        ##G.....
        11g.....
        ........
        ........
        """)
  }

  @Test func scrollingDoesNotPrepareAgainButResizingDoes() {
    let sheet = Self.small()
    sheet.bounds = Rect(x: 0, y: 0, width: 20, height: 5)
    _ = sheet.layout.contentSize
    sheet.resetCounts()
    #expect(
      !sheet.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 9, y: 9, width: 20, height: 5)))
    sheet.bounds = Rect(x: 9, y: 3, width: 20, height: 5)
    _ = sheet.query(sheet.bounds)
    #expect(sheet.sectionCountRequests == 0)
    #expect(
      sheet.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 9, y: 3, width: 21, height: 5)))
    sheet.bounds = Rect(x: 9, y: 3, width: 21, height: 5)
    _ = sheet.query(sheet.bounds)
    #expect(sheet.sectionCountRequests == 1)
  }

  // MARK: Queries

  /// Small sheets, uniform and sized per index (zero, fractional and default lengths), with
  /// short rows, at several scroll offsets: every query equals the brute force over its cells.
  @Test(arguments: 0..<4)
  func queryEqualsBruteForce(sizing: Int) {
    let rects = Self.rects()
    for rows in [1, 2, 5] {
      for columns in [1, 2, 4] {
        let sheet = Sheet(rows: rows, columns: columns, shortRows: rows > 2 ? [2: 1, 3: 0] : [:]) {
          $0.headerColumnWidth = [nil, 3, 0, 2.5][sizing]
          $0.defaultColumnWidth = 4
          $0.headerRowHeight = [nil, 1, 2, 0.5][sizing]
          $0.defaultRowHeight = [1, 2, 1.5, 3][sizing]
          if sizing >= 2 {
            $0.widthForColumn = { [1: 0, 2: 6.25][$0] }
            $0.heightForRow = { [1: 0.75, 3: 0][$0] }
          }
        }
        for offset in [Point(x: 0, y: 0), Point(x: 3, y: 2), Point(x: 7.5, y: 0.25)] {
          sheet.bounds = Rect(origin: offset, size: Size(width: 8, height: 4))
          for rect in rects {
            let actual = sheet.query(rect)
            let expected = sheet.bruteForce(rect)
            #expect(
              actual == expected,
              "sizing \(sizing), \(rows)×\(columns), bounds \(sheet.bounds), rect \(rect)")
            if actual != expected { return }
          }
        }
      }
    }
  }

  /// A sheet sized per index whose closures answer nil everywhere is the uniform sheet: the
  /// binary-searched path and the arithmetic one agree on every query.
  @Test func perIndexPathAgreesWithTheArithmeticOne() {
    func make(perIndex: Bool) -> Sheet {
      Sheet(rows: 40, columns: 12) {
        // Binary fractions, so that summing and multiplying give the same frames exactly.
        $0.headerColumnWidth = 7
        $0.defaultColumnWidth = 0.375
        $0.headerRowHeight = 1.75
        $0.defaultRowHeight = 0.125
        if perIndex {
          $0.widthForColumn = { _ in nil }
          $0.heightForRow = { _ in nil }
        }
      }
    }
    let uniform = make(perIndex: false)
    let perIndex = make(perIndex: true)
    #expect(uniform.layout.storageBytes == 0 && perIndex.layout.storageBytes > 0)
    var checked = 0
    for x in stride(from: -1.0, through: 12, by: 0.15) {
      for y in stride(from: -1.0, through: 6, by: 0.35) {
        let rect = Rect(x: x, y: y, width: 0.45, height: 0.3)
        let expected = uniform.bruteForce(rect)
        #expect(uniform.query(rect) == expected, "uniform, rect \(rect)")
        #expect(perIndex.query(rect) == expected, "per index, rect \(rect)")
        checked += 1
      }
    }
    #expect(checked > 1000)
  }

  @Test func aMillionRowSheetPreparesWithoutVisitingRowsAndQueriesOnlyVisibleOnes() {
    let sheet = Sheet(rows: 1_000_001, columns: 27) {
      $0.headerColumnWidth = 8
      $0.defaultColumnWidth = 12
      $0.headerRowHeight = 1
      $0.defaultRowHeight = 1
    }
    #expect(sheet.layout.contentSize == Size(width: 8 + 26 * 12, height: 1_000_001))
    #expect(sheet.itemCountRequests == [0], "prepare reads the header row's count only")
    #expect(sheet.layout.storageBytes == 0)
    // An 80 × 24 screen in the middle; the size change prepares once more, then scrolling
    // there asks for nothing but the visible rows' item counts.
    sheet.bounds = Rect(x: 0, y: 0, width: 80, height: 24)
    _ = sheet.layout.contentSize
    sheet.resetCounts()
    sheet.bounds = Rect(x: 50, y: 500_000, width: 80, height: 24)
    let cells = sheet.layout.layoutAttributesForElements(in: sheet.bounds)
    let rows = Set(cells.map(\.indexPath.section))
    #expect(rows.count == 25, "the header row and 24 body rows under it")
    #expect(rows.contains(0) && rows.min() == 0 && rows.subtracting([0]).min() == 500_000)
    // x 50..<130 meets columns 4 (44..<56) to 11 (128..<140), and the pinned header column.
    #expect(Set(cells.map(\.indexPath.item)) == Set([0] + Array(4...11)))
    #expect(cells.count == 25 * 9)
    #expect(Set(sheet.itemCountRequests) == rows.subtracting([0]))
    #expect(sheet.itemCountRequests.count == 24, "one item-count request per visible body row")
    #expect(sheet.sectionCountRequests == 0)
    #expect(
      sheet.layout.layoutAttributesForItem(at: IndexPath(item: 26, section: 1_000_000))?.frame
        == Rect(x: 308, y: 1_000_000, width: 12, height: 1))
  }

  @Test func aMillionRowSheetSizedPerRowStillQueriesByBinarySearch() {
    let sheet = Sheet(rows: 1_000_000, columns: 5) {
      $0.defaultColumnWidth = 10
      $0.heightForRow = { Double($0 % 3 + 1) }
    }
    // Rows are 1, 2, 3, 1, 2, 3…: every three rows span 6 points.
    #expect(sheet.layout.contentSize.height == 2_000_000 - 1)
    sheet.resetCounts()
    let rect = Rect(x: 0, y: 600_000, width: 50, height: 6)
    let cells = sheet.layout.layoutAttributesForElements(in: rect)
    #expect(sheet.itemCountRequests == [300_000, 300_001, 300_002])
    #expect(cells.count == 5 * 3)
    #expect(sheet.query(rect) == cells.map(Sheet.describe))
  }

  private static func rects() -> [Rect] {
    var rects: [Rect] = []
    for x in [-3.0, 0, 1.5, 2.5, 3, 5, 7, 9.75, 13, 40] {
      for y in [-1.0, 0, 0.5, 1, 2, 3.25, 6, 20] {
        for (w, h) in [(1.0, 1.0), (0.5, 4.0), (6.0, 0.25), (100.0, 100.0), (0.0, 5.0)] {
          rects.append(Rect(x: x, y: y, width: w, height: h))
        }
      }
    }
    return rects
  }
}
