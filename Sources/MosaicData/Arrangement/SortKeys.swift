import Foundation

/// Precomputed sort keys for one field of every record, so a million records sort without
/// re-reading or re-folding values.
///
/// Order: values that parse as finite numbers, numerically; then text, compared case- and
/// diacritic-insensitively (ASCII text is just lowercased); then empty values. Ties keep record
/// order, which makes the sort stable.
struct SortKeys {
  private enum Kind: UInt8 {
    case number = 0
    case text = 1
    case empty = 2
  }
  private var kinds: [Kind]
  private var numbers: [Double]
  private var texts: [String]

  /// Reads `field` of every record in `0..<count`, handing each finished chunk to `chunkDone`.
  init(
    source: any RecordSource, field: Int, count: Int, chunkDone: (Range<Int>) -> Void = { _ in }
  ) {
    kinds = [Kind](repeating: .empty, count: count)
    numbers = [Double](repeating: 0, count: count)
    texts = [String](repeating: "", count: count)
    var start = 0
    while start < count {
      let end = min(count, start + 65_536)
      for record in start..<end { set(record, source.value(record, field)) }
      chunkDone(start..<end)
      start = end
    }
  }

  private mutating func set(_ record: Int, _ raw: String) {
    var value = raw
    if let first = value.utf8.first, let last = value.utf8.last,
      first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
    {
      value = value.trimmingCharacters(in: .whitespaces)
    }
    guard let first = value.utf8.first else { return }
    if (0x30...0x39).contains(first) || first == 0x2D || first == 0x2B || first == 0x2E,
      let number = Double(value), number.isFinite
    {
      kinds[record] = .number
      numbers[record] = number
      return
    }
    kinds[record] = .text
    if value.utf8.allSatisfy({ $0 < 0x80 }) {
      texts[record] = value.lowercased()
    } else {
      texts[record] = value.folding(
        options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
  }

  /// Whether record `a` sorts before record `b`.
  func less(_ a: Int, _ b: Int) -> Bool {
    let ka = kinds[a]
    let kb = kinds[b]
    if ka != kb { return ka.rawValue < kb.rawValue }
    switch ka {
    case .number:
      if numbers[a] != numbers[b] { return numbers[a] < numbers[b] }
    case .text:
      if texts[a] != texts[b] { return texts[a] < texts[b] }
    case .empty:
      break
    }
    return a < b
  }

  /// Sorts `records` by these keys.
  ///
  /// - Complexity: O(n log n) comparisons.
  func sort(_ records: inout [Int32]) {
    records.sort { less(Int($0), Int($1)) }
  }
}
