import MosaicCollection
import MosaicLayout

/// The bottom line of the browser: the file, the focused record's position and section, search
/// and indexing progress, and key hints, fitted to any width from about 30 columns up.
///
/// UIKit: a toolbar. Pieces are given room in order of importance (position, hints, search,
/// progress, section, file) and truncated with "…", or left out, when the line is too narrow.
struct StatusBar: Equatable {
  /// The file's name.
  var fileName = ""
  /// The 1-based position of the focused record among those shown, or nil when none is focused.
  var position: Int?
  /// The number of records shown.
  var total = 0
  /// Whether the position and total are estimates (the file's end shown before indexing
  /// reached it): they are marked with "≈".
  var isEstimated = false
  /// Whether only the total is an estimate (a database's count still running, its statistics
  /// known at once): the total alone is marked with "≈".
  var isTotalEstimated = false
  /// The focused record's section title.
  var section: String?
  /// "indexing 43%" while background work runs.
  var progress: String?
  /// The search line: the query being typed, or the last query with its match count.
  var search: String?
  /// The sort and filter: "mass ▲  & gift: 110,770 of 1,000,000", "sorting 43%".
  var arrangement: String?
  /// A problem to show (an error found by background indexing).
  var message: String?
  /// The key hints, most useful first; later ones are dropped first.
  var hints = ["? help", "q quit"]
  /// The number of selected records ("3 selected"; nothing when none).
  var selected = 0
  /// What the last key did or why it could not ("copied name", "no record 0: …").
  var notice: String?

  /// The style of the bar.
  static let style = TextStyle(attributes: .reverse)

  /// One piece of the line.
  private struct Piece {
    var text: String
    var priority: Int
    var minimumWidth: Int
    var trailing: Bool
  }

  /// The bar laid out for one width, with the position's piece apart: a Down changes only the
  /// position, and a position as wide as before leaves every other piece where it was.
  struct Layout {
    /// The bar laid out, and the width.
    var bar: StatusBar
    var width: Int
    /// The left part before the position's piece (with the gap after it), and after it (with
    /// the gap before it); all of the left part when the position is left out.
    var beforePosition = ""
    var afterPosition = ""
    /// The columns the position's piece was given (0: left out), and the columns it needed.
    var positionColumns = 0
    var positionWidth = 0
    /// The right part.
    var right = ""
    /// The position's piece shown.
    var position = ""

    /// The left part.
    var left: String {
      guard positionColumns > 0 else { return beforePosition }
      return beforePosition + Canvas.truncate(position, toWidth: positionColumns) + afterPosition
    }
  }

  /// The position's piece: "12/1,000,000", "≈12/≈1,000,000" while estimated, bounded for
  /// `width` as every piece is.
  func positionText(width: Int) -> String {
    let mark = isEstimated ? "≈" : ""
    let totalMark = isEstimated || isTotalEstimated ? "≈" : ""
    return Self.bounded(
      "\(mark)\((position ?? 0).groupedDigits())/\(totalMark)\(total.groupedDigits())",
      toWidth: width)
  }

  /// The bar's text for `width` columns, at most `width` columns wide.
  func line(width: Int) -> (left: String, right: String) {
    let layout = layout(width: width)
    return (layout.left, layout.right)
  }

  /// The bar laid out for `width` columns: `previous` again when it was laid out for the same
  /// width and a bar that differs from this one only in a position as wide.
  func layout(width: Int, reusing previous: Layout?) -> Layout {
    if let previous, previous.width == width {
      var same = previous.bar
      same.position = position
      if same == self {
        let text = positionText(width: width)
        if CharacterWidth.of(text) == previous.positionWidth {
          var layout = previous
          layout.position = text
          return layout
        }
      }
    }
    return layout(width: width)
  }

