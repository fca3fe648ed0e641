import MosaicCollection

/// The box `?` opens: every key the browser knows, with what it does, in groups (Move, Find,
/// Arrange, Records, View) laid out in two columns when the screen is wide enough, one
/// otherwise, scrolling when the screen is too short.
///
/// UIKit: a modal sheet listing keyboard shortcuts, as iPadOS shows when ⌘ is held.
struct HelpOverlay {
  /// One key binding as the help lists it.
  struct Binding: Equatable {
    /// The keys, as typed.
    var keys: String
    /// What they do.
    var action: String
  }

  /// A titled group of bindings, listed together.
  struct Group: Equatable {
    /// The group's heading.
    var title: String
    /// Its bindings, in order.
    var bindings: [Binding]
  }

  /// The groups of the cards view, in the order the help lists them. Each group's keys are
  /// aligned on their own, so that every line fits a 40-column screen.
  static let groups: [Group] = [
    Group(
      title: "Move",
      bindings: [
        Binding(keys: "←↓↑→ hjkl", action: "move; table: ←→ field"),
        Binding(keys: "PgDn ^F", action: "next screen"),
        Binding(keys: "PgUp ^B", action: "previous screen"),
        Binding(keys: "^D ^U", action: "half screen down / up"),
        Binding(keys: "g G Home End", action: "first / last record"),
        Binding(keys: ":N", action: "go to record N"),
        Binding(keys: "{ }", action: "prev / next section"),
        Binding(keys: "Tab S-Tab", action: "next / previous field"),
        Binding(keys: "click", action: "focus; on focus: open"),
        Binding(keys: "wheel", action: "scroll"),
      ]),
    Group(
      title: "Find",
      bindings: [
        Binding(keys: "/ n N", action: "search, next/previous"),
        Binding(keys: "&", action: "add a condition (filter)"),
        Binding(keys: "|", action: "list / remove conditions"),
      ]),
    Group(
      title: "Arrange",
      bindings: [
        Binding(keys: "[ ]", action: "sort by field ↑ / ↓"),
        Binding(keys: "s", action: "sections by field"),
        Binding(keys: "F", action: "field's value counts"),
        Binding(keys: "I", action: "field summary"),
      ]),
    Group(
      title: "Records",
      bindings: [
        Binding(keys: "Enter", action: "open the record"),
        Binding(keys: "→ ← n p", action: "in it: next / previous"),
        Binding(keys: "space", action: "select / deselect"),
        Binding(keys: "c C", action: "copy value / record"),
        Binding(keys: "y", action: "quit, print selection"),
      ]),
    Group(
      title: "View",
      bindings: [
        Binding(keys: "v", action: "grid, list, table, sideways"),
        Binding(keys: "+ -", action: "bigger / smaller cards"),
        Binding(keys: "?", action: "this help"),
        Binding(keys: "Esc", action: "back out one level"),
        Binding(keys: "q", action: "quit"),
      ]),
  ]

  /// Every binding of the cards view, in the order the help lists them.
  static var bindings: [Binding] { groups.flatMap(\.bindings) }

  /// The bindings of the layout inspector, listed (under View) when one is attached.
  static let inspectorBindings: [Binding] = [
    Binding(keys: "i o", action: "inspector, outlines")
  ]

  /// The binding listed (under View) when the file can be reloaded (not standard input).
  static let reloadBindings: [Binding] = [
    Binding(keys: "r", action: "reload the file")
  ]

  /// The style of a group's heading.
  static let headingStyle = TextStyle(foreground: .cyan, attributes: [.bold, .underline])
  /// The style of the keys.
  static let keyStyle = TextStyle(attributes: .bold)
  /// The columns between the two columns of groups.
  static let columnGap = 3

  /// The groups shown, the optional bindings included.
  let shownGroups: [Group]
  /// The scrolling box.
  private var panel: TextPanel
  /// The text width the lines were laid out for.
  private var laidOutWidth: Int?

