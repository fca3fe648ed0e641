import MosaicCollection
import MosaicLayout

/// A section's header: the group's name on a rule, across the view (or, when the cards scroll
/// sideways, at the top of a column strip with the record count below it).
///
/// UIKit: a `UICollectionReusableView` of kind `elementKindSectionHeader`. It paints every cell
/// of its frame, so when pinned it hides the cards scrolling under it.
final class SectionHeaderView: ReusableView {
  /// The group's name.
  var title = ""
  /// The number of records in the section, shown when the header is a column strip.
  var count = 0

  /// The style of the title.
  static let titleStyle = TextStyle(foreground: .cyan, attributes: .bold)
  /// The style of the rule and the count.
  static let ruleStyle = TextStyle(foreground: .cyan)

  override func prepareForReuse() {
    title = ""
    count = 0
  }

  override func draw(in canvas: Canvas) {
    if canvas.rows == 1 {
      canvas.fill(with: "─", style: Self.ruleStyle)
      canvas.text(
        " " + Canvas.truncate(title, toWidth: max(0, canvas.columns - 4)) + " ", column: 1, row: 0,
        style: Self.titleStyle)
    } else {
      // A strip beside the section: title, count, and a rule along its right edge.
      canvas.fill()
      let width = max(0, canvas.columns - 2)
      canvas.text(title, column: 0, row: 0, maxWidth: width, style: Self.titleStyle)
      canvas.text(
        SectionFooterView.countText(count), column: 0, row: 1, maxWidth: width,
        style: Self.ruleStyle.adding(.dim))
      canvas.fill(
        CellRect(column: canvas.columns - 1, row: 0, columns: 1, rows: canvas.rows), with: "│",
        style: Self.ruleStyle)
    }
  }
}
