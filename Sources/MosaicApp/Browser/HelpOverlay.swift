import MosaicCollection

/// The box `?` opens: every key the browser knows, with what it does.
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

  /// The bindings of the cards view, in the order the help lists them; each fits a 40-column
  /// screen.
  static let bindings: [Binding] = [
    Binding(keys: "←↓↑→ hjkl", action: "move the focus"),
    Binding(keys: "PgUp PgDn ^B ^F", action: "move a screen"),
    Binding(keys: "^U ^D", action: "move half a screen"),
    Binding(keys: "g G Home End", action: "first / last record"),
    Binding(keys: ":N", action: "go to record N"),
    Binding(keys: "{ }", action: "previous / next section"),
    Binding(keys: "Tab S-Tab", action: "focus the next field"),
    Binding(keys: "mouse", action: "wheel scroll, click focus"),
    Binding(keys: "Enter", action: "open record (Esc back)"),
    Binding(keys: "/ n N", action: "search, next/previous"),
    Binding(keys: "&", action: "filter (keep matches)"),
    Binding(keys: "[ ]", action: "sort by field ↑ / ↓"),
    Binding(keys: "s", action: "sections by field"),
    Binding(keys: "F", action: "field's value counts"),
    Binding(keys: "I", action: "field summary"),
    Binding(keys: "space", action: "select / deselect"),
    Binding(keys: "c C", action: "copy value / record"),
    Binding(keys: "y", action: "quit, print selection"),
    Binding(keys: "v", action: "grid, list, table, sideways"),
    Binding(keys: "+ -", action: "bigger / smaller cards"),
    Binding(keys: "?", action: "this help"),
    Binding(keys: "Esc", action: "back out one level"),
    Binding(keys: "q", action: "quit"),
  ]

  /// The bindings of the layout inspector, listed when one is attached.
  static let inspectorBindings: [Binding] = [
    Binding(keys: "i o", action: "inspector, outlines")
  ]

  /// The binding listed when the file can be reloaded (not standard input).
  static let reloadBindings: [Binding] = [
    Binding(keys: "r", action: "reload the file")
  ]

  /// The scrolling box.
  private var panel: TextPanel

  /// Creates the help, listing the inspector's keys when `hasInspector` and the reload key when
  /// `canReload`.
  init(hasInspector: Bool, canReload: Bool = false) {
    let all =
      Self.bindings + (canReload ? Self.reloadBindings : [])
      + (hasInspector ? Self.inspectorBindings : [])
    let keyWidth = all.map { CharacterWidth.of($0.keys) }.max() ?? 0
    panel = TextPanel(
      title: "Keys",
      lines: all.map { binding in
        let pad = String(repeating: " ", count: keyWidth - CharacterWidth.of(binding.keys) + 2)
        return [(binding.keys + pad, TextStyle(attributes: .bold)), (binding.action, .plain)]
      })
  }

  /// Scrolls for a key when the help is taller than the screen; returns whether it scrolled
  /// (any other key closes the help).
  mutating func handle(_ key: Key) -> Bool {
    panel.canScroll && key != .character(" ") ? panel.handle(key) : false
  }

  /// Draws the box centred in `canvas`: as wide as its longest line, at most the whole canvas.
  mutating func draw(in canvas: Canvas) {
    let widest = panel.lines.map { $0.reduce(0) { $0 + CharacterWidth.of($1.text) } }.max() ?? 0
    let columns = min(canvas.columns, widest + 4)
    let rows = min(canvas.rows, panel.lines.count + 2)
    let area = CellRect(
      column: (canvas.columns - columns) / 2, row: (canvas.rows - rows) / 2, columns: columns,
      rows: rows)
    panel.draw(in: canvas.clipped(to: area))
  }
}
