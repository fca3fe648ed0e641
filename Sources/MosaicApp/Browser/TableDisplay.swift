import MosaicCollection
import MosaicData

/// What the browser's table shows besides the values, for the data source to configure its
/// views with: the columns (fields), and where the views read their state.
///
/// UIKit has no counterpart; it is the state a view controller hands its data source.
@MainActor
struct TableDisplay {
  /// The state of one record row.
  struct RowState: Equatable {
    /// Whether the row has the focus.
    var isFocused = false
    /// Whether the row is selected.
    var isSelected = false
    /// Whether the record matches the active search.
    var isMatch = false
  }

  /// The field shown in each column: the title field first (the pinned column), then the
  /// card fields.
  var fields: [Int]
  /// Where the views read their row's and header's state when they draw.
  weak var states: (any TableRowStates)?

  /// The sort mark of `field` for `keys`: ▲ ascending, ▼ descending, followed by the key's
  /// place from the second key on (`▲2`); nil when the records are not sorted by it.
  static func sortMark(of field: Int, keys: [SortKey]) -> String? {
    guard let index = keys.firstIndex(where: { $0.field == field }) else { return nil }
    return (keys[index].descending ? "▼" : "▲") + (index == 0 ? "" : String(index + 1))
  }
}
