import MosaicCollection
import MosaicData
import MosaicLayout

/// The columns sheet (`#`, VisiData's Shift-C): a row per field with its type, count, missing,
/// distinct, minimum, maximum, mean and median over the records on show (the conditions
/// applied), in a scrolling list whose keys act on the focused row's field: Enter goes to its
/// column, `x` hides it, `!` pins it, `[` `]` sort by it.
///
/// UIKit: a pushed list view controller, its body a collection view in a list layout. The
/// fields are counted one after another in the background (`FieldStatisticsTask`, each on every
/// core), each row filling in when its count ends.
final class ColumnsSheet: CollectionViewDataSource {
  /// A column of the sheet: its title, its width in cells and its alignment.
  struct Column {
    /// The title over it.
    var title: String
    /// Its width, in cells.
    var width: Int
    /// Whether its texts end at its right edge (numbers).
    var rightAligned: Bool
  }

  /// The sheet's columns, in order: a mark (`!` the title column, `x` hidden), then the field
  /// and its figures.
  static let columns = [
    Column(title: "", width: 1, rightAligned: false),
    Column(title: "field", width: 16, rightAligned: false),
    Column(title: "type", width: 9, rightAligned: false),
    Column(title: "count", width: 9, rightAligned: true),
    Column(title: "missing", width: 8, rightAligned: true),
    Column(title: "distinct", width: 8, rightAligned: true),
    // 11: a date-time cut at the right edge still shows its whole date (`2013-01-01…`).
    Column(title: "min", width: 11, rightAligned: true),
    Column(title: "max", width: 11, rightAligned: true),
    Column(title: "mean", width: 10, rightAligned: true),
    Column(title: "median", width: 10, rightAligned: true),
  ]
  /// The cells between two columns.
  static let gap = 1

  /// The fields, a row each, in the table's column order.
  let fields: [Int]
  /// The source's field names.
  let names: [String]
  /// The conditions counted under, as the title says them; nil for every record.
  let scope: String?
  /// What is counted: the records on show (`BrowserScene.statisticsScope`).
  private let counted: (source: any RecordSource, filter: RecordFilter?, records: [Int32]?)
  /// Which values are missing (`--na`): counted as missing, as `I` counts them.
  private let missing: MissingValues
  /// The types the user set (`t`): a field typed as text counts no numbers, as under `I`, and
  /// its row shows the type set, marked `*`.
  private let types: [Int: ValueType]
  /// Each field's summary once counted.
  private(set) var summaries: [Int: ColumnSummary] = [:]
  /// The count running, and the row it is for.
  private var task: (row: Int, task: FieldStatisticsTask)?
  /// The fields hidden in the table, and its title field, for the rows' marks.
  var hidden: Set<Int>
  /// The table's title field.
  var titleField: Int?
  /// The list of rows.
  var collectionView: CollectionView { list.collectionView }
  private let list = SheetList(rows: ColumnsSheetRowCell.self)

  /// A sheet of `fields` (named from `names`) counting what `counted` says.
  init(
    fields: [Int], names: [String], scope: String?,
    counted: (source: any RecordSource, filter: RecordFilter?, records: [Int32]?),
    hidden: Set<Int>, titleField: Int?, missing: MissingValues = .empty,
    types: [Int: ValueType] = [:]
  ) {
    self.fields = fields
    self.missing = missing
    self.types = types
    self.names = names
    self.scope = scope
    self.counted = counted
    self.hidden = hidden
    self.titleField = titleField
    collectionView.dataSource = self
    startNext()
  }

  deinit { task?.task.cancel() }

  /// Whether a field is still being counted.
  var isCounting: Bool { task != nil }

  /// Stops counting.
  func cancel() {
    task?.task.cancel()
    task = nil
  }

  /// Starts counting the first field not counted yet, if any.
  private func startNext() {
    guard let row = fields.indices.first(where: { summaries[fields[$0]] == nil }) else {
      task = nil
      return
    }
    let field = fields[row]
    var limits = FieldStatisticsTask.Limits()
    limits.missing = missing
    limits.countsNumbers = types[field] != .text
    let started =
      counted.records.map {
        FieldStatisticsTask(
          source: counted.source, field: field, records: $0, filter: counted.filter,
          limits: limits)
      }
      ?? FieldStatisticsTask(
        source: counted.source, field: field, filter: counted.filter, limits: limits)
    task = (row, started)
  }

