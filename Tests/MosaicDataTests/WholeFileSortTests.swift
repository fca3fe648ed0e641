import Foundation
import Testing

@testable import MosaicData

/// The first sort of a whole file (the path that sorts numbers in place) gives exactly the
/// order the rule states, checked against an order computed here from the rule alone: numbers
/// numerically, then text ignoring case, then empty values; descending reverses numbers and
/// text only; equal values keep file order.
@Suite struct WholeFileSortTests {
  /// The rule, written independently of the sort: a value's kind and what it compares by.
  enum Expected: Comparable {
    case number(Double)
    case text(String)
    case empty

    init(_ raw: String) {
      let value = raw.trimmingCharacters(in: .whitespaces)
      if value.isEmpty {
        self = .empty
      } else if let first = value.first, first.isNumber || "+-.".contains(first),
        let number = Double(value), number.isFinite
      {
        self = .number(number == 0 ? 0 : number)
      } else {
        self = .text(value.lowercased())
      }
    }

    var kind: Int {
      switch self {
      case .number: 0
      case .text: 1
      case .empty: 2
      }
    }

    /// Whether `self` sorts before `other` (false for equal values).
    func precedes(_ other: Expected, descending: Bool) -> Bool {
      if kind != other.kind { return kind < other.kind }
      switch (self, other) {
      case (.number(let a), .number(let b)): return descending ? a > b : a < b
      case (.text(let a), .text(let b)):
        return descending
          ? b.utf8.lexicographicallyPrecedes(a.utf8)
          : a.utf8.lexicographicallyPrecedes(b.utf8)
      default: return false
      }
    }
  }

  func expectedOrder(_ values: [String], descending: Bool) -> [Int] {
    let keys = values.map(Expected.init)
    return values.indices.sorted { a, b in
      if keys[a].precedes(keys[b], descending: descending) { return true }
      if keys[b].precedes(keys[a], descending: descending) { return false }
      return a < b
    }
  }

  func sorted(_ values: [String], descending: Bool) throws -> [Int] {
    let csv = "value\n" + values.map { "\"\($0)\"" }.joined(separator: "\n") + "\n"
    let table = try DelimitedTable(text: csv, name: "v.csv")
    try table.waitUntilComplete()
    var records = (0..<Int32(values.count)).map { $0 }
    let done = SortKeys.sort(
      &records, groups: [0, Int32(values.count)], source: table, field: 0,
      descending: descending)
    #expect(done)
    return records.map(Int.init)
  }

  /// Numbers of every sign and size with many repeats (so buckets tie and recurse), text in
  /// mixed case, long text alike in its first 16 bytes, blanks and spaces.
  func values(count: Int, seed: UInt64) -> [String] {
    var generator = SplitMix(seed: seed)
    let words = [
      "apple", "Apple", "banana", "BANANA", "cherry", "a much longer text value one",
      "a much longer text value two", "zebra", "x",
    ]
    return (0..<count).map { _ in
      switch generator.next() % 10 {
      case 0: return words[Int(generator.next() % UInt64(words.count))]
      case 1: return ""
      case 2: return "  "
      case 3: return String(Int(generator.next() % 7) - 3)
      case 4: return String(format: "%.2f", Double(generator.next() % 2_000_000) / 100 - 10_000)
      case 5: return String(Double(generator.next() % 1000) * 1e15)
      case 6: return String(-Double(generator.next() % 1000) / 1e9)
      default: return String(generator.next() % 100_000)
      }
    }
  }

  @Test(arguments: [false, true])
  func mixedValuesSortAsTheRuleSays(descending: Bool) throws {
    for (count, seed) in [(5, 1 as UInt64), (60, 2), (3_000, 3), (40_000, 4)] {
      let values = values(count: count, seed: seed)
      let got = try sorted(values, descending: descending)
      let want = expectedOrder(values, descending: descending)
      #expect(
        got == want,
        "count \(count): first difference at \(got.indices.first { got[$0] != want[$0] } ?? -1)")
    }
  }

  @Test(arguments: [false, true])
  func onlyNumbersSortInPlaceAsTheRuleSays(descending: Bool) throws {
    var generator = SplitMix(seed: 9)
    // Equal top bytes (epoch-like values) force the in-place sort down several digits.
    let values = (0..<50_000).map { _ in String(1_700_000_000 + generator.next() % 5_000) }
    let got = try sorted(values, descending: descending)
    #expect(got == expectedOrder(values, descending: descending))
  }
}

/// A small seeded generator, so a failure can be replayed.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
