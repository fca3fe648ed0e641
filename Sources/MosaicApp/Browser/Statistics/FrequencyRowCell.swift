import MosaicCollection
import MosaicLayout

/// One row of the frequency table: a value, its count, its share and a bar as long as its share
/// of the most common value's count.
///
/// UIKit: a list cell (`UICollectionViewListCell`) with a value cell configuration; the focused
/// row is drawn reversed.
final class FrequencyRowCell: CollectionViewCell {
  /// The value as shown ("(empty)" for empty values).
  var value = ""
  /// The records holding it, as shown.
  var count = ""
  /// Its share of the records, as shown.
  var share = ""
  /// The bar's length as a fraction of the bar column, 0...1.
  var bar = 0.0
  /// Whether the value stands for something other than itself ("(empty)", "(other values)").
  var isPlaceholder = false
  /// The columns of the value, count and share, and the bar's most columns.
  var widths = FrequencyView.Columns(value: 1, count: 1, share: 1, bar: 0)

  /// The glyph bars are drawn with.
  static let barGlyph: Character = "■"

  override func prepareForReuse() {
    value = ""
    count = ""
    share = ""
    bar = 0
    isPlaceholder = false
  }

  override func draw(in canvas: Canvas) {
    let focused = isFocused || isHighlighted
    let base = TextStyle(attributes: focused ? .reverse : [])
    if focused { canvas.fill(style: base) }
    var valueStyle = base
    if isPlaceholder { valueStyle.attributes.insert(.dim) }
    canvas.text(value, column: 0, row: 0, maxWidth: widths.value, style: valueStyle)
    var column = widths.value + FrequencyView.gap
    canvas.text(
      count, column: column + widths.count - CharacterWidth.of(count), row: 0, style: base)
    column += widths.count + FrequencyView.gap
    canvas.text(
      share, column: column + widths.share - CharacterWidth.of(share), row: 0, style: base)
    column += widths.share + FrequencyView.gap
    let length = Int((bar * Double(widths.bar)).rounded(.up))
    if length > 0 {
      canvas.fill(
        CellRect(column: column, row: 0, columns: min(length, widths.bar), rows: 1),
        with: Self.barGlyph, style: TextStyle(foreground: .cyan, attributes: base.attributes))
    }
  }
}
