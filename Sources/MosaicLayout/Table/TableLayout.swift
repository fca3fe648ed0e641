import Foundation

/// A table: a row per item, a column per field, with the header row pinned at the top and the
/// leading column pinned on the left while the rows scroll both ways, and a header row per
/// section.
///
/// UIKit has no counterpart: `UITableView` is a separate view with one column; this is the kind
/// of custom `UICollectionViewLayout` subclass an app writes for a grid of records. It differs
/// from `SpreadsheetLayout` in what an item is: here an item is a whole record row (so focus,
/// selection and the arrow keys move by record), and its values are supplementary views.
///
/// - Each item (`section`, `item`) is a row cell as wide as the columns (or the view, if wider),
///   `rowHeight` tall, drawn below its values: it paints the row's background.
/// - Each value is a supplementary view of kind `valueKind` at the index path
///   `[section, item, column]`, in the column's frame; or, with `rowCellsDrawValues`, no element
///   at all: the row cell draws its values itself from `extent(ofColumn:)`.
/// - The header row is `headerRowHeight` tall (0 for none): a supplementary view of kind
///   `columnHeaderKind` per column at `[0, column]`.
/// - With `sectionHeaderHeight` > 0 each section starts with a header of kind
///   `ElementKind.sectionHeader` at `[section, 0]`, as wide as the view and placed at its left
///   edge, so its title shows however far the table is scrolled sideways.
/// - Pinning: the header row sits at `y = max(0, bounds.minY)`, the leading column's values and
///   header at `x = max(0, bounds.minX)`, a section's header at the top of the rows below the
///   header row while its section is in view; they are placed when queried (the owner's bounds,
///   read through `dataSource`), so scrolling never needs a new `prepare()`.
/// - Column widths are `columnWidths`, set by the client (the layout reads no data); the number
///   of columns is their count. Setting them invalidates the layout.
/// - Only elements intersecting a queried rect are returned, found by binary search and
///   arithmetic, never by a scan: a million rows prepare in O(sections).
@MainActor
open class TableLayout: CollectionViewLayout {
  /// The kind of the value views: index path `[section, item, column]`.
  public static let valueKind = "value"
  /// The kind of the column header views: index path `[0, column]`.
  public static let columnHeaderKind = "column-header"

  /// The z-index of the leading column's values: above the other values (0).
  public static let pinnedColumnZIndex = 1
  /// The z-index of the section headers: above the leading column.
  public static let sectionHeaderZIndex = 2
  /// The z-index of the header row: above everything that scrolls under it.
  public static let headerRowZIndex = 3
  /// The z-index of the leading column's header: above the header row and the leading column.
  public static let cornerZIndex = 4

