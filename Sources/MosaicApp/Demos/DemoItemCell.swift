import MosaicCollection

/// An item of the flow demos: a box with its title when it is at least three rows high, else
/// the title in brackets on one line.
final class DemoItemCell: CollectionViewCell {
  var title = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    title = ""
  }

  override func draw(in canvas: Canvas) {
    let style = TextStyle(attributes: stateAttributes)
    canvas.fill(style: style)
    if canvas.rows >= 3 {
      canvas.box(style: style)
      let width = CharacterWidth.of(title)
      canvas.text(
        title, column: max(1, (canvas.columns - width) / 2), row: canvas.rows / 2,
        maxWidth: max(0, canvas.columns - 2), style: style)
    } else {
      canvas.text("[" + title + "]", column: 0, row: 0, maxWidth: canvas.columns, style: style)
    }
  }
}
