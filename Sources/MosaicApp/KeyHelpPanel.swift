import MosaicCollection
import MosaicLayout

/// The key help `?` opens in the demos and the layout inspector: a centred box listing each
/// key in bold and what it does, scrolled by the scrolling keys and closed by any other, as
/// the browser's help is.
///
/// UIKit: the iPad's keyboard-shortcuts overlay (holding ⌘).
struct KeyHelpPanel {
  private var panel: TextPanel

  /// A panel titled `title` listing `bindings`, then the lines of `note` (what differs from
  /// the browser, say) after a blank line.
  init(title: String, bindings: [(keys: String, action: String)], note: [String] = []) {
    let keyWidth = bindings.map { CharacterWidth.of($0.keys) }.max() ?? 0
    var lines: [[(text: String, style: TextStyle)]] = bindings.map { binding in
      let pad = String(repeating: " ", count: keyWidth - CharacterWidth.of(binding.keys) + 2)
      return [(binding.keys + pad, TextStyle(attributes: .bold)), (binding.action, .plain)]
    }
    if !note.isEmpty { lines += [[]] + note.map { [($0, TextStyle(attributes: .dim))] } }
    panel = TextPanel(title: title, lines: lines)
  }

  /// Scrolls for a scrolling key (when the lines overflow the box); returns false for any
  /// other key, which closes the panel.
  mutating func handle(_ key: Key) -> Bool {
    panel.canScroll && panel.handle(key)
  }

  /// Draws the box centred on `surface`, as wide as its widest line and as tall as its lines
  /// allow.
  mutating func draw(into surface: any Surface) {
    let widest =
      panel.lines.map { $0.reduce(0) { $0 + CharacterWidth.of($1.text) } }.max() ?? 0
    let columns = min(surface.columns, max(widest, CharacterWidth.of(panel.title) + 4) + 4)
    let rows = min(surface.rows, panel.lines.count + 2)
    panel.draw(
      in: Canvas(
        surface: surface,
        area: CellRect(
          column: (surface.columns - columns) / 2, row: (surface.rows - rows) / 2,
          columns: columns, rows: rows)))
  }
}
