import MosaicCollection

/// The `sheet` demo: a million rows by 26 columns in a `SpreadsheetLayout`, with the column
/// letters and row numbers pinned while the sheet scrolls both ways.
///
/// Cell C7 holds 7 × 3 = 21 (row times column number): computed, never stored. The arrow
/// keys (and `h` `j` `k` `l`) move the focus between values, Page Up / Page Down by a screen,
/// Home / End to the first / last row; the view scrolls so the focused value stays clear of
/// the pinned headers.
public final class SheetDemo: StatusBarController, CollectionViewDataSource {
  /// The number of value rows, under the header row.
  public let rows: Int
  /// The number of value columns, A to Z, right of the row numbers.
  public static let columns = 26
  /// The layout, kept to read its header sizes when scrolling the focus into view.
  let layout: SpreadsheetLayout
  /// The focused value: row 1…rows, column 1…26 (row 0 and column 0 are the headers).
  public private(set) var focus = (row: 1, column: 1)

  /// Creates the demo with `rows` value rows (a million by default).
  public init(rows: Int = 1_000_000) {
    self.rows = max(1, rows)
    layout = SpreadsheetLayout()
    // Row numbers get 9 columns, values 11, every row one line.
    let metrics = CellMetrics.standard
    layout.headerColumnWidth = 9 * metrics.pointsPerColumn
    layout.defaultColumnWidth = 11 * metrics.pointsPerColumn
    layout.defaultRowHeight = metrics.pointsPerRow
    super.init(collectionViewLayout: layout)
    collectionView.register(SheetCell.self, forCellWithReuseIdentifier: "sheet")
    collectionView.dataSource = self
    collectionView.focusItem(at: IndexPath(item: 1, section: 1))
  }

  /// The name of column `column` (1 → "A", 26 → "Z").
  public static func letter(ofColumn column: Int) -> String {
    String(UnicodeScalar(UInt8(64 + min(max(column, 1), 26))))
  }

  /// The value shown at `row`, `column`: their product.
  public static func value(row: Int, column: Int) -> Int { row * column }

  /// "sheet │ C7 = 7 × 3 = 21 │ 1,000,000 × 26 │ arrows PgUp PgDn Home End · q quits".
  public override var statusText: String {
    let (row, column) = focus
    let name = Self.letter(ofColumn: column) + String(row)
    let value = Self.grouped(Self.value(row: row, column: column))
    return
      "sheet │ \(name) = \(row) × \(column) = \(value) │ \(Self.grouped(rows)) × \(Self.columns)"
      + " │ arrows PgUp PgDn Home End · q quits"
  }

  /// `value` with its digits in groups of three ("1,000,000"), whatever the locale.
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

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

  // MARK: Input

  /// Moves the focus with the arrows, pages and Home/End; a click focuses a value; the rest
  /// goes to `StatusBarController`.
  public override func handle(_ event: InputEvent) -> SceneResponse {
    let page = max(1, collectionView.frame.rows - 1)
    switch event {
    case .key(.up), .key(.character("k")): moveFocus(rows: -1)
    case .key(.down), .key(.character("j")): moveFocus(rows: 1)
    case .key(.left), .key(.character("h")): moveFocus(columns: -1)
    case .key(.right), .key(.character("l")): moveFocus(columns: 1)
    case .key(.pageUp): movePage(by: -page)
    case .key(.pageDown): movePage(by: page)
    case .key(.home): setFocus(row: 1, column: focus.column)
    case .key(.end): setFocus(row: rows, column: focus.column)
    case .key(.enter):
      collectionView.pressItem(at: IndexPath(item: focus.column, section: focus.row))
    case .mouse(let mouse) where mouse.action == .press:
      // Header cells are not focusable: a click on one does nothing.
      if let key = collectionView.element(
        atColumn: mouse.column - collectionView.frame.column,
        row: mouse.row - collectionView.frame.row),
        key.indexPath.section > 0, key.indexPath.item > 0
      {
        setFocus(row: key.indexPath.section, column: key.indexPath.item)
      }
    case .resize:
      // The controller refits the view; then the focus is brought back clear of the headers.
      let response = super.handle(event)
      setFocus(row: focus.row, column: focus.column)
      return response
    default: return super.handle(event)
    }
    return .continue
  }

  /// Moves the focus by `rows` and `columns`, stopping at the sheet's edges.
  public func moveFocus(rows dr: Int = 0, columns dc: Int = 0) {
    setFocus(row: focus.row + dr, column: focus.column + dc)
  }

  /// Scrolls by `rows` rows and moves the focus as many, so it keeps its place on screen.
  func movePage(by rows: Int) {
    collectionView.scroll(rows: rows)
    moveFocus(rows: rows)
  }

  /// Focuses the value at `row`, `column` (clamped to the values) and scrolls it clear of the
  /// pinned headers.
  public func setFocus(row: Int, column: Int) {
    focus = (min(max(row, 1), rows), min(max(column, 1), Self.columns))
    let path = IndexPath(item: focus.column, section: focus.row)
    reveal(path)
    collectionView.focusItem(at: path)
  }

  /// Scrolls the least that shows the value at `path` whole outside the header row and column
  /// (the collection view's own scrolling knows only flow layouts' pinned headers), with a
  /// whole column against the row numbers, as a spreadsheet does.
  private func reveal(_ path: IndexPath) {
    guard let frame = collectionView.layoutAttributesForItem(at: path)?.frame else { return }
    let view = collectionView.viewportSize
    let offset = collectionView.contentOffset
    let headerWidth = layout.headerColumnWidth ?? layout.defaultColumnWidth
    let headerHeight = layout.headerRowHeight ?? layout.defaultRowHeight
    var x = Self.reveal(
      frame.minX, frame.maxX, offset: offset.x, length: view.width, leading: headerWidth)
    // A whole column against the row numbers: the first column edge at or past x, but never
    // past the focused column's own edge.
    let edges = (1...Self.columns).lazy.compactMap {
      self.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: path.section))?
        .frame.minX
    }
    if let edge = edges.first(where: { $0 - headerWidth >= x }) {
      x = min(edge, frame.minX) - headerWidth
    }
    let y = Self.reveal(
      frame.minY, frame.maxY, offset: offset.y, length: view.height, leading: headerHeight)
    collectionView.contentOffset = Point(x: x, y: y)
  }

  /// The offset along one axis that shows `start..<end` in a viewport of `length` whose first
  /// `leading` points a pinned header covers, moving `offset` as little as possible.
  static func reveal(
    _ start: Double, _ end: Double, offset: Double, length: Double, leading: Double
  ) -> Double {
    if start < offset + leading || end - start > length - leading { return start - leading }
    if end > offset + length { return end - length }
    return offset
  }
}
