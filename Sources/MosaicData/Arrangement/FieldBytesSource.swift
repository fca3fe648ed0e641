import Foundation

/// A record source that hands out a field's text as bytes, straight from the mapped file when
/// the file holds the text as it is, so bulk work over every record (grouping, sort keys) makes
/// no `String` per value.
protocol FieldBytesSource {
  /// Calls `body` with the UTF-8 text of `field` of `record` (what `value` returns; empty when
  /// the record lacks the field). `record` must be below a record count read. The bytes are
  /// valid during `body` only.
  func withFieldBytes<R>(_ record: Int, _ field: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R

  /// The finite number `field` of `record` holds when the source has it as a number (a
  /// database's REAL or INTEGER), which sorts as its text would, without the text being made
  /// and read back; nil when the source has only text.
  func number(_ record: Int, _ field: Int) -> Double?
}

extension FieldBytesSource {
  /// A file has only text.
  func number(_ record: Int, _ field: Int) -> Double? { nil }
}

extension DelimitedTable: FieldBytesSource {
  /// An unquoted ASCII field is its bytes in the file; a quoted one (`""` to undo) or one with
  /// other bytes (which `value` validates as UTF-8) is decoded as `value` does. The field is
  /// found by skipping separators eight bytes at a time while the fields before it are unquoted
  /// (a quote only opens a field at its start); from a quoted one on, as `forEachField` does.
  func withFieldBytes<R>(_ record: Int, _ field: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    let none = UnsafeRawBufferPointer(start: nil, count: 0)
    guard field >= 0, field < fieldNames.count, let base = file.base else { return body(none) }
    let range = recordRange(record)
    let end = range.upperBound
    var start = range.lowerBound
    var index = 0
    var found: Range<Int>?
    while true {
      if start < end, base.load(fromByteOffset: start, as: UInt8.self) == Self.quote {
        var at = index
        Self.forEachField(file, start..<end, delimiter: delimiter) { raw in
          if at == field {
            found = raw
            return false
          }
          at += 1
          return true
        }
        break
      }
      let stop = Self.next(delimiter, in: base, from: start, to: end)
      if index == field {
        found = start..<stop
        break
      }
      if stop == end { break }
      start = stop + 1
      index += 1
    }
    guard let raw = found, !raw.isEmpty else { return body(none) }
    if file[raw.lowerBound] == Self.quote || file.containsNonASCII(raw) {
      var text = Self.decode(file, raw)
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
    return body(UnsafeRawBufferPointer(start: base + raw.lowerBound, count: raw.count))
  }

  /// The offset of the first `byte` in `from..<end` of `base`, or `end`; eight bytes at a time
  /// (`ByteLanes`).
  @inline(__always)
  private static func next(_ byte: UInt8, in base: UnsafeRawPointer, from: Int, to end: Int)
    -> Int
  {
    var i = from
    while i + 8 <= end {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      let zeros = ByteLanes.matches(of: byte, in: word)
      if zeros != 0 { return i + zeros.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < end {
      if base.load(fromByteOffset: i, as: UInt8.self) == byte { return i }
      i += 1
    }
    return end
  }
}
