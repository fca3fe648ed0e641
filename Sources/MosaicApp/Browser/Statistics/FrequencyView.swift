import MosaicCollection
import MosaicData
import MosaicLayout

/// The frequency table of one field (`F`, VisiData's Shift-F): each value with its count, its
/// share of the records and a bar, most common first, in a scrolling list whose focused row
/// Enter filters the cards to.
///
/// UIKit: a pushed list view controller, its body a collection view in a list layout. Rows are
/// items of a `FlowLayout` one line tall and the box's width, so a field of 100,000 values
/// configures and draws only the visible rows. The view opens at once and shows the count's
/// progress until `show(_:)` gives it the statistics.
final class FrequencyView: CollectionViewDataSource {
  /// The widths of a row's columns, in cells.
  struct Columns: Equatable {
    /// The value column.
    var value: Int
    /// The count column.
    var count: Int
    /// The share column.
    var share: Int
    /// The most columns a bar takes.
    var bar: Int
  }

  /// The field counted.
  let field: Int
  /// The field's name.
  let fieldName: String
  /// The conditions counted under (`carrier = 'UA'`), or nil for every record.
  let scope: String?
  /// The statistics, once counted.
  private(set) var statistics: FieldStatistics?
  /// How far the count has come, 0...1, while `statistics` is nil.
  var progress = 0.0
  /// Why the count has no result (the file changed under it), shown instead of the rows.
  var problem: String?
  /// The list of rows.
  var collectionView: CollectionView { list.collectionView }
  private let list = SheetList(rows: FrequencyRowCell.self)
  /// The column widths for the width last drawn.
  private(set) var columns = Columns(value: 1, count: 1, share: 1, bar: 0)
  /// The width the columns were computed for.
  private var columnsWidth = -1
  /// Whether the rows are the numbers' equal-width bins (`b`) instead of the values.
  private(set) var showsBins = false

  /// The cells between two columns.
  static let gap = 2
  /// The most cells a bar takes.
  static let maximumBar = 30
  /// The values measured for the value column's width: those at the top, enough for any screen.
  static let measuredRows = 500

  /// Creates the table of `field`, named `fieldName`, still being counted.
  init(field: Int, fieldName: String, scope: String? = nil) {
    self.field = field
    self.fieldName = fieldName
    self.scope = scope
    collectionView.dataSource = self
  }

