import MosaicCollection
import MosaicLayout

/// The `sections` demo: one vertical `FlowLayout` whose sections each have their own item size,
/// insets, spacings, header and footer, all from the flow delegate; headers pin to the top.
public final class SectionsDemo: StatusBarController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// One section's settings, in terminal cells.
  struct Style {
    var title: String
    var items: Int
    var itemSize: (columns: Int, rows: Int)
    /// Top, left, bottom, right.
    var inset: (Int, Int, Int, Int)
    /// Rows between lines.
    var lineSpacing: Int
    /// Columns between items on a line.
    var interitemSpacing: Int
    var headerRows: Int
    var footerRows: Int
  }

  /// The sections, in order.
  let styles: [Style] = [
    Style(
      title: "Boxes", items: 14, itemSize: (12, 3), inset: (1, 2, 1, 2), lineSpacing: 1,
      interitemSpacing: 2, headerRows: 2, footerRows: 1),
    Style(
      title: "Tight labels", items: 40, itemSize: (8, 1), inset: (0, 0, 1, 0), lineSpacing: 0,
      interitemSpacing: 1, headerRows: 2, footerRows: 0),
    Style(
      title: "Indented, spaced out", items: 9, itemSize: (16, 3), inset: (1, 8, 1, 8),
      lineSpacing: 2, interitemSpacing: 6, headerRows: 2, footerRows: 1),
    Style(
      title: "One per line", items: 6, itemSize: (60, 1), inset: (1, 4, 1, 4), lineSpacing: 0,
      interitemSpacing: 0, headerRows: 2, footerRows: 1),
    Style(
      title: "No header", items: 30, itemSize: (10, 3), inset: (1, 1, 1, 1), lineSpacing: 0,
      interitemSpacing: 0, headerRows: 0, footerRows: 1),
    Style(
      title: "Wide boxes", items: 12, itemSize: (24, 5), inset: (1, 3, 2, 3), lineSpacing: 1,
      interitemSpacing: 2, headerRows: 2, footerRows: 1),
  ]
  let metrics = CellMetrics.standard

  /// Creates the demo.
  public init() {
    let layout = FlowLayout()
    layout.sectionHeadersPinToVisibleBounds = true
    super.init(collectionViewLayout: layout)
    DemoItemCell.register(in: collectionView)
    for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
      collectionView.register(
        DemoHeaderView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
    }
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
  }

  /// "sections │ 6 sections, each its own way │ item 2.5 │ ? keys · q quits".
  public override var statusText: String {
    status(
      "sections", "\(styles.count) sections, each its own way", focusedItemStatus,
      "? keys · q quits")
  }

  /// "sections: keys".
  public override var helpTitle: String { "sections: keys" }

  /// The collection view's keys and the demo's own, as `?` lists them.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last item"),
      ("Enter, click", "select the item"),
      ("wheel", "scroll"),
      ("?", "this help"),
      ("q Esc", "quit"),
    ]
  }

  /// The one-line description of section `index`'s settings, shown in its header.
  func summary(_ index: Int) -> String {
    let s = styles[index]
    return "\(s.items) items of \(s.itemSize.columns)×\(s.itemSize.rows) · inset "
      + "\(s.inset.0),\(s.inset.1),\(s.inset.2),\(s.inset.3) · line \(s.lineSpacing)"
      + " · interitem \(s.interitemSpacing)"
  }

  // MARK: Data source

  /// One section per style.
  public func numberOfSections(in collectionView: CollectionView) -> Int { styles.count }

  /// The style's item count.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { styles[section].items }

  /// A numbered item.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    DemoItemCell.dequeue(
      from: collectionView, for: indexPath,
      title: "\(indexPath.section + 1).\(indexPath.item + 1)")
  }

  /// The header names the section and its settings; the footer counts its items.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      DemoHeaderView.self, ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    let index = indexPath.section
    view.isFooter = kind == ElementKind.sectionFooter
    view.lines =
      view.isFooter
      ? ["end of section \(index + 1): \(styles[index].items) items"]
      : ["§\(index + 1) \(styles[index].title)", summary(index)]
    return view
  }
}

// The flow delegate in an extension of its own, as UIKit code has it: Swift warns about a
// method that nearly matches one of the protocol's only there.
extension SectionsDemo: CollectionViewDelegateFlowLayout {
  /// The section's item size, in whole cells.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    let size = styles[indexPath.section].itemSize
    return Size(
      width: Double(size.columns) * metrics.pointsPerColumn,
      height: Double(size.rows) * metrics.pointsPerRow)
  }

  /// The section's insets, in whole cells.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    let (top, left, bottom, right) = styles[section].inset
    return EdgeInsets(
      top: Double(top) * metrics.pointsPerRow, left: Double(left) * metrics.pointsPerColumn,
      bottom: Double(bottom) * metrics.pointsPerRow, right: Double(right) * metrics.pointsPerColumn)
  }

  /// The section's rows between lines.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double { Double(styles[section].lineSpacing) * metrics.pointsPerRow }

  /// The section's columns between items.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double { Double(styles[section].interitemSpacing) * metrics.pointsPerColumn }

  /// The section's header rows (0: no header).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size { Size(width: 0, height: Double(styles[section].headerRows) * metrics.pointsPerRow) }

  /// The section's footer rows (0: no footer).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size { Size(width: 0, height: Double(styles[section].footerRows) * metrics.pointsPerRow) }
}
