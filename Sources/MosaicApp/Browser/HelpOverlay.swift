import MosaicCollection
import MosaicLayout

/// The box `?` opens: the keys of the screen it was opened from, with what they do, in the
/// groups `KeyBindings` gives them (on the cards: Move, Find, Arrange, Records, View), laid out
/// in two columns when the screen is wide enough, one otherwise, scrolling when the screen is
/// too short.
///
/// UIKit: a modal sheet listing keyboard shortcuts, as iPadOS shows when ⌘ is held, made from
/// the responders' `UIKeyCommand` discoverability titles.
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

  /// The groups of the plain cards view (no inspector, no reload, not the table), in the order
  /// the help lists them. Each group's keys are aligned on their own, so that every line fits a
  /// 40-column screen.
  static var groups: [Group] { groups(of: .cards, in: KeyBindings.Context()) }

  /// Every binding of the plain cards view, in the order the help lists them.
  static var bindings: [Binding] { groups.flatMap(\.bindings) }

  /// The bindings of the layout inspector, listed (under View) when one is attached.
  static var inspectorBindings: [Binding] { listed(where: .inspector) }

  /// The binding listed (under View) when the file can be reloaded (not standard input).
  static var reloadBindings: [Binding] { listed(where: .reload) }

  /// The cards' bindings in force only where `availability` holds, as the help lists them.
  static func listed(where availability: KeyBinding.Availability) -> [Binding] {
    KeyBindings.cards.filter { $0.availability == availability }.map(binding(for:))
  }

  /// The bindings of `screen` in force in `context`, in groups in the table's order.
  static func groups(of screen: KeyBinding.Screen, in context: KeyBindings.Context) -> [Group] {
    var groups: [Group] = []
    for keyBinding in KeyBindings.bindings(of: screen, in: context) {
      if groups.last?.title != keyBinding.group {
        groups.append(Group(title: keyBinding.group, bindings: []))
      }
      groups[groups.count - 1].bindings.append(binding(for: keyBinding))
    }
    return groups
  }

  /// A table binding as a line of the help.
  static func binding(for keyBinding: KeyBinding) -> Binding {
    Binding(keys: keyBinding.label, action: keyBinding.summary)
  }

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

  /// Creates the help of `screen`, listing the bindings in force in `context`.
  init(screen: KeyBinding.Screen, context: KeyBindings.Context) {
    shownGroups = Self.groups(of: screen, in: context)
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
