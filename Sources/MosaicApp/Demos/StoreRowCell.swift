import MosaicCollection

/// A row of the compositional demo's chart: rank, name and category on one line.
final class StoreRowCell: CollectionViewCell {
  var rank = 0
  var name = ""
  var category = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    (rank, name, category) = (0, "", "")
  }

  override func draw(in canvas: Canvas) {
    let style = TextStyle(attributes: stateAttributes)
    canvas.fill(style: style)
    let rankText = String(rank)
    canvas.text(rankText, column: max(0, 4 - rankText.count), row: 0, style: style)
    canvas.text(
      name, column: 6, row: 0, maxWidth: max(0, canvas.columns - 24), style: style.adding(.bold))
    canvas.text(
      category, column: max(6, canvas.columns - 16), row: 0, maxWidth: 15,
      style: style.adding(isFocused ? [] : .dim))
  }
}
