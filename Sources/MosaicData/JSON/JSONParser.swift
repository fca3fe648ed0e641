/// A strict JSON parser (RFC 8259) over UTF-8 bytes that reports the byte offset of each error.
///
/// Foundation's `JSONSerialization` loses object key order, which decides the field order, so
/// Mosaic parses JSON itself.
struct JSONParser {
  /// A parse failure at a byte offset.
  struct Failure: Error {
    let offset: Int
    let reason: String
  }

  private let bytes: UnsafeRawBufferPointer
  private(set) var position: Int
  private let end: Int
  private static let maxDepth = 512

  /// Parses bytes in `range` of `bytes`.
  init(bytes: UnsafeRawBufferPointer, range: Range<Int>) {
    self.bytes = bytes
    position = range.lowerBound
    end = range.upperBound
  }

  /// Parses one complete value followed only by whitespace.
  mutating func parseDocument() throws -> JSONValue {
    let value = try parseValue(depth: 0)
    skipWhitespace()
    if position < end {
      throw Failure(
        offset: position, reason: "unexpected \(describe(position)) after the JSON value")
    }
    return value
  }

  /// Skips spaces, tabs, carriage returns and newlines.
  mutating func skipWhitespace() {
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// The byte at the current position after whitespace, or nil at the end.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < end ? bytes[position] : nil
  }

  /// Consumes `byte` (after whitespace) or fails with `expected`.
  mutating func expect(_ byte: UInt8, _ expected: String) throws {
    guard peek() == byte else {
      throw Failure(offset: position, reason: "expected \(expected)")
    }
    position += 1
  }

