import MosaicCollection
import MosaicLayout

/// The box `?` opens over the table picker: its keys, and how to come back from a table.
///
/// UIKit: a modal sheet listing keyboard shortcuts.
struct TablePickerHelp {
  /// The keys and what they do, in the order listed.
  static let bindings: [(keys: String, action: String)] = [
    ("↑↓ jk", "move between tables"),
    ("PgUp PgDn", "move a screen"),
    ("Home End", "first / last table"),
    ("Enter → l", "open the table"),
    ("q (in a table)", "back to this list"),
    ("?", "this help"),
    ("q", "quit"),
  ]

  private var panel: TextPanel

  init() {
    let keyWidth = Self.bindings.map { CharacterWidth.of($0.keys) }.max() ?? 0
    panel = TextPanel(
      title: "Tables",
      lines: Self.bindings.map { binding in
        let pad = String(repeating: " ", count: keyWidth - CharacterWidth.of(binding.keys) + 2)
        return [(binding.keys + pad, TextStyle(attributes: .bold)), (binding.action, .plain)]
      })
  }

  /// Draws the box centred in `canvas`.
  mutating func draw(in canvas: Canvas) {
    let widest = panel.lines.map { $0.reduce(0) { $0 + CharacterWidth.of($1.text) } }.max() ?? 0
    let columns = min(canvas.columns, widest + 4)
    let rows = min(canvas.rows, panel.lines.count + 2)
    panel.draw(
      in: canvas.clipped(
        to: CellRect(
          column: (canvas.columns - columns) / 2, row: (canvas.rows - rows) / 2,
          columns: columns, rows: rows)))
  }
}
