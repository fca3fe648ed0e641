import MosaicCollection
import MosaicData

/// The table's columns as the user arranges them: `@` goes to a column by name, `x` hides the
/// focused column and `X` shows the hidden ones, `<` `>` move it, `!` pins it as the title
/// column, `+` `-` widen and narrow it; `u` undoes the last change to the view (a column, a
/// sort, sections or a condition).
extension BrowserScene {
  // MARK: Undo

  /// The view as it is now (the arrangement asked for last, and the columns).
  func viewSnapshot(change: String = "") -> ViewSnapshot {
    ViewSnapshot(arrangement: pendingArrangement, columns: table.columns, change: change)
  }

  /// Remembers the view before `change` (said by `u` when it undoes it).
  func rememberView(before change: String) {
    editing.remember(viewSnapshot(change: change))
  }

  /// `u`: puts the view back as it was before the last change (columns, sort, sections,
  /// conditions), saying what was undone.
  func undoViewChange() {
    guard let earlier = editing.takeUndo(current: viewSnapshot()) else {
      status.notice = "nothing to undo"
      return
    }
    if earlier.columns != table.columns {
      let retyped = earlier.columns.types != table.columns.types
      table.columns = earlier.columns
      columnsChanged()
      if retyped { typesChanged() }
    }
    if earlier.arrangement != pendingArrangement {
      rearrange(to: earlier.arrangement)
    }
    status.notice = "undid " + earlier.change
  }

  // MARK: Columns

  /// Applies `body` to the table's columns; when it changed them, remembers the view before (as
  /// `change`, for `u`) and lays the table out again. Returns whether they changed.
  /// `remeasure` false keeps the widths measured (a width change keeps the columns in place).
  @discardableResult
  func changeColumns(
    _ change: String, remeasure: Bool = true, _ body: (inout TableColumns) -> Bool
  ) -> Bool {
    var columns = table.columns
    guard body(&columns) else { return false }
    rememberView(before: change)
    table.columns = columns
    if remeasure { columnsChanged() }
    return true
  }

  /// The columns changed: measures them again and lays the table out, the focused field's
  /// column (or the nearest one on show) in view.
  func columnsChanged() {
    // The widths are kept a column each, in column order: the columns are measured anew.
    table.widths = TableColumnWidths()
    table.measured = nil
    table.sampled = nil
    table.textCache = TableTextCache()
    if !table.fields.contains(focusedField), let first = table.fields.first {
      focusedField = first
    }
    applyLayout()
    scrollFocusedColumnIntoView()
  }

  /// The focused field's name, on one line.
  var focusedFieldLabel: String { BrowserDataSource.singleLine(dataSource.fieldName(focusedField)) }

  /// `x`: hides the focused column; the focus goes to the column that takes its place.
  func hideFocusedColumn() {
    let fields = table.fields
    guard let place = fields.firstIndex(of: focusedField) else { return }
    let name = focusedFieldLabel
    guard changeColumns("hide \(name)", { $0.hide(focusedField) }) else {
      status.notice = "\(name) is the last column on show"
      return
    }
    let shown = table.fields
    focusedField = shown[min(place, shown.count - 1)]
    scrollFocusedColumnIntoView()
    status.notice = "hid \(name): X shows every hidden column"
  }

  /// `t`: sets the focused field's type to the next one; the arrangement and `I` follow it
  /// (a field typed as text sorts and compares as text, and counts no numbers).
  func cycleFocusedFieldType() {
    let name = focusedFieldLabel
    var type: ValueType?
    changeColumns("type \(name)") {
      type = $0.cycleType(of: focusedField)
      return true
    }
    typesChanged()
    status.notice = "\(name): \(type?.rawValue ?? "inferred type") (t: next type)"
  }

  /// The types the user set changed (`t`, or `u` undoing it): the records are arranged again
  /// under them and `I` counts anew.
  func typesChanged() {
    jobs.statistics.textFields = table.columns.textFields
    rearrange(to: pendingArrangement)
  }

  /// `X`: shows every hidden column again.
  func showHiddenColumns() {
    var count = 0
    changeColumns("show hidden columns") {
      count = $0.showAll()
      return count > 0
    }
    status.notice =
      count == 0 ? "no column is hidden" : "showing \(count) hidden column\(count == 1 ? "" : "s")"
  }

  /// `<` `>`: moves the focused column a place left or right (the title column stays; `!` pins
  /// another).
  func moveFocusedColumn(by step: Int) {
    let name = focusedFieldLabel
    let moved = changeColumns("move \(name)") { $0.move(focusedField, by: step) }
    if !moved { status.notice = "\(name) moves no further" }
  }

  /// `!`: makes the focused column the title (pinned) column.
  func pinFocusedColumn() {
    let name = focusedFieldLabel
    guard table.fields.contains(focusedField) else { return }
    if changeColumns("pin \(name)", { $0.pin(focusedField) }) {
      status.notice = "\(name) is the title column"
    } else {
      status.notice = "\(name) is the title column already"
    }
  }

  /// `+` `-` in the table: widens or narrows the focused column by a column of text.
  func changeFocusedColumnWidth(by step: Int) {
    guard let layout = tableLayout, table.fields.contains(focusedField) else { return }
    var change = 0
    let verb = step > 0 ? "widen" : "narrow"
    changeColumns("\(verb) \(focusedFieldLabel)", remeasure: false) {
      change = $0.changeWidth(of: focusedField, by: step)
      return true
    }
    setTableWidths(of: layout)
    collectionView.invalidateLayout()
    scrollFocusedColumnIntoView()
    status.notice = "\(focusedFieldLabel) width \(change >= 0 ? "+" : "")\(change)"
  }

  // MARK: @ column by name

  /// `@`: starts typing the name of a field to go to.
  func beginColumnJump() {
    mode = .columnJump(ColumnPrompt(names: baseSource.fieldNames))
  }

  /// Keys while a field's name is typed: text and the line-editing keys edit it, Tab completes
  /// it (again: the next name that fits), Enter goes to that field's column (a hidden one is
  /// shown), Esc gives up.
  func handleColumnJump(_ event: InputEvent, _ prompt: ColumnPrompt) -> SceneResponse {
    var prompt = prompt
    switch event {
    case .paste(let text):
      prompt.endCycle()
      prompt.line.insert(text)
    case .key(.tab):
      prompt.complete()
    case .key(.character(let character)):
      prompt.endCycle()
      prompt.line.insert(String(character))
    case .key(.backspace):
      prompt.endCycle()
      guard prompt.line.deleteBackward() || !prompt.line.text.isEmpty else {
        mode = .browsing
        return .continue
      }
    case .key(.escape):
      mode = .browsing
      return .continue
    case .key(.enter):
      mode = .browsing
      switch prompt.target() {
      case .success(let field): goToColumn(of: field)
      case .failure(let problem): status.notice = problem.description
      }
      return .continue
    case .key(let key):
      prompt.endCycle()
      _ = prompt.line.edit(key)
    default: return .continue
    }
    mode = .columnJump(prompt)
    return .continue
  }

  /// Focuses `field`, its column shown (a hidden one comes back) and scrolled into view.
  func goToColumn(of field: Int) {
    if table.columns.hidden.contains(field) {
      changeColumns("show \(dataSource.fieldName(field))") { $0.show(field) }
    }
    focusedField = field
    scrollFocusedColumnIntoView()
    status.notice = "field: " + focusedFieldLabel
  }
}
