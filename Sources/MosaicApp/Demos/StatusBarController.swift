import MosaicCollection

/// A collection view over every row of the screen but the last, and a one-line status bar on
/// the last row: the frame of the `sheet`, `tags`, `sections` and `horizontal` demos.
///
/// Subclasses supply `statusText` and add keys of their own in `handle(_:)`, calling `super`
/// for the rest (`q` and Escape quit; everything else goes to the collection view).
open class StatusBarController: CollectionViewController {
  /// Creates a controller whose collection view uses `layout`, leaving the last row free.
  public override init(collectionViewLayout layout: CollectionViewLayout) {
    super.init(collectionViewLayout: layout)
    contentInsets = (top: 0, bottom: 1)
  }

  /// The status bar's text: the demo's name, where the focus is, the keys.
  open var statusText: String { "" }

  /// `parts` without the nil ones, joined by bars: "horizontal │ item 2.5 │ q quits".
  func status(_ parts: String?...) -> String {
    parts.compactMap { $0 }.joined(separator: " │ ")
  }

  /// "item 2.5": the focused item, its section and item counted from 1; nil with no focus.
  var focusedItemStatus: String? {
    collectionView.indexPathForFocusedItem.map { "item \($0.section + 1).\($0.item + 1)" }
  }

  /// Draws the collection view, then the status bar in reverse video under it.
  open override func draw(into surface: any Surface) {
    super.draw(into: surface)
    guard surface.rows > 0 else { return }
    let bar = Canvas(
      surface: surface,
      area: CellRect(column: 0, row: surface.rows - 1, columns: surface.columns, rows: 1))
    let style = TextStyle(attributes: .reverse)
    bar.fill(style: style)
    bar.text(" " + statusText, column: 0, row: 0, maxWidth: surface.columns, style: style)
  }
}
