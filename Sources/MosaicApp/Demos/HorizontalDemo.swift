import MosaicCollection
import MosaicLayout

/// The `horizontal` demo: a `FlowLayout` scrolling sideways, items filling columns top to
/// bottom, each section led by a header band that pins to the left edge.
public final class HorizontalDemo: StatusBarController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// The number of items in each section.
  public let sectionSizes: [Int]

  /// Creates the demo with these section sizes (eight sections of varied sizes by default).
  public init(sectionSizes: [Int] = [12, 30, 7, 18, 25, 4, 40, 16]) {
    self.sectionSizes = sectionSizes
    let metrics = CellMetrics.standard
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = Size(width: 14 * metrics.pointsPerColumn, height: 3 * metrics.pointsPerRow)
    // Horizontally, lines are columns: 2 blank columns between them, no gap between items.
    layout.minimumLineSpacing = 2 * metrics.pointsPerColumn
    layout.minimumInteritemSpacing = 0
    layout.sectionInset = EdgeInsets(
      top: metrics.pointsPerRow, left: metrics.pointsPerColumn, bottom: 0,
      right: 3 * metrics.pointsPerColumn)
    // Only the header's width counts when scrolling sideways; it spans the view's height.
    layout.headerReferenceSize = Size(width: 12 * metrics.pointsPerColumn, height: 0)
    layout.sectionHeadersPinToVisibleBounds = true
    super.init(collectionViewLayout: layout)
    DemoItemCell.register(in: collectionView)
    collectionView.register(
      DemoHeaderView.self, forSupplementaryViewOfKind: ElementKind.sectionHeader,
      withReuseIdentifier: "header")
    collectionView.dataSource = self
    collectionView.delegate = self
    if sectionSizes.first ?? 0 > 0 { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  /// "horizontal │ 8 sections, pinned headers │ item 2.5 │ ? keys · q quits".
  public override var statusText: String {
    status(
      "horizontal", "\(sectionSizes.count) sections, pinned headers", focusedItemStatus,
      "? keys · q quits")
  }

  /// "horizontal: keys".
  public override var helpTitle: String { "horizontal: keys" }

  /// The collection view's keys and the demo's own, as `?` lists them.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last item"),
      ("Enter, click", "select the item"),
      ("wheel", "scroll sideways"),
      ("?", "this help"),
      ("q Esc", "quit"),
    ]
  }

  // MARK: Data source

  /// One section per entry of `sectionSizes`.
  public func numberOfSections(in collectionView: CollectionView) -> Int { sectionSizes.count }

  /// The section's size.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { sectionSizes[section] }

  /// A boxed, numbered item.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    DemoItemCell.dequeue(
      from: collectionView, for: indexPath,
      title: "Item \(indexPath.section + 1).\(indexPath.item + 1)")
  }

  /// A header band naming the section, one word per line.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      DemoHeaderView.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    view.lines = [
      "Section \(indexPath.section + 1)", "", "\(sectionSizes[indexPath.section]) items",
    ]
    return view
  }
}
