import MosaicCollection

/// A record's row in the table: it paints the row's background across the view, under the
/// record's values (the table's supplementary views), in the row's state.
///
/// UIKit: a `UICollectionViewCell` whose `backgroundConfiguration` marks the focused and
/// selected rows; the values above it are reusable views of their own.
final class TableRowCell: CollectionViewCell {
  /// The style of a row: reversed when focused (or pressed), yellow and bold when selected.
  static func style(focused: Bool, selected: Bool) -> TextStyle {
    var attributes: TextStyle.Attributes = []
    if focused { attributes.insert(.reverse) }
    if selected { attributes.insert(.bold) }
    return TextStyle(foreground: selected ? .yellow : .default, attributes: attributes)
  }

  override func draw(in canvas: Canvas) {
    // A plain row has nothing to paint: the collection view cleared its area for the frame.
    let focused = isFocused || isHighlighted
    guard focused || isSelected else { return }
    canvas.fill(style: Self.style(focused: focused, selected: isSelected))
  }
}
