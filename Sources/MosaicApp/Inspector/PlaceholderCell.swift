import MosaicCollection

/// A cell that shows only its label (the item's index path) in a box, for looking at a layout
/// without data.
///
/// UIKit has no counterpart; a plain `UICollectionViewCell` with a label plays the part.
final class PlaceholderCell: CollectionViewCell {
  /// The text shown, e.g. `0.3`.
  var label = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    label = ""
  }

  /// A box with the label on its middle row; a cell too thin for a box gets brackets at its
  /// ends and the label on its first row. Focus shows in reverse video, selection in bold.
  override func draw(in canvas: Canvas) {
    let style = TextStyle(attributes: stateAttributes)
    let area = canvas.bounds
    canvas.fill(style: style)
    if area.rows >= 3 && area.columns >= 3 {
      canvas.box(style: style)
      canvas.text(
        label, column: 1, row: (area.rows - 1) / 2, maxWidth: area.columns - 2, style: style)
      return
    }
    guard area.columns >= 3 else {
      canvas.text(label, column: 0, row: 0, maxWidth: area.columns, style: style)
      return
    }
    for row in 0..<area.rows {
      canvas.put("[", column: 0, row: row, style: style)
      canvas.put("]", column: area.columns - 1, row: row, style: style)
    }
    canvas.text(label, column: 1, row: 0, maxWidth: area.columns - 2, style: style)
  }
}
