import MosaicCollection

/// A column's header in the table: the field's name, bold and underlined, reversed for the
/// focused field (what `[`, `]`, `F`, `I`… act on), with ▲ or ▼ after the sorted field's name;
/// both read from `states` when it draws.
///
/// UIKit: a `UICollectionReusableView` of the table layout's column header kind, pinned by the
/// layout at the top of the view.
final class TableHeaderView: ReusableView {
  /// The field's name.
  var name = ""
  /// Whether this is the pinned title column, with a rule on its right.
  var isTitle = false
  /// The field the column shows, for `states`.
  var field = 0
  /// Where the focused field and the sort mark are read when drawing.
  weak var states: (any TableRowStates)?

  /// The header's text: the name, then the sort mark.
  static func text(name: String, sortMark: String?) -> String {
    sortMark.map { name + " " + $0 } ?? name
  }

  override func prepareForReuse() {
    name = ""
    isTitle = false
    states = nil
  }

  override func draw(in canvas: Canvas) {
    let state = states?.tableHeaderState(ofField: field) ?? (isFocused: false, sortMark: nil)
    var base = TextStyle(attributes: .underline)
    // The focused field's whole header is reversed, so the column reads as chosen.
    if state.isFocused { base = base.adding(.reverse) }
    canvas.fill(style: base)
    var width = canvas.columns - (isTitle ? TableColumnWidths.titleGap : TableColumnWidths.gap)
    // A header the view's right edge cuts ends in "…" before the edge's last cell, where the
    // scene draws ▶ for the columns beyond.
    let shows = canvas.visibleRect.endColumn
    if !isTitle && shows < canvas.columns { width = min(width, shows - 1) }
    guard width > 0 else { return }
    // The rule in the header's own style, as in the rows below (where a style change costs bytes).
    if isTitle { canvas.put("│", column: width, row: 0, style: base) }
    canvas.text(
      Self.text(name: name, sortMark: state.sortMark), column: 0, row: 0, maxWidth: width,
      style: base.adding(.bold))
  }
}
