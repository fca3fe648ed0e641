import MosaicCollection

/// A section's footer: the number of records in the section, right-aligned and dim.
///
/// UIKit: a `UICollectionReusableView` of kind `elementKindSectionFooter`.
final class SectionFooterView: ReusableView {
  /// The number of records in the section.
  var count = 0

  override func prepareForReuse() { count = 0 }

  /// "1 record", "12 records", "62,408 records".
  static func countText(_ count: Int) -> String {
    count == 1 ? "1 record" : "\(count.groupedDigits()) records"
  }

  override func draw(in canvas: Canvas) {
    canvas.fill()
    let text = Self.countText(count)
    let width = CharacterWidth.of(text)
    canvas.text(
      text, column: max(0, canvas.columns - width - 1), row: 0, maxWidth: canvas.columns,
      style: TextStyle(attributes: .dim))
  }
}
