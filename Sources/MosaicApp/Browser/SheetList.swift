import MosaicCollection
import MosaicLayout

/// The list of one-line rows inside a sheet's box (the frequency table, the columns sheet): a
/// flow layout without spacing whose rows span the box, no selection, one row cell class, the
/// first row focused once there are rows, and the list keys (`g` `G` `j` `k` besides the
/// collection view's own).
///
/// UIKit: a plain list collection view inside a pushed sheet.
@MainActor final class SheetList {
  /// The rows.
  let collectionView: CollectionView
  private let layout = FlowLayout()
  /// The reuse identifier of the row cell.
  static let rowIdentifier = "row"

  /// A list of rows drawn by `Cell`; the owner sets itself as the data source.
  init<Cell: CollectionViewCell>(rows: Cell.Type) {
    collectionView = CollectionView(collectionViewLayout: layout)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    collectionView.allowsSelection = false
    collectionView.register(rows, forCellWithReuseIdentifier: Self.rowIdentifier)
  }

  /// The area the rows take inside a sheet drawn over all of `canvas`: within the border,
  /// under the line of column titles.
  static func rowArea(in canvas: Canvas) -> CellRect {
    CellRect(
      column: canvas.originColumn + 2, row: canvas.originRow + 2, columns: canvas.columns - 4,
      rows: canvas.rows - 3)
  }

  /// Fits the rows to `area` (each as wide as it), focuses the first of `rowCount` rows when
  /// none is, and draws them onto `surface`.
  func draw(in area: CellRect, rowCount: Int, onto surface: any Surface) {
    if area != collectionView.frame {
      let metrics = collectionView.cellMetrics
      layout.itemSize = Size(
        width: Double(max(1, area.columns)) * metrics.pointsPerColumn,
        height: metrics.pointsPerRow)
      collectionView.frame = area
      collectionView.reloadData()
    }
    if collectionView.indexPathForFocusedItem == nil && rowCount > 0 {
      collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    }
    collectionView.draw(into: surface)
  }

  /// Moves the focus for a list key: `g` `G` `j` `k` as Home, End, Down and Up, the rest as the
  /// collection view takes them (arrows, Page Up/Down, the wheel); returns whether it moved.
  @discardableResult
  func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(.character("g")): return collectionView.handle(.key(.home))
    case .key(.character("G")): return collectionView.handle(.key(.end))
    case .key(.character("j")): return collectionView.handle(.key(.down))
    case .key(.character("k")): return collectionView.handle(.key(.up))
    default: return collectionView.handle(event)
    }
  }
}
