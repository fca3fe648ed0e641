import MosaicCollection

/// A tile of the `updates` demo: its number on a band of its colour, centred on a tile of three
/// rows or more, at the left of a one-row list line.
final class UpdatesTileCell: CollectionViewCell {
  /// The tile's number.
  var number = 0

  /// The six colours tiles take, by number, so a tile keeps its colour wherever it moves.
  static let colors: [TerminalColor] = [.red, .green, .yellow, .blue, .magenta, .cyan]

  /// The colour of tile `number`.
  static func color(of number: Int) -> TerminalColor { colors[abs(number) % colors.count] }

  override func prepareForReuse() {
    super.prepareForReuse()
    number = 0
  }

  override func draw(in canvas: Canvas) {
    let style = TextStyle(
      foreground: .black, background: Self.color(of: number), attributes: stateAttributes)
    canvas.fill(style: style)
    let label = "\(number)"
    if canvas.rows >= 3 {
      let width = CharacterWidth.of(label)
      canvas.text(
        label, column: max(0, (canvas.columns - width) / 2), row: canvas.rows / 2,
        maxWidth: canvas.columns, style: style.adding(.bold))
    } else {
      canvas.text(label, column: 1, row: 0, maxWidth: max(0, canvas.columns - 1), style: style)
    }
  }
}