  /// The bar laid out for `width` columns.
  func layout(width: Int) -> Layout {
    var pieces: [Piece] = []
    var layout = Layout(bar: self, width: width, position: positionText(width: width))
    pieces.append(Piece(text: fileName, priority: 6, minimumWidth: 6, trailing: false))
    // The position's piece comes right after the file name's; a kept layout redraws only it.
    let positionIndex = pieces.count
    pieces.append(Piece(text: layout.position, priority: 0, minimumWidth: 1, trailing: false))
    if let section, !section.isEmpty {
      pieces.append(Piece(text: section, priority: 5, minimumWidth: 5, trailing: false))
    }
    if let message {
      pieces.append(Piece(text: "! " + message, priority: 1, minimumWidth: 12, trailing: true))
    }
    if let search {
      pieces.append(Piece(text: search, priority: 1, minimumWidth: 8, trailing: true))
    }
    if let arrangement {
      pieces.append(Piece(text: arrangement, priority: 1, minimumWidth: 8, trailing: true))
    }
    if selected > 0 {
      let text = "\(selected.groupedDigits(separator: ",")) selected"
      pieces.append(Piece(text: text, priority: 1, minimumWidth: text.count, trailing: false))
    }
    if let notice {
      pieces.append(Piece(text: notice, priority: 1, minimumWidth: 12, trailing: true))
    }
    if let progress {
      pieces.append(Piece(text: progress, priority: 3, minimumWidth: 4, trailing: true))
    }
    let hintText = hints.joined(separator: "  ")
    if !hints.isEmpty {
      pieces.append(
        Piece(
          text: hintText, priority: 2, minimumWidth: CharacterWidth.of(hints[0]), trailing: true))
    }
    // Give each piece, most important first, what is left of the line after two-column gaps.
    // A piece longer than the line (a section named by a huge value) is measured no further.
    for index in pieces.indices where index != positionIndex && pieces[index].text != hintText {
      pieces[index].text = Self.bounded(pieces[index].text, toWidth: width)
    }
    var widths = [Int](repeating: 0, count: pieces.count)
    var used = 0
    for index in pieces.indices.sorted(by: { pieces[$0].priority < pieces[$1].priority }) {
      let gap = used == 0 ? 1 : 2
      let room = width - used - gap - 1
      let natural = CharacterWidth.of(pieces[index].text)
      if index == positionIndex { layout.positionWidth = natural }
      let given = min(natural, room)
      guard given >= min(natural, pieces[index].minimumWidth) else { continue }
      widths[index] = given
      used += given + gap
    }
    func render(_ index: Int) -> String {
      let piece = pieces[index]
      if piece.text == hintText && widths[index] < CharacterWidth.of(hintText) {
        // Whole hints are clearer than one cut in half.
        var kept: [String] = []
        for hint in hints
        where CharacterWidth.of((kept + [hint]).joined(separator: "  "))
          <= widths[index]
        {
          kept.append(hint)
        }
        return kept.joined(separator: "  ")
      }
      return Canvas.truncate(piece.text, toWidth: widths[index])
    }
    let shown = pieces.indices.filter { widths[$0] > 0 }
    layout.right = shown.filter { pieces[$0].trailing }.map(render).joined(separator: "  ")
    let left = shown.filter { !pieces[$0].trailing }
    layout.positionColumns = widths[positionIndex]
    if widths[positionIndex] > 0 {
      let before = left.filter { $0 < positionIndex }.map(render)
      let after = left.filter { $0 > positionIndex }.map(render)
      layout.beforePosition = before.map { $0 + "  " }.joined()
      layout.afterPosition = after.map { "  " + $0 }.joined()
    } else {
      layout.beforePosition = left.map(render).joined(separator: "  ")
    }
    return layout
  }

  /// `text`, or when it has more scalars than `width` columns could show, its first ones and
  /// "…" (so it is cut where it is drawn): what a huge section title costs is the line's width.
  ///
  /// - Complexity: O(`width`).
  static func bounded(_ text: String, toWidth width: Int) -> String {
    let limit = max(0, width) * 4 + 4
    guard text.utf8.count > limit else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
  }

  /// Draws the bar across the canvas's first row.
  func draw(in canvas: Canvas) {
    draw(layout(width: canvas.columns), in: canvas)
  }

  /// Draws the bar laid out as `layout` (for the canvas's width) across the canvas's first row.
  func draw(_ layout: Layout, in canvas: Canvas) {
    let bar = CellRect(column: 0, row: 0, columns: canvas.columns, rows: 1)
    canvas.fill(bar, style: Self.style)
    canvas.text(layout.left, column: 1, row: 0, maxWidth: canvas.columns - 1, style: Self.style)
    let rightWidth = CharacterWidth.of(layout.right)
    let rightStart = max(0, canvas.columns - 1 - rightWidth)
    canvas.text(layout.right, column: rightStart, row: 0, style: Self.style)
  }
}
