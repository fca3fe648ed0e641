/// Records in groups, stored flat (compressed sparse rows): group g holds
/// `records[offsets[g]..<offsets[g + 1]]`, its title coming from `titles`.
///
/// A million groups of one record cost three small integers each, where an array per group cost
/// a heap block each (about 48 bytes) and a header to point at it. No UIKit counterpart.
struct GroupedRecords: Sendable {
  /// Where each group starts in `records`, then the end of the last (group count + 1 entries).
  var offsets: [Int32]
  /// Every group's records, group after group.
  var records: [Int32]
  /// The groups' titles.
  var titles: GroupTitles

  /// No groups.
  static let empty = GroupedRecords(offsets: [0], records: [], titles: .untitled)

  /// The number of groups.
  var count: Int { offsets.count - 1 }

  /// Where group `g`'s records lie in `records`.
  func bounds(of g: Int) -> Range<Int> { Int(offsets[g])..<Int(offsets[g + 1]) }

  /// Group `g`'s records.
  func records(of g: Int) -> ArraySlice<Int32> { records[bounds(of: g)] }

  /// `records` put in `groupCount` groups by their group numbers in `groupOf` (parallel arrays),
  /// each group keeping the order the records come in (a counting sort).
  ///
  /// - Complexity: O(records + groups).
  static func collect(
    _ records: [Int32], groupOf: [Int32], groupCount: Int, titles: GroupTitles
  ) -> GroupedRecords {
    var offsets = [Int32](repeating: 0, count: groupCount + 1)
    offsets.withUnsafeMutableBufferPointer { offsets in
      for g in groupOf { offsets[Int(g) + 1] += 1 }
      for g in 0..<groupCount { offsets[g + 1] += offsets[g] }
    }
    var next = offsets
    let placed = [Int32](unsafeUninitializedCapacity: records.count) { out, initialized in
      next.withUnsafeMutableBufferPointer { next in
        for (record, g) in zip(records, groupOf) {
          out[Int(next[Int(g)])] = record
          next[Int(g)] += 1
        }
      }
      initialized = records.count
    }
    return GroupedRecords(offsets: offsets, records: placed, titles: titles)
  }
}

/// The titles of a `GroupedRecords`: none (one untitled group), given strings, or the group
/// keys' bytes stored end to end and turned into text only when a title is shown.
enum GroupTitles: Sendable {
  /// Every group is untitled.
  case untitled
  /// One title per group.
  case strings([String?])
  /// Group g's title is the UTF-8 text of `bytes[ends[g - 1]..<ends[g]]` (from 0 for g = 0).
  case keys(bytes: [UInt8], ends: [Int])

  /// Group `g`'s title.
  func title(of g: Int) -> String? {
    switch self {
    case .untitled: return nil
    case .strings(let titles): return titles[g]
    case .keys(let bytes, let ends):
      let start = g == 0 ? 0 : ends[g - 1]
      return String(decoding: bytes[start..<ends[g]], as: UTF8.self)
    }
  }
}
