import MosaicCollection

/// One cell of the `sheet` demo: a column letter, a row number, or a value.
final class SheetCell: CollectionViewCell {
  /// Which part of the sheet the cell shows.
  enum Role {
    /// The top-left corner, above the row numbers and left of the column letters.
    case corner
    /// A column letter in the header row.
    case columnHeader
    /// A row number in the header column.
    case rowHeader
    /// A value in the body.
    case value
  }

  var role = Role.value
  var text = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
  }

  override func draw(in canvas: Canvas) {
    // Header cells are drawn over the body that scrolls beneath them, so they paint every
    // cell of their own area.
    switch role {
    case .corner:
      canvas.fill(style: TextStyle(attributes: [.bold, .underline]))
      canvas.put("│", column: canvas.columns - 1, row: 0, style: TextStyle(attributes: .underline))
    case .columnHeader:
      let style = TextStyle(attributes: [.bold, .underline])
      canvas.fill(style: style)
      canvas.text(text, column: (canvas.columns - text.count) / 2, row: 0, style: style)
    case .rowHeader:
      let style = TextStyle(attributes: .dim)
      canvas.fill(style: style)
      canvas.text(text, column: max(0, canvas.columns - 2 - text.count), row: 0, style: style)
      canvas.put("│", column: canvas.columns - 1, row: 0)
    case .value:
      let style = TextStyle(attributes: stateAttributes)
      canvas.fill(style: style)
      // Numbers are right-aligned, as in a spreadsheet, with a column of space either side.
      canvas.text(
        text, column: max(1, canvas.columns - 1 - text.count), row: 0,
        maxWidth: canvas.columns - 2, style: style)
    }
  }
}
