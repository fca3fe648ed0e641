import Foundation
import Testing

@testable import MosaicData

/// When the store that holds the records cannot count a field (a server's statement timeout),
/// the records are counted here, to the same figures, and the task says why.
@Suite struct StoreStatisticsFailureTests {
  /// A source whose store fails every question with `reason`, as a server past its timeout.
  final class FailingStore: StringsOnly, StatisticsSource, @unchecked Sendable {
    let reason: String
    init(_ base: any RecordSource, reason: String) {
      self.reason = reason
      super.init(base)
    }
    override var capabilities: SourceCapabilities { SourceCapabilities(statistics: self) }
    func storeStatistics(
      field: Int, filter: RecordFilter?, limits: FieldStatisticsTask.Limits,
      cancellation: Cancellation
    ) throws -> FieldStatistics? {
      throw DataError.unreadable(file: name, reason: reason)
    }
  }

  @Test func aFailedStoreIsCountedHereAndTheTaskSaysWhy() throws {
    let csv = "id,city\n1,Cork\n2,Lima\n3,Cork\n4,\n5,Hanoi\n6,Cork\n"
    let file = try DataFile.open(text: csv, name: "t.csv", format: .csv)
    try file.waitUntilComplete()
    let reason = "canceling statement due to statement timeout"
    let task = FieldStatisticsTask(source: FailingStore(file, reason: reason), field: 1)
    let statistics = try #require(task.waitUntilDone())
    // Counted by hand from the text above: Cork 3, then Lima, the empty value and Hanoi once
    // each, in the order they first appear.
    let counts = statistics.frequencies.map { "\($0.value)=\($0.count)" }
    #expect(counts == ["Cork=3", "Lima=1", "=1", "Hanoi=1"])
    #expect(statistics.count == 6 && statistics.emptyCount == 1)
    #expect(task.note == reason)
    // A store that answers leaves nothing to say.
    #expect(FieldStatisticsTask(source: file, field: 1).note == nil)
  }
}
