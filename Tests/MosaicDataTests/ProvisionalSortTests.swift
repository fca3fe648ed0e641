import Foundation
import Testing

@testable import MosaicData

/// A large sort hands over its first and last records before the rest is in order (what the
/// sorted first screen and End show meanwhile): they must be exactly the whole order's ends,
/// ties kept in file order, checked against an order computed here from the rule alone
/// (`WholeFileSortTests.expectedOrder`), and the order between them must hold every record
/// once.
@Suite struct ProvisionalSortTests {
  /// Few numbers and few empty values, so that both ends run across kinds: numbers then text at
  /// the top, text then empty values at the bottom. The text repeats a lot (ties at the ends'
  /// bounds), in mixed case, with long texts alike in their first 16 bytes.
  func mixed(count: Int, seed: UInt64) -> [String] {
    var generator = SplitMix(seed: seed)
    let words = [
      "apple", "Apple", "APPLE", "banana", "cherry", "a much longer text value one",
      "a much longer text value two", "A MUCH LONGER TEXT VALUE ONE", "zebra", "Zebra", "x",
      "yak", "aardvark",
    ]
    return (0..<count).map { _ in
      switch generator.next() % 100 {
      case 0: return String(Int(generator.next() % 7) - 3)
      case 1: return String(format: "%.1f", Double(generator.next() % 400) / 10 - 20)
      case 2: return ""
      case 3: return "  "
      default: return words[Int(generator.next() % UInt64(words.count))]
      }
    }
  }

  /// Numbers only, each repeated about 200 times: the ends' bounds fall inside runs of ties.
  func tiedNumbers(count: Int, seed: UInt64) -> [String] {
    var generator = SplitMix(seed: seed)
    return (0..<count).map { _ in String(format: "%.2f", Double(generator.next() % 500) / 4) }
  }

  /// Sorts `list` (every record when nil) of a one-field CSV of `values` by that field,
  /// returning the sorted records and the provisional order handed over.
  func sort(_ values: [String], list: [Int32]?, descending: Bool) throws -> (
    [Int32], ProvisionalOrder?
  ) {
    let csv = "value\n" + values.map { "\"\($0)\"" }.joined(separator: "\n") + "\n"
    let table = try DelimitedTable(text: csv, name: "v.csv")
    try table.waitUntilComplete()
    var records = list ?? (0..<Int32(values.count)).map { $0 }
    let received = Received()
    let done = SortKeys.sort(
      &records, groups: [0, Int32(records.count)], source: table,
      keys: [SortKey(field: 0, descending: descending)],
      provisional: { received.orders.append($0) })
    #expect(done)
    #expect(received.orders.count == 1, "one provisional order, got \(received.orders.count)")
    return (records, received.orders.first)
  }

  final class Received: @unchecked Sendable {
    var orders: [ProvisionalOrder] = []
  }

  func check(_ values: [String], list: [Int32]?, descending: Bool) throws {
    let listed = list ?? (0..<Int32(values.count)).map { $0 }
    let (sorted, provisional) = try sort(values, list: list, descending: descending)
    let expected = WholeFileSortTests().expectedOrder(
      listed.map { values[Int($0)] }, descending: descending
    ).map { listed[$0] }
    #expect(sorted == expected, "the whole order")
    let order = try #require(provisional)
    let n = listed.count
    let ends = SortKeys.endLimit
    #expect(order.count == n)
    let shown = (0..<n).map { Int32(order.record(at: $0)) }
    #expect(Array(shown.prefix(ends)) == Array(expected.prefix(ends)), "the first records")
    #expect(Array(shown.suffix(ends)) == Array(expected.suffix(ends)), "the last records")
    #expect(shown.sorted() == listed, "every record once")
    #expect(order.records == shown)
    let index = SectionedIndex.provisional(order)
    #expect(index.totalCount == n && index.recordList == shown)
    for item in Array(stride(from: 0, to: n, by: 101)) + Array(0..<40) + Array((n - 40)..<n) {
      #expect(
        index.position(ofRecord: Int(shown[item])) == .init(section: 0, item: item),
        "record \(shown[item]) at \(item)")
    }
    // A record not sorted (left out of the list) is nowhere.
    let present = Set(listed)
    for record in [0, 2, values.count - 1] where !present.contains(Int32(record)) {
      #expect(index.position(ofRecord: record) == nil, "record \(record) is not sorted")
    }
  }

  @Test(arguments: [false, true])
  func endsOfMixedValuesAreTheWholeOrdersEnds(descending: Bool) throws {
    try check(mixed(count: 70_000, seed: 11), list: nil, descending: descending)
  }

  @Test(arguments: [false, true])
  func endsOfTiedNumbersKeepFileOrder(descending: Bool) throws {
    try check(tiedNumbers(count: 100_000, seed: 12), list: nil, descending: descending)
  }

  @Test(arguments: [false, true])
  func endsOfAFilteredListAreItsOrdersEnds(descending: Bool) throws {
    let values = mixed(count: 210_000, seed: 13)
    // Every third record, as a filter keeps them: in file order, not 0, 1, 2…
    try check(
      values, list: stride(from: 1, to: 210_000, by: 3).map { Int32($0) }, descending: descending)
  }

  @Test func aSmallSortHandsNoEndsOver() throws {
    let csv = "value\n" + (0..<1000).map { "\($0 % 37)" }.joined(separator: "\n") + "\n"
    let table = try DelimitedTable(text: csv, name: "v.csv")
    try table.waitUntilComplete()
    var records = (0..<Int32(1000)).map { $0 }
    let received = Received()
    #expect(
      SortKeys.sort(
        &records, groups: [0, 1000], source: table, keys: [SortKey(field: 0, descending: true)],
        provisional: { received.orders.append($0) }))
    #expect(received.orders.isEmpty)
  }
}
