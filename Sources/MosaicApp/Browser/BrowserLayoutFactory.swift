import MosaicCollection
import MosaicLayout

/// Builds the flow layout of each browser layout style for a card size and a view width.
///
/// UIKit: the code a view controller runs to configure a `UICollectionViewFlowLayout` in
/// `viewWillLayoutSubviews()`. Everything is in points at the standard 8 × 16 points per cell.
@MainActor
struct BrowserLayoutFactory {
  /// Points per column and per row.
  static let metrics = CellMetrics.standard
  /// The columns between cards on a line.
  static let cardGap = 1
  /// The columns of the header strip of a section when the cards scroll sideways.
  static let stripColumns = 16
  /// The smallest card, in cells.
  static let minimumCard = (columns: 8, rows: 3)

  /// The arrangement.
  var style: BrowserLayoutStyle
  /// The card size for the grid and horizontal styles, in points.
  var cardSize: Size
  /// The number of grid columns, which overrides the card width; nil for `cardSize`.
  var columns: Int?
  /// The rows of one list row.
  var listRows: Int
  /// Whether the sections have headers and footers.
  var hasSections: Bool
  /// Whether grid cards stretch so a line of them fills the view's width (the default size does;
  /// a size given with `--item-size` is kept exactly).
  var fillsWidth = false
  /// Whether grid cards size themselves to their records: `cardSize` is then the flow layout's
  /// `estimatedItemSize`, each card's measured height replacing it as it appears.
  var sizesCardsToContent = false

  /// A flow layout for a view `viewColumns` × `viewRows` cells large.
  func makeLayout(viewColumns: Int, viewRows: Int) -> FlowLayout {
    let layout = FlowLayout()
    let column = Self.metrics.pointsPerColumn
    let row = Self.metrics.pointsPerRow
    layout.sectionHeadersPinToVisibleBounds = true
    layout.sectionInset = .zero
    let item = itemCells(viewColumns: viewColumns, viewRows: viewRows)
    layout.itemSize = Size(width: Double(item.columns) * column, height: Double(item.rows) * row)
    switch style {
    case .grid:
      layout.minimumInteritemSpacing = Double(Self.cardGap) * column
      layout.minimumLineSpacing = 0
      if sizesCardsToContent { layout.estimatedItemSize = layout.itemSize }
      if hasSections {
        layout.headerReferenceSize = Size(width: 0, height: row)
        layout.footerReferenceSize = Size(width: 0, height: row)
      }
    // The browser lays the table out with a TableLayout (BrowserScene+Table); a flow layout
    // asked for it is the list's.
    case .list, .table:
      layout.minimumInteritemSpacing = 0
      layout.minimumLineSpacing = 0
      if hasSections {
        layout.headerReferenceSize = Size(width: 0, height: row)
        layout.footerReferenceSize = Size(width: 0, height: row)
      }
    case .horizontal:
      layout.scrollDirection = .horizontal
      layout.minimumInteritemSpacing = 0
      layout.minimumLineSpacing = Double(Self.cardGap) * column
      // The header strip names the section and counts its records, so no footer is needed.
      if hasSections {
        layout.headerReferenceSize = Size(width: Double(Self.stripColumns) * column, height: 0)
        layout.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 0, right: column)
      }
    }
    return layout
  }

  /// The size of one item in cells, for a view `viewColumns` × `viewRows` cells large.
  func itemCells(viewColumns: Int, viewRows: Int) -> (columns: Int, rows: Int) {
    let card = Self.metrics.cellRect(for: Rect(origin: .zero, size: cardSize))
    var rows = max(Self.minimumCard.rows, card.rows)
    var width = max(Self.minimumCard.columns, card.columns)
    switch style {
    case .list, .table:
      return (max(1, viewColumns), max(1, listRows))
    case .grid:
      if let columns, columns > 0 {
        width = max(1, (viewColumns - (columns - 1) * Self.cardGap) / columns)
      } else if fillsWidth {
        let perLine = max(1, (viewColumns + Self.cardGap) / (width + Self.cardGap))
        width = max(width, (viewColumns - (perLine - 1) * Self.cardGap) / perLine)
      }
      width = min(width, max(1, viewColumns))
    case .horizontal:
      let room = max(1, viewRows)
      rows = min(rows, room)
      width = min(width, max(1, viewColumns - (hasSections ? Self.stripColumns : 0)))
    }
    return (width, rows)
  }
}
