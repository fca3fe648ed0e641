import Foundation
import MosaicData

/// A record source that pretends to be still indexing (only `available` records until
/// `finish()`) and to know its last records early, as a big file's table does: their ids are
/// past any record number, their numbers estimated `skew` off the truth until indexing reaches
/// them.
final class EstimatingSource: RecordSource, @unchecked Sendable {
  let base: any RecordSource
  /// Where the ids of the last records start: the record at index r is read as `idBase + r`.
  static let idBase = 1 << 40
  private let lock = NSLock()
  private var shown: Int
  private var done = false
  private var found = 0
  private let skew: Int

  init(_ base: any RecordSource, available: Int, skew: Int) throws {
    try base.waitUntilComplete()
    self.base = base
    shown = available
    self.skew = skew
  }

  /// Makes `count` records available, as a background indexer would.
  func grow(to count: Int) { lock.withLock { shown = min(count, base.recordCount) } }

  /// Ends the pretend indexing.
  func finish() { lock.withLock { done = true } }

  var name: String { base.name }
  var fieldNames: [String] { base.fieldNames }
  var recordCount: Int { lock.withLock { shown } }
  var isComplete: Bool { lock.withLock { done } }
  var progress: Double {
    lock.withLock { done ? 1 : Double(shown) / Double(max(1, base.recordCount)) }
  }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }

  /// The base's record read as `record`.
  private func resolved(_ record: Int) -> Int? {
    guard record >= Self.idBase else { return record < recordCount ? record : nil }
    let index = record - Self.idBase
    let total = base.recordCount
    return lock.withLock { index >= total - found && index < total ? index : nil }
  }

  func value(_ record: Int, _ field: Int) -> String {
    resolved(record).map { base.value($0, field) } ?? ""
  }

  func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    resolved(record).flatMap { base.typedValue($0, field) }
  }

  func waitUntilComplete() throws {}

  func estimatedEnd(atLeast count: Int) -> EstimatedEnd? {
    guard !isComplete else { return nil }
    let total = base.recordCount
    let first = lock.withLock {
      // Found records stay found, as a table's do.
      found = max(found, min(total - shown, count))
      return total - found
    }
    return EstimatedEnd(
      records: (Self.idBase + first)..<(Self.idBase + total), estimatedFirstIndex: first + skew)
  }

  func indexedRecord(ofEstimated id: Int) -> Int? {
    let index = id - Self.idBase
    return index >= 0 && index < recordCount ? index : nil
  }
}
