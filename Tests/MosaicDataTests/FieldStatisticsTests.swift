import Foundation
import Testing

@testable import MosaicData

/// A field's counts, shares, numbers and limits, as the frequency table and summary read them.
@Suite struct FieldStatisticsTests {
  let csv = """
    name,city,amount
    a,Cork,10
    b,Hanoi,2.5
    c,Cork,
    d,Lima,-7
    e,Hanoi,x
    f,Cork, 1e3
    g,,3
    h,Lima,3

    """

  func statistics(
    _ text: String, field: Int, format: DataFormat = .csv,
    limits: FieldStatisticsTask.Limits = .init()
  ) throws -> FieldStatistics {
    let source = try DataFile.open(text: text, name: "t", format: format)
    return FieldStatistics.compute(source: source, field: field, limits: limits)
  }

  /// The frequencies as "value=count" in order.
  func counts(_ statistics: FieldStatistics) -> [String] {
    statistics.frequencies.map { "\($0.value)=\($0.count)" }
  }

  @Test func countsEachValueMostCommonFirstAndTiesInFileOrder() throws {
    let city = try statistics(csv, field: 1)
    #expect(city.fieldName == "city")
    // Hanoi and Lima tie at 2: Hanoi appears first in the file.
    #expect(counts(city) == ["Cork=3", "Hanoi=2", "Lima=2", "=1"])
    #expect(city.count == 8)
    #expect(city.emptyCount == 1)
    #expect(city.distinctCount == 3)
    #expect(!city.isDistinctCountCapped)
    #expect(city.uncountedCount == 0)
    #expect(city.numbers == nil)
    #expect(city.share(3) == 3.0 / 8.0)
    #expect(city.mostCommon(2).map(\.value) == ["Cork", "Hanoi"])
    // The empty value is never among the most common values.
    #expect(city.mostCommon(10).map(\.value) == ["Cork", "Hanoi", "Lima"])
  }

  @Test func tiesFollowFirstAppearanceEvenWhenTheLaterValueSortsFirst() throws {
    let text = "v\nz\ny\nx\ny\nz\nx\n"
    #expect(counts(try statistics(text, field: 0)) == ["z=2", "y=2", "x=2"])
  }

  @Test func numbersGiveMinimumMaximumAndMeanAsWritten() throws {
    let amount = try statistics(csv, field: 2)
    let numbers = try #require(amount.numbers)
    // " 1e3" reads as 1000 (blanks ignored, as sorting reads it); "x" is text; "" is empty.
    #expect(numbers.count == 6)
    #expect(numbers.minimum == "-7")
    #expect(numbers.maximum == " 1e3")
    #expect(abs(numbers.mean - (10 + 2.5 - 7 + 1000 + 3 + 3) / 6) < 1e-9)
    #expect(amount.emptyCount == 1)
    #expect(amount.distinctCount == 6)
    // "3" twice is one value held twice.
    #expect(amount.frequencies.first == .init(value: "3", count: 2))
  }

  @Test func jsonValuesCountByTheirTextAndNullIsEmpty() throws {
    let lines = """
      {"n": 1, "b": true, "s": "a"}
      {"n": 1.5, "b": false, "s": null}
      {"n": 1, "b": true}

      """
    let n = try statistics(lines, field: 0, format: .jsonLines)
    #expect(counts(n) == ["1=2", "1.5=1"])
    #expect(n.numbers?.mean == (1 + 1.5 + 1) / 3)
    let s = try statistics(lines, field: 2, format: .jsonLines)
    #expect(counts(s) == ["=2", "a=1"])
    #expect(s.emptyCount == 2)
  }

