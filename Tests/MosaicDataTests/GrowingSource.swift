import Foundation
import MosaicData

/// A source that shows only some of another's records until told to show more: a file still
/// being indexed.
final class GrowingSource: RecordSource, @unchecked Sendable {
  let base: any RecordSource
  private let lock = NSLock()
  private var shown: Int
  private var done = false

  init(_ base: any RecordSource, available: Int) {
    self.base = base
    shown = available
  }

  func grow(to count: Int) { lock.withLock { shown = min(count, base.recordCount) } }
  func finish() { lock.withLock { done = true } }

  var name: String { base.name }
  var fieldNames: [String] { base.fieldNames }
  var recordCount: Int { lock.withLock { shown } }
  var isComplete: Bool { lock.withLock { done } }
  var progress: Double { lock.withLock { done ? 1 : Double(shown) / Double(base.recordCount) } }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }
  func value(_ record: Int, _ field: Int) -> String { base.value(record, field) }
  func typedValue(_ record: Int, _ field: Int) -> DataValue? { base.typedValue(record, field) }
  func waitUntilComplete() throws {}
}
