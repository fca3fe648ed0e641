import MosaicCollection
import MosaicData
import MosaicLayout

/// The field summary `I` opens: how many values, how many missing and distinct, the numbers'
/// range, mean, median, standard deviation, quartiles, 5th and 95th percentiles and a histogram
/// in block characters, and the most common values, in a box over the cards like the help's.
///
/// UIKit: a popover with a table of figures. It opens at once and shows the count's progress
/// until `show(_:)` gives it the statistics; Esc closes it.
final class SummaryPanel {
  /// The field summed up.
  let field: Int
  /// The field's name.
  let fieldName: String
  /// The conditions counted under, or nil for every record.
  let scope: String?
  /// The statistics, once counted.
  private(set) var statistics: FieldStatistics?
  /// How far the count has come, 0...1, while `statistics` is nil.
  var progress = 0.0
  /// Why the count has no result (the file changed under it), shown instead of the figures.
  var problem: String?
  /// The scrolling box.
  private var panel: TextPanel
  /// The per-section figures being added up, when the view has sections.
  private var groupTask: GroupAggregates?
  /// The per-section figures, once added up.
  private(set) var groups: [GroupAggregates.Group]?

  /// The most common values listed.
  static let commonValues = 8
  private static let labelStyle = TextStyle(attributes: .bold)

  /// Creates the summary of `field`, named `fieldName`, still being counted.
  init(field: Int, fieldName: String, scope: String? = nil) {
    self.field = field
    self.fieldName = fieldName
    self.scope = scope
    panel = TextPanel(title: StatisticsText.scoped(fieldName, scope), lines: [])
  }

  /// Shows the counted statistics.
  func show(_ statistics: FieldStatistics) {
    self.statistics = statistics
    problem = nil
    rebuild()
  }

  /// Starts adding the field up per section of `index` (records of `source`), for the group
  /// summary below the figures.
  func startGroups(source: any RecordSource, index: SectionedIndex, missing: MissingValues) {
    groupTask = GroupAggregates(source: source, index: index, field: field, missing: missing)
  }

  /// Whether the view on show has sections, whose figures are added up once their records are
  /// all arranged (the scene starts them; see `startGroups`).
  var wantsGroups = false

  /// Whether the per-section figures are still being added up, or still to be started.
  var awaitsGroups: Bool { (wantsGroups || groupTask != nil) && groups == nil }

  /// Whether the per-section figures wait for the arrangement to settle before they start.
  var awaitsGroupsStart: Bool { wantsGroups && groupTask == nil && groups == nil }

  /// Takes the per-section figures once added up; returns whether they just arrived.
  func catchUpGroups() -> Bool {
    guard groups == nil, let result = groupTask?.result else { return false }
    groups = result
    if statistics != nil { rebuild() }
    return true
  }

  /// Stops adding up the per-section figures.
  func cancelGroups() { groupTask?.cancel() }

  private func rebuild() {
    guard let statistics else { return }
    panel = TextPanel(
      title: StatisticsText.scoped(fieldName, scope),
      lines: Self.lines(for: statistics) + (groups.map(Self.groupLines) ?? []))
  }

