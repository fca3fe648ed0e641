import Foundation
import MosaicData

/// Three records whose `notes` are each `size` bytes of repeated text produced on demand, and
/// that counts what is read of them: a card or a detail view that read a whole value would show
/// up as a huge byte count (or a whole-value read), without the test building the value.
final class HugeValueSource: RecordSource, @unchecked Sendable {
  /// The text the notes repeat: 18 bytes, a line break ending each repetition.
  static let pattern = Array("lorem ipsum dolor\n".utf8)

  /// The pattern repeated to 64 KB, what the reader cuts its pieces from.
  static let block = String(repeating: String(decoding: pattern, as: UTF8.self), count: 3641)

  let size: Int
  private let lock = NSLock()
  private var bytes = 0
  private var largest = 0
  private var wholeReads = 0

  init(size: Int) { self.size = size }

  /// The bytes of notes handed out so far.
  var bytesRead: Int { lock.withLock { bytes } }
  /// The most bytes of notes one read asked for.
  var largestRead: Int { lock.withLock { largest } }
  /// The reads of a whole value (`value`, `typedValue`, `typedValues`).
  var wholeValueReads: Int { lock.withLock { wholeReads } }

  var name: String { "huge.csv" }
  var fieldNames: [String] { ["name", "notes", "size"] }
  var recordCount: Int { 3 }
  var isComplete: Bool { true }
  var progress: Double { 1 }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }
  func waitUntilComplete() throws {}

  func value(_ record: Int, _ field: Int) -> String { typedValue(record, field)?.text ?? "" }

  func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    if field == 1 { lock.withLock { wholeReads += 1 } }
    // Not the value: a test that reads it fails on the count, not by building 50 MB.
    return .string(field == 0 ? "record \(record)" : field == 1 ? "WHOLE" : "\(size)")
  }

  func typedValues(_ record: Int) -> [DataValue?] {
    fieldNames.indices.map { typedValue(record, $0) }
  }

  func fieldText(_ record: Int, _ field: Int) -> FieldText? {
    guard field == 1 else { return typedValue(record, field).map { FieldText($0.text) } }
    return FieldText(byteCount: size) { [self] position, maxBytes in
      lock.withLock {
        bytes += maxBytes
        largest = max(largest, maxBytes)
      }
      var text = ""
      let start = position % Self.pattern.count
      while text.utf8.count < start + maxBytes {
        text += Self.block
      }
      let utf8 = text.utf8
      let from = utf8.index(utf8.startIndex, offsetBy: start)
      return String(text[from..<utf8.index(from, offsetBy: maxBytes)])
    }
  }

  func fieldTexts(_ record: Int) -> [FieldText?] {
    fieldNames.indices.map { fieldText(record, $0) }
  }
}
