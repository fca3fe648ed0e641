import MosaicCollection
import MosaicLayout
import Testing

/// A rows × columns sheet whose header row and column refuse the focus.
final class SheetSource: CollectionViewDataSource, CollectionViewDelegate {
  let rows: Int
  let columns: Int

  init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { rows + 1 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    columns + 1
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      LetterCell.self, withReuseIdentifier: "letter", for: indexPath)
    cell.letter = indexPath.section == 0 || indexPath.item == 0 ? "#" : "."
    return cell
  }

  func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath)
    -> Bool
  {
    indexPath.section > 0 && indexPath.item > 0
  }
}

/// The runtime's focus engine over a `SpreadsheetLayout`: the pinned header row, column and
/// corner never cover the focused cell, and the focus never lands on them.
@Suite @MainActor struct SpreadsheetFocusTests {
  /// A 30 × 10 view (one point per cell) over a sheet with a 4-wide header column, a 2-high
  /// header row, columns 5 wide (every third 9) and rows 1 high (every fourth 3).
  func make(rows: Int = 200, columns: Int = 40) -> (SheetSource, CollectionView) {
    let layout = SpreadsheetLayout()
    layout.headerColumnWidth = 4
    layout.headerRowHeight = 2
    layout.defaultColumnWidth = 5
    layout.defaultRowHeight = 1
    layout.widthForColumn = { $0 > 0 && $0 % 3 == 0 ? 9 : nil }
    layout.heightForRow = { $0 > 0 && $0 % 4 == 0 ? 3 : nil }
    let source = SheetSource(rows: rows, columns: columns)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 30, rows: 10), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    view.dataSource = source
    view.delegate = source
    return (source, view)
  }

  /// Asserts the focused cell is a value, whole on screen, and drawn on top at each of its
  /// screen cells: no header, pinned or not, over any part of it.
  func expectFocusUncovered(
    _ view: CollectionView, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let focused = view.indexPathForFocusedItem,
      let frame = view.layoutAttributesForItem(at: focused)?.frame
    else {
      Issue.record("nothing focused after \(step)", sourceLocation: sourceLocation)
      return
    }
    #expect(focused.section > 0 && focused.item > 0, "\(step): header \(focused) focused")
    let rect = view.viewportRect(for: frame)
    #expect(
      rect.row >= 2 && rect.column >= 4 && rect.endRow <= view.frame.rows
        && rect.endColumn <= view.frame.columns,
      "\(step): \(focused) at \(rect), offset \(view.contentOffset)",
      sourceLocation: sourceLocation)
    for row in max(rect.row, 0)..<min(rect.endRow, view.frame.rows) {
      for column in max(rect.column, 0)..<min(rect.endColumn, view.frame.columns) {
        let top = view.element(atColumn: column, row: row)
        #expect(
          top?.indexPath == focused && top?.category == .cell,
          "\(step): \(top.map { "\($0.indexPath)" } ?? "nothing") over \(focused) at \(column),\(row)",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test func arrowWalksNeverEndUnderTheHeaders() {
    let (source, view) = make()
    view.handle(.key(.down))
    #expect(view.indexPathForFocusedItem == ip(1, 1), "the first press skips the headers")
    // A walk to the far corner and back, with detours, checking after every key.
    let keys: [(Key, Int)] = [
      (.right, 45), (.down, 30), (.left, 45), (.up, 40), (.right, 7), (.down, 12), (.left, 3),
      (.up, 5), (.right, 40), (.up, 10),
    ]
    for (key, count) in keys {
      for index in 0..<count {
        view.handle(.key(key))
        expectFocusUncovered(view, "\(key) #\(index + 1)")
      }
    }
    // The far edges: right and down stop at the last value; left and up at the first.
    for _ in 0..<50 { view.handle(.key(.right)) }
    #expect(view.indexPathForFocusedItem?.item == 40)
    for _ in 0..<50 { view.handle(.key(.left)) }
    #expect(view.indexPathForFocusedItem?.item == 1)
    expectFocusUncovered(view, "left to the first column")
    withExtendedLifetime(source) {}
  }

  @Test func scrollingIsTheLeastThatClearsTheHeaders() {
    let (source, view) = make()
    view.focusItem(at: ip(1, 1))
    #expect(view.contentOffset == .zero)
    // Down to row 7: rows 1…7 are 1, 1, 1, 3, 1, 1, 1 high under a 2-high header, 9 in all:
    // row 7 ends at content y 11, so the view scrolls 1.
    for _ in 0..<6 { view.handle(.key(.down)) }
    #expect(view.indexPathForFocusedItem == ip(7, 1))
    #expect(view.contentOffset.y == 1)
    // Back up to row 2 (content y 3): the header row covers 2 rows, so y = 1 shows it.
    for _ in 0..<5 { view.handle(.key(.up)) }
    #expect(view.contentOffset.y == 1)
    view.handle(.key(.up))
    #expect(view.contentOffset.y == 0)
    withExtendedLifetime(source) {}
  }

  @Test func pagesAndJumpsKeepTheFocusClearOfTheHeaders() {
    let (source, view) = make(rows: 100_000)
    view.focusItem(at: ip(3, 2))
    for step in 0..<30 {
      view.handle(.key(.pageDown))
      expectFocusUncovered(view, "page down #\(step + 1)")
    }
    view.handle(.key(.end))
    #expect(view.indexPathForFocusedItem == ip(100_000, 40))
    expectFocusUncovered(view, "end")
    for step in 0..<30 {
      view.handle(.key(.pageUp))
      expectFocusUncovered(view, "page up #\(step + 1)")
    }
    view.handle(.key(.home))
    #expect(view.indexPathForFocusedItem == ip(1, 1))
    #expect(view.contentOffset == .zero)
    expectFocusUncovered(view, "home")
    withExtendedLifetime(source) {}
  }

  @Test func aPageShowsTheRowsTheHeaderRowDoesNotCover() {
    // No per-row heights: 8 value rows show under the 2-high header; a page moves by 8, so
    // the row after the last one shown comes first after it.
    let (source, view) = make()
    (view.collectionViewLayout as? SpreadsheetLayout)?.heightForRow = nil
    view.invalidateLayout()
    view.focusItem(at: ip(1, 1))
    view.handle(.key(.pageDown))
    #expect(view.contentOffset.y == 8)
    #expect(view.indexPathForFocusedItem == ip(9, 1))
    expectFocusUncovered(view, "page down")
    withExtendedLifetime(source) {}
  }

  @Test func clicksOnHeadersLeaveTheFocus() {
    let (source, view) = make()
    view.focusItem(at: ip(2, 2))
    view.layoutIfNeeded()
    view.handle(.mouse(MouseEvent(action: .press, column: 1, row: 5)))
    view.handle(.mouse(MouseEvent(action: .press, column: 12, row: 0)))
    view.handle(.mouse(MouseEvent(action: .press, column: 0, row: 0)))
    #expect(view.indexPathForFocusedItem == ip(2, 2))
    // A value: column 1 is x 4…9, row 3 is y 4.
    view.handle(.mouse(MouseEvent(action: .press, column: 5, row: 4)))
    #expect(view.indexPathForFocusedItem == ip(3, 1))
    withExtendedLifetime(source) {}
  }
}
