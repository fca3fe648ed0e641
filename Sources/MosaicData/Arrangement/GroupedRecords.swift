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

  /// `records` put in `groupCount` groups by their group numbers in `groupOf` (parallel arrays;
  /// `records` nil for 0, 1, 2…), each group keeping the order the records come in (a counting
  /// sort).
  ///
  /// - Complexity: O(records + groups).
  static func collect<Number: FixedWidthInteger>(
    _ records: [Int32]?, groupOf: [Number], groupCount: Int, titles: GroupTitles
  ) -> GroupedRecords {
    precondition(records == nil || records!.count == groupOf.count, "a group number per record")
    // Each group's count goes two places on, so that after the running sum `offsets[g + 1]` is
    // where group g starts: placing a record there moves it on, and once all are placed it is
    // where group g ends, as it should be. No second array of cursors (4 MB for a million groups).
    var offsets = [Int32](repeating: 0, count: groupCount + 1)
    let placed = [Int32](unsafeUninitializedCapacity: groupOf.count) { out, initialized in
      offsets.withUnsafeMutableBufferPointer { offsets in
        for g in groupOf where Int(g) + 2 <= groupCount { offsets[Int(g) + 2] += 1 }
        if groupCount > 1 {
          for g in 2...groupCount { offsets[g] += offsets[g - 1] }
        }
        func place(_ record: Int32, in g: Number) {
          let at = Int(offsets[Int(g) + 1])
          out[at] = record
          offsets[Int(g) + 1] = Int32(at + 1)
        }
        if let records {
          for (record, g) in zip(records, groupOf) { place(record, in: g) }
        } else {
          for (record, g) in groupOf.enumerated() { place(Int32(record), in: g) }
        }
      }
      initialized = groupOf.count
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
  /// Group g's title is the UTF-8 text of key g.
  case keys(GroupKeys)

  /// Group `g`'s title.
  func title(of g: Int) -> String? {
    switch self {
    case .untitled: return nil
    case .strings(let titles): return titles[g]
    case .keys(let keys): return keys.text(of: g)
    }
  }
}
