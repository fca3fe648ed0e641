import MosaicCollection
import MosaicData
import MosaicLayout

extension BrowserDataSource {
  /// The reuse identifier of the table's row cells.
  static let tableRowIdentifier = "table-row"
  /// The reuse identifier of the table's column headers.
  static let tableHeaderIdentifier = "table-header"

  /// Registers the table's row cell and column header classes with `collectionView` (the row
  /// cells draw the values: the layout has `rowCellsDrawValues` on).
  func registerTable(with collectionView: CollectionView) {
    collectionView.register(TableRowCell.self, forCellWithReuseIdentifier: Self.tableRowIdentifier)
    collectionView.register(
      TableHeaderView.self, forSupplementaryViewOfKind: TableLayout.columnHeaderKind,
      withReuseIdentifier: Self.tableHeaderIdentifier)
  }

  /// The row cell of the record at `indexPath`, given its record and columns: it reads the
  /// values it shows when it draws.
  func tableRow(_ collectionView: CollectionView, at indexPath: IndexPath, table: TableDisplay)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      TableRowCell.self, withReuseIdentifier: Self.tableRowIdentifier, for: indexPath)
    cell.configure(
      record: record(at: indexPath), row: indexPath, fields: table.fields, states: table.states)
    return cell
  }

  /// A column header of the table, configured; nil for another kind.
  func tableView(
    _ collectionView: CollectionView, ofKind kind: String, at indexPath: IndexPath,
    table: TableDisplay
  ) -> ReusableView? {
    guard kind == TableLayout.columnHeaderKind else { return nil }
    let view = collectionView.dequeueReusableSupplementaryView(
      TableHeaderView.self, ofKind: kind, withReuseIdentifier: Self.tableHeaderIdentifier,
      for: indexPath)
    configure(view, column: indexPath.item, table: table)
    return view
  }

  /// Gives a column header its field's name and where to read its focus and sort mark.
  func configure(_ view: TableHeaderView, column: Int, table: TableDisplay) {
    guard column < table.fields.count else { return }
    let field = table.fields[column]
    view.name = fieldName(field)
    view.isTitle = column == 0
    view.field = field
    view.states = table.states
  }
}
