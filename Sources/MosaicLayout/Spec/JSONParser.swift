/// A strict RFC 8259 JSON parser that reports the line and column of the first error.
///
/// It exists because the spec format is public API: Foundation's
/// `JSONSerialization` on Linux accepts trailing commas, reports only a
/// character offset, and cannot tell `true` from `1`.
///
/// - Complexity: O(n) in the length of the text.
struct JSONParser {
  /// How deeply arrays and objects may nest before the parser gives up, so
  /// hostile input cannot overflow the stack.
  static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  /// The index of the first byte of the current line, for the column.
  private var lineStart = 0
  private var depth = 0

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses one JSON document: a value surrounded by optional whitespace (a UTF-8 byte order mark is skipped).
  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.lineStart = 3
    }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else {
      throw error("expected a JSON value, found the end of the input")
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("expected a JSON value, found \(describeCurrent())")
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let start = index
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        // Point at the word, not at the letter where it went wrong.
        index = start
        throw error("expected the literal \(word)")
      }
      index += 1
    }
    return value
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    index += 1  // {
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        throw error("expected a string key in double quotes, found \(describeCurrent())")
      }
      let key = try parseString()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else {
        throw error("expected ':' after an object key, found \(describeCurrent())")
      }
      index += 1
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      if peek(UInt8(ascii: "}")) {
        index += 1
        depth -= 1
        return .object(members)
      }
      throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      if peek(UInt8(ascii: "]")) {
        index += 1
        depth -= 1
        return .array(elements)
      }
      throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
    }
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw error("arrays and objects nest more than \(Self.maximumDepth) deep")
    }
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw error("expected a digit, found \(describeCurrent())")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw error("a number must not have a leading zero")
      }
    } else {
      skipDigits()
    }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("expected a digit after the decimal point, found \(describeCurrent())")
      }
      skipDigits()
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("expected a digit in the exponent, found \(describeCurrent())")
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // The grammar above is a subset of what Double(_:) accepts; a literal out of
    // range comes back infinite, which validation then names by its key.
    guard let value = Double(text) else {
      index = start
      throw error("malformed number")
    }
    return .number(value)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  // MARK: Strings

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    while true {
      guard index < bytes.count else {
        throw error("unterminated string, found the end of the input")
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        scalars.append(try parseEscape())
      case 0..<0x20:
        throw error("a control character must be escaped inside a string")
      case 0..<0x80:
        scalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        scalars.append(try decodeUTF8Scalar())
      }
    }
  }

  private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    guard index < bytes.count else {
      throw error("unterminated string, found the end of the input")
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHex4()
      if (0xD800..<0xDC00).contains(first) {
        // A high surrogate must be followed by an escaped low surrogate.
        guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("a high surrogate escape must be followed by a low surrogate escape") }
        index += 2
        let second = try parseHex4()
        guard (0xDC00..<0xE000).contains(second) else {
          throw error("a high surrogate escape must be followed by a low surrogate escape")
        }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw error("a lone low surrogate escape is not a character")
      }
      return scalar
    default:
      index -= 1
      throw error("invalid escape '\\\(describeByte(byte))' in a string")
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw error("expected four hexadecimal digits after '\\u'")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// Decodes one multi-byte UTF-8 sequence starting at `index`, rejecting malformed input.
  private mutating func decodeUTF8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: throw error("invalid UTF-8")
    }
    guard index + length <= bytes.count else { throw error("invalid UTF-8") }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { throw error("invalid UTF-8") }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw error("invalid UTF-8")
    }
    index += length
    return scalar
  }

  // MARK: Whitespace and positions

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }

  private func peek(_ byte: UInt8) -> Bool {
    index < bytes.count && bytes[index] == byte
  }

  /// The current character, quoted, or "the end of the input".
  private func describeCurrent() -> String {
    guard index < bytes.count else { return "the end of the input" }
    return "'\(describeByte(bytes[index]))'"
  }

  private func describeByte(_ byte: UInt8) -> String {
    switch byte {
    case 0x20..<0x7F: return String(UnicodeScalar(byte))
    default:
      let hex = String(byte, radix: 16, uppercase: true)
      return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }
  }

  private func error(_ reason: String) -> JSONSyntaxError {
    // The column counts scalars, not bytes: skip UTF-8 continuation bytes.
    let end = min(index, bytes.count)
    let column = bytes[lineStart..<max(lineStart, end)].reduce(1) { count, byte in
      byte & 0xC0 == 0x80 ? count : count + 1
    }
    return JSONSyntaxError(line: line, column: column, reason: reason)
  }
}
