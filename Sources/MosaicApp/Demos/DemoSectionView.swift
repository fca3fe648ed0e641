import MosaicCollection

/// A demo section header or footer: one line of text across the section.
final class DemoSectionView: ReusableView {
  /// The text shown.
  var text = ""
  /// How it is drawn.
  var style = TextStyle.plain

  override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
  }

  override func draw(in canvas: Canvas) {
    canvas.fill(style: style)
    canvas.text(text, column: 1, row: 0, maxWidth: canvas.columns - 2, style: style)
  }
}
