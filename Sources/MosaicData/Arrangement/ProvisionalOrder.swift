/// A sorted order known so far only at its two ends: the first and the last records of the whole
/// order, exactly, with the records between them in list order until the whole sort lands. What
/// a large file's sorted first screen (and End) shows while the rest of the order is worked out.
///
/// No UIKit counterpart; one section's items in a `SectionedIndex` snapshot. The ends are those
/// of the stable sort (`SortKeys.precedes`), so when the whole order replaces this one, every
/// record at either end stays where it was shown.
struct ProvisionalOrder: Sendable {
  /// The first records of the order.
  let first: [Int32]
  /// The last records of the order, in order.
  let last: [Int32]
  /// The records sorted, in list order (ascending file order); empty for 0..<count.
  let list: [Int32]
  /// The positions in `list` of the records in `first` and `last`, ascending.
  let excluded: [Int32]
  /// The number of records.
  let count: Int

  /// The order whose first records are at `firstPositions` of `list` (0..<count when empty) and
  /// last at `lastPositions`, both in order.
  init(firstPositions: [Int32], lastPositions: [Int32], list: [Int32], count: Int) {
    func record(_ position: Int32) -> Int32 { list.isEmpty ? position : list[Int(position)] }
    first = firstPositions.map(record)
    last = lastPositions.map(record)
    self.list = list
    excluded = (firstPositions + lastPositions).sorted()
    self.count = count
  }

  /// The record at `item` of the order.
  func record(at item: Int) -> Int {
    if item < first.count { return Int(first[item]) }
    let fromEnd = count - item
    if fromEnd <= last.count { return Int(last[last.count - fromEnd]) }
    // The middle's item j is the j-th position not excluded: j plus the excluded positions at or
    // before it, which are those whose position less their rank is at most j.
    let j = item - first.count
    var low = 0
    var high = excluded.count
    while low < high {
      let middle = (low + high) / 2
      if Int(excluded[middle]) - middle <= j { low = middle + 1 } else { high = middle }
    }
    let position = j + low
    return list.isEmpty ? position : Int(list[position])
  }

  /// Where `record` is in the order, or nil when it is not one of the records sorted.
  func item(ofRecord record: Int) -> Int? {
    if let i = first.firstIndex(of: Int32(truncatingIfNeeded: record)) { return i }
    if let i = last.firstIndex(of: Int32(truncatingIfNeeded: record)) {
      return count - last.count + i
    }
    let position: Int
    if list.isEmpty {
      guard record >= 0, record < count else { return nil }
      position = record
    } else {
      // The list is in ascending file order.
      var low = 0
      var high = list.count
      while low < high {
        let middle = (low + high) / 2
        if Int(list[middle]) < record { low = middle + 1 } else { high = middle }
      }
      guard low < list.count, Int(list[low]) == record else { return nil }
      position = low
    }
    var below = 0
    var high = excluded.count
    while below < high {
      let middle = (below + high) / 2
      if Int(excluded[middle]) < position { below = middle + 1 } else { high = middle }
    }
    return first.count + position - below
  }

  /// Every record in the order's display order.
  var records: [Int32] {
    var out: [Int32] = []
    out.reserveCapacity(count)
    out.append(contentsOf: first)
    var next = 0
    for position in 0..<(list.isEmpty ? count : list.count) {
      if next < excluded.count, Int(excluded[next]) == position {
        next += 1
        continue
      }
      out.append(list.isEmpty ? Int32(position) : list[position])
    }
    out.append(contentsOf: last)
    return out
  }
}
