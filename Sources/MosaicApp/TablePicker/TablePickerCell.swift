import MosaicCollection

/// A line of the table picker: the table's name, then its row count on the right.
///
/// UIKit: a list cell (`UICollectionViewListCell`) with a value-cell configuration.
final class TablePickerCell: CollectionViewCell {
  /// The reuse identifier the picker registers it under.
  static let reuseIdentifier = "table"

  /// The table's name.
  var name = ""
  /// The count, or what stands for it ("counting…").
  var detail = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    name = ""
    detail = ""
  }

  override func draw(in canvas: Canvas) {
    let style = TextStyle(attributes: stateAttributes)
    canvas.fill(style: style)
    let detailWidth = min(CharacterWidth.of(detail), max(0, canvas.columns - 4))
    canvas.text(
      detail, column: canvas.columns - 1 - detailWidth, row: 0, maxWidth: detailWidth,
      style: TextStyle(attributes: stateAttributes.union(.dim)))
    canvas.text(
      name, column: 1, row: 0, maxWidth: max(0, canvas.columns - detailWidth - 3),
      style: TextStyle(attributes: stateAttributes.union(.bold)))
  }
}
