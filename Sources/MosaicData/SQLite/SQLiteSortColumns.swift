import CSQLite
import Foundation

// @unchecked: filled by one thread (the count's), then only read, by the sort's threads.
/// The sort keys' columns of a table's kept rows, read once in row id order and held compactly
/// (each column's texts in one buffer), as a record source the in-memory sort (`SortKeys`)
/// reads: so a SQLite table sorts as a file does, by the same rules, in seconds.
///
/// No UIKit counterpart. A number stored as a number is held as its shortest exact text, so it
/// sorts by its exact value (as `CAST(… AS REAL)` did); text and NULL as the browser shows them.
final class SQLiteSortColumns: RecordSource, FieldBytesSource, @unchecked Sendable {
  /// Each kept row's id, in row id order.
  private(set) var rowids: [Int64] = []
  /// Each column's texts, one after another.
  private var bytes: [[UInt8]]
  /// Where each row's text ends in its column's `bytes`.
  private var ends: [[Int]]

  /// Columns for `keyCount` keys, empty.
  init(keyCount: Int) {
    bytes = Array(repeating: [], count: keyCount)
    ends = Array(repeating: [], count: keyCount)
  }

  /// Adds the current row of `statement`: its row id (column 0), then a value per key.
  func append(_ statement: SQLiteStatement) {
    rowids.append(statement.int64(0))
    for key in bytes.indices {
      statement.withDisplayBytes(key + 1) { bytes[key].append(contentsOf: $0) }
      ends[key].append(bytes[key].count)
    }
  }

  /// The positions of the rows (indices into `rowids`) ordered by `keys` (fields are key
  /// columns), ties in row id order; nil when `isCancelled` turned true.
  func sorted(by keys: [SortKey], isCancelled: @escaping @Sendable () -> Bool) -> [Int32]? {
    var order = (0..<Int32(rowids.count)).map { $0 }
    guard
      SortKeys.sort(
        &order, groups: [0, Int32(order.count)], source: self, keys: keys,
        isCancelled: isCancelled)
    else { return nil }
    return order
  }

  func withFieldBytes<R>(_ record: Int, _ field: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    let start = record == 0 ? 0 : ends[field][record - 1]
    let end = ends[field][record]
    return bytes[field].withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
  }

  // MARK: RecordSource

  var name: String { "sort keys" }
  var fieldNames: [String] { bytes.indices.map { "key \($0)" } }
  var recordCount: Int { rowids.count }
  var isComplete: Bool { true }
  var progress: Double { 1 }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }
  /// Sorted and grouped from its key bytes.
  var capabilities: SourceCapabilities { SourceCapabilities(fieldBytes: self) }

  func value(_ record: Int, _ field: Int) -> String {
    withFieldBytes(record, field) { String(decoding: $0, as: UTF8.self) }
  }

  func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    .string(value(record, field))
  }

  func waitUntilComplete() throws {}
}

extension SQLiteStatement {
  /// Calls `body` with column `index`'s text as the browser shows it (`value(_:)`'s text), a
  /// number stored as a number as its shortest exact text (so it keeps its exact value).
  func withDisplayBytes<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    switch type(index) {
    case SQLITE_INTEGER:
      var text = String(int64(index))
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    case SQLITE_FLOAT:
      var text = "\(double(index))"
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    case SQLITE_NULL:
      return body(UnsafeRawBufferPointer(start: nil, count: 0))
    case SQLITE_TEXT:
      return withTextBytes(index, body)
    default:
      var text = value(index).text
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
  }
}
