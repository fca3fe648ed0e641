import MosaicCollection
import MosaicData

extension BrowserDataSource {
  /// The reuse identifier of the table's row cells.
  static let tableRowIdentifier = "table-row"
  /// The reuse identifier of the table's values and column headers.
  static let tableValueIdentifier = "table-value"

  /// Registers the table's row cell, value and column header classes with `collectionView`.
  func registerTable(with collectionView: CollectionView) {
    collectionView.register(TableRowCell.self, forCellWithReuseIdentifier: Self.tableRowIdentifier)
    collectionView.register(
      TableValueView.self, forSupplementaryViewOfKind: TableLayout.valueKind,
      withReuseIdentifier: Self.tableValueIdentifier)
    collectionView.register(
      TableHeaderView.self, forSupplementaryViewOfKind: TableLayout.columnHeaderKind,
      withReuseIdentifier: Self.tableValueIdentifier)
  }

  /// The row cell of the record at `indexPath`; it only paints the row's background.
  func tableRow(_ collectionView: CollectionView, at indexPath: IndexPath) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      TableRowCell.self, withReuseIdentifier: Self.tableRowIdentifier, for: indexPath)
  }

  /// A value or a column header of the table, configured; nil for another kind.
  func tableView(
    _ collectionView: CollectionView, ofKind kind: String, at indexPath: IndexPath,
    table: TableDisplay
  ) -> ReusableView? {
    switch kind {
    case TableLayout.valueKind:
      let view = collectionView.dequeueReusableSupplementaryView(
        TableValueView.self, ofKind: kind, withReuseIdentifier: Self.tableValueIdentifier,
        for: indexPath)
      configure(view, at: indexPath, table: table)
      return view
    case TableLayout.columnHeaderKind:
      let view = collectionView.dequeueReusableSupplementaryView(
        TableHeaderView.self, ofKind: kind, withReuseIdentifier: Self.tableValueIdentifier,
        for: indexPath)
      configure(view, column: indexPath.item, table: table)
      return view
    default:
      return nil
    }
  }

  /// Gives a value view its text and where to read its row's state; `indexPath` is
  /// `[section, item, column]`.
  func configure(_ view: TableValueView, at indexPath: IndexPath, table: TableDisplay) {
    guard indexPath.count == 3, indexPath[2] < table.fields.count else { return }
    let row = IndexPath(item: indexPath[1], section: indexPath[0])
    guard let record = record(at: row) else { return }
    view.text = text(record, table.fields[indexPath[2]])
    view.isTitle = indexPath[2] == 0
    view.row = row
    view.states = table.states
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
