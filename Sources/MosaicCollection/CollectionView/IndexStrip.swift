import Foundation

/// The index strip's rows: the data source's index titles in a column, one a row, centred in
/// the height; when they do not all fit, every other row shows a dot standing for the titles
/// left out there, first and last titles always shown.
///
/// UIKit: the section index a table or collection view draws from `indexTitles(for:)`, which
/// elides titles behind dots the same way when the view is short.
struct IndexStrip: Equatable {
  /// What one row of the strip shows.
  struct Entry: Equatable {
    /// A title, or `IndexStrip.elision` for titles left out.
    var text: String
    /// The title the row jumps to: its own, or for a dot the middle one of those it stands for.
    var titleIndex: Int
  }

  /// The mark of a row that stands for titles left out.
  static let elision = "•"
  /// The widest the strip grows, in columns; longer titles are cut.
  static let maximumWidth = 3

  /// The titles, in order.
  let titles: [String]

  /// The strip's width in columns: its widest title's, at least 1, at most `maximumWidth`.
  var width: Int {
    min(Self.maximumWidth, max(1, titles.map { CharacterWidth.of($0) }.max() ?? 1))
  }

  /// The strip's rows for a height of `rows`: one entry or nil (a blank row) a row.
  func entries(rows: Int) -> [Entry?] {
    guard rows > 0, !titles.isEmpty else { return Array(repeating: nil, count: max(0, rows)) }
    var shown: [Entry] = []
    if titles.count <= rows {
      shown = titles.enumerated().map { Entry(text: $0.element, titleIndex: $0.offset) }
    } else {
      // k titles and k - 1 dots between them fill 2k - 1 rows.
      let kept = max(1, (rows + 1) / 2)
      let last = titles.count - 1
      let picks =
        kept == 1 ? [0] : (0..<kept).map { ($0 * last + (kept - 1) / 2) / (kept - 1) }
      for (position, index) in picks.enumerated() {
        if position > 0 {
          let previous = picks[position - 1]
          if index - previous > 1 {
            shown.append(Entry(text: Self.elision, titleIndex: (previous + index + 1) / 2))
          }
        }
        shown.append(Entry(text: titles[index], titleIndex: index))
      }
    }
    let top = (rows - shown.count) / 2
    var result = [Entry?](repeating: nil, count: rows)
    for (offset, entry) in shown.enumerated() { result[top + offset] = entry }
    return result
  }

  /// The title a typed character jumps to: the first whose first character is it, compared
  /// without case; nil when none is.
  func titleIndex(forTyped character: Character) -> Int? {
    let typed = String(character).lowercased()
    return titles.firstIndex { $0.first.map { String($0).lowercased() } == typed }
  }
}
