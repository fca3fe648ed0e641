import MosaicCollection

/// One row of the columns sheet: a field's name and its figures, each in its column; a hidden
/// field's name dimmed, the title column's marked.
///
/// UIKit: a list cell (`UICollectionViewListCell`) with a value cell configuration; the focused
/// row is drawn reversed.
final class ColumnsSheetRowCell: CollectionViewCell {
  /// The texts of the row, one a column of `ColumnsSheet.columns`.
  var texts: [String] = []
  /// Whether the field's column is hidden in the table.
  var fieldIsHidden = false

  override func prepareForReuse() {
    texts = []
    fieldIsHidden = false
  }

  override func draw(in canvas: Canvas) {
    let focused = isFocused || isHighlighted
    let base = TextStyle(attributes: focused ? .reverse : [])
    if focused { canvas.fill(style: base) }
    var column = 0
    for (place, spec) in ColumnsSheet.columns.enumerated() where place < texts.count {
      guard column < canvas.columns else { break }
      let text = texts[place]
      var style = base
      if place == 1 && fieldIsHidden { style.attributes.insert(.dim) }
      let width = min(spec.width, canvas.columns - column)
      let start =
        spec.rightAligned ? column + max(0, width - CharacterWidth.of(text)) : column
      canvas.text(text, column: start, row: 0, maxWidth: width, style: style)
      column += spec.width + ColumnsSheet.gap
    }
  }
}
