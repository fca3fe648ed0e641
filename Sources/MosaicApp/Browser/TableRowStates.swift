import MosaicCollection

/// Where the table's views read the state they draw: each row's (focused, selected, matching
/// the search) and each column header's (the focused field, the sort mark), asked when they
/// draw, so a focus that moves needs no view reconfigured.
///
/// UIKit has no counterpart; it stands for the view model a cell observes. The browser scene
/// adopts it.
@MainActor
protocol TableRowStates: AnyObject {
  /// The state of the row at `indexPath` (section, item).
  func tableRowState(at indexPath: IndexPath) -> TableDisplay.RowState
  /// Whether `field` is the focused field, and its sort mark (▲ ▼), if sorted by it.
  func tableHeaderState(ofField field: Int) -> (isFocused: Bool, sortMark: String?)
}
