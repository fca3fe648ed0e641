/// The type a field's values have: what `describe` and the columns sheet say, what the table
/// aligns by, and what a field's values sort and compare as.
///
/// No UIKit counterpart. Inferred from every non-missing value (`TypeInference`): the narrowest
/// type all of them read as, integers widening to decimals and dates to date-times, anything
/// else mixed being text.
public enum ValueType: String, CaseIterable, Equatable, Sendable {
  /// Whole numbers: `42`, `-7`.
  case integer
  /// Numbers: `6.94`, `1e-3`, and whole ones mixed with them.
  case decimal
  /// `true` / `false`, any case.
  case boolean
  /// Dates without a time of day, in the forms `DateText` reads.
  case date
  /// Dates with a time of day (and plain dates mixed with them).
  case dateTime = "datetime"
  /// Anything else.
  case text
  /// No value at all: every one missing.
  case empty

  /// Whether values of this type are numbers (right-aligned, summed up).
  public var isNumeric: Bool { self == .integer || self == .decimal }

  /// Whether values of this type are instants.
  public var isTemporal: Bool { self == .date || self == .dateTime }
}

/// One value as read for its type: a number, a boolean, an instant, or text.
///
/// No UIKit counterpart. Cheap enough to ask of every value of a file: integers and dates are
/// read from the bytes, other numbers by `NumberText`.
public enum ValueReading: Equatable, Sendable {
  /// Missing (`MissingValues`).
  case missing
  /// A whole number, and its value.
  case integer(Double)
  /// Another number.
  case decimal(Double)
  /// `true` or `false`.
  case boolean(Bool)
  /// A date (`hasTime` false) or date-time, as seconds since 1970.
  case date(DateText.Reading)
  /// Anything else.
  case text

  /// `text` read for its type, `missing` saying which values are missing.
  public init(_ text: String, missing: MissingValues = .empty) {
    if missing.isMissing(text) {
      self = .missing
      return
    }
    var copy = text
    self = copy.withUTF8 { Self.read($0) }
  }

  /// The UTF-8 `bytes` of a value already known not to be missing, read for its type; the same
  /// reading as `init(_:missing:)`'s, without a `String` unless the number is in a form that
  /// only `NumberText` reads.
  init(presentUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    self = Self.read(bytes)
  }

  /// A typed value (JSON keeps numbers and booleans apart from text) read for its type.
  public init(_ value: DataValue?, missing: MissingValues = .empty) {
    switch value {
    case nil, .null?: self = .missing
    case .bool(let flag)?: self = .boolean(flag)
    case .json?: self = .text
    case .number(let text)?:
      if let number = NumberText.value(text) {
        self =
          number.rounded() == number
            && !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
          ? .integer(number) : .decimal(number)
      } else {
        self = .text
      }
    case .string(let text)?: self.init(text, missing: missing)
    }
  }

  /// The number the value is, if it is one.
  public var number: Double? {
    switch self {
    case .integer(let value), .decimal(let value): return value
    default: return nil
    }
  }

  /// 10^`exponent` for 0...22: the powers of ten a `Double` holds exactly (a product of
  /// exact powers, each step exact).
  @inline(__always)
  private static func exactPowerOfTen(_ exponent: Int) -> Double {
    var power = 1.0
    for _ in 0..<exponent { power *= 10 }
    return power
  }

  private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ValueReading {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard start < end else { return .text }
    let first = bytes[start]
    // Whole numbers of up to 18 digits, read here: most numeric columns never reach `Double`'s
    // parser.
    var index = start
    var negative = false
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      index += 1
    }
    var whole = 0
    var digits = 0
    while index < end, DateText.isDigit(bytes[index]), digits < 18 {
      whole = whole * 10 + Int(bytes[index] - 0x30)
      digits += 1
      index += 1
    }
    if index == end, digits > 0 { return .integer(Double(negative ? -whole : whole)) }
    if digits > 0, index < end, bytes[index] == UInt8(ascii: ".") {
      // Digits, a point, digits: when the digits make at most 2^53 and at most 22 follow the
      // point, both are exact doubles and one division rounds the quotient correctly, to the
      // double the full parser finds (Clinger's fast path). Other forms go to `NumberText`.
      var mantissa = whole
      var scale = 0
      var cursor = index + 1
      while cursor < end, DateText.isDigit(bytes[cursor]), mantissa <= 1 << 53, scale <= 22 {
        mantissa = mantissa * 10 + Int(bytes[cursor] - 0x30)
        scale += 1
        cursor += 1
      }
      if cursor == end, scale > 0, scale <= 22, mantissa <= 1 << 53 {
        let value = Double(mantissa) / exactPowerOfTen(scale)
        return .decimal(negative ? -value : value)
      }
    }
    if digits == 4, index < end,
      bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "/"),
      !negative, first != UInt8(ascii: "+")
    {
      if let date = DateText.reading(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
        return .date(date)
      }
      return .text
    }
    if DateText.isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
      || first == UInt8(ascii: ".")
    {
      if let number = NumberText.value(String(decoding: bytes, as: UTF8.self)) {
        let isWhole =
          !bytes[start..<end].contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
          && number.rounded() == number
        return isWhole ? .integer(number) : .decimal(number)
      }
      if DateText.isDigit(first),
        let date = DateText.reading(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
      {
        return .date(date)
      }
      return .text
    }
    let length = end - start
    if length == 4 || length == 5 {
      // Any case, without an allocation: the letters' low-cased bytes packed in a word.
      var word: UInt64 = 0
      for index in start..<end { word = word << 8 | UInt64(bytes[index] | 0x20) }
      if length == 4, word == 0x74_72_75_65 { return .boolean(true) }
      if length == 5, word == 0x66_61_6C_73_65 { return .boolean(false) }
    }
    if let date = DateText.reading(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
      return .date(date)
    }
    return .text
  }
}