  /// The group summary: one line per section with its records and its numbers' sum, mean,
  /// minimum and maximum, in aligned columns, the sections with most records first (ties in
  /// section order), as `F` lists values: "the top 10 destinations" is the first ten lines.
  static func groupLines(_ groups: [GroupAggregates.Group]) -> [[(text: String, style: TextStyle)]]
  {
    guard !groups.isEmpty else { return [] }
    let header = ["section", "records", "sum", "mean", "min", "max"]
    let ranked = groups.enumerated().sorted {
      $0.element.records != $1.element.records
        ? $0.element.records > $1.element.records : $0.offset < $1.offset
    }.map(\.element)
    let rows = ranked.map { group -> [String] in
      [
        StatusBar.bounded(group.title ?? "", toWidth: 24), StatisticsText.count(group.records),
        group.numbers > 0 ? StatisticsText.number(group.sum) : "–",
        group.mean.map(StatisticsText.number) ?? "–",
        group.minimum.map(StatisticsText.number) ?? "–",
        group.maximum.map(StatisticsText.number) ?? "–",
      ]
    }
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { CharacterWidth.of($0[column]) }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      "  "
        + cells.indices.map { column in
          let gap = String(repeating: " ", count: widths[column] - CharacterWidth.of(cells[column]))
          return column == 0 ? cells[column] + gap : gap + cells[column]
        }.joined(separator: "  ")
    }
    return [[("by section, most records first", labelStyle)], [(line(header), labelStyle)]]
      + rows.map { [(line($0), TextStyle.plain)] }
  }

  /// The lines as shown, for tests.
  var lineTexts: [String] { panel.lines.map { $0.map(\.text).joined() } }

  /// Scrolls for a key when the summary is taller than the box; returns whether it scrolled.
  func handle(_ key: Key) -> Bool {
    panel.canScroll ? panel.handle(key) : false
  }

  /// The figures as labelled lines.
  static func lines(for statistics: FieldStatistics) -> [[(text: String, style: TextStyle)]] {
    let share = { (count: Int) in StatisticsText.share(statistics.share(count)) }
    var rows: [(String, String)] = [
      ("values", StatisticsText.count(statistics.count)),
      (
        "missing",
        "\(StatisticsText.count(statistics.emptyCount)) (\(share(statistics.emptyCount)))"
      ),
      ("distinct", StatisticsText.distinctCount(statistics)),
    ]
    if let numbers = statistics.numbers {
      let nonEmpty = statistics.count - statistics.emptyCount
      if numbers.count < nonEmpty {
        rows.append(
          ("numbers", "\(StatisticsText.count(numbers.count)) of \(StatisticsText.count(nonEmpty))")
        )
      }
      rows.append(("minimum", numbers.minimum))
      rows.append(("maximum", numbers.maximum))
      rows.append(("mean", StatisticsText.number(numbers.mean)))
      if let summary = numbers.summary {
        rows.append(("median", StatisticsText.number(summary.median)))
        rows.append(("stdev", summary.standardDeviation.map(StatisticsText.number) ?? "–"))
        rows.append(
          (
            "quartiles",
            [summary.p25, summary.median, summary.p75].map(StatisticsText.number)
              .joined(separator: "  ")
          ))
        rows.append(
          (
            "p5 – p95",
            StatisticsText.number(summary.p5) + " – " + StatisticsText.number(summary.p95)
          ))
        rows.append(("histogram", histogramLine(summary.histogram)))
      }
    }
    let labelWidth = 10
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - CharacterWidth.of(text)))
    }
    var lines: [[(text: String, style: TextStyle)]] = rows.map {
      [(pad($0.0, labelWidth), labelStyle), ($0.1, .plain)]
    }
    let common = statistics.mostCommon(commonValues)
    guard !common.isEmpty else { return lines }
    lines.append([("most common", labelStyle)])
    let counts = common.map { StatisticsText.count($0.count) }
    let countWidth = counts.map(\.count).max() ?? 0
    let values = common.map { StatusBar.bounded(StatisticsText.value($0), toWidth: 30) }
    let valueWidth = min(30, values.map { CharacterWidth.of($0) }.max() ?? 0)
    for (index, entry) in common.enumerated() {
      let value = pad(Canvas.truncate(values[index], toWidth: valueWidth), valueWidth)
      let count = String(repeating: " ", count: countWidth - counts[index].count) + counts[index]
      let percent = share(entry.count)
      lines.append([
        (
          "  " + value + "  " + count + "  " + String(repeating: " ", count: 6 - percent.count)
            + percent, .plain
        )
      ])
    }
    return lines
  }

  /// The histogram as one line: its bins in block characters between the range's ends,
  /// `▁▃█▆▂  ▁ 0 … 998.5`.
  static func histogramLine(_ histogram: Histogram) -> String {
    "▕" + histogram.sparkline + "▏ " + StatisticsText.number(histogram.minimum) + " … "
      + StatisticsText.number(histogram.maximum)
  }

  /// Draws the box centred in `canvas`: as wide as its longest line, at most the whole canvas;
  /// while counting, the progress.
  func draw(in canvas: Canvas) {
    if statistics == nil {
      panel.lines = [[(problem ?? StatisticsText.counting(fieldName, progress: progress), .plain)]]
    }
    let widest = panel.lines.map { $0.reduce(0) { $0 + CharacterWidth.of($1.text) } }.max() ?? 0
    let title = CharacterWidth.of(StatisticsText.scoped(fieldName, scope))
    let columns = min(canvas.columns, max(widest, title + 2) + 4)
    let rows = min(canvas.rows, panel.lines.count + 2)
    let area = CellRect(
      column: (canvas.columns - columns) / 2, row: (canvas.rows - rows) / 2, columns: columns,
      rows: rows)
    panel.draw(in: canvas.clipped(to: area))
  }
}
