import Foundation

// @unchecked: `bounds` is read and replaced under `lock` only.
/// The last records of a file, found by scanning back from its end while indexing has not
/// reached them: their bounds, the ids that read them and the estimate of their numbers.
/// Shared by the CSV/TSV and JSON Lines tables, which differ only in how they find a record
/// start near the end. No UIKit counterpart.
///
/// Record k of the tail spans `bounds[k]..<bounds[k + 1]`, as the index's offsets do. Ids count
/// from the end (the last record is `idLimit - 1`), so finding more records before the first
/// leaves the ids of those already found as they were.
final class RecordTail: @unchecked Sendable {
  /// One past the last record's id: far above any record count.
  static let idLimit = 1 << 48

  /// The most bytes scanned back from the end to find a record start.
  static let longestScan = 32 << 20

  private let lock = NSLock()
  private var bounds: [Int] = []

  /// The ids of the records found so far (empty before the first `locate`).
  var ids: Range<Int> {
    lock.lock()
    defer { lock.unlock() }
    return (Self.idLimit - max(0, bounds.count - 1))..<Self.idLimit
  }

  /// The raw bytes of the record read as `id` (line breaks included), or nil when the tail does
  /// not hold it.
  func span(of id: Int) -> Range<Int>? {
    guard id < Self.idLimit else { return nil }
    lock.lock()
    defer { lock.unlock() }
    let k = bounds.count - 1 - (Self.idLimit - id)
    guard k >= 0 else { return nil }
    return bounds[k]..<bounds[k + 1]
  }

  /// Finds at least `count` records before the file's end (fewer when indexing is nearer the
  /// end than that) and returns them with the estimate of their numbers; nil when indexing
  /// has reached the end, or no record start could be told near it.
  ///
  /// - Parameters:
  ///   - offsets: The index, for how far it has reached and its bytes per record.
  ///   - end: The file's size.
  ///   - start: The first record's offset.
  ///   - recordStart: The first offset at or after its argument that is a record start, told
  ///     from the bytes after it; nil when none can be told there.
  ///   - parse: The ends of the records from a record start to the file's end, or nil when they
  ///     do not parse (the start was not a record start after all).
  func locate(
    atLeast count: Int, offsets: OffsetTable, end: Int, start: Int,
    recordStart: (Int) -> Int?, parse: (Int) -> [Int]?
  ) -> EstimatedEnd? {
    let indexed = offsets.count - 1
    let reached = offsets[indexed]
    guard reached < end else { return nil }
    if ids.count < count {
      // Bytes per record so far (or a guess before any), to size the window scanned.
      let perRecord = indexed > 0 ? max(1, (reached - start) / indexed) : 128
      var window = max(1 << 16, count * perRecord * 2)
      while true {
        let from = max(reached, end - window)
        // The index's own position is a record start for sure; elsewhere it is told.
        if let first = from == reached ? reached : recordStart(from),
          first < end, let ends = parse(first),
          ends.count >= count || from == reached
        {
          lock.lock()
          bounds = [first] + ends
          lock.unlock()
          break
        }
        // A file whose quotes tell no record start (stray quotes) is left to indexing.
        if from == reached || window >= Self.longestScan { return nil }
        window *= 2
      }
    }
    return estimate(offsets: offsets, start: start)
  }

  /// Takes `bounds` (found by the caller) as the tail when they hold more records than the tail
  /// does, and returns the tail with its numbers estimated.
  func adopt(_ bounds: [Int], offsets: OffsetTable, start: Int) -> EstimatedEnd? {
    lock.lock()
    if bounds.count > self.bounds.count { self.bounds = bounds }
    lock.unlock()
    return estimate(offsets: offsets, start: start)
  }

  /// The records found so far, with their numbers estimated from the index's bytes per record.
  func estimate(offsets: OffsetTable, start: Int) -> EstimatedEnd? {
    let ids = self.ids
    guard let first = span(of: ids.lowerBound)?.lowerBound else { return nil }
    let indexed = offsets.count - 1
    let reached = offsets[indexed]
    if let exact = indexedRecord(at: first, offsets: offsets, indexed: indexed) {
      return EstimatedEnd(records: ids, estimatedFirstIndex: exact)
    }
    let perRecord = indexed > 0 ? Double(reached - start) / Double(indexed) : 1
    let between = Int((Double(first - reached) / max(perRecord, 1)).rounded())
    return EstimatedEnd(records: ids, estimatedFirstIndex: indexed + max(0, between))
  }

  /// The index of the record read as `id` once indexing has passed its start, else nil.
  func indexedRecord(ofEstimated id: Int, offsets: OffsetTable) -> Int? {
    guard let start = span(of: id)?.lowerBound else { return nil }
    return indexedRecord(at: start, offsets: offsets, indexed: offsets.count - 1)
  }

  /// The indexed record holding byte `offset`: the last whose start is at or before it (a
  /// tail record may start after blank lines the index counts into it), or nil when indexing
  /// has not passed `offset`.
  ///
  /// - Complexity: O(log records).
  private func indexedRecord(at offset: Int, offsets: OffsetTable, indexed: Int) -> Int? {
    guard indexed > 0, offsets[indexed] > offset else { return nil }
    var low = 0
    var high = indexed - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if offsets[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
