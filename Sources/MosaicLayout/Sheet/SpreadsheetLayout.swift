import Foundation

/// A two-axis grid like a spreadsheet: each section is a row, each item a column, with a header
/// row and a header column that stay in view while the content scrolls both ways.
///
/// UIKit has no such layout; it is the kind of custom `UICollectionViewLayout` subclass an app
/// writes, and it exists here to show that `CollectionViewLayout` is not tied to flow.
///
/// - Section 0 is the header row and item 0 of every section the header column. The number of
///   columns is the item count of section 0; a later section with fewer items simply has no
///   cells past its last item, and items past the header row's count are not laid out.
/// - Column widths and row heights are `defaultColumnWidth` / `defaultRowHeight`, with the
///   header's own `headerColumnWidth` / `headerRowHeight`, unless `widthForColumn` /
///   `heightForRow` are set: then each column (row) is asked once in `prepare()`, nil meaning
///   the default. A sheet with neither closure stores nothing per row or column, so a
///   million-row sheet prepares in constant time.
/// - Pinning: the header row's cells sit at `y = max(0, bounds.minY)`, the header column's at
///   `x = max(0, bounds.minX)`, the corner cell (0, 0) at both (the owner's bounds, read through
///   `dataSource`); they are placed when queried, so scrolling never needs a new `prepare()`. The corner is drawn above the
///   headers, the headers above the body (`cornerZIndex` > `headerZIndex` > 0).
@MainActor
open class SpreadsheetLayout: CollectionViewLayout {

  /// The width of every column but the header column, unless `widthForColumn` says otherwise.
  /// Default 80.
  public var defaultColumnWidth: Double = 80 { didSet { invalidateLayout() } }
  /// The height of every row but the header row, unless `heightForRow` says otherwise.
  /// Default 16.
  public var defaultRowHeight: Double = 16 { didSet { invalidateLayout() } }
  /// The width of the header column (column 0), or nil for `defaultColumnWidth`.
  public var headerColumnWidth: Double? { didSet { invalidateLayout() } }
  /// The height of the header row (row 0), or nil for `defaultRowHeight`.
  public var headerRowHeight: Double? { didSet { invalidateLayout() } }

  /// The width of a column, or nil for the default; nil (the default) means every column has
  /// the default width, computed by arithmetic.
  ///
  /// The counterpart of a delegate's per-item size, as a closure so that "not sized per
  /// column" is visible without asking about every column. Called once per column in
  /// `prepare()`; negative or non-finite widths count as 0.
  public var widthForColumn: ((Int) -> Double?)? { didSet { invalidateLayout() } }
  /// The height of a row, or nil for the default; nil (the default) means every row has the
  /// default height, computed by arithmetic.
  ///
  /// Called once per row in `prepare()`, so it costs O(rows) time and memory; negative or
  /// non-finite heights count as 0.
  public var heightForRow: ((Int) -> Double?)? { didSet { invalidateLayout() } }

  /// Whether the header row (section 0) sticks to the top edge of the bounds. Default true.
  public var pinsHeaderRow = true {
    didSet { if pinsHeaderRow != oldValue { invalidateLayout() } }
  }
  /// Whether the header column (item 0) sticks to the left edge of the bounds. Default true.
  public var pinsHeaderColumn = true {
    didSet { if pinsHeaderColumn != oldValue { invalidateLayout() } }
  }

  /// The z-index of the header row's and header column's cells: above the body's (0).
  public static let headerZIndex = 1024
  /// The z-index of the corner cell (0, 0): above both headers.
  public static let cornerZIndex = 1025

  /// The columns, as `prepare()` measured them.
  var columns = SpreadsheetAxis.empty
  /// The rows, as `prepare()` measured them.
  var rows = SpreadsheetAxis.empty

  /// Creates a spreadsheet layout with 80 × 16-point cells and both headers pinned.
  public override init() {}

  /// The primary scroll axis: vertical, down the rows (the sheet scrolls both ways; paging and
  /// the wheel follow the rows).
  open override var scrollDirection: ScrollDirection { .vertical }

