import Foundation

/// Reads one field's values, one after another, into what its `FieldProfile` needs: the counts
/// of each type, the numbers (8 bytes each, for the exact quantiles), the extremes and the
/// distinct values up to a limit. Profilers of consecutive parts of the records are `merge`d.
///
/// No UIKit counterpart.
public struct FieldProfiler: Sendable {
  /// The most distinct values kept; past it, `distinct` is a lower bound.
  public let distinctLimit: Int
  /// Which values are missing.
  public let missing: MissingValues
  private(set) var present = 0
  private(set) var missingCount = 0
  private var integers = 0
  private var decimals = 0
  private var booleans = 0
  private var dates = 0
  private var dateTimes = 0
  private var texts = 0
  private var numbers: [Double] = []
  private var extremes = Extremes()
  private var distinctValues: DistinctTexts
  /// The missing-value tokens' bytes, when every token is ASCII: an ASCII value is then missing
  /// exactly when its bytes (blanks trimmed) are one of them. Nil when some token is not, and
  /// `MissingValues.isMissing(_:)` says (by `String` equality).
  private let asciiTokens: [[UInt8]]?
  /// Whether `missing` has tokens (asked of every value).
  private let hasTokens: Bool

  /// The smallest and largest values seen, by each type's order, each as its UTF-8 bytes.
  private struct Extremes: Sendable {
    var lowText = Extreme()
    var highText = Extreme()
    var lowDate = Extreme()
    var highDate = Extreme()
    var lowNumber = Extreme()
    var highNumber = Extreme()
  }

  /// One extreme: the value's bytes (reused as it changes) and, for numbers and dates, its key.
  private struct Extreme: Sendable {
    var isSet = false
    var bytes: [UInt8] = []
    var key = 0.0
    /// The first eight bytes as a big-endian number, zeros after a shorter text: two texts
    /// whose prefixes differ are ordered by them (a zero past one's end is below the other's
    /// byte there, as the shorter text is below), so most comparisons need no `memcmp`.
    var prefix: UInt64 = 0

    mutating func set(_ value: UnsafeBufferPointer<UInt8>, key: Double, prefix: UInt64 = 0) {
      isSet = true
      bytes.removeAll(keepingCapacity: true)
      bytes.append(contentsOf: value)
      self.key = key
      self.prefix = prefix
    }

    /// Whether the bytes of `value` (whose `prefix(of:)` is `prefix`) precede this extreme's (a
    /// shorter prefix first): the order of `utf8.lexicographicallyPrecedes`.
    @inline(__always)
    func follows(_ value: UnsafeBufferPointer<UInt8>, prefix: UInt64) -> Bool {
      if prefix != self.prefix { return prefix < self.prefix }
      return bytes.withUnsafeBufferPointer { FieldProfiler.precedes(value, $0) }
    }

    /// Whether this extreme's bytes precede those of `value`.
    @inline(__always)
    func precedes(_ value: UnsafeBufferPointer<UInt8>, prefix: UInt64) -> Bool {
      if prefix != self.prefix { return self.prefix < prefix }
      return bytes.withUnsafeBufferPointer { FieldProfiler.precedes($0, value) }
    }

    /// `prefix` of `value`.
    @inline(__always)
    static func prefix(of value: UnsafeBufferPointer<UInt8>) -> UInt64 {
      guard let base = value.baseAddress else { return 0 }
      if value.count >= 8 {
        return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
      }
      guard value.count > 0 else { return 0 }
      var word: UInt64 = 0
      for index in 0..<value.count { word = word << 8 | UInt64(base[index]) }
      return word << UInt64(8 * (8 - value.count))
    }

    var text: String? { isSet ? String(decoding: bytes, as: UTF8.self) : nil }
  }

  /// A profiler keeping up to `distinctLimit` distinct values, `missing` saying which are
  /// missing.
  public init(distinctLimit: Int = 100_000, missing: MissingValues = .empty) {
    self.distinctLimit = distinctLimit
    self.missing = missing
    distinctValues = DistinctTexts(limit: distinctLimit)
    let tokens = missing.tokens.map { Array($0.utf8) }
    hasTokens = !tokens.isEmpty
    asciiTokens = tokens.allSatisfy { $0.allSatisfy { $0 < 0x80 } } ? tokens : nil
  }

