import MosaicCollection

/// One tag of the `tags` demo: its word with a space either side, in a colour of its own.
final class TagCell: CollectionViewCell {
  var word = ""
  var color = TerminalColor.default

  override func prepareForReuse() {
    super.prepareForReuse()
    word = ""
  }

  override func draw(in canvas: Canvas) {
    let style = TextStyle(foreground: color, attributes: stateAttributes)
    canvas.fill(style: style)
    canvas.text(word, column: 1, row: 0, maxWidth: max(0, canvas.columns - 2), style: style)
  }
}
