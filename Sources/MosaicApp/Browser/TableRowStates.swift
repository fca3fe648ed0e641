import MosaicCollection
import MosaicData

/// Where the table's views read the state they draw: each row's (focused, selected, matching
/// the search), each column header's (the focused field, the sort mark), and where the columns
/// are and what a record's values read, asked when they draw, so a focus that moves or a column
/// that widens needs no view reconfigured.
///
/// UIKit has no counterpart; it stands for the view model a cell observes. The browser scene
/// adopts it.
@MainActor
protocol TableRowStates: AnyObject {
  /// The state of the row at `indexPath` (section, item).
  func tableRowState(at indexPath: IndexPath) -> TableDisplay.RowState
  /// Whether `field` is the focused field, and its sort mark (▲ ▼), if sorted by it.
  func tableHeaderState(ofField field: Int) -> (isFocused: Bool, sortMark: String?)
  /// Where each column starts across the content, in cells, then where the last one ends: the
  /// table layout's column extents, as the collection view turns frames into cells.
  var tableColumnStarts: [Int] { get }
  /// Whether the rows of the frame being drawn stand where the layout put them, on the view's
  /// cleared background, undimmed: no animation moves, fades or overlaps them. A row may then
  /// put its whole visible line, blanks included, instead of its values one by one.
  var tableRowsAreSettled: Bool { get }
  /// The texts of `record`'s `fields`, each on one line, the record read once.
  func tableTexts(ofRecord record: Int, fields: [Int]) -> [String]
  /// The tokens besides empty text that stand for a missing value (`--na`): a row draws them
  /// as a dimmed marker, never as text.
  var tableMissingValues: MissingValues { get }
  /// Whether `field` holds numbers (its values right-aligned, its missing marker too).
  func tableFieldIsNumeric(_ field: Int) -> Bool
  /// The type the user set for `field` (`t`), nil for the inferred one.
  func tableFieldType(_ field: Int) -> ValueType?
}