  /// Reads one value given as text (a CSV field; "" or nil when absent).
  public mutating func add(_ text: String?) {
    guard var text else {
      missingCount += 1
      return
    }
    text.withUTF8 { add(utf8: $0, isASCII: Self.isASCII($0)) }
  }

  /// Reads one typed value (JSON keeps numbers and booleans apart from strings).
  public mutating func add(_ value: DataValue?) {
    let reading = ValueReading(value, missing: missing)
    add(reading, text: value?.text ?? "")
  }

  /// Reads one value already read for its type.
  public mutating func add(_ reading: ValueReading, text: String) {
    var text = text
    text.withUTF8 { add(reading, utf8: $0, isASCII: Self.isASCII($0)) }
  }

  /// Reads one value given as its UTF-8 bytes (valid UTF-8, as a `String` holds it; `isASCII`
  /// when every byte is below 0x80): what `add(_: String?)` reads, without the `String`.
  mutating func add(utf8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    if bytes.isEmpty || (hasTokens && isMissing(bytes, isASCII: isASCII)) {
      missingCount += 1
      return
    }
    // Once one value is text the field's type is text, whatever the others read as (`type`),
    // and a text field shows only its text extremes: the others need not be read for their
    // type.
    add(texts > 0 ? .text : ValueReading(presentUTF8: bytes), utf8: bytes, isASCII: isASCII)
  }

  /// Whether the non-empty value `bytes` is one of the missing-value tokens.
  private func isMissing(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
    if missing.tokens.isEmpty { return false }
    guard isASCII, let asciiTokens else {
      return missing.isMissing(String(decoding: bytes, as: UTF8.self))
    }
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
    return asciiTokens.contains { $0.elementsEqual(trimmed) }
  }

  private mutating func add(
    _ reading: ValueReading, utf8 text: UnsafeBufferPointer<UInt8>, isASCII: Bool
  ) {
    switch reading {
    case .missing:
      missingCount += 1
      return
    case .integer(let number), .decimal(let number):
      if case .integer = reading { integers += 1 } else { decimals += 1 }
      numbers.append(number)
      if !extremes.lowNumber.isSet || number < extremes.lowNumber.key {
        extremes.lowNumber.set(text, key: number)
      }
      if !extremes.highNumber.isSet || number > extremes.highNumber.key {
        extremes.highNumber.set(text, key: number)
      }
    case .boolean:
      booleans += 1
    case .date(let date):
      if date.hasTime { dateTimes += 1 } else { dates += 1 }
      if !extremes.lowDate.isSet || date.seconds < extremes.lowDate.key {
        extremes.lowDate.set(text, key: date.seconds)
      }
      if !extremes.highDate.isSet || date.seconds > extremes.highDate.key {
        extremes.highDate.set(text, key: date.seconds)
      }
    case .text:
      texts += 1
    }
    present += 1
    // Text extremes by bytes, for every present value: what a text field shows.
    let prefix = Extreme.prefix(of: text)
    if !extremes.lowText.isSet || extremes.lowText.follows(text, prefix: prefix) {
      extremes.lowText.set(text, key: 0, prefix: prefix)
    }
    if !extremes.highText.isSet || extremes.highText.precedes(text, prefix: prefix) {
      extremes.highText.set(text, key: 0, prefix: prefix)
    }
    distinctValues.insert(text, isASCII: isASCII)
  }

  /// Whether every byte of `bytes` is below 0x80, eight at a time.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    var seen: UInt64 = 0
    while index + 8 <= bytes.count {
      seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < bytes.count {
      seen |= UInt64(base[index])
      index += 1
    }
    return seen & 0x8080_8080_8080_8080 == 0
  }

