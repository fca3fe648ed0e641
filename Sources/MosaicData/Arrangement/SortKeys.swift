import Foundation

/// Sorts lists of records by one field, reading each record's value once and comparing
/// fixed-size keys, the reading and the sorting spread over the cores.
///
/// Order: values that parse as finite numbers, numerically, with dates (`DateText`) among them
/// as their instants in seconds since 1970; then text, compared case- and
/// diacritic-insensitively (ASCII text is just lowercased; then byte order); then empty values
/// and those the sort key's `MissingValues` name (`--na`).
/// Descending reverses the numbers and the text but keeps that order of kinds (the largest
/// numbers first, empty values last). Ties keep list order (file order), which makes the sort
/// stable either way.
struct SortKeys {
  /// One record's key: its kind, then 128 bits that order like its value (a number's
  /// order-preserving bits, or a text's first 16 bytes), inverted when descending.
  struct Key {
    var high: UInt64
    var low: UInt64
    var kind: UInt8
    /// Whether the text is longer than the key holds (its whole text is in the long texts).
    var isLong: Bool
    /// The record's place in the list, the last tie-break.
    var position: Int32
  }

  /// A number's key beside its place in the list, for the radix sort.
  private struct RadixItem {
    var key: UInt64
    var position: Int32

    /// Sorts `items` by key, stably: a least-significant-digit-first radix sort on six 11-bit
    /// digits (2,048 counters a digit, which stay in cache), skipping the digits every key shares;
    /// short lists by comparisons.
    static func sort(_ items: inout [RadixItem]) {
      let n = items.count
      guard n > 64 else {
        items.sort { ($0.key, $0.position) < ($1.key, $1.position) }
        return
      }
      let bits = 11
      let digits = 6
      let buckets = 1 << bits
      let mask = UInt64(buckets - 1)
      var counts = [Int](repeating: 0, count: digits * buckets)
      counts.withUnsafeMutableBufferPointer { counts in
        items.withUnsafeBufferPointer { items in
          for item in items {
            var key = item.key
            for digit in 0..<digits {
              counts[digit * buckets + Int(key & mask)] += 1
              key >>= UInt64(bits)
            }
          }
        }
      }
      var other = [RadixItem](unsafeUninitializedCapacity: n) { _, count in count = n }
      for digit in 0..<digits {
        let row = (digit * buckets)..<((digit + 1) * buckets)
        if counts[row].contains(n) { continue }
        var next = [Int](repeating: 0, count: buckets)
        var sum = 0
        for bucket in 0..<buckets {
          next[bucket] = sum
          sum += counts[row.lowerBound + bucket]
        }
        let shift = UInt64(bits * digit)
        items.withUnsafeBufferPointer { from in
          other.withUnsafeMutableBufferPointer { to in
            next.withUnsafeMutableBufferPointer { next in
              for item in from {
                let bucket = Int((item.key >> shift) & mask)
                to[next[bucket]] = item
                next[bucket] += 1
              }
            }
          }
        }
        swap(&items, &other)
      }
    }
  }

  static let number: UInt8 = 0
  static let text: UInt8 = 1
  static let empty: UInt8 = 2