  /// The width of each column, in points; column 0 is the leading (pinned) column. Negative and
  /// non-finite widths count as 0.
  public var columnWidths: [Double] = [] {
    didSet {
      guard columnWidths != oldValue else { return }
      let widths = columnWidths
      columns = SpreadsheetAxis(count: widths.count) { widths[$0] }
      invalidateLayout()
    }
  }
  /// The height of each row. Default 16.
  public var rowHeight: Double = 16 { didSet { invalidateLayout() } }
  /// The height of the header row; 0 for none. Default 16.
  public var headerRowHeight: Double = 16 { didSet { invalidateLayout() } }
  /// The height of a section's header; 0 (the default) for none.
  public var sectionHeaderHeight: Double = 0 { didSet { invalidateLayout() } }
  /// Whether the header row sticks to the top edge of the bounds. Default true. Changing it
  /// invalidates the layout.
  public var pinsHeaderRow = true {
    didSet { if pinsHeaderRow != oldValue { invalidateLayout() } }
  }
  /// Whether the leading column sticks to the left edge of the bounds. Default true. Changing
  /// it invalidates the layout.
  public var pinsLeadingColumn = true {
    didSet { if pinsLeadingColumn != oldValue { invalidateLayout() } }
  }
  /// Whether a section's header sticks below the header row while its section is in view.
  /// Default true. Changing it invalidates the layout.
  public var pinsSectionHeaders = true {
    didSet { if pinsSectionHeaders != oldValue { invalidateLayout() } }
  }
  /// Whether each row cell draws its row's values itself, so the values are not elements: the
  /// rect query returns no `valueKind` views and `layoutAttributesForSupplementaryView` has none.
  /// Default false.
  ///
  /// A screen of a table is then one element per row instead of one per value, which is what
  /// a frame's placement, matching and drawing order cost: the cell reads the columns back with
  /// `extent(ofColumn:)` and draws a pinned leading column at the left edge of what shows.
  /// UIKit has no counterpart (a layout decides its elements; this one offers both).
  public var rowCellsDrawValues = false {
    didSet { if rowCellsDrawValues != oldValue { invalidateLayout() } }
  }
  /// Whether the table scrolls sideways by whole columns beside a pinned leading column: the
  /// content is made wide enough for any column to start at the leading column's edge (blank
  /// after the last column when it is narrower than the view), and a column header (or value)
  /// that the leading column covers only in part is left out, so the screen never shows the
  /// tail of a column under a header cut to its last letters. Default false. Changing it
  /// invalidates the layout.
  ///
  /// UIKit has no counterpart (a scroll view snaps with `isPagingEnabled` or its delegate's
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`; a terminal table keeps
  /// its offsets on column boundaries instead, and this makes each boundary reachable).
  public var showsWholeColumns = false {
    didSet { if showsWholeColumns != oldValue { invalidateLayout() } }
  }

  /// The columns, measured when `columnWidths` is set (and again by `prepare()`).
  private var columns = SpreadsheetAxis.empty
  /// `sectionStarts[s]` is where section `s` begins (its header, else its first row);
  /// `sectionStarts[sections]` is the content's height.
  private var sectionStarts: [Double] = []
  /// The number of items of each section, as `prepare()` read them.
  private var itemCounts: [Int] = []
  /// The attributes of row cells and of values outside the leading column, by row, as last
  /// handed out: their frames follow from `prepare()`'s measures alone (never from the bounds),
  /// so a query hands the same objects out again until the next `prepare()`, as UIKit layouts
  /// that cache their attributes do. A frame then makes new attributes only for the rows that
  /// arrive, and the collection view sees at once that those of the others did not change.
  ///
  /// Direct-mapped: a row has one slot (`slot(_:_:)`), so finding it is arithmetic and one
  /// comparison, not hashing; consecutive rows of a section take consecutive slots, so a
  /// screen's rows of one section never push each other out (rows of two sections can share a
  /// slot, which costs only making their attributes again). Entries of an older preparation
  /// are stale.
  private var rowCache: [RowAttributes?] = []

  /// The cached attributes of one row: its cell and its values by column (nil until asked).
  private final class RowAttributes {
    let section: Int
    let item: Int
    /// The layout's `preparationCount` when the entry was made.
    let preparation: Int
    var cell: LayoutAttributes?
    var values: [LayoutAttributes?]
    init(section: Int, item: Int, preparation: Int, columns: Int) {
      self.section = section
      self.item = item
      self.preparation = preparation
      values = Array(repeating: nil, count: columns)
    }
  }

  /// How many rows' attributes the layout keeps to hand out again (a power of two): a few
  /// screens' worth, so a long scroll does not keep every row it passed.
  ///
  /// UIKit has no counterpart (a layout's caching is its own business).
  public static let cachedRowLimit = 512

  /// Creates a table layout with no columns, 16-point rows and a 16-point header row.
  public override init() {}

  /// The primary scroll axis: vertical, down the rows (the table scrolls both ways; paging and
  /// the wheel follow the rows).
  open override var scrollDirection: ScrollDirection { .vertical }

  /// Reads the item counts and measures the columns and the sections.
  ///
  /// UIKit: `prepare()`. A subclass that overrides it must call `super.prepare()`.
  ///
  /// - Complexity: O(sections + columns), whatever the number of rows.
  open override func prepare() {
    // The columns follow `columnWidths` as it is set (see its observer), so they are current.
    let sections = max(dataSource?.numberOfSections ?? 0, 0)
    itemCounts = (0..<sections).map { max(dataSource?.numberOfItems(inSection: $0) ?? 0, 0) }
    let header = SpreadsheetAxis.sanitized(headerRowHeight)
    let sectionHeader = SpreadsheetAxis.sanitized(sectionHeaderHeight)
    let row = SpreadsheetAxis.sanitized(rowHeight)
    var starts = [Double]()
    starts.reserveCapacity(sections + 1)
    var y = sections > 0 ? header : 0
    starts.append(y)
    for count in itemCounts {
      y += sectionHeader + Double(count) * row
      starts.append(y)
    }
    sectionStarts = starts
  }

  /// The number of columns: the count of `columnWidths`.
  public var numberOfColumns: Int { columnWidths.count }

  /// Where `column` lies across the content when it is not pinned: its start and width in
  /// points (a negative or non-finite width counting as 0), or nil when there is no such column;
  /// it follows `columnWidths` at once, without a `prepare()`. A row cell that draws its values (`rowCellsDrawValues`) places them with it.
  ///
  /// UIKit has no counterpart.
  ///
  /// - Complexity: O(1).
  public func extent(ofColumn column: Int) -> (start: Double, width: Double)? {
    guard column >= 0, column < columns.count else { return nil }
    return (columns.start(column), columns.length(column))
  }

  /// The sum of the column widths by the header row and every section's rows and header.
  ///
  /// UIKit: `collectionViewContentSize`.
  open override var contentSize: Size {
    prepareIfNeeded()
    return Size(
      width: contentWidth(viewWidth: visibleRectForPlacement.width), height: sectionStarts.last ?? 0
    )
  }

  /// The content's width for a view `viewWidth` wide: the columns' total, or with
  /// `showsWholeColumns` (the leading column pinned) as far as the first column boundary from
  /// which the columns left fit in the view, plus the view's width, so the largest offset puts
  /// that boundary at the leading column's edge.
  ///
  /// - Complexity: O(log c) for c columns.
  func contentWidth(viewWidth: Double) -> Double {
    let total = columns.total
    guard showsWholeColumns, pinsLeadingColumn, columns.count > 1, viewWidth > 0,
      total > viewWidth
    else { return total }
    let leading = columns.length(0)
    // The first column starting where the rest fits beside the leading column.
    let column = max(1, columns.firstIndex(startingAtOrAfter: total + leading - viewWidth))
    return max(total, columns.start(column) - leading + viewWidth)
  }

  /// Whether `column` lies partly under the pinned leading column drawn at `pin`: with
  /// `showsWholeColumns` its header and values are left out.
  private func isPartlyCovered(_ column: Int, pin: Point) -> Bool {
    guard showsWholeColumns, pinsLeadingColumn, column > 0, columns.count > 0 else { return false }
    let covered = pin.x + columns.length(0)
    let start = columns.start(column)
    return start < covered && start + columns.length(column) > covered
  }

  /// The attributes of every element overlapping `rect` with positive area: the header row,
  /// then each section's header and rows, each row's cell before its values, left to right.
  ///
  /// UIKit: `layoutAttributesForElements(in:)`. Row cells and the values outside a pinned leading
  /// column are the same objects from one call to the next until the layout is prepared again
  /// (as UIKit's own layouts cache theirs): copy one before changing it.
  ///
  /// - Complexity: O(log s + log c + k) for s sections, c columns and k elements returned.
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(estimatedCount(in: rect))
    forEachElement(in: rect) { result.append($0) }
    return result
  }

  /// About how many elements overlap `rect` (a few more, rarely fewer): the rows and headers
  /// across it, times the columns when values are elements; so the answer's array is made once
  /// rather than grown by doubling.
  private func estimatedCount(in rect: Rect) -> Int {
    let row = SpreadsheetAxis.sanitized(rowHeight)
    guard row > 0, rect.height.isFinite, rect.width.isFinite, rect.height > 0 else { return 0 }
    let rows = min(Double(Self.cachedRowLimit), rect.height / row) + 3
    let across = columns.indices(overlapping: rect.minX, rect.maxX).count + 1
    return Int(rows) * (rowCellsDrawValues ? 1 : across + 1) + across
  }

  /// Calls `body` with the attributes of every element overlapping `rect`, in the order of
  /// `layoutAttributesForElements(in:)`, without collecting them in an array.
  public final func forEachElement(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
    prepareIfNeeded()
    guard !itemCounts.isEmpty, rect.width > 0, rect.height > 0 else { return }
    let bounds = visibleRectForPlacement
    let pin = pinnedOrigin(bounds)
    let leading = pinsLeadingColumn && columns.count > 0
    let leadingHit = leading && overlaps(rect.minX, rect.maxX, pin.x, columns.length(0))
    var bodyColumns = columns.indices(overlapping: rect.minX, rect.maxX)
    if leading {
      bodyColumns = max(bodyColumns.lowerBound, 1)..<max(bodyColumns.upperBound, 1)
    }
    let values = !rowCellsDrawValues
    let headerHeight = SpreadsheetAxis.sanitized(headerRowHeight)
    if headerHeight > 0, overlaps(rect.minY, rect.maxY, pin.y, headerHeight) {
      if leadingHit { body(columnHeader(0, pin: pin)) }
      for column in bodyColumns where columns.length(column) > 0 {
        if isPartlyCovered(column, pin: pin) { continue }
        let header = columnHeader(column, pin: pin)
        if header.frame.intersects(rect) { body(header) }
      }
    }
    let row = SpreadsheetAxis.sanitized(rowHeight)
    let rowWidth = max(contentWidth(viewWidth: bounds.width), bounds.width)
    for section in sections(overlapping: rect.minY, rect.maxY) {
      if let header = sectionHeader(section, bounds: bounds), header.frame.intersects(rect) {
        body(header)
      }
      for item in items(of: section, overlapping: rect.minY, rect.maxY, rowHeight: row) {
        let y = itemsStart(section) + Double(item) * row
        let cached = cachedRow(section, item)
        let cell = Rect(x: 0, y: y, width: rowWidth, height: row)
        if cell.intersects(rect) {
          let attributes = cached.cell ?? rowAttributes(section, item, frame: cell)
          cached.cell = attributes
          body(attributes)
        }
        guard values else { continue }
        if leadingHit { body(value(section, item, 0, y: y, pin: pin)) }
        for column in bodyColumns where columns.length(column) > 0 {
          if isPartlyCovered(column, pin: pin) { continue }
          // Only a pinned leading column's frame depends on the bounds, and it is not here.
          let attributes: LayoutAttributes
          if let known = cached.values[column] {
            attributes = known
          } else {
            attributes = value(section, item, column, y: y, pin: pin)
            cached.values[column] = attributes
          }
          if attributes.frame.intersects(rect) { body(attributes) }
        }
      }
    }
  }

  /// The attributes of the row cell at `indexPath`, or nil when there is no such item: the
  /// rect query's object when it handed the row out since the last `prepare()` (copy it before
  /// changing it).
  ///
  /// UIKit: `layoutAttributesForItem(at:)`.
  ///
  /// - Complexity: O(1).
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2, hasItem(indexPath.section, indexPath.item) else { return nil }
    let (section, item) = (indexPath.section, indexPath.item)
    // The rect query's object when it handed one out (its frame depends on nothing else).
    if let known = cachedRowIfPresent(section, item)?.cell { return known }
    let frame = Rect(
      x: 0, y: itemsStart(section) + Double(item) * SpreadsheetAxis.sanitized(rowHeight),
      width: max(
        contentWidth(viewWidth: visibleRectForPlacement.width), visibleRectForPlacement.width),
      height: SpreadsheetAxis.sanitized(rowHeight))
    return rowAttributes(section, item, frame: frame)
  }

  /// The attributes of a value (`valueKind`, `[section, item, column]`), a column header
  /// (`columnHeaderKind`, `[0, column]`) or a section header (`ElementKind.sectionHeader`,
  /// `[section, 0]`), or nil when there is none (no value with `rowCellsDrawValues`); pinned ones at their place for the current
  /// bounds, as the rect query gives them.
  ///
  /// UIKit: `layoutAttributesForSupplementaryView(ofKind:at:)`.
  ///
  /// - Complexity: O(1).
  open override func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    prepareIfNeeded()
    let bounds = visibleRectForPlacement
    let pin = pinnedOrigin(bounds)
    switch kind {
    case Self.valueKind:
      guard !rowCellsDrawValues, indexPath.count == 3, hasItem(indexPath[0], indexPath[1]),
        indexPath[2] >= 0, indexPath[2] < columns.count
      else { return nil }
      let y = itemsStart(indexPath[0]) + Double(indexPath[1]) * SpreadsheetAxis.sanitized(rowHeight)
      return value(indexPath[0], indexPath[1], indexPath[2], y: y, pin: pin)
    case Self.columnHeaderKind:
      guard indexPath.count == 2, indexPath.section == 0, !itemCounts.isEmpty,
        SpreadsheetAxis.sanitized(headerRowHeight) > 0, indexPath.item >= 0,
        indexPath.item < columns.count
      else { return nil }
      return columnHeader(indexPath.item, pin: pin)
    case ElementKind.sectionHeader:
      guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < itemCounts.count,
        indexPath.item == 0
      else { return nil }
      return sectionHeader(indexPath.section, bounds: bounds)
    default:
      return nil
    }
  }

  /// Whether a change of bounds invalidates the layout: only a change of size does (a row is
  /// at least as wide as the view).
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)`. The pinned elements do not need a new
  /// `prepare()` on scrolling: they are placed against the owner's bounds at query time.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != visibleRectForPlacement.size
  }

  // MARK: Geometry

  /// The slot of `rowCache` the row (`section`, `item`) lives in.
  private static func slot(_ section: Int, _ item: Int) -> Int {
    (item &+ section &* 7919) & (cachedRowLimit - 1)
  }

  /// The current cache entry of the row (`section`, `item`), or nil.
  private func cachedRowIfPresent(_ section: Int, _ item: Int) -> RowAttributes? {
    guard !rowCache.isEmpty, let known = rowCache[Self.slot(section, item)],
      known.item == item, known.section == section, known.preparation == preparationCount
    else { return nil }
    return known
  }

  /// The cache entry of the row (`section`, `item`), made empty (in place of its slot's last
  /// row) if there is none.
  private func cachedRow(_ section: Int, _ item: Int) -> RowAttributes {
    if let known = cachedRowIfPresent(section, item) { return known }
    if rowCache.isEmpty { rowCache = Array(repeating: nil, count: Self.cachedRowLimit) }
    // Rows that draw their values keep no value attributes: no array to make per row.
    let made = RowAttributes(
      section: section, item: item, preparation: preparationCount,
      columns: rowCellsDrawValues ? 0 : columns.count)
    rowCache[Self.slot(section, item)] = made
    return made
  }

  /// Whether (`section`, `item`) is an item the layout has.
  private func hasItem(_ section: Int, _ item: Int) -> Bool {
    section >= 0 && section < itemCounts.count && item >= 0 && item < itemCounts[section]
  }

  /// Where the first row of `section` starts: below its header.
  private func itemsStart(_ section: Int) -> Double {
    sectionStarts[section] + SpreadsheetAxis.sanitized(sectionHeaderHeight)
  }

  /// The sections whose span may overlap the open interval (`low`, `high`).
  ///
  /// - Complexity: O(log s).
  private func sections(overlapping low: Double, _ high: Double) -> Range<Int> {
    let count = itemCounts.count
    // The first section ending after `low`: ends are sectionStarts[1...count].
    var lower = 1
    var upper = count + 1
    while lower < upper {
      let mid = (lower + upper) / 2
      if sectionStarts[mid] > low { upper = mid } else { lower = mid + 1 }
    }
    var end = lower - 1
    while end < count && sectionStarts[end] < high { end += 1 }
    return (lower - 1)..<max(lower - 1, end)
  }

  /// The items of `section` whose rows may overlap the open interval (`low`, `high`).
  ///
  /// - Complexity: O(1).
  private func items(
    of section: Int, overlapping low: Double, _ high: Double, rowHeight row: Double
  ) -> Range<Int> {
    let count = itemCounts[section]
    guard count > 0, row > 0 else { return 0..<0 }
    let start = itemsStart(section)
    let first = Self.clamp(((low - start) / row).rounded(.down), to: count)
    let end = Self.clamp(((high - start) / row).rounded(.up), to: count)
    return first < end ? first..<end : first..<first
  }

  /// `value` as an index in 0...count, saturating instead of trapping on huge values.
  private static func clamp(_ value: Double, to count: Int) -> Int {
    guard value.isFinite else { return value < 0 ? 0 : count }
    return value >= Double(count) ? count : max(0, Int(value))
  }

  /// Whether [start, start + length) overlaps the open interval (low, high) with positive length.
  private func overlaps(_ low: Double, _ high: Double, _ start: Double, _ length: Double) -> Bool {
    max(low, start) < min(high, start + length)
  }

  /// Where the leading column (x) and the header row (y) are drawn for `bounds`: at its leading
  /// edges when pinned, never before their natural place at 0.
  private func pinnedOrigin(_ bounds: Rect) -> Point {
    Point(
      x: pinsLeadingColumn ? max(0, bounds.minX) : 0, y: pinsHeaderRow ? max(0, bounds.minY) : 0)
  }

  private func rowAttributes(_ section: Int, _ item: Int, frame: Rect) -> LayoutAttributes {
    type(of: self).layoutAttributesClass.init(
      indexPath: IndexPath(item: item, section: section), category: .cell, kind: nil,
      frame: frame, zIndex: 0)
  }

  private func value(_ section: Int, _ item: Int, _ column: Int, y: Double, pin: Point)
    -> LayoutAttributes
  {
    let pinned = column == 0 && pinsLeadingColumn
    return type(of: self).layoutAttributesClass.init(
      indexPath: IndexPath(indexes: [section, item, column]), category: .supplementaryView,
      kind: Self.valueKind,
      frame: Rect(
        x: pinned ? pin.x : columns.start(column), y: y, width: columns.length(column),
        height: SpreadsheetAxis.sanitized(rowHeight)),
      zIndex: pinned ? Self.pinnedColumnZIndex : 0)
  }

  private func columnHeader(_ column: Int, pin: Point) -> LayoutAttributes {
    let pinned = column == 0 && pinsLeadingColumn
    return type(of: self).layoutAttributesClass.init(
      indexPath: IndexPath(item: column, section: 0), category: .supplementaryView,
      kind: Self.columnHeaderKind,
      frame: Rect(
        x: pinned ? pin.x : columns.start(column), y: pin.y, width: columns.length(column),
        height: SpreadsheetAxis.sanitized(headerRowHeight)),
      zIndex: pinned ? Self.cornerZIndex : Self.headerRowZIndex)
  }

  /// The header of `section`, or nil when sections have none: at the view's left edge and as
  /// wide as the view; pinned below the header row while the section's rows are in view, never
  /// past its last row.
  private func sectionHeader(_ section: Int, bounds: Rect) -> LayoutAttributes? {
    let height = SpreadsheetAxis.sanitized(sectionHeaderHeight)
    guard height > 0 else { return nil }
    let natural = sectionStarts[section]
    var y = natural
    if pinsSectionHeaders {
      let below = bounds.minY + (pinsHeaderRow ? SpreadsheetAxis.sanitized(headerRowHeight) : 0)
      y = max(natural, min(below, sectionStarts[section + 1] - height))
    }
    return type(of: self).layoutAttributesClass.init(
      indexPath: IndexPath(item: 0, section: section), category: .supplementaryView,
      kind: ElementKind.sectionHeader,
      frame: Rect(x: max(0, bounds.minX), y: y, width: bounds.width, height: height),
      zIndex: Self.sectionHeaderZIndex)
  }
}
