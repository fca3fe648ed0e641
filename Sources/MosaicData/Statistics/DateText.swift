/// Dates and date-times written in the common forms, read as seconds since 1970-01-01 UTC so
/// that they sort and compare as instants: ISO 8601 (`2000-01-01`, `2000-01-01T10:00:00Z`,
/// `2000-01-01T10:00:00.5+02:00`), the same with a space (`2000-01-01 10:00`), slashes
/// (`2000/01/31`), and month names (`Jan 1 2000`, `Jan 1, 2000`, `January 1, 2000`,
/// `1 Jan 2000`), each optionally followed by a time.
///
/// No UIKit counterpart (Foundation's `ISO8601DateFormatter` and `DateFormatter` read one
/// pattern each, hundreds of times slower per value: this reads any of these forms in one pass
/// over the bytes). A time without an offset is read as UTC: the values only have to order
/// among themselves. Day-first and month-first numeric forms (`01/02/2000`) are ambiguous and
/// are not dates.
public enum DateText {
  /// A value read as a date: the instant, and whether a time of day was written.
  public struct Reading: Equatable, Sendable {
    /// Seconds since 1970-01-01 00:00 UTC.
    public var seconds: Double
    /// Whether the text gave a time of day (a date-time), not only a date.
    public var hasTime: Bool
  }

  /// The months' abbreviations and names, each as `code(of:)` packs it, by month.
  private static let monthCodes: [(short: UInt64, long: UInt64)] = zip(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
    [
      "january", "february", "march", "april", "may", "june", "july", "august", "september",
      "october", "november", "december",
    ]
  ).map { (code(of: $0.0), code(of: $0.1)) }
  private static let september = code(of: "sept")

  /// Up to 12 lowercase letters packed 5 bits each: a word compared without an allocation.
  static func code(of word: String) -> UInt64 {
    word.utf8.reduce(0) { $0 << 5 | UInt64($1 - 0x60) }
  }

  /// `text` read as a date or date-time, or nil when it is neither.
  public static func reading(_ text: String) -> Reading? {
    var text = text
    return text.withUTF8 { reading(bytes: $0) }
  }

  /// `bytes` (UTF-8) read as a date or date-time, or nil.
  public static func reading(bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
    var scanner = Scanner(bytes: bytes)
    scanner.skipBlanks()
    guard let first = scanner.peek else { return nil }
    let date: (year: Int, month: Int, day: Int)?
    if isDigit(first) {
      date = scanner.numericOrDayFirstDate()
    } else {
      date = scanner.monthFirstDate()
    }
    guard let date, date.month >= 1, date.month <= 12, date.day >= 1,
      date.day <= daysIn(month: date.month, year: date.year)
    else { return nil }
    var seconds = Double(daysFromCivil(date.year, date.month, date.day)) * 86_400
    var hasTime = false
    if scanner.peek == UInt8(ascii: "T") || scanner.peek == UInt8(ascii: " ") {
      let mark = scanner.index
      scanner.index += 1
      scanner.skipBlanks()
      if let time = scanner.time() {
        seconds += time
        hasTime = true
      } else {
        scanner.index = mark
      }
    }
    scanner.skipBlanks()
    guard scanner.isAtEnd else { return nil }
    return Reading(seconds: seconds, hasTime: hasTime)
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Reads the bytes of one value, left to right.
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    var isAtEnd: Bool { index >= bytes.count }

    mutating func skipBlanks() {
      while let byte = peek, byte == 0x20 || byte == 0x09 { index += 1 }
    }

    /// Up to `maxDigits` digits as a number, with how many were read; nil for none.
    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
      var value = 0
      var digits = 0
      while digits < maxDigits, let byte = peek, DateText.isDigit(byte) {
        value = value * 10 + Int(byte - 0x30)
        digits += 1
        index += 1
      }
      return digits > 0 ? (value, digits) : nil
    }

    mutating func take(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      index += 1
      return true
    }

    /// A month's name or its three-letter abbreviation, any case, 1...12.
    mutating func month() -> Int? {
      var code: UInt64 = 0
      var letters = 0
      while let byte = peek, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A {
        letters += 1
        if letters > 9 { return nil }
        code = code << 5 | UInt64((byte | 0x20) - 0x60)
        index += 1
      }
      guard letters >= 3 else { return nil }
      if let found = DateText.monthCodes.firstIndex(where: { $0.short == code || $0.long == code })
      {
        return found + 1
      }
      return code == DateText.september ? 9 : nil
    }

    /// `2000-01-31`, `2000/01/31` or `31 Jan 2000`.
    mutating func numericOrDayFirstDate() -> (year: Int, month: Int, day: Int)? {
      guard let lead = number(maxDigits: 4) else { return nil }
      if lead.digits == 4 {
        guard let separator = peek, separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/")
        else { return nil }
        index += 1
        guard let month = number(maxDigits: 2), take(separator), let day = number(maxDigits: 2)
        else { return nil }
        return (lead.value, month.value, day.value)
      }
      guard lead.digits <= 2 else { return nil }
      skipBlanks()
      guard let month = month() else { return nil }
      skipBlanks()
      guard let year = number(maxDigits: 4), year.digits == 4 else { return nil }
      return (year.value, month, lead.value)
    }

    /// `Jan 1 2000`, `Jan 1, 2000`, `January 01, 2000`.
    mutating func monthFirstDate() -> (year: Int, month: Int, day: Int)? {
      guard let month = month() else { return nil }
      _ = take(UInt8(ascii: "."))
      skipBlanks()
      guard let day = number(maxDigits: 2) else { return nil }
      _ = take(UInt8(ascii: ","))
      skipBlanks()
      guard let year = number(maxDigits: 4), year.digits == 4 else { return nil }
      return (year.value, month, day.value)
    }

    /// `10:00`, `10:00:30`, `10:00:30.25`, then `Z` or an offset `+02:00` / `+0200`:
    /// seconds into the day, UTC.
    mutating func time() -> Double? {
      guard let hour = number(maxDigits: 2), hour.value < 24, take(UInt8(ascii: ":")),
        let minute = number(maxDigits: 2), minute.digits == 2, minute.value < 60
      else { return nil }
      var seconds = Double(hour.value * 3600 + minute.value * 60)
      if take(UInt8(ascii: ":")) {
        guard let second = number(maxDigits: 2), second.digits == 2, second.value <= 60 else {
          return nil
        }
        seconds += Double(second.value)
        if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
          var scale = 0.1
          var any = false
          while let byte = peek, DateText.isDigit(byte) {
            seconds += Double(byte - 0x30) * scale
            scale /= 10
            any = true
            index += 1
          }
          if !any { return nil }
        }
      }
      if take(UInt8(ascii: "Z")) { return seconds }
      if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        index += 1
        guard let hours = number(maxDigits: 2), hours.digits == 2 else { return nil }
        _ = take(UInt8(ascii: ":"))
        let minutes = number(maxDigits: 2)?.value ?? 0
        let offset = Double(hours.value * 3600 + minutes * 60)
        seconds += sign == UInt8(ascii: "+") ? -offset : offset
      }
      return seconds
    }
  }
}
