import Foundation

/// A record source that hands out a field's text as bytes, straight from the mapped file when
/// the file holds the text as it is, so bulk work over every record (grouping, sort keys) makes
/// no `String` per value.
protocol FieldBytesSource {
  /// Calls `body` with the UTF-8 text of `field` of `record` (what `value` returns; empty when
  /// the record lacks the field). `record` must be below a record count read. The bytes are
  /// valid during `body` only.
  func withFieldBytes<R>(_ record: Int, _ field: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R
}

extension DelimitedTable: FieldBytesSource {
  /// An unquoted ASCII field is its bytes in the file; a quoted one (`""` to undo) or one with
  /// other bytes (which `value` validates as UTF-8) is decoded as `value` does.
  func withFieldBytes<R>(_ record: Int, _ field: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    guard field >= 0, field < fieldNames.count, let base = file.base else {
      return body(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    var found: Range<Int>?
    var index = 0
    Self.forEachField(file, recordRange(record), delimiter: delimiter) { raw in
      if index == field {
        found = raw
        return false
      }
      index += 1
      return true
    }
    guard let raw = found, !raw.isEmpty else {
      return body(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    if file[raw.lowerBound] == Self.quote || file.containsNonASCII(raw) {
      var text = Self.decode(file, raw)
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
    return body(UnsafeRawBufferPointer(start: base + raw.lowerBound, count: raw.count))
  }
}
