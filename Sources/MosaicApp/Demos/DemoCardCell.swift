import MosaicCollection

/// A demo card: a box with the item's number and its place in its section.
final class DemoCardCell: CollectionViewCell {
  /// The first line, e.g. "Item 1,234".
  var title = ""
  /// The second line, e.g. "§3 · #34".
  var detail = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    title = ""
    detail = ""
  }

  override func draw(in canvas: Canvas) {
    let state = TextStyle(attributes: stateAttributes)
    canvas.fill(style: state)
    canvas.box(style: state.adding(isFocused ? [] : .dim))
    canvas.text(title, column: 2, row: 1, maxWidth: canvas.columns - 4, style: state.adding(.bold))
    canvas.text(detail, column: 2, row: 2, maxWidth: canvas.columns - 4, style: state)
  }
}