  /// Whether the UTF-8 bytes `a` precede `b` (`utf8.lexicographicallyPrecedes`), by `memcmp`:
  /// asked twice of every value `describe` reads, where the generic comparison was a seventh
  /// of its instructions (callgrind, 100k rows).
  @inline(__always)
  static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let common = min(a.count, b.count)
    if common > 0 {
      let order = memcmp(a.baseAddress!, b.baseAddress!, common)
      if order != 0 { return order < 0 }
    }
    return a.count < b.count
  }

  /// Adds what `other` read (the records after this one's), as if one profiler had read both.
  public mutating func merge(_ other: FieldProfiler) {
    present += other.present
    missingCount += other.missingCount
    integers += other.integers
    decimals += other.decimals
    booleans += other.booleans
    dates += other.dates
    dateTimes += other.dateTimes
    texts += other.texts
    numbers.append(contentsOf: other.numbers)
    // On ties the earlier value stays, as when reading one after another.
    let theirs = other.extremes
    if theirs.lowNumber.isSet,
      !extremes.lowNumber.isSet || theirs.lowNumber.key < extremes.lowNumber.key
    {
      extremes.lowNumber = theirs.lowNumber
    }
    if theirs.highNumber.isSet,
      !extremes.highNumber.isSet || theirs.highNumber.key > extremes.highNumber.key
    {
      extremes.highNumber = theirs.highNumber
    }
    if theirs.lowDate.isSet, !extremes.lowDate.isSet || theirs.lowDate.key < extremes.lowDate.key {
      extremes.lowDate = theirs.lowDate
    }
    if theirs.highDate.isSet,
      !extremes.highDate.isSet || theirs.highDate.key > extremes.highDate.key
    {
      extremes.highDate = theirs.highDate
    }
    if theirs.lowText.isSet,
      !extremes.lowText.isSet
        || theirs.lowText.bytes.withUnsafeBufferPointer({
          extremes.lowText.follows($0, prefix: theirs.lowText.prefix)
        })
    {
      extremes.lowText = theirs.lowText
    }
    if theirs.highText.isSet,
      !extremes.highText.isSet
        || theirs.highText.bytes.withUnsafeBufferPointer({
          extremes.highText.precedes($0, prefix: theirs.highText.prefix)
        })
    {
      extremes.highText = theirs.highText
    }
    distinctValues.formUnion(other.distinctValues)
  }

  /// Makes room for `count` more numbers.
  mutating func reserveNumbers(_ count: Int) {
    numbers.reserveCapacity(numbers.count + count)
  }

  /// How many numbers were kept (for the quantiles).
  var numberCount: Int { numbers.count }

  /// The type the values read as: the narrowest that holds every present value.
  public var type: ValueType {
    if present == 0 { return .empty }
    if texts > 0 { return .text }
    let numeric = integers + decimals
    let temporal = dates + dateTimes
    if numeric == present { return decimals > 0 ? .decimal : .integer }
    if temporal == present { return dateTimes > 0 ? .dateTime : .date }
    if booleans == present { return .boolean }
    return .text
  }

  /// The profile of the values read, for `field` named `name`; the numbers are consumed.
  ///
  /// - Complexity: O(n) expected, for the quantiles' selection.
  public consuming func profile(field: Int, name: String) -> FieldProfile {
    let type = self.type
    var minimum = extremes.lowText.text
    var maximum = extremes.highText.text
    var summary: NumberSummary?
    switch type {
    case .integer, .decimal:
      minimum = extremes.lowNumber.text
      maximum = extremes.highNumber.text
      summary = NumberSummary(values: &numbers)
    case .date, .dateTime:
      minimum = extremes.lowDate.text
      maximum = extremes.highDate.text
    case .boolean, .text, .empty: break
    }
    let distinct = distinctValues.count
    return FieldProfile(
      field: field, name: name, type: type, count: present, missing: missingCount,
      distinct: distinct.count, isDistinctCapped: distinct.isCapped,
      minimum: minimum?.trimmingBlanks, maximum: maximum?.trimmingBlanks, numbers: summary)
  }
}