  /// Parses any value.
  mutating func parseValue(depth: Int) throws -> JSONValue {
    guard let byte = peek() else {
      throw Failure(offset: position, reason: "unexpected end of file, expected a value")
    }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw Failure(offset: position, reason: "unexpected \(describe(position)), expected a value")
    }
  }

  private mutating func parseObject(depth: Int) throws -> JSONValue {
    if depth > Self.maxDepth { throw Failure(offset: position, reason: "nested too deeply") }
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    if peek() == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw Failure(offset: position, reason: "expected a string key")
      }
      let key = try parseString()
      try expect(UInt8(ascii: ":"), "':'")
      let value = try parseValue(depth: depth)
      members.append((key, value))
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      default: throw Failure(offset: position, reason: "expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws -> JSONValue {
    if depth > Self.maxDepth { throw Failure(offset: position, reason: "nested too deeply") }
    position += 1
    var items: [JSONValue] = []
    if peek() == UInt8(ascii: "]") {
      position += 1
      return .array(items)
    }
    while true {
      items.append(try parseValue(depth: depth))
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(items)
      default: throw Failure(offset: position, reason: "expected ',' or ']'")
      }
    }
  }

  /// Parses the elements of an array starting at the current `[`, handing each element's start
  /// offset and value to `body` (so callers can report which element is wrong).
  mutating func parseArrayElements(_ body: (Int, JSONValue) throws -> Void) throws {
    try forEachElement { parser, offset in try body(offset, try parser.parseValue(depth: 1)) }
  }

  /// Walks the array at the current `[`; `body` gets each element's start offset and must
  /// consume exactly that element.
  mutating func forEachElement(_ body: (inout JSONParser, Int) throws -> Void) throws {
    try expect(UInt8(ascii: "["), "'['")
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      _ = peek()
      try body(&self, position)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      default: throw Failure(offset: position, reason: "expected ',' or ']'")
      }
    }
  }

  /// Walks the object at the current `{`; `body` gets each key and its value's start offset and
  /// must consume exactly that value.
  mutating func forEachMember(_ body: (inout JSONParser, String, Int) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), "'{'")
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw Failure(offset: position, reason: "expected a string key")
      }
      let key = try parseString()
      try expect(UInt8(ascii: ":"), "':'")
      _ = peek()
      try body(&self, key, position)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default: throw Failure(offset: position, reason: "expected ',' or '}'")
      }
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
    let start = position
    for expected in word.utf8 {
      guard position < end, bytes[position] == expected else {
        throw Failure(offset: start, reason: "expected '\(word)'")
      }
      position += 1
    }
    return value
  }

  private mutating func parseNumber() throws -> JSONValue {
    .number(string(try scanNumber()))
  }

  /// Consumes a number and returns its bytes.
  private mutating func scanNumber() throws -> Range<Int> {
    let start = position
    func digits() -> Int {
      let from = position
      while position < end, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
      return position - from
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < end, bytes[position] >= 0x30, bytes[position] <= 0x39 else {
      throw Failure(offset: position, reason: "invalid number")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      _ = digits()
    }
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      if digits() == 0 { throw Failure(offset: position, reason: "invalid number") }
    }
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      if digits() == 0 { throw Failure(offset: position, reason: "invalid number") }
    }
    return start..<position
  }

  /// Checks one complete value followed only by whitespace without building it, calling `key`
  /// with each key of a top-level object. Returns whether the value is an object.
  ///
  /// Indexing a million JSON Lines this way allocates nothing but the keys.
  mutating func validateDocument(key: (String) -> Void) throws -> Bool {
    var isObject = false
    if peek() == UInt8(ascii: "{") {
      isObject = true
      position += 1
      if peek() == UInt8(ascii: "}") {
        position += 1
      } else {
        while true {
          guard peek() == UInt8(ascii: "\"") else {
            throw Failure(offset: position, reason: "expected a string key")
          }
          key(try parseString())
          try expect(UInt8(ascii: ":"), "':'")
          try skipValue(depth: 1)
          let next = peek()
          if next == UInt8(ascii: ",") {
            position += 1
          } else if next == UInt8(ascii: "}") {
            position += 1
            break
          } else {
            throw Failure(offset: position, reason: "expected ',' or '}'")
          }
        }
      }
    } else {
      try skipValue(depth: 0)
    }
    skipWhitespace()
    if position < end {
      throw Failure(
        offset: position, reason: "unexpected \(describe(position)) after the JSON value")
    }
    return isObject
  }

  /// The value of `key` in the object at the current position, building only that value; nil
  /// when the object lacks the key or the value is not an object.
  mutating func topLevelMember(_ key: String) throws -> JSONValue? {
    guard peek() == UInt8(ascii: "{") else { return nil }
    position += 1
    if peek() == UInt8(ascii: "}") { return nil }
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw Failure(offset: position, reason: "expected a string key")
      }
      let name = try parseString()
      try expect(UInt8(ascii: ":"), "':'")
      if name == key { return try parseValue(depth: 1) }
      try skipValue(depth: 1)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"): return nil
      default: throw Failure(offset: position, reason: "expected ',' or '}'")
      }
    }
  }

  /// Consumes any value without building it.
  private mutating func skipValue(depth: Int) throws {
    guard let byte = peek() else {
      throw Failure(offset: position, reason: "unexpected end of file, expected a value")
    }
    if depth > Self.maxDepth { throw Failure(offset: position, reason: "nested too deeply") }
    switch byte {
    case UInt8(ascii: "{"):
      position += 1
      if peek() == UInt8(ascii: "}") {
        position += 1
        return
      }
      while true {
        guard peek() == UInt8(ascii: "\"") else {
          throw Failure(offset: position, reason: "expected a string key")
        }
        try skipString()
        try expect(UInt8(ascii: ":"), "':'")
        try skipValue(depth: depth + 1)
        switch peek() {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "}"):
          position += 1
          return
        default: throw Failure(offset: position, reason: "expected ',' or '}'")
        }
      }
    case UInt8(ascii: "["):
      position += 1
      if peek() == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        try skipValue(depth: depth + 1)
        switch peek() {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "]"):
          position += 1
          return
        default: throw Failure(offset: position, reason: "expected ',' or ']'")
        }
      }
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "t"): _ = try parseLiteral("true", .null)
    case UInt8(ascii: "f"): _ = try parseLiteral("false", .null)
    case UInt8(ascii: "n"): _ = try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
    default:
      throw Failure(offset: position, reason: "unexpected \(describe(position)), expected a value")
    }
  }

  /// Consumes a string literal at the current `"`, checking its escapes.
  private mutating func skipString() throws {
    let open = position
    position += 1
    while position < end {
      let b = bytes[position]
      if b == UInt8(ascii: "\"") {
        position += 1
        return
      }
      if b < 0x20 { throw Failure(offset: position, reason: "control character in string") }
      if b == UInt8(ascii: "\\") {
        guard position + 1 < end else { break }
        let escape = bytes[position + 1]
        position += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          break
        case UInt8(ascii: "u"): _ = try hex4()
        default:
          throw Failure(offset: position - 2, reason: "invalid escape '\\\(describeByte(escape))'")
        }
        continue
      }
      position += 1
    }
    throw Failure(offset: open, reason: "unterminated string")
  }

  /// Parses a string literal at the current `"`.
  mutating func parseString() throws -> String {
    let open = position
    position += 1
    let start = position
    // Fast path: no escapes.
    while position < end {
      let b = bytes[position]
      if b == UInt8(ascii: "\"") {
        position += 1
        return string(start..<position - 1)
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw Failure(offset: position, reason: "control character in string") }
      position += 1
    }
    var out = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
    while position < end {
      let b = bytes[position]
      if b == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 { throw Failure(offset: position, reason: "control character in string") }
      if b != UInt8(ascii: "\\") {
        out.append(b)
        position += 1
        continue
      }
      guard position + 1 < end else { break }
      let escape = bytes[position + 1]
      position += 2
      switch escape {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar), position + 1 < end,
          bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
          position += 2
          let low = try hex4()
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            scalar = 0xFFFD
          }
        }
        let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        out.append(contentsOf: String(value).utf8)
      default:
        throw Failure(offset: position - 2, reason: "invalid escape '\\\(describeByte(escape))'")
      }
    }
    throw Failure(offset: open, reason: "unterminated string")
  }

  private mutating func hex4() throws -> UInt32 {
    guard position + 4 <= end else {
      throw Failure(offset: position, reason: "invalid \\u escape")
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[position]
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      default: throw Failure(offset: position, reason: "invalid \\u escape")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private func describe(_ offset: Int) -> String {
    offset < end ? "'\(describeByte(bytes[offset]))'" : "end of file"
  }

  private func describeByte(_ b: UInt8) -> String {
    if b >= 0x20 && b < 0x7F { return String(UnicodeScalar(b)) }
    return "\\u{\(String(b, radix: 16))}"
  }
}
