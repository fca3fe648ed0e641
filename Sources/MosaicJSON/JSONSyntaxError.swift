/// Where and why a text failed to parse as JSON.
///
/// Lines and columns count from 1; a column counts Unicode scalars, so it
/// matches what an editor shows for UTF-8 text. The `problem` is structured so
/// that a client can word it its own way (the data layer keeps its historical
/// messages); `reason` is the standard wording. No UIKit counterpart.
public struct JSONSyntaxError: Error, Hashable, Sendable {
  /// Which container a value sits in, for clients that word an error by context.
  public enum Container: Hashable, Sendable {
    /// The top level of the document.
    case document
    /// An array element.
    case array
    /// An object member's value.
    case object
  }

  /// The part of a number where a digit was missing.
  public enum NumberPart: Hashable, Sendable {
    /// The integer part, after an optional minus sign.
    case integer
    /// After the decimal point.
    case fraction
    /// After `e` or `E` and an optional sign.
    case exponent
  }

  /// What went wrong; `found` is the offending byte, nil at the end of the input.
  public enum Problem: Hashable, Sendable {
    /// Text follows the document's value.
    case textAfterValue(found: UInt8)
    /// A value was expected.
    case expectedValue(found: UInt8?)
    /// A literal (`true`, `false`, `null`) was misspelt; the error points at its start.
    case expectedLiteral(String)
    /// An object key was expected.
    case expectedKey(found: UInt8?)
    /// A colon was expected after an object key.
    case expectedColon(found: UInt8?)
    /// A comma or `}` was expected after an object member.
    case expectedCommaOrBrace(found: UInt8?)
    /// A comma or `]` was expected after an array element.
    case expectedCommaOrBracket(found: UInt8?)
    /// Arrays and objects nest deeper than `JSONParser.maximumDepth`.
    case nestedTooDeeply
    /// A digit was missing in a number.
    case expectedDigit(found: UInt8?, in: NumberPart)
    /// A number such as `01` has a leading zero; the error points at the second digit.
    case leadingZero(digit: UInt8, in: Container)
    /// The input ended inside a string that opened at byte offset `opening`.
    case unterminatedString(opening: Int)
    /// A raw control character sits inside a string.
    case controlCharacter
    /// A backslash is followed by `escape`, which is not an escape; the error points at `escape`.
    case invalidEscape(UInt8)
    /// `\u` is not followed by four hexadecimal digits; they start at byte offset `digits`.
    case invalidUnicodeEscape(digits: Int)
    /// A `\u` surrogate escape has no partner (strict Unicode only).
    case loneSurrogate(high: Bool)
    /// A string holds bytes that are not UTF-8 (strict Unicode only).
    case invalidUTF8
  }

  /// The byte offset of the offending character in the parsed buffer.
  public var offset: Int
  /// The line of the offending character, from the start of the parsed range.
  public var line: Int
  /// The column of the offending character.
  public var column: Int
  /// What was wrong there.
  public var problem: Problem

  /// Creates an error; parsers fill in all four.
  public init(offset: Int, line: Int, column: Int, problem: Problem) {
    self.offset = offset
    self.line = line
    self.column = column
    self.problem = problem
  }

  /// The problem in words, e.g. "expected ',' or '}' after an object member, found '\"'".
  public var reason: String {
    switch problem {
    case .textAfterValue(let found):
      return "unexpected \(Self.describe(found)) after the JSON value"
    case .expectedValue(let found): return "expected a JSON value, found \(Self.describe(found))"
    case .expectedLiteral(let word): return "expected the literal \(word)"
    case .expectedKey(let found):
      return "expected a string key in double quotes, found \(Self.describe(found))"
    case .expectedColon(let found):
      return "expected ':' after an object key, found \(Self.describe(found))"
    case .expectedCommaOrBrace(let found):
      return "expected ',' or '}' after an object member, found \(Self.describe(found))"
    case .expectedCommaOrBracket(let found):
      return "expected ',' or ']' after an array element, found \(Self.describe(found))"
    case .nestedTooDeeply:
      return "arrays and objects nest more than \(JSONParser.maximumDepth) deep"
    case .expectedDigit(let found, .integer):
      return "expected a digit, found \(Self.describe(found))"
    case .expectedDigit(let found, .fraction):
      return "expected a digit after the decimal point, found \(Self.describe(found))"
    case .expectedDigit(let found, .exponent):
      return "expected a digit in the exponent, found \(Self.describe(found))"
    case .leadingZero: return "a number must not have a leading zero"
    case .unterminatedString: return "unterminated string, found the end of the input"
    case .controlCharacter: return "a control character must be escaped inside a string"
    case .invalidEscape(let byte):
      return "invalid escape '\\\(Self.describeByte(byte))' in a string"
    case .invalidUnicodeEscape: return "expected four hexadecimal digits after '\\u'"
    case .loneSurrogate(high: true):
      return "a high surrogate escape must be followed by a low surrogate escape"
    case .loneSurrogate(high: false): return "a lone low surrogate escape is not a character"
    case .invalidUTF8: return "invalid UTF-8"
    }
  }

  /// The byte, quoted, or "the end of the input".
  static func describe(_ byte: UInt8?) -> String {
    guard let byte else { return "the end of the input" }
    return "'\(describeByte(byte))'"
  }

  /// A printable ASCII byte as itself, any other as `\xHH`.
  static func describeByte(_ byte: UInt8) -> String {
    switch byte {
    case 0x20..<0x7F: return String(UnicodeScalar(byte))
    default:
      let hex = String(byte, radix: 16, uppercase: true)
      return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }
  }
}
