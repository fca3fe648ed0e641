import Foundation

/// Each kept record's group number, in the order the records were kept, each as narrow as the
/// groups so far allow: a byte while there are at most 256 groups, two bytes up to 65,536, four
/// past that (every number is widened at once when one no longer fits).
///
/// The arranger keeps one number per record for as long as it groups, to put the records in
/// their groups at each snapshot: ten million records in 18 groups keep 10 MB of numbers instead
/// of 40. No UIKit counterpart.
struct GroupNumbers: Sendable {
  private var bytes: [UInt8] = []
  private var halves: [UInt16] = []
  private var words: [Int32] = []
  /// Bytes per number: 1, 2 or 4.
  private(set) var width = 1

  /// The number of records numbered.
  var count: Int {
    switch width {
    case 1: return bytes.count
    case 2: return halves.count
    default: return words.count
    }
  }

  /// Adds `numbers` (none negative), widening the numbers kept first when one of them needs it.
  ///
  /// - Complexity: O(`numbers`), and O(`count`) when the numbers widen.
  mutating func append(contentsOf numbers: [Int32]) {
    guard let largest = numbers.max() else { return }
    precondition(numbers.min()! >= 0, "a negative group number")
    if largest > UInt16.max {
      widen(to: 4)
    } else if largest > UInt8.max {
      widen(to: 2)
    }
    switch width {
    case 1: bytes.append(contentsOf: numbers.lazy.map { UInt8(truncatingIfNeeded: $0) })
    case 2: halves.append(contentsOf: numbers.lazy.map { UInt16(truncatingIfNeeded: $0) })
    default: words.append(contentsOf: numbers)
    }
  }

  /// Makes every number at least `newWidth` bytes.
  private mutating func widen(to newWidth: Int) {
    guard newWidth > width else { return }
    if newWidth == 2 {
      halves = bytes.map { UInt16($0) }
    } else {
      words = width == 1 ? bytes.map { Int32($0) } : halves.map { Int32($0) }
      halves = []
    }
    bytes = []
    width = newWidth
  }

  /// The records put in their groups by these numbers (`GroupedRecords.collect`).
  func collect(_ records: [Int32]?, groupCount: Int, titles: GroupTitles) -> GroupedRecords {
    switch width {
    case 1: return .collect(records, groupOf: bytes, groupCount: groupCount, titles: titles)
    case 2: return .collect(records, groupOf: halves, groupCount: groupCount, titles: titles)
    default: return .collect(records, groupOf: words, groupCount: groupCount, titles: titles)
    }
  }
}
