import MosaicCollection
import MosaicLayout

/// A section header or footer of the flow demos: lines of text on a band wide or tall enough
/// for them; a header's first line is bold and underlined across the band.
final class DemoHeaderView: ReusableView {
  var lines: [String] = []
  var isFooter = false

  override func prepareForReuse() {
    super.prepareForReuse()
    lines = []
  }

  override func draw(in canvas: Canvas) {
    // Pinned headers are drawn over the items scrolling beneath them: paint every cell.
    let base = TextStyle(attributes: isFooter ? .dim : [])
    canvas.fill(style: base)
    for (row, line) in lines.enumerated() where row < canvas.rows {
      let style = row == 0 && !isFooter ? TextStyle(attributes: [.bold, .underline]) : base
      if row == 0 && !isFooter {
        canvas.fill(CellRect(column: 0, row: 0, columns: canvas.columns, rows: 1), style: style)
      }
      canvas.text(line, column: 1, row: row, maxWidth: max(0, canvas.columns - 2), style: style)
    }
  }
}
