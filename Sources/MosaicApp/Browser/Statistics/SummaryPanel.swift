import MosaicCollection
import MosaicData

/// The field summary `I` opens: how many values, how many empty and distinct, the numbers' range
/// and mean, and the most common values, in a box over the cards like the help's.
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
    panel = TextPanel(
      title: StatisticsText.scoped(fieldName, scope), lines: Self.lines(for: statistics))
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
      ("empty", "\(StatisticsText.count(statistics.emptyCount)) (\(share(statistics.emptyCount)))"),
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