  /// Reads the numbers of rows and columns and measures both axes.
  ///
  /// UIKit: `prepare()`. Queries call it themselves when the layout is invalid; a subclass that
  /// overrides it must call `super.prepare()`.
  ///
  /// - Complexity: O(1) for a sheet with no per-column or per-row sizes; O(c) with
  ///   `widthForColumn` and O(r) with `heightForRow`, for c columns and r rows.
  open override func prepare() {
    let rowCount = max(dataSource?.numberOfSections ?? 0, 0)
    let columnCount = rowCount > 0 ? max(dataSource?.numberOfItems(inSection: 0) ?? 0, 0) : 0
    columns = Self.axis(
      count: columnCount, header: headerColumnWidth, body: defaultColumnWidth,
      length: widthForColumn)
    rows = Self.axis(
      count: rowCount, header: headerRowHeight, body: defaultRowHeight, length: heightForRow)
  }

  private static func axis(
    count: Int, header: Double?, body: Double, length: ((Int) -> Double?)?
  ) -> SpreadsheetAxis {
    let headerLength = header ?? body
    guard let length else {
      return SpreadsheetAxis(count: count, headerLength: headerLength, bodyLength: body)
    }
    return SpreadsheetAxis(count: count) { index in
      length(index) ?? (index == 0 ? headerLength : body)
    }
  }

  /// The number of columns: the item count of the header row.
  public var numberOfColumns: Int {
    prepareIfNeeded()
    return columns.count
  }

  /// The number of rows, the header row included: the number of sections.
  public var numberOfRows: Int {
    prepareIfNeeded()
    return rows.count
  }

  /// The sum of the column widths by the sum of the row heights.
  ///
  /// UIKit: `collectionViewContentSize`.
  open override var contentSize: Size {
    prepareIfNeeded()
    return Size(width: columns.total, height: rows.total)
  }

