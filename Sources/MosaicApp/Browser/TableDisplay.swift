import MosaicCollection

/// What the browser's table shows besides the values, for the data source to configure its
/// views with: the columns (fields), the focused field, the sort and each row's state.
///
/// UIKit has no counterpart; it is the state a view controller hands its data source.
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
  /// The focused field, whose header is marked.
  var focusedField: Int
  /// The field the records are sorted by and whether descending, or nil.
  var sort: (field: Int, descending: Bool)?
  /// The state of the row at an index path.
  var rowState: (IndexPath) -> RowState

  /// The sort mark of `field`'s header: ▲ ascending, ▼ descending, nil when not sorted by it.
  func sortMark(of field: Int) -> String? {
    guard let sort, sort.field == field else { return nil }
    return sort.descending ? "▼" : "▲"
  }
}