  @Test(arguments: [1, 2, 3])
  func aFieldWithMoreDistinctValuesThanTheLimitKeepsTheFirstAndSaysSo(workers: Int) throws {
    let text = "id\n" + (0..<1000).map { "\($0 % 700)\n" }.joined()
    var limits = FieldStatisticsTask.Limits()
    limits.distinctValues = 100
    limits.workers = workers
    limits.batch = 60
    let capped = try statistics(text, field: 0, limits: limits)
    #expect(capped.isDistinctCountCapped)
    #expect(capped.distinctCount == 100)
    #expect(capped.frequencies.count == 100)
    #expect(capped.uncountedCount + capped.frequencies.reduce(0) { $0 + $1.count } == 1000)
    // The values kept are the first met: 0...99, each seen twice (at n and n + 700 for n < 300).
    #expect(Set(capped.frequencies.map(\.value)) == Set((0..<100).map(String.init)))
    #expect(capped.frequencies.allSatisfy { $0.count == 2 })
    // The numbers are summed over every value, kept or not.
    #expect(capped.numbers?.count == 1000)
    #expect(capped.numbers?.maximum == "699")
  }

  @Test func longValuesAreCountedByTheirStart() throws {
    let long = String(repeating: "é", count: 300)
    let text = "v\n\(long)a\n\(long)b\nshort\n"
    var limits = FieldStatisticsTask.Limits()
    limits.valueBytes = 100
    let v = try statistics(text, field: 0, limits: limits)
    #expect(v.frequencies.count == 2)
    let first = v.frequencies[0]
    #expect(first.count == 2)
    #expect(first.isCut)
    #expect(first.value.hasPrefix("éé") && first.value.utf8.count <= 104)
    #expect(v.frequencies[1] == .init(value: "short", count: 1))
  }

  @Test(arguments: [1, 2, 3, 7])
  func anyNumberOfWorkersCountsTheSame(workers: Int) throws {
    let text =
      "k,n\n" + (0..<5000).map { "k\(($0 * 7919) % 97),\(Double($0 % 13) / 4)\n" }.joined()
    var one = FieldStatisticsTask.Limits()
    one.workers = 1
    var many = FieldStatisticsTask.Limits()
    many.workers = workers
    many.batch = 100
    for field in 0..<2 {
      let serial = try statistics(text, field: field, limits: one)
      let parallel = try statistics(text, field: field, limits: many)
      #expect(serial.frequencies == parallel.frequencies, "field \(field), \(workers) workers")
      #expect(serial.count == parallel.count && serial.distinctCount == parallel.distinctCount)
      #expect(serial.numbers?.minimum == parallel.numbers?.minimum)
      #expect(serial.numbers?.maximum == parallel.numbers?.maximum)
      let means = (serial.numbers?.mean ?? 0, parallel.numbers?.mean ?? 0)
      #expect(abs(means.0 - means.1) < 1e-9)
    }
  }

  @Test func theTaskFollowsASourceStillBeingIndexedAndReportsProgress() throws {
    let base = try DataFile.open(
      text: "v\n" + (0..<300).map { "\($0 % 3)\n" }.joined(), name: "t", format: .csv)
    try base.waitUntilComplete()
    let growing = GrowingSource(base, available: 100)
    var limits = FieldStatisticsTask.Limits()
    limits.batch = 10
    let task = FieldStatisticsTask(source: growing, field: 0, limits: limits)
    let deadline = Date().addingTimeInterval(10)
    while task.countedRecords < 100 && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    #expect(task.countedRecords == 100)
    #expect(task.result == nil && !task.isDone)
    #expect(task.progress > 0 && task.progress < 1)
    growing.grow(to: 300)
    growing.finish()
    let result = try #require(task.waitUntilDone())
    #expect(result.count == 300)
    #expect(counts(result) == ["0=100", "1=100", "2=100"])
    #expect(task.progress == 1)
  }

  @Test func aCancelledTaskHasNoResult() throws {
    let base = try DataFile.open(text: "v\na\nb\n", name: "t", format: .csv)
    try base.waitUntilComplete()
    let growing = GrowingSource(base, available: 1)
    let task = FieldStatisticsTask(source: growing, field: 0)
    task.cancel()
    #expect(task.waitUntilDone() == nil)
    #expect(task.isDone && task.result == nil)
  }
}
