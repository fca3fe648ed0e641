import MosaicCollection
import MosaicData

/// The box `|` opens: the conditions on show, one a line in the order they were added, to take
/// any one of them away (`d`, Delete or Backspace on the focused line).
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

  /// What a key asks of the panel.
  enum Action: Equatable {
    /// Nothing more than the focus moving.
    case none
    /// Take the condition at this index away.
    case remove(Int)
    /// Close the panel.
    case close
  }

  /// Moves the focus for the arrows, `j`/`k`, Home and End; asks to remove the focused
  /// condition for `d`, `x`, Delete and Backspace; asks to close for anything else.
  mutating func handle(_ key: Key) -> Action {
    switch key {
    case .up, .character("k"): focused = max(0, focused - 1)
    case .down, .character("j"): focused = min(max(0, lines.count - 1), focused + 1)
    case .home, .character("g"): focused = 0
    case .end, .character("G"): focused = max(0, lines.count - 1)
    case .character("d"), .character("x"), .delete, .backspace:
      guard lines.indices.contains(focused) else { return .close }
      return .remove(focused)
    default: return .close
    }
    return .none
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
