import MosaicCollection

/// One line of the detail view: a field's name (on its first line) in the name column, then a
/// line of its wrapped value.
///
/// UIKit: a list cell (`UICollectionViewListCell`) with a secondary label beside the primary one.
final class DetailLineCell: CollectionViewCell {
  /// The field's name, empty on the value's later lines.
  var key = ""
  /// The width of the name column.
  var keyWidth = 0
  /// The value's line.
  var value = ""

  override func prepareForReuse() {
    key = ""
    value = ""
  }

  override func draw(in canvas: Canvas) {
    canvas.text(key, column: 0, row: 0, maxWidth: keyWidth, style: DetailView.keyStyle)
    let column = keyWidth + 2
    canvas.text(value, column: column, row: 0, maxWidth: max(0, canvas.columns - column))
  }
}
