import MosaicCollection
import MosaicData
import MosaicLayout

/// The box `|` opens: the conditions on show, one a line in the order they were added, to take
/// any one of them away (`d`, Delete or Backspace on the focused line: `KeyBindings.conditions`).
///
/// UIKit: a sheet with a table view whose rows can be swiped to delete.
struct ConditionsPanel {
  /// The conditions as the lines show them.
  var lines: [String]
  /// The focused line.
  var focused = 0

  /// A panel listing `conditions` over fields named `fieldNames`.
  init(conditions: [RecordCondition], fieldNames: [String]) {
    lines = conditions.map { "& " + $0.text(fieldNames: fieldNames) }
  }

  /// Moves the focus for a moving key (`KeyBindings.conditions` says which: the arrows,
  /// `j`/`k`, Home and End, `g`/`G`); other keys leave it.
  mutating func moveFocus(for key: Key) {
    let last = max(0, lines.count - 1)
    switch key {
    case .up, .character("k"): focused = max(0, focused - 1)
    case .down, .character("j"): focused = min(last, focused + 1)
    case .home, .character("g"): focused = 0
    case .end, .character("G"): focused = last
    default: break
    }
  }

  /// Draws the box centred in `canvas`, the focused line reversed.
  func draw(in canvas: Canvas) {
    let body = lines.isEmpty ? ["no conditions: & adds one"] : lines
    var styled: [[(text: String, style: TextStyle)]] = body.enumerated().map { index, line in
      [(line, !lines.isEmpty && index == focused ? TextStyle(attributes: .reverse) : .plain)]
    }
    styled.append([("d removes · Esc closes", TextStyle(attributes: .dim))])
    let widest = styled.map { CharacterWidth.of($0[0].text) }.max() ?? 0
    let columns = min(canvas.columns, max(widest, 14) + 4)
    let rows = min(canvas.rows, styled.count + 2)
    let area = CellRect(
      column: (canvas.columns - columns) / 2, row: (canvas.rows - rows) / 2, columns: columns,
      rows: rows)
    var panel = TextPanel(title: "conditions", lines: styled)
    panel.scrollOffset = max(0, focused - (rows - 3))
    panel.draw(in: canvas.clipped(to: area))
  }
}
