import MosaicCollection
import MosaicLayout

/// The widths of the table's columns, in terminal columns, measured from the values around the
/// rows on screen rather than from the whole file: they only grow, each up to `maximum`, so the
/// columns do not jump back and forth while scrolling.
///
/// UIKit has no counterpart; it is what an app keeps to size a custom layout's columns.
struct TableColumnWidths {
  /// The widest a column's text gets, in columns: a longer value is cut with "…".
  static let maximum = 40
  /// The widest `+` makes a column's text, in columns.
  static let widest = 200
  /// The columns between two columns' texts.
  static let gap = 1
  /// The columns after the title column's text: its rule and a blank.
  static let titleGap = 2

  /// The text width of each column, in columns, without the gap.
  private(set) var text: [Int] = []
  /// The rows already measured (1-based positions in display order) and the arrangement they
  /// were measured in; a newer arrangement puts other records there.
  var measured: (version: Int, rows: Range<Int>)?

  /// Makes room for `count` columns (new ones start at 1 column wide); returns whether it added.
  @discardableResult
  mutating func fit(count: Int) -> Bool {
    guard text.count < count else { return false }
    text += Array(repeating: 1, count: count - text.count)
    return true
  }

  /// The widest the title column's text gets on a screen `columns` wide: a third of it (at
  /// least 8), so that the pinned column never leaves the others no room.
  static func titleMaximum(screenColumns columns: Int) -> Int {
    min(maximum, max(8, columns / 3))
  }

  /// Widens `column` to show `width` columns of text, at most `limit`; returns whether it grew.
  @discardableResult
  mutating func widen(_ column: Int, toShow width: Int, limit: Int = maximum) -> Bool {
    let wanted = min(width, limit, Self.maximum)
    guard column < text.count, wanted > text[column] else { return false }
    text[column] = wanted
    return true
  }

  /// Widens each column to show its value in `values` (one a column, in order), at most its
  /// limit in `limits`; returns whether one grew.
  mutating func widen(toShow values: [String], limits: [Int]) -> Bool {
    var grew = false
    for column in 0..<min(values.count, limits.count) {
      grew = widen(column, toShow: Self.width(of: values[column]), limit: limits[column]) || grew
    }
    return grew
  }

  /// The width `value` needs, counted no further than `maximum` + 1 characters: a long value
  /// costs no more to measure than a short one.
  static func width(of value: String) -> Int {
    if value.utf8.count <= maximum { return CharacterWidth.of(value) }
    return CharacterWidth.of(String(value.prefix(maximum + 1)))
  }

  /// Each column's width in points, its gap included.
  func points(_ metrics: CellMetrics) -> [Double] {
    text.enumerated().map { column, width in
      Double(width + (column == 0 ? Self.titleGap : Self.gap)) * metrics.pointsPerColumn
    }
  }
}
