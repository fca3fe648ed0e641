import MosaicJSON

/// A JSON data file's failure at a byte offset: a syntax error in the data layer's wording, or a
/// value of the wrong shape.
struct JSONFailure: Error {
  /// The byte offset the message is about.
  let offset: Int
  /// The message, e.g. "expected ',' or '}'".
  let reason: String

  init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  /// Words a syntax error as the data layer always has (terser than `mosaic layout`, and a
  /// leading zero reads as a missing separator); `end` is the end of the parsed range.
  init(_ error: JSONSyntaxError, end: Int) {
    var offset = error.offset
    let reason: String
    switch error.problem {
    case .textAfterValue(let found):
      reason = "unexpected \(Self.describe(found)) after the JSON value"
    case .expectedValue(nil): reason = "unexpected end of file, expected a value"
    case .expectedValue(let found?): reason = "unexpected \(Self.describe(found)), expected a value"
    case .expectedLiteral(let word): reason = "expected '\(word)'"
    case .expectedKey: reason = "expected a string key"
    case .expectedColon: reason = "expected ':'"
    case .expectedCommaOrBrace, .leadingZero(_, .object): reason = "expected ',' or '}'"
    case .expectedCommaOrBracket, .leadingZero(_, .array): reason = "expected ',' or ']'"
    case .leadingZero(let digit, .document):
      reason = "unexpected \(Self.describe(digit)) after the JSON value"
    case .nestedTooDeeply: reason = "nested too deeply"
    case .expectedDigit: reason = "invalid number"
    case .unterminatedString(let opening):
      offset = opening
      reason = "unterminated string"
    case .controlCharacter: reason = "control character in string"
    case .invalidEscape(let escape):
      offset -= 1
      reason = "invalid escape '\\\(Self.describeByte(escape))'"
    case .invalidUnicodeEscape(let digits):
      if digits + 4 > end { offset = digits }
      reason = "invalid \\u escape"
    case .loneSurrogate, .invalidUTF8: reason = error.reason
    }
    self.init(offset: offset, reason: reason)
  }

  private static func describe(_ byte: UInt8) -> String {
    "'\(describeByte(byte))'"
  }

  private static func describeByte(_ b: UInt8) -> String {
    if b >= 0x20 && b < 0x7F { return String(UnicodeScalar(b)) }
    return "\\u{\(String(b, radix: 16))}"
  }
}
