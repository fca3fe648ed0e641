/// One statement's rows as libpq returned them in text format: every value its text, or nil for
/// NULL, with the columns' names and type OIDs.
///
/// UIKit has no counterpart; it is a fetch request's result array.
struct PostgresResult {
  /// The columns' names, in order.
  var columnNames: [String]
  /// The columns' type OIDs (`int4` is 23), which decide how a value is shown.
  var columnTypes: [UInt32]
  /// The rows, each a text per column (nil for NULL).
  var rows: [[String?]]

  /// The value of `row`'s `column` as the browser types it: numbers as numbers, booleans as
  /// booleans, NULL as null, anything else (dates, arrays, JSON, types no client knows) as text.
  func value(_ row: Int, _ column: Int) -> DataValue {
    Self.value(rows[row][column], type: columnTypes[column])
  }

  /// Every row as the browser's values.
  var values: [[DataValue]] {
    rows.map { row in zip(row, columnTypes).map { Self.value($0, type: $1) } }
  }

  /// `text` of a column of type `oid` as a browser value.
  static func value(_ text: String?, type oid: UInt32) -> DataValue {
    guard let text else { return .null }
    switch oid {
    case 20, 21, 23, 26, 700, 701, 1700:
      // int8, int2, int4, oid, float4, float8, numeric: NaN and Infinity read as text.
      return NumberText.value(text) == nil ? .string(text) : .number(text)
    case 16:
      return .bool(text == "t")
    default:
      return .string(text)
    }
  }
}
