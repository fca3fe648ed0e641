import MosaicCollection

/// A header or footer that shows only its kind and section (`header 0`) in a double-lined box.
///
/// UIKit has no counterpart; a plain `UICollectionReusableView` with a label plays the part.
final class PlaceholderSupplementaryView: ReusableView {
  /// The text shown, e.g. `header 0`; a short form when the long one does not fit.
  var label = ""
  /// The text shown when `label` does not fit, e.g. `H0`.
  var shortLabel = ""

  /// The style of the box and its label: dim, so headers and footers recede behind the items.
  static let style = TextStyle(attributes: .dim)

  override func prepareForReuse() {
    super.prepareForReuse()
    label = ""
    shortLabel = ""
  }

  /// The box's edges (or a double line, one row high) with the label on its top edge.
  override func draw(in canvas: Canvas) {
    let area = canvas.bounds
    let style = Self.style
    if area.rows >= 2 && area.columns >= 2 {
      canvas.box(border: .double, style: style)
    } else {
      canvas.fill(with: area.rows == 1 ? "═" : "║", style: style)
    }
    let text = area.columns >= label.count + 4 ? " \(label) " : shortLabel
    let start = area.columns >= text.count + 2 ? 1 : 0
    canvas.text(text, column: start, row: 0, maxWidth: area.columns - start, style: style)
  }
}
