import MosaicCollection
import MosaicData

/// The columns sheet (`#`): opened over the cards, its figures counted over the records on show
/// in the background, a field at a time.
extension BrowserScene {
  /// `#`: opens the columns sheet, the focused field's row focused.
  func showColumnsSheet() {
    // Every field: the table's columns in their order (hidden ones included), then the rest.
    let order = table.columns.order
    let rest = baseSource.fieldNames.indices.filter { !order.contains($0) }
    let sheet = ColumnsSheet(
      fields: order + rest, names: baseSource.fieldNames, scope: scopeText,
      counted: statisticsScope, hidden: table.columns.hidden, titleField: table.fields.first,
      missing: configuration.missingValues, types: table.columns.types)
    sheet.focus(field: focusedField)
    mode = .columnsSheet(sheet)
  }

  /// Closes the columns sheet, stopping a count still running.
  func closeColumnsSheet() {
    if case .columnsSheet(let sheet) = mode { sheet.cancel() }
    mode = .browsing
  }

  /// The columns sheet on show, if any.
  var shownColumnsSheet: ColumnsSheet? {
    if case .columnsSheet(let sheet) = mode { return sheet }
    return nil
  }

  /// Gives the open sheet the counts that ended; returns whether a row filled in.
  func catchUpColumnsSheet() -> Bool {
    shownColumnsSheet?.tick() ?? false
  }

  /// Keys over the columns sheet, as `KeyBindings.columns` binds them; the sheet's list moves
  /// for the rest (the wheel), and a key it does not bind is ignored.
  func handleColumnsSheet(_ event: InputEvent, in sheet: ColumnsSheet) -> SceneResponse {
    guard case .key = event else {
      sheet.handle(event)
      return .continue
    }
    return handleKey(event, on: .columns) {}
  }
}
