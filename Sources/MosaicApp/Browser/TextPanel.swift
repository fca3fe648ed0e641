import MosaicCollection

/// A bordered box of text lines that scrolls with the arrow keys, Page Up/Down and Home/End:
/// what the detail view and the help overlay draw.
///
/// UIKit: a `UITextView` that is not editable. Each line is drawn cut with "…" at the box's
/// width; the owner wraps long text beforehand if it wants it wrapped.
struct TextPanel {
  /// The title in the top edge.
  var title: String
  /// The lines, each a sequence of styled runs.
  var lines: [[(text: String, style: TextStyle)]]
  /// The first line shown.
  var scrollOffset = 0
  /// The rows of text the box showed when last drawn (its height less the border).
  private(set) var visibleRows = 1

  /// The style of the border and the title.
  static let borderStyle = TextStyle(foreground: .cyan, attributes: .bold)

  /// Creates a panel titled `title` showing `lines`.
  init(title: String, lines: [[(text: String, style: TextStyle)]]) {
    self.title = title
    self.lines = lines
  }

  /// Whether the lines overflow the box as last drawn, so the scrolling keys do something.
  var canScroll: Bool { lines.count > visibleRows }

  /// The largest useful offset for a box showing `rows` lines.
  func maximumOffset(rows: Int) -> Int { max(0, lines.count - max(1, rows)) }

  /// Scrolls for a key; returns whether the key was a scrolling key.
  mutating func handle(_ key: Key) -> Bool {
    let page = max(1, visibleRows - 1)
    switch key {
    case .up, .character("k"): scrollOffset -= 1
    case .down, .character("j"): scrollOffset += 1
    case .pageUp: scrollOffset -= page
    case .pageDown, .character(" "): scrollOffset += page
    case .home, .character("g"): scrollOffset = 0
    case .end, .character("G"): scrollOffset = lines.count
    default: return false
    }
    scrollOffset = min(max(0, scrollOffset), maximumOffset(rows: visibleRows))
    return true
  }

  /// Draws the box over all of `canvas`, blanking what is under it.
  mutating func draw(in canvas: Canvas) {
    guard canvas.columns >= 4, canvas.rows >= 3 else { return }
    canvas.fill()
    canvas.box(border: .rounded, title: title, style: Self.borderStyle)
    visibleRows = canvas.rows - 2
    scrollOffset = min(max(0, scrollOffset), maximumOffset(rows: visibleRows))
    let width = canvas.columns - 4
    for row in 0..<visibleRows {
      let index = scrollOffset + row
      guard index < lines.count else { break }
      var column = 0
      for run in lines[index] where column < width {
        column += canvas.text(
          run.text, column: 2 + column, row: 1 + row, maxWidth: width - column, style: run.style)
      }
    }
    if lines.count > visibleRows {
      let last = min(lines.count, scrollOffset + visibleRows)
      let position =
        " \((scrollOffset + 1).groupedDigits())–\(last.groupedDigits()) of \(lines.count.groupedDigits()) "
      let start = max(1, canvas.columns - 2 - CharacterWidth.of(position))
      canvas.text(position, column: start, row: canvas.rows - 1, style: Self.borderStyle)
    }
  }
}
