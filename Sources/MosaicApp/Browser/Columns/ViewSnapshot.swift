/// What `u` puts back: the records' arrangement (sort, sections, conditions) and the table's
/// columns (hidden, order, title, widths) as they were before a change.
///
/// UIKit: what an `UndoManager` registration captures for one undoable action.
struct ViewSnapshot: Equatable {
  /// The sort, sections and conditions.
  var arrangement: BrowserArrangement
  /// The table's columns.
  var columns: TableColumns
  /// What the change undone was, for the status bar (`undid: hide dep_time`).
  var change: String
}