  /// The attributes of every cell overlapping `rect` with positive area, row by row (section
  /// order), each row's columns left to right; pinned cells are placed against the owner's bounds.
  ///
  /// UIKit: `layoutAttributesForElements(in:)`. Each call returns fresh objects.
  ///
  /// - Complexity: O(log r + log c + k) for r rows, c columns and k cells returned (O(k) for a
  ///   sheet with no per-row or per-column sizes): the first visible row and column are found
  ///   by binary search or arithmetic, never by scanning. The data source is asked for the item
  ///   count of each row in the result, and of no other.
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    forEachElement(in: rect) { result.append($0) }
    return result
  }

  /// Calls `body` with the attributes of every cell overlapping `rect`, in the order of
  /// `layoutAttributesForElements(in:)`, without collecting them in an array.
  ///
  /// - Complexity: O(log r + log c + k), as `layoutAttributesForElements(in:)`.
  public final func forEachElement(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
    prepareIfNeeded()
    guard rows.count > 0, columns.count > 0, rect.width > 0, rect.height > 0 else { return }
    let pin = pinnedOrigin()
    // The header row and column are tested at their pinned places; the body's rows and
    // columns (index ≥ 1) are found in the axes' natural coordinates.
    let headerRowHit = overlaps(rect.minY, rect.maxY, pin.y, rows.length(0))
    let headerColumnHit = overlaps(rect.minX, rect.maxX, pin.x, columns.length(0))
    var bodyColumns = columns.indices(overlapping: rect.minX, rect.maxX)
    bodyColumns = max(bodyColumns.lowerBound, 1)..<max(bodyColumns.upperBound, 1)
    var bodyRows = rows.indices(overlapping: rect.minY, rect.maxY)
    bodyRows = max(bodyRows.lowerBound, 1)..<max(bodyRows.upperBound, 1)

    if headerRowHit {
      if headerColumnHit { body(attributes(row: 0, column: 0, pin: pin)) }
      for column in bodyColumns {
        emit(row: 0, column: column, in: rect, pin: pin, body)
      }
    }
    for row in bodyRows where rows.length(row) > 0 {
      let items = min(dataSource?.numberOfItems(inSection: row) ?? 0, columns.count)
      guard items > 0 else { continue }
      if headerColumnHit { body(attributes(row: row, column: 0, pin: pin)) }
      for column in bodyColumns.clamped(to: 1..<max(items, 1)) {
        emit(row: row, column: column, in: rect, pin: pin, body)
      }
    }
  }

  /// Emits the cell at (`row`, `column`) if its frame overlaps `rect` with positive area;
  /// zero-length rows and columns inside the searched range fail here.
  @inline(__always)
  private func emit(
    row: Int, column: Int, in rect: Rect, pin: Point, _ body: (LayoutAttributes) -> Void
  ) {
    let attributes = attributes(row: row, column: column, pin: pin)
    if attributes.frame.intersects(rect) { body(attributes) }
  }

  /// Whether [start, start + length) overlaps the open interval (low, high) with positive length.
  private func overlaps(_ low: Double, _ high: Double, _ start: Double, _ length: Double) -> Bool {
    max(low, start) < min(high, start + length)
  }

  /// The attributes of the cell at (`row`, `column`), both known to exist.
  private func attributes(row: Int, column: Int, pin: Point) -> LayoutAttributes {
    let x = column == 0 ? pin.x : columns.start(column)
    let y = row == 0 ? pin.y : rows.start(row)
    let zIndex =
      row == 0 && column == 0
      ? Self.cornerZIndex : row == 0 || column == 0 ? Self.headerZIndex : 0
    return type(of: self).layoutAttributesClass.init(
      indexPath: IndexPath(item: column, section: row), category: .cell, kind: nil,
      frame: Rect(x: x, y: y, width: columns.length(column), height: rows.length(row)),
      zIndex: zIndex)
  }

  /// Where the header column (x) and the header row (y) are drawn for the current bounds: at
  /// the bounds' leading edges when pinned, never before their natural place at 0 (so a view
  /// pulled past the start of the content shows them where they belong).
  private func pinnedOrigin() -> Point {
    let bounds = visibleRectForPlacement
    return Point(
      x: pinsHeaderColumn ? max(0, bounds.minX) : 0, y: pinsHeaderRow ? max(0, bounds.minY) : 0)
  }

  /// The attributes of the cell at `indexPath` (item = column, section = row), or nil when the
  /// row has no such item or the item is past the header row's column count.
  ///
  /// UIKit: `layoutAttributesForItem(at:)`. Header cells come back with their pinned frame for
  /// the current `bounds`, the frame `layoutAttributesForElements(in:)` gives them, so that
  /// one element has one frame at any moment whichever query finds it. A caller that wants the
  /// unpinned place of a header cell (say, to scroll to it) finds it at x or y = 0.
  ///
  /// - Complexity: O(1), plus one `numberOfItems(inSection:)` call.
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2 else { return nil }
    let (row, column) = (indexPath.section, indexPath.item)
    guard row >= 0, row < rows.count, column >= 0, column < columns.count else { return nil }
    guard column < dataSource?.numberOfItems(inSection: row) ?? 0 else { return nil }
    return attributes(row: row, column: column, pin: pinnedOrigin())
  }

  /// The index path of the cell drawn at `point` (the topmost one where pinned cells cover
  /// the body), or nil when the point is outside every cell.
  ///
  /// UIKit: `UICollectionView.indexPathForItem(at:)`.
  ///
  /// - Complexity: O(log r + log c).
  public final func indexPathForItem(at point: Point) -> IndexPath? {
    let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
    var best: LayoutAttributes?
    forEachElement(in: probe) { element in
      if element.frame.contains(point), element.zIndex >= best?.zIndex ?? Int.min {
        best = element
      }
    }
    return best?.indexPath
  }

  /// The bytes the prepared layout holds in its arrays: the prefix sums of the axes sized per
  /// index (array capacities); 0 for a sheet with neither closure.
  public var storageBytes: Int {
    prepareIfNeeded()
    return columns.storageBytes + rows.storageBytes
  }

  /// Whether a change of bounds invalidates the layout: only a change of size does.
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)`. The pinned header row and column do not
  /// need a new `prepare()` on scrolling: they are placed against the owner's bounds at query time.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != visibleRectForPlacement.size
  }
}
