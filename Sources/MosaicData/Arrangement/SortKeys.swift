import Foundation

/// Sorts lists of records by one field, reading each record's value once and comparing
/// fixed-size keys, the reading and the sorting spread over the cores.
///
/// Order: values that parse as finite numbers, numerically; then text, compared case- and
/// diacritic-insensitively (ASCII text is just lowercased; then byte order); then empty values.
/// Descending reverses the numbers and the text but keeps that order of kinds (the largest
/// numbers first, empty values last). Ties keep list order (file order), which makes the sort
/// stable either way.
struct SortKeys {
  /// One record's key: its kind, then 128 bits that order like its value (a number's
  /// order-preserving bits, or a text's first 16 bytes), inverted when descending.
  private struct Key {
    var high: UInt64
    var low: UInt64
    var kind: UInt8
    /// Whether the text is longer than the key holds (its whole text is in the long texts).
    var isLong: Bool
    /// The record's place in the list, the last tie-break.
    var position: Int32
  }

  private static let number: UInt8 = 0
  private static let text: UInt8 = 1
  private static let empty: UInt8 = 2

  /// Sorts each of `lists` by `field` of `source`. Reports the fraction done to `progress` (from
  /// any thread) and returns false, leaving `lists` as they were, when `isCancelled` turns true.
  static func sort(
    _ lists: inout [[Int32]], source: any RecordSource, field: Int, descending: Bool,
    progress: @escaping @Sendable (Double) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) -> Bool {
    let flat = lists.flatMap { $0 }
    let total = flat.count
    guard total > 0 else { return true }
    let counter = ProgressCounter(total: total, report: progress)
    // Records in file order (no groups) let each chunk's mapped pages go once read.
    let releasing = lists.count == 1 ? source as? PageReleasing : nil
    // Keys are read in chunks, each chunk's pages handed back once read.
    let pieces = ParallelWork.map(0..<total) { range -> (keys: [Key], long: [Int: String])? in
      var keys: [Key] = []
      keys.reserveCapacity(range.count)
      var long: [Int: String] = [:]
      var start = range.lowerBound
      while start < range.upperBound {
        if isCancelled() { return nil }
        let end = min(range.upperBound, start + 16_384)
        for position in start..<end {
          let record = Int(flat[position])
          let (key, text) = makeKey(source.value(record, field), descending: descending)
          keys.append(
            Key(
              high: key.high, low: key.low, kind: key.kind, isLong: text != nil,
              position: Int32(position)))
          if let text { long[position] = text }
        }
        releasing?.releasePages(of: Int(flat[start])..<(Int(flat[end - 1]) + 1))
        counter.add(end - start)
        start = end
      }
      return (keys, long)
    }
    var keys: [Key] = []
    keys.reserveCapacity(total)
    var longTexts: [Int: String] = [:]
    for piece in pieces {
      guard let piece else { return false }
      keys.append(contentsOf: piece.keys)
      longTexts.merge(piece.long) { a, _ in a }
    }
    let long = longTexts
    if isCancelled() { return false }
    // Two keys equal in their first 16 bytes of text compare in full (rare but for long text).
    let less: (Key, Key) -> Bool = { a, b in
      if a.kind != b.kind { return a.kind < b.kind }
      if a.high != b.high { return a.high < b.high }
      if a.low != b.low { return a.low < b.low }
      if a.isLong || b.isLong {
        let la = long[Int(a.position)]
        let lb = long[Int(b.position)]
        if la != lb {
          // The shorter one (no long text) is a prefix of the other.
          let ascending: Bool
          if let la, let lb {
            ascending = la.utf8.lexicographicallyPrecedes(lb.utf8)
          } else {
            ascending = la == nil
          }
          return ascending != descending
        }
      }
      return a.position < b.position
    }
    var offset = 0
    var sorted = lists
    for g in lists.indices {
      let count = lists[g].count
      var segment = Array(keys[offset..<(offset + count)])
      ParallelWork.sort(&segment, by: less)
      sorted[g] = segment.map { flat[Int($0.position)] }
      offset += count
    }
    if isCancelled() { return false }
    lists = sorted
    return true
  }

  /// The key of one raw value, and its folded text when that is longer than the key holds.
  private static func makeKey(_ raw: String, descending: Bool) -> (
    key: (high: UInt64, low: UInt64, kind: UInt8), long: String?
  ) {
    var value = raw
    if let first = value.utf8.first, let last = value.utf8.last,
      first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
    {
      value = value.trimmingCharacters(in: .whitespaces)
    }
    guard let first = value.utf8.first else { return ((0, 0, empty), nil) }
    let flip: UInt64 = descending ? ~0 : 0
    if (0x30...0x39).contains(first) || first == 0x2D || first == 0x2B || first == 0x2E,
      var number = Double(value), number.isFinite
    {
      if number == 0 { number = 0 }  // -0 and 0 are one value
      let bits = number.bitPattern
      let ordered = number < 0 ? ~bits : bits | (1 << 63)
      return ((ordered ^ flip, 0, Self.number), nil)
    }
    let folded =
      value.utf8.allSatisfy { $0 < 0x80 }
      ? value.lowercased()
      : value.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    var high: UInt64 = 0
    var low: UInt64 = 0
    var index = 0
    for byte in folded.utf8.prefix(16) {
      if index < 8 {
        high |= UInt64(byte) << (56 - 8 * index)
      } else {
        low |= UInt64(byte) << (56 - 8 * (index - 8))
      }
      index += 1
    }
    return ((high ^ flip, low ^ flip, Self.text), folded.utf8.count > 16 ? folded : nil)
  }
}

// @unchecked: `done` is only touched under `lock`.
/// Counts work done by several threads and reports the fraction.
private final class ProgressCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  private let total: Int
  private let report: @Sendable (Double) -> Void

  init(total: Int, report: @escaping @Sendable (Double) -> Void) {
    self.total = total
    self.report = report
  }

  func add(_ count: Int) {
    lock.lock()
    done += count
    let fraction = Double(done) / Double(max(1, total))
    lock.unlock()
    report(fraction)
  }
}