  /// Creates the help, listing the inspector's keys when `hasInspector` and the reload key when
  /// `canReload`.
  init(hasInspector: Bool, canReload: Bool = false) {
    var groups = Self.groups
    let extra =
      (canReload ? Self.reloadBindings : []) + (hasInspector ? Self.inspectorBindings : [])
    if let view = groups.indices.last {
      // Before "?", Esc and q, which close the list.
      groups[view].bindings.insert(contentsOf: extra, at: max(0, groups[view].bindings.count - 3))
    }
    shownGroups = groups
    panel = TextPanel(title: "Keys", lines: [])
  }

  /// Scrolls for a key when the help is taller than the screen; returns whether it scrolled
  /// (any other key closes the help).
  mutating func handle(_ key: Key) -> Bool {
    panel.canScroll && key != .character(" ") ? panel.handle(key) : false
  }

  /// Draws the box centred in `canvas`: as wide as its lines, at most the whole canvas.
  mutating func draw(in canvas: Canvas) {
    let width = max(1, canvas.columns - 4)
    if laidOutWidth != width {
      panel.lines = Self.lines(of: shownGroups, width: width)
      laidOutWidth = width
    }
    let widest = panel.lines.map { $0.reduce(0) { $0 + CharacterWidth.of($1.text) } }.max() ?? 0
    let columns = min(canvas.columns, widest + 4)
    let rows = min(canvas.rows, panel.lines.count + 2)
    let area = CellRect(
      column: (canvas.columns - columns) / 2, row: (canvas.rows - rows) / 2, columns: columns,
      rows: rows)
    panel.draw(in: canvas.clipped(to: area))
  }

  /// A styled line of the help.
  typealias Line = [(text: String, style: TextStyle)]

  /// The lines of `groups` for a text `width`: two columns of whole groups, as even in height
  /// as the order allows, when both fit side by side; one column otherwise.
  static func lines(of groups: [Group], width columns: Int) -> [Line] {
    let blocks = groups.map(block(of:))
    func column(_ range: Range<Int>) -> [Line] {
      var lines: [Line] = []
      for index in range {
        if !lines.isEmpty { lines.append([]) }
        lines += blocks[index]
      }
      return lines
    }
    var best: (left: [Line], right: [Line])?
    for split in 1..<max(1, groups.count) {
      let left = column(0..<split)
      let right = column(split..<groups.count)
      guard widthOf(left) + columnGap + widthOf(right) <= columns else { continue }
      if best == nil || max(left.count, right.count) < max(best!.left.count, best!.right.count) {
        best = (left, right)
      }
    }
    guard let best else { return column(0..<groups.count) }
    let leftWidth = widthOf(best.left)
    return (0..<max(best.left.count, best.right.count)).map { row in
      let left = row < best.left.count ? best.left[row] : []
      guard row < best.right.count, !best.right[row].isEmpty else { return left }
      let pad = leftWidth - width(of: left) + columnGap
      return left + [(String(repeating: " ", count: pad), .plain)] + best.right[row]
    }
  }

  /// A group's heading and its bindings, keys aligned.
  static func block(of group: Group) -> [Line] {
    let keyWidth = group.bindings.map { CharacterWidth.of($0.keys) }.max() ?? 0
    return [[(group.title, headingStyle)]]
      + group.bindings.map { binding in
        let pad = String(repeating: " ", count: keyWidth - CharacterWidth.of(binding.keys) + 2)
        return [(binding.keys + pad, keyStyle), (binding.action, .plain)]
      }
  }

  /// The columns a line takes.
  static func width(of line: Line) -> Int {
    line.reduce(0) { $0 + CharacterWidth.of($1.text) }
  }

  /// The columns the widest of `lines` takes.
  static func widthOf(_ lines: [Line]) -> Int {
    lines.map(width(of:)).max() ?? 0
  }
}