  /// Takes a finished count and starts the next; returns whether a row filled in.
  func tick() -> Bool {
    guard let running = task, running.task.isDone else { return false }
    let field = fields[running.row]
    guard let statistics = running.task.result else {
      task = nil
      return false
    }
    summaries[field] = ColumnSummary(statistics: statistics)
    startNext()
    collectionView.reloadData()
    return true
  }

  /// The focused row's field, if any.
  var focusedField: Int? {
    guard let path = collectionView.indexPathForFocusedItem, path.item < fields.count else {
      return nil
    }
    return fields[path.item]
  }

  /// Focuses `field`'s row.
  func focus(field: Int) {
    guard let row = fields.firstIndex(of: field) else { return }
    collectionView.focusItem(at: IndexPath(item: row, section: 0))
  }

  /// Moves the focus for a key (arrows, j/k, Page Up/Down, Home/End, g/G) or the wheel.
  func handle(_ event: InputEvent) {
    list.handle(event)
  }

  /// The box's title: "columns · 19 fields", with the conditions counted under.
  var title: String {
    let counted =
      summaries.count < fields.count ? " · counting \(summaries.count + 1)/\(fields.count)" : ""
    return StatisticsText.scoped("columns", scope) + " · \(fields.count) fields" + counted
  }

  /// The texts of `field`'s row, one a column.
  func texts(of field: Int) -> [String] {
    let mark = field == titleField ? "!" : hidden.contains(field) ? "x" : ""
    let name = field < names.count ? BrowserDataSource.singleLine(names[field]) : ""
    guard let summary = summaries[field] else { return [mark, name, "…"] }
    let statistics = summary.statistics
    let numbers = statistics.numbers
    let dates = summary.dateRange
    return [
      mark, name, types[field].map { $0.rawValue + "*" } ?? summary.type.rawValue,
      StatisticsText.count(statistics.count - statistics.emptyCount),
      StatisticsText.count(statistics.emptyCount), StatisticsText.distinctCount(statistics),
      numbers.map { fitted($0.minimum) } ?? dates.map { fitted($0.lowerBound.text) } ?? "",
      numbers.map { fitted($0.maximum) } ?? dates.map { fitted($0.upperBound.text) } ?? "",
      numbers.map { StatisticsText.number($0.mean) } ?? "",
      numbers == nil ? "" : summary.median.map(StatisticsText.number) ?? "–",
    ]
  }

  /// A minimum or maximum as written when it fits its column, else rounded as the mean is:
  /// float noise (`250.99999999999997`) would only be cut.
  func fitted(_ written: String) -> String {
    guard CharacterWidth.of(written) > Self.columns[6].width, let value = NumberText.value(written)
    else { return written }
    return StatisticsText.number(value)
  }

  /// Draws the sheet over all of `canvas`: a box, the column titles and the visible rows.
  func draw(in canvas: Canvas) {
    guard canvas.columns >= 8, canvas.rows >= 4 else { return }
    canvas.fill()
    canvas.box(border: .rounded, title: title, style: TextPanel.borderStyle)
    var column = 2
    for spec in Self.columns {
      guard column < canvas.columns - 2 else { break }
      let start =
        spec.rightAligned ? column + max(0, spec.width - CharacterWidth.of(spec.title)) : column
      canvas.text(
        spec.title, column: start, row: 1, maxWidth: canvas.columns - 2 - start,
        style: TextStyle(attributes: .bold))
      column += spec.width + Self.gap
    }
    list.draw(in: SheetList.rowArea(in: canvas), rowCount: fields.count, onto: canvas.surface)
  }

  // MARK: CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    fields.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ColumnsSheetRowCell.self, withReuseIdentifier: SheetList.rowIdentifier, for: indexPath)
    guard indexPath.item < fields.count else { return cell }
    let field = fields[indexPath.item]
    cell.texts = texts(of: field)
    cell.fieldIsHidden = hidden.contains(field)
    return cell
  }
}

extension ColumnsSheet {
  /// Takes the table's columns as they are now, for the rows' marks.
  func noteColumns(_ columns: TableColumns) {
    let title = columns.fields.first
    guard columns.hidden != hidden || title != titleField else { return }
    hidden = columns.hidden
    titleField = title
    collectionView.reloadData()
  }
}