  /// Sorts each group of `records` (group g being `records[groups[g]..<groups[g + 1]]`) by
  /// `field` of `source`. Reports the fraction done to `progress` (from any thread) and returns
  /// false, leaving `records` as they were, when `isCancelled` turns true.
  ///
  /// Numbers are put in order by a radix sort of their 64-bit keys (stable, so ties keep list
  /// order without comparing positions); text by comparisons.
  static func sort(
    _ records: inout [Int32], groups: [Int32], source: any RecordSource, field: Int,
    descending: Bool, missing: MissingValues = .empty, asText: Bool = false,
    progress: @escaping @Sendable (Double) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false },
    provisional: ((ProvisionalOrder) -> Void)? = nil
  ) -> Bool {
    var ties: [Int32] = []
    return sort(
      &records, groups: groups, source: source, field: field, descending: descending,
      missing: missing, asText: asText, progress: progress, isCancelled: isCancelled,
      inFileOrder: true, findsTies: false, ties: &ties, provisional: provisional)
  }

  /// Sorts as `sort(_:groups:source:field:descending:progress:isCancelled:)` does; when
  /// `findsTies`, also appends to `ties` the bounds (start, end, in `records` after the sort) of
  /// each run of two or more records whose values are equal, which a following key then sorts.
  ///
  /// `inFileOrder` says each group's records are in ascending file order (a first sort): a
  /// chunk's mapped pages can be handed back once read. Otherwise (the runs a previous key left
  /// tied, many and mostly small), groups of a few records are sorted by plain comparisons
  /// instead of being split by kind. `provisional` is given the order's ends ahead of the rest
  /// when the records are one group in file order (`sortWhole`), and not called otherwise.
  static func sort(
    _ records: inout [Int32], groups: [Int32], source: any RecordSource, field: Int,
    descending: Bool, missing: MissingValues = .empty, asText: Bool = false,
    progress: @escaping @Sendable (Double) -> Void,
    isCancelled: @escaping @Sendable () -> Bool,
    inFileOrder: Bool, findsTies: Bool, ties: inout [Int32],
    provisional: ((ProvisionalOrder) -> Void)? = nil
  ) -> Bool {
    guard !records.isEmpty else { return true }
    // The first sort of a whole file: the path that keeps the least memory.
    if groups.count == 2 && inFileOrder {
      return sortWhole(
        &records, source: source, field: field, descending: descending, missing: missing,
        asText: asText, progress: progress, isCancelled: isCancelled, findsTies: findsTies,
        ties: &ties, provisional: provisional)
    }
    let flat = records
    let total = flat.count
    let counter = ProgressCounter(total: total, report: progress)
    // Records in file order (no groups) let each chunk's mapped pages go once read.
    let releasing = groups.count == 2 && inFileOrder ? source.capabilities.pageReleasing : nil
    let fast = source.capabilities.fieldBytes
    // Keys are read in chunks, each chunk's pages handed back once read.
    // Each piece writes its own keys in place (no copy of them all joined afterwards).
    var keys = [Key](unsafeUninitializedCapacity: total) { _, count in count = total }
    let pieces = keys.withUnsafeMutableBufferPointer { buffer in
      let slots = buffer
      return ParallelWork.map(0..<total) { range -> [Int: String]? in
        var long: [Int: String] = [:]
        var start = range.lowerBound
        while start < range.upperBound {
          if isCancelled() { return nil }
          let end = min(range.upperBound, start + 16_384)
          for position in start..<end {
            let (key, text) = Self.key(
              of: Int(flat[position]), field, source: source, fast: fast, descending: descending,
              missing: missing, asText: asText)
            let isLong = text != nil
            if let text { long[position] = text }
            slots[position] = Key(
              high: key.high, low: key.low, kind: key.kind, isLong: isLong,
              position: Int32(position))
          }
          releasing?.releasePages(of: Int(flat[start])..<(Int(flat[end - 1]) + 1))
          counter.add(end - start)
          start = end
        }
        return long
      }
    }
    var longTexts: [Int: String] = [:]
    for piece in pieces {
      guard let piece else { return false }
      longTexts.merge(piece) { a, _ in a }
    }
    let long = longTexts
    if isCancelled() { return false }
    let less = order(long: long, descending: descending)
    let same = sameValue(long: long)
    func appendRuns(start: Int, count: Int, equal: (Int) -> Bool) {
      Self.appendRuns(to: &ties, start: start, count: count, equal: equal)
    }
    var sorted = flat
    for g in 0..<(groups.count - 1) {
      let bounds = Int(groups[g])..<Int(groups[g + 1])
      guard bounds.count > 1 else { continue }
      if !inFileOrder && bounds.count <= 16 {
        var few = Array(keys[bounds])
        for i in 1..<few.count {
          var j = i
          let key = few[j]
          while j > 0 && less(key, few[j - 1]) {
            few[j] = few[j - 1]
            j -= 1
          }
          few[j] = key
        }
        for (i, key) in few.enumerated() {
          sorted[bounds.lowerBound + i] = flat[Int(key.position)]
        }
        if findsTies {
          appendRuns(start: bounds.lowerBound, count: few.count) { same(few[$0 - 1], few[$0]) }
        }
        continue
      }
      // Kinds in their order: numbers (radix sorted), text (compared), empty values (as listed).
      var numbers: [RadixItem] = []
      var texts: [Key] = []
      var empties: [Int32] = []
      // Counted first, so each kind's array is made at its size instead of doubling.
      var kinds = (0, 0)
      for key in keys[bounds] {
        if key.kind == Self.number {
          kinds.0 += 1
        } else if key.kind == Self.text {
          kinds.1 += 1
        }
      }
      numbers.reserveCapacity(kinds.0)
      texts.reserveCapacity(kinds.1)
      empties.reserveCapacity(bounds.count - kinds.0 - kinds.1)
      for key in keys[bounds] {
        switch key.kind {
        case Self.number: numbers.append(RadixItem(key: key.high, position: key.position))
        case Self.text: texts.append(key)
        default: empties.append(key.position)
        }
      }
      // One group: the keys are all read into the kinds, and their memory goes before the sort.
      if groups.count == 2 { keys = [] }
      RadixItem.sort(&numbers)
      ParallelWork.sort(&texts, by: less)
      var out = bounds.lowerBound
      for item in numbers {
        sorted[out] = flat[Int(item.position)]
        out += 1
      }
      for key in texts {
        sorted[out] = flat[Int(key.position)]
        out += 1
      }
      for position in empties {
        sorted[out] = flat[Int(position)]
        out += 1
      }
      if findsTies {
        var start = bounds.lowerBound
        if !numbers.isEmpty {
          appendRuns(start: start, count: numbers.count) { numbers[$0 - 1].key == numbers[$0].key }
        }
        start += numbers.count
        if !texts.isEmpty {
          appendRuns(start: start, count: texts.count) { same(texts[$0 - 1], texts[$0]) }
        }
        start += texts.count
        if empties.count > 1 {
          ties.append(Int32(start))
          ties.append(Int32(start + empties.count))
        }
      }
    }
    if isCancelled() { return false }
    records = sorted
    return true
  }

  /// Key order: kind, then the key's bits, then (for two long texts alike in their first 16
  /// bytes) the whole folded texts in `long`, then list position.
  static func order(long: [Int: String], descending: Bool) -> (Key, Key) -> Bool {
    { a, b in precedes(a, b, descending: descending) { long[Int($0)] } }
  }

  /// Whether `a` comes before `b` in `order`'s order; `long` gives the folded text of a long
  /// text's position.
  @inline(__always)
  static func precedes(
    _ a: Key, _ b: Key, descending: Bool, long: (Int32) -> String?
  ) -> Bool {
    if a.kind != b.kind { return a.kind < b.kind }
    if a.high != b.high { return a.high < b.high }
    if a.low != b.low { return a.low < b.low }
    if a.isLong || b.isLong {
      let la = long(a.position)
      let lb = long(b.position)
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

  /// Whether two keys hold equal values (`order` but for the positions).
  static func sameValue(long: [Int: String]) -> (Key, Key) -> Bool {
    { a, b in
      guard a.kind == b.kind, a.high == b.high, a.low == b.low, a.isLong == b.isLong else {
        return false
      }
      guard a.isLong else { return true }
      return long[Int(a.position)]?.utf8.elementsEqual(long[Int(b.position)]?.utf8 ?? "".utf8)
        ?? false
    }
  }

  /// Appends to `ties` the bounds of each run of equal neighbours among `count` sorted items
  /// from `start` on (`equal(i)`: item i equals item i - 1).
  static func appendRuns(
    to ties: inout [Int32], start: Int, count: Int, equal: (Int) -> Bool
  ) {
    guard count > 0 else { return }
    var runStart = 0
    for i in 1...count {
      if i == count || !equal(i) {
        if i - runStart > 1 {
          ties.append(Int32(start + runStart))
          ties.append(Int32(start + i))
        }
        runStart = i
      }
    }
  }

  /// The key of `field` of `record`: made from the field's bytes when the source gives them
  /// and they make one, else from its text; with the folded text when it is longer than the
  /// key holds (compared in full on a tie). A value `missing` names is keyed as an empty one.
  @inline(__always)
  static func key(
    of record: Int, _ field: Int, source: any RecordSource, fast: FieldBytesSource?,
    descending: Bool, missing: MissingValues = .empty, asText: Bool = false
  ) -> (key: (high: UInt64, low: UInt64, kind: UInt8), long: String?) {
    let hasTokens = !missing.tokens.isEmpty
    if asText {
      let value = source.value(record, field)
      if hasTokens, missing.isMissing(value) { return ((0, 0, empty), nil) }
      return textKey(value, descending: descending)
    }
    if let fast {
      // A number stored as one (a database's) is never a missing token, which is text.
      if let number = fast.number(record, field) {
        return ((orderedBits(number) ^ (descending ? ~0 : 0), 0, Self.number), nil)
      }
      if let made = fast.withFieldBytes(
        record, field,
        { bytes in
          hasTokens && missing.isMissing(bytes: bytes)
            ? (0, 0, empty) : makeKey(bytes: bytes, descending: descending)
        })
      {
        return (made, nil)
      }
    }
    let value = source.value(record, field)
    if hasTokens, missing.isMissing(value) { return ((0, 0, empty), nil) }
    return makeKey(value, descending: descending)
  }

  /// The key of a value given as UTF-8 bytes, or nil when only `makeKey(_:descending:)` can make
  /// it: a number not in plain decimal form, text outside ASCII or longer than the key holds, or
  /// a value with spaces to trim.
  static func makeKey(bytes value: UnsafeRawBufferPointer, descending: Bool) -> (
    high: UInt64, low: UInt64, kind: UInt8
  )? {
    guard let first = value.first, let last = value.last else { return (0, 0, empty) }
    if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return nil }
    let flip: UInt64 = descending ? ~0 : 0
    if (0x30...0x39).contains(first) || first == 0x2D || first == 0x2B || first == 0x2E {
      guard var number = decimal(value) else { return nil }
      if number == 0 { number = 0 }  // -0 and 0 are one value
      let bits = number.bitPattern
      let ordered = number < 0 ? ~bits : bits | (1 << 63)
      return (ordered ^ flip, 0, Self.number)
    }
    guard value.count <= 16 else { return nil }
    // `Jan 1 2000`: a date sorts as its instant, among the numbers.
    if (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A,
      value.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
      let date = DateText.reading(bytes: value.assumingMemoryBound(to: UInt8.self))
    {
      return (orderedBits(date.seconds) ^ flip, 0, Self.number)
    }
    var high: UInt64 = 0
    var low: UInt64 = 0
    for (index, raw) in value.enumerated() {
      guard raw < 0x80 else { return nil }
      let byte = (0x41...0x5A).contains(raw) ? raw | 0x20 : raw
      if index < 8 {
        high |= UInt64(byte) << (56 - 8 * index)
      } else {
        low |= UInt64(byte) << (56 - 8 * (index - 8))
      }
    }
    return (high ^ flip, low ^ flip, Self.text)
  }

  /// A finite number's bits, ordered as the numbers are (-0 as 0).
  static func orderedBits(_ value: Double) -> UInt64 {
    let number = value == 0 ? 0 : value
    let bits = number.bitPattern
    return number < 0 ? ~bits : bits | (1 << 63)
  }

  /// Exact powers of ten, as doubles.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  /// The value of plain decimal text (`-12.5`, `+3`, `.5`, `7.`) when it is exact to compute:
  /// at most 2^53 once the point is dropped and at most 22 digits after it, so one division of
  /// two exact doubles rounds it as `Double(String)` does; nil for anything else.
  static func decimal(_ text: UnsafeRawBufferPointer) -> Double? {
    var i = 0
    let count = text.count
    var negative = false
    if count > 0, text[0] == 0x2D || text[0] == 0x2B {
      negative = text[0] == 0x2D
      i = 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var fraction = 0
    var point = false
    var digits = false
    while i < count {
      let c = text[i]
      if c >= 0x30 && c <= 0x39 {
        if significant == 18 { return nil }
        mantissa = mantissa * 10 + UInt64(c - 0x30)
        if mantissa != 0 { significant += 1 }
        if point { fraction += 1 }
        digits = true
      } else if c == 0x2E && !point {
        point = true
      } else {
        return nil
      }
      i += 1
    }
    guard digits, mantissa <= 1 << 53, fraction <= 22 else { return nil }
    var value = Double(mantissa)
    if fraction > 0 { value /= powersOfTen[fraction] }
    return negative ? -value : value
  }

  /// The key of one raw value, and its folded text when that is longer than the key holds.
  static func makeKey(_ raw: String, descending: Bool) -> (
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
    // Dates in the forms `DateText` reads sort as their instants, among the numbers: `Jan 2
    // 2000` after `Dec 31 1999`, not before it as text.
    if value.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), let date = DateText.reading(value)
    {
      return ((orderedBits(date.seconds) ^ flip, 0, Self.number), nil)
    }
    return textKey(value, descending: descending)
  }

  /// The key of a value sorted as text whatever it reads as (a field the user typed as text):
  /// blanks around it ignored, empty last.
  static func textKey(_ raw: String, descending: Bool) -> (
    key: (high: UInt64, low: UInt64, kind: UInt8), long: String?
  ) {
    var value = raw
    if let first = value.utf8.first, let last = value.utf8.last,
      first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
    {
      value = value.trimmingCharacters(in: .whitespaces)
    }
    guard !value.isEmpty else { return ((0, 0, empty), nil) }
    let flip: UInt64 = descending ? ~0 : 0
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
final class ProgressCounter: @unchecked Sendable {
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
