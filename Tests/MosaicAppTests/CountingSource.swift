import Foundation
import MosaicData

/// A record source that forwards to another and counts which records were read, and that can
/// pretend to be still indexing: it shows only `available` records until `finish()`.
final class CountingSource: RecordSource, @unchecked Sendable {
  let base: any RecordSource
  private let lock = NSLock()
  private var reads: Set<Int> = []
  private var readCount = 0
  private var shown: Int
  private var done: Bool
  private var error: DataError?

  init(_ base: any RecordSource, available: Int? = nil) {
    // The pretence needs the whole base: a file opened from text still indexes in the background.
    try? base.waitUntilComplete()
    self.base = base
    shown = available ?? base.recordCount
    done = available == nil
  }

  /// The distinct records whose values were read.
  var recordsRead: Set<Int> { lock.withLock { reads } }
  /// The number of value reads.
  var valueReads: Int { lock.withLock { readCount } }

  /// Makes `count` records available, as a background indexer would.
  func grow(to count: Int, error: DataError? = nil) {
    lock.withLock {
      shown = min(count, base.recordCount)
      self.error = error
    }
  }

  /// Ends the pretend indexing.
  func finish() { lock.withLock { done = true } }

  var name: String { base.name }
  var fieldNames: [String] { base.fieldNames }
  var recordCount: Int { lock.withLock { shown } }
  var isComplete: Bool { lock.withLock { done } }
  var progress: Double {
    lock.withLock { done ? 1 : Double(shown) / Double(max(1, base.recordCount)) }
  }
  var indexingError: DataError? { lock.withLock { error } }
  var definedSections: [DefinedSection]? { base.definedSections }

  func value(_ record: Int, _ field: Int) -> String {
    lock.withLock {
      reads.insert(record)
      readCount += 1
    }
    return base.value(record, field)
  }

  func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    lock.withLock { _ = reads.insert(record) }
    return base.typedValue(record, field)
  }

  func waitUntilComplete() throws {}
}