  /// Shows the counted statistics, the most common value focused.
  func show(_ statistics: FieldStatistics) {
    self.statistics = statistics
    problem = nil
    columnsWidth = -1
    collectionView.reloadData()
    if rowCount > 0 { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  /// The rows: one per value kept, and one for the values past the distinct limit; in bins,
  /// one per bin and one for the values that are no numbers.
  var rowCount: Int {
    guard let statistics else { return 0 }
    if showsBins, let histogram {
      return histogram.counts.count + (nonNumberCount > 0 ? 1 : 0)
    }
    return statistics.frequencies.count + (statistics.uncountedCount > 0 ? 1 : 0)
  }

  /// The numbers' histogram, when the field has numbers.
  var histogram: Histogram? { statistics?.numbers?.summary?.histogram }

  /// The values that are no numbers (missing ones included): the bins' last row.
  private var nonNumberCount: Int {
    guard let statistics else { return 0 }
    return statistics.count - (statistics.numbers?.count ?? 0)
  }

  /// `b`: shows the numbers in equal-width bins, or the values again; returns false (and
  /// changes nothing) for a field without numbers.
  @discardableResult
  func toggleBins() -> Bool {
    guard histogram != nil else { return false }
    showsBins.toggle()
    columnsWidth = -1
    collectionView.reloadData()
    if rowCount > 0 { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
    return true
  }

  /// Bin `index`'s range as a row shows it: `10 – 20`, the last one closed `90 – 100]`.
  func binLabel(_ index: Int) -> String {
    guard let histogram else { return "" }
    let low = StatisticsText.number(histogram.lowerBound(index))
    let high = StatisticsText.number(histogram.lowerBound(index + 1))
    if histogram.counts.count == 1 { return low }
    return low + " – " + high + (index == histogram.counts.count - 1 ? "]" : ")")
  }

  /// What the no-number row is called.
  static let nonNumbers = "(not a number)"

  /// The box's title: "city · 1,000,000 values · 18 distinct", or "city where country = 'VN' ·
  /// 12 values · 3 distinct" under conditions.
  var title: String {
    let name = StatisticsText.scoped(fieldName, scope)
    guard let statistics else { return name }
    if showsBins, let histogram {
      return "\(name) · \(StatisticsText.count(statistics.numbers?.count ?? 0)) numbers · "
        + "\(histogram.counts.count) bins"
    }
    return "\(name) · \(StatisticsText.count(statistics.count)) values · "
      + StatisticsText.distinct(statistics)
  }

  /// The value of the focused row, or nil when none is focused or it is the other values' row.
  var focusedEntry: FieldStatistics.ValueCount? {
    guard !showsBins, let statistics, let path = collectionView.indexPathForFocusedItem,
      path.item < statistics.frequencies.count
    else { return nil }
    return statistics.frequencies[path.item]
  }

  /// The condition keeping the records whose field holds the focused row's value exactly
  /// (`origin == 'JFK'`; that starts with it, for the start of a longer value; `is missing` for
  /// the empty row); nil on the other values' row.
  var focusedCondition: RecordCondition? {
    if showsBins { return focusedBinCondition }
    guard let entry = focusedEntry else { return nil }
    if entry.isCut {
      return RecordFilter.condition(
        .regularExpression("^" + Self.escapedPattern(entry.value)), field: field)
    }
    return RecordFilter.condition(.value(entry.value), field: field)
  }

  /// In bins, the condition keeping the focused bin's numbers: `x >= 10 and x < 20` (`<=` for
  /// the last bin, which holds the maximum); nil on the no-number row.
  private var focusedBinCondition: RecordCondition? {
    guard let histogram, let path = collectionView.indexPathForFocusedItem,
      path.item < histogram.counts.count
    else { return nil }
    let isLast = path.item == histogram.counts.count - 1
    let low = histogram.lowerBound(path.item)
    let high = histogram.lowerBound(path.item + 1)
    return .and([
      .test(FieldTest(field: field, .compare(.greaterOrEqual, ConditionLiteral("\(low)")))),
      .test(
        FieldTest(
          field: field, .compare(isLast ? .lessOrEqual : .less, ConditionLiteral("\(high)")))),
    ])
  }

  /// `text` with the regular expression metacharacters escaped, so it matches itself.
  static func escapedPattern(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// Moves the focus for a key (arrows, j/k, Page Up/Down, Home/End, g/G) or a mouse event;
  /// returns whether it was one.
  @discardableResult
  func handle(_ event: InputEvent) -> Bool {
    guard statistics != nil else { return false }
    switch event {
    case .key(.left), .key(.right), .key(.character("h")), .key(.character("l")): return false
    case .key(.enter): return false
    default: return list.handle(event)
    }
  }

  /// Draws the table over all of `canvas`: a box, the column titles, the visible rows and the
  /// position; while counting, the progress.
  func draw(in canvas: Canvas) {
    guard canvas.columns >= 8, canvas.rows >= 4 else { return }
    canvas.fill()
    canvas.box(border: .rounded, title: title, style: TextPanel.borderStyle)
    let inner = SheetList.rowArea(in: canvas)
    guard statistics != nil else {
      let line = problem ?? StatisticsText.counting(fieldName, progress: progress)
      let width = min(CharacterWidth.of(line), canvas.columns - 4)
      canvas.text(
        line, column: max(2, (canvas.columns - width) / 2), row: canvas.rows / 2,
        maxWidth: canvas.columns - 4, style: TextStyle(attributes: .dim))
      return
    }
    if inner.columns != columnsWidth { measureColumns(width: inner.columns) }
    drawColumnTitles(in: canvas)
    list.draw(in: inner, rowCount: rowCount, onto: canvas.surface)
    if rowCount > inner.rows {
      let first = Int(
        (collectionView.contentOffset.y / collectionView.cellMetrics.pointsPerRow)
          .rounded())
      let last = min(rowCount, first + inner.rows)
      let position =
        " \(StatisticsText.count(first + 1))–\(StatisticsText.count(last)) of "
        + "\(StatisticsText.count(rowCount)) "
      let start = max(1, canvas.columns - 2 - CharacterWidth.of(position))
      canvas.text(position, column: start, row: canvas.rows - 1, style: TextPanel.borderStyle)
    }
  }

  /// The column titles, above the rows.
  private func drawColumnTitles(in canvas: Canvas) {
    let style = TextStyle(attributes: .bold)
    canvas.text("value", column: 2, row: 1, maxWidth: columns.value, style: style)
    var column = 2 + columns.value + Self.gap
    canvas.text("count", column: column + columns.count - 5, row: 1, style: style)
    column += columns.count + Self.gap
    canvas.text("share", column: column + columns.share - 5, row: 1, style: style)
  }

  /// Fits the columns to `width`: the count and share as wide as their widest, the value as wide
  /// as the widest of the top values while a bar of some length still fits, the bar the rest.
  private func measureColumns(width: Int) {
    columnsWidth = width
    guard let statistics else { return }
    let top = max(statistics.frequencies.first?.count ?? 0, statistics.uncountedCount)
    let count = max(5, StatisticsText.count(max(top, statistics.count)).count)
    let share = 6
    var widest = statistics.uncountedCount > 0 ? CharacterWidth.of(StatisticsText.otherValues) : 5
    if showsBins, let histogram {
      widest = nonNumberCount > 0 ? CharacterWidth.of(Self.nonNumbers) : 5
      for index in histogram.counts.indices {
        widest = max(widest, CharacterWidth.of(binLabel(index)))
      }
    } else {
      for entry in statistics.frequencies.prefix(Self.measuredRows) {
        let shown = StatusBar.bounded(StatisticsText.value(entry), toWidth: width)
        widest = max(widest, CharacterWidth.of(shown))
      }
    }
    let fixed = count + share + 3 * Self.gap
    let value = max(1, min(widest, max(8, width - fixed - 10)))
    let bar = max(0, min(Self.maximumBar, width - value - fixed))
    columns = Columns(value: value, count: count, share: share, bar: bar)
  }

  // MARK: CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    rowCount
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      FrequencyRowCell.self, withReuseIdentifier: SheetList.rowIdentifier, for: indexPath)
    guard let statistics, indexPath.item < rowCount else { return cell }
    var top = Double(max(1, statistics.frequencies.first?.count ?? 1))
    let count: Int
    if showsBins, let histogram {
      top = Double(max(1, histogram.counts.max() ?? 1, nonNumberCount))
      if indexPath.item < histogram.counts.count {
        count = histogram.counts[indexPath.item]
        cell.value = binLabel(indexPath.item)
        cell.isPlaceholder = false
      } else {
        count = nonNumberCount
        cell.value = Self.nonNumbers
        cell.isPlaceholder = true
      }
    } else if indexPath.item < statistics.frequencies.count {
      let entry = statistics.frequencies[indexPath.item]
      count = entry.count
      cell.value = StatusBar.bounded(StatisticsText.value(entry), toWidth: columns.value)
      cell.isPlaceholder = entry.value.isEmpty
    } else {
      count = statistics.uncountedCount
      cell.value = StatisticsText.otherValues
      cell.isPlaceholder = true
    }
    cell.count = StatisticsText.count(count)
    cell.share = StatisticsText.share(statistics.share(count))
    cell.bar = min(1, Double(count) / top)
    cell.widths = columns
    return cell
  }
}
