import Foundation
import MosaicCollection
import MosaicLayout

/// A cell that shows its text one line per row and, as a UIKit self-sizing cell does, answers
/// `preferredLayoutAttributesFitting(_:)` with its height: one row per line, at the width the
/// layout proposes.
final class LinesCell: CollectionViewCell {
  var text = ""
  /// Told about each measurement, to count them.
  weak var source: LinesSource?

  override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
  }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    source?.measurements += 1
    let preferred = layoutAttributes.copy()
    let rows = text.split(separator: "\n", omittingEmptySubsequences: false).count
    preferred.frame.size.height = Double(rows) * (collectionView?.cellMetrics.pointsPerRow ?? 1)
    return preferred
  }

  override func draw(in canvas: Canvas) {
    for (row, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      _ = canvas.text(String(line), column: 0, row: row)
    }
  }

  /// The view showing the cell: set by the data source, as a UIKit cell would find its
  /// collection view.
  weak var collectionView: CollectionView?
}

/// A data source over an array of strings, as UIKit sample code writes it.
final class LinesSource: CollectionViewDataSource {
  var texts: [String]
  /// When set, the text of item i (for views too large for an array).
  var textOfItem: ((Int) -> String)?
  var itemCount: Int?
  /// How many times cells measured themselves.
  var measurements = 0

  init(_ texts: [String]) { self.texts = texts }

  func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    itemCount ?? texts.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell =
      collectionView.dequeueReusableCell(withReuseIdentifier: "lines", for: indexPath)
      as! LinesCell
    cell.text = textOfItem?(indexPath.item) ?? texts[indexPath.item]
    cell.source = self
    cell.collectionView = collectionView
    return cell
  }
}

/// Item i's text: "#i" and then i % 4 more lines of "-" (1 to 4 rows).
func numberedLines(_ item: Int) -> String {
  (["#\(item)"] + Array(repeating: "-", count: item % 4)).joined(separator: "\n")
}

/// A view of `columns` × `rows` cells, one point each, over `layout` and `source`.
@MainActor
func selfSizingView(
  _ layout: CollectionViewLayout, _ source: LinesSource, columns: Int = 8, rows: Int = 6
) -> CollectionView {
  let view = CollectionView(
    frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
    collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
  view.register(LinesCell.self, forCellWithReuseIdentifier: "lines")
  view.dataSource = source
  return view
}
