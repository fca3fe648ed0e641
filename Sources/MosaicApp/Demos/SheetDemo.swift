import MosaicCollection
import MosaicLayout

/// The `sheet` demo: a million rows by 26 columns in a `SpreadsheetLayout`, with the column
/// letters and row numbers pinned while the sheet scrolls both ways.
///
/// Cell C7 holds 7 × 3 = 21 (row times column number): computed, never stored. The keys are
/// the collection view's own: the arrows (and `h` `j` `k` `l`) move the focus between values,
/// Page Up / Page Down by a screen, Home / End to the first / last value. The demo only says,
/// as its delegate, that header cells cannot take the focus; the collection view skips them
/// and scrolls the focused value clear of the pinned header row and column itself.
public final class SheetDemo: StatusBarController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// The number of value rows, under the header row.
  public let rows: Int
  /// The number of value columns, A to Z, right of the row numbers.
  public static let columns = 26
  /// The focused value: row 1…rows, column 1…26 (row 0 and column 0 are the headers).
  public var focus: (row: Int, column: Int) {
    let path = collectionView.indexPathForFocusedItem ?? IndexPath(item: 1, section: 1)
    return (path.section, path.item)
  }

  /// Creates the demo with `rows` value rows (a million by default).
  public init(rows: Int = 1_000_000) {
    self.rows = max(1, rows)
    let layout = SpreadsheetLayout()
    // Row numbers get 9 columns, values 11, every row one line.
    let metrics = CellMetrics.standard
    layout.headerColumnWidth = 9 * metrics.pointsPerColumn
    layout.defaultColumnWidth = 11 * metrics.pointsPerColumn
    layout.defaultRowHeight = metrics.pointsPerRow
    super.init(collectionViewLayout: layout)
    collectionView.register(SheetCell.self, forCellWithReuseIdentifier: "sheet")
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.focusItem(at: IndexPath(item: 1, section: 1))
  }

  /// The name of column `column` (1 → "A", 26 → "Z").
  public static func letter(ofColumn column: Int) -> String {
    String(UnicodeScalar(UInt8(64 + min(max(column, 1), 26))))
  }

  /// The value shown at `row`, `column`: their product.
  public static func value(row: Int, column: Int) -> Int { row * column }

  /// "sheet │ C7 = 7 × 3 = 21 │ 1,000,000 × 26 │ ? keys · q quits".
  public override var statusText: String {
    let (row, column) = focus
    let name = Self.letter(ofColumn: column) + String(row)
    let value = Self.grouped(Self.value(row: row, column: column))
    return
      "sheet │ \(name) = \(row) × \(column) = \(value) │ \(Self.grouped(rows)) × \(Self.columns)"
      + " │ ? keys · q quits"
  }

  /// "sheet: keys".
  public override var helpTitle: String { "sheet: keys" }

  /// The collection view's keys and the demo's own, as `?` lists them.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus between values"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last value (A1 / Z1000000)"),
      ("Enter", "select the focused value"),
      ("click, wheel", "focus a value; scroll"),
      ("?", "this help"),
      ("q Esc", "quit"),
    ]
  }

  /// `value` with its digits in groups of three ("1,000,000"), whatever the locale.
  static func grouped(_ value: Int) -> String { value.groupedDigits() }

  // MARK: Data source

  /// The header row and one section per value row.
  public func numberOfSections(in collectionView: CollectionView) -> Int { rows + 1 }

  /// The row number and one item per column.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { Self.columns + 1 }

  /// A header cell or a value, computed from the index path.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      SheetCell.self, withReuseIdentifier: "sheet", for: indexPath)
    let (row, column) = (indexPath.section, indexPath.item)
    switch (row, column) {
    case (0, 0):
      cell.role = .corner
      cell.text = ""
    case (0, _):
      cell.role = .columnHeader
      cell.text = Self.letter(ofColumn: column)
    case (_, 0):
      cell.role = .rowHeader
      cell.text = String(row)
    default:
      cell.role = .value
      cell.text = String(Self.value(row: row, column: column))
    }
    return cell
  }

  // MARK: Delegate

  /// Only values take the focus: the arrows, pages, Home/End and clicks pass over the headers.
  public func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath)
    -> Bool
  { Self.isValue(indexPath) }

  /// A click on a header highlights nothing.
  public func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { Self.isValue(indexPath) }

  /// Only values can be selected.
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { Self.isValue(indexPath) }

  /// Whether `indexPath` names a value rather than a header cell.
  static func isValue(_ indexPath: IndexPath) -> Bool {
    indexPath.section > 0 && indexPath.item > 0
  }

  // MARK: Focus

  /// Focuses the value at `row`, `column` (clamped to the values); the collection view scrolls
  /// it clear of the pinned headers.
  public func setFocus(row: Int, column: Int) {
    collectionView.focusItem(
      at: IndexPath(item: min(max(column, 1), Self.columns), section: min(max(row, 1), rows)))
  }
}
