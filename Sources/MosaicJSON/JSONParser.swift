/// A strict RFC 8259 JSON parser over UTF-8 bytes that keeps key order and numbers as written,
/// limits nesting, and reports each error's byte offset, line and column.
///
/// It exists because Foundation's `JSONSerialization` loses key order (which decides a data
/// file's field order), cannot tell `true` from `1`, accepts trailing commas on Linux, and
/// reports only a character offset. Besides building values, it can walk arrays and objects
/// element by element and validate a document without building it, which is how a million JSON
/// Lines are indexed. No UIKit counterpart.
///
/// - Complexity: O(n) in the length of the text.
public struct JSONParser {
  /// How deeply arrays and objects may nest before the parser gives up, so hostile input cannot
  /// overflow the stack.
  public static let maximumDepth = 512

  private let bytes: UnsafeRawBufferPointer
  /// The offset of the next byte to read.
  public private(set) var position: Int
  private let start: Int
  private let end: Int
  private let strictUnicode: Bool
  private var depth = 0
  private var container = JSONSyntaxError.Container.document

  /// Parses the bytes in `range` of `bytes`.
  ///
  /// With `strictUnicode`, strings must be valid UTF-8 and surrogate escapes must pair up;
  /// without it, both are repaired to U+FFFD, which is what a data browser wants.
  public init(bytes: UnsafeRawBufferPointer, range: Range<Int>, strictUnicode: Bool = false) {
    self.bytes = bytes
    position = range.lowerBound
    start = range.lowerBound
    end = range.upperBound
    self.strictUnicode = strictUnicode
  }

  /// Parses one strict JSON document: a value surrounded by optional whitespace, after an
  /// optional UTF-8 byte order mark.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBytes { buffer in
      let first = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      var parser = JSONParser(bytes: buffer, range: first..<buffer.count, strictUnicode: true)
      do throws(JSONSyntaxError) {
        return .success(try parser.parseDocument())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: Documents

  /// Parses one complete value followed only by whitespace.
  public mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    let value = try parseValue()
    try finishDocument()
    return value
  }

  /// Checks one complete value followed only by whitespace without building it, calling `key`
  /// with each key of a top-level object. Returns whether the value is an object.
  ///
  /// Indexing a million JSON Lines this way allocates nothing but the keys.
  @inlinable  // so the per-key closure is specialized in the client (JSON Lines indexing)
  public mutating func validateDocument(key: (String) -> Void) throws(JSONSyntaxError) -> Bool {
    let isObject = try validateValue(key: key)
    try finishDocument()
    return isObject
  }

  /// Checks one complete value at the current position without building it, calling `key` with
  /// each key of an object at the top; stops right after the value. Returns whether the value
  /// is an object.
  ///
  /// How the elements of a large JSON array are indexed one by one.
  @inlinable  // so the per-key closure is specialized in the client (JSON array indexing)
  public mutating func validateValue(key: (String) -> Void) throws(JSONSyntaxError) -> Bool {
    guard peek() == UInt8(ascii: "{") else {
      try skipValue()
      return false
    }
    let outer = try enter(.object)
    if !skip(UInt8(ascii: "}")) {
      repeat {
        key(try parseKey())
        try skipValue()
      } while try !endOfMember()
    }
    leave(outer)
    return true
  }

  /// The value of `key` in the object at the current position, building only that value; nil
  /// when the object lacks the key or the value is not an object.
  public mutating func topLevelMember(_ key: String) throws(JSONSyntaxError) -> JSONValue? {
    guard peek() == UInt8(ascii: "{") else { return nil }
    _ = try enter(.object)
    if peek() == UInt8(ascii: "}") { return nil }
    while true {
      if try parseKey() == key { return try parseValue() }
      try skipValue()
      if try endOfMember() { return nil }
    }
  }

  /// Fails unless only whitespace is left.
  @usableFromInline
  internal mutating func finishDocument() throws(JSONSyntaxError) {
    skipWhitespace()
    if position < end { throw failure(.textAfterValue(found: bytes[position])) }
  }

  // MARK: Walking containers

  /// Parses the elements of the array at the current `[`, handing each element's start offset
  /// and value to `body` (so callers can report which element is wrong).
  public mutating func parseArrayElements(_ body: (Int, JSONValue) throws -> Void) throws {
    try forEachElement { parser, offset in try body(offset, try parser.parseValue()) }
  }

  /// Walks the array at the current `[` (the caller has checked it is there); `body` gets each
  /// element's start offset and must consume exactly that element.
  public mutating func forEachElement(_ body: (inout JSONParser, Int) throws -> Void) throws {
    guard peek() == UInt8(ascii: "[") else { throw failure(.expectedValue(found: current)) }
    let outer = try enter(.array)
    if peek() != UInt8(ascii: "]") {
      repeat {
        _ = peek()
        try body(&self, position)
      } while try !endOfElement()
    } else {
      position += 1
    }
    leave(outer)
  }

  /// Walks the object at the current `{` (the caller has checked it is there); `body` gets each
  /// key and its value's start offset and must consume exactly that value.
  public mutating func forEachMember(_ body: (inout JSONParser, String, Int) throws -> Void)
    throws
  {
    guard peek() == UInt8(ascii: "{") else { throw failure(.expectedValue(found: current)) }
    let outer = try enter(.object)
    if peek() != UInt8(ascii: "}") {
      repeat {
        let key = try parseKey()
        _ = peek()
        try body(&self, key, position)
      } while try !endOfMember()
    } else {
      position += 1
    }
    leave(outer)
  }

  // MARK: Values

  /// Parses any value.
  public mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = peek() else { throw failure(.expectedValue(found: nil)) }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(JSONNumber(text: string(try scanNumber())))
    default: throw failure(.expectedValue(found: byte))
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    let outer = try enter(.object)
    var members: [(key: String, value: JSONValue)] = []
    if peek() == UInt8(ascii: "}") {
      position += 1
    } else {
      repeat {
        let key = try parseKey()
        members.append((key, try parseValue()))
      } while try !endOfMember()
    }
    leave(outer)
    return .object(members)
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    let outer = try enter(.array)
    var items: [JSONValue] = []
    if peek() == UInt8(ascii: "]") {
      position += 1
    } else {
      repeat {
        items.append(try parseValue())
      } while try !endOfElement()
    }
    leave(outer)
    return .array(items)
  }

  /// Consumes any value without building it.
  public mutating func skipValue() throws(JSONSyntaxError) {
    guard let byte = peek() else { throw failure(.expectedValue(found: nil)) }
    switch byte {
    case UInt8(ascii: "{"):
      let outer = try enter(.object)
      if peek() == UInt8(ascii: "}") {
        position += 1
      } else {
        repeat {
          guard peek() == UInt8(ascii: "\"") else { throw failure(.expectedKey(found: current)) }
          try skipString()
          try expectColon()
          try skipValue()
        } while try !endOfMember()
      }
      leave(outer)
    case UInt8(ascii: "["):
      let outer = try enter(.array)
      if peek() == UInt8(ascii: "]") {
        position += 1
      } else {
        repeat {
          try skipValue()
        } while try !endOfElement()
      }
      leave(outer)
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "t"): _ = try parseLiteral("true", .null)
    case UInt8(ascii: "f"): _ = try parseLiteral("false", .null)
    case UInt8(ascii: "n"): _ = try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
    default: throw failure(.expectedValue(found: byte))
    }
  }

  // MARK: Containers

  /// Steps over the opening bracket at the current position, one level deeper; returns the
  /// enclosing container for `leave`.
  @inline(__always)
  @usableFromInline
  internal mutating func enter(_ kind: JSONSyntaxError.Container) throws(JSONSyntaxError)
    -> JSONSyntaxError.Container
  {
    depth += 1
    if depth > Self.maximumDepth { throw failure(.nestedTooDeeply) }
    position += 1
    let outer = container
    container = kind
    return outer
  }

  @inline(__always)
  @usableFromInline
  internal mutating func leave(_ outer: JSONSyntaxError.Container) {
    depth -= 1
    container = outer
  }

  /// Consumes `byte` if it is next after whitespace; whether it did.
  @usableFromInline
  internal mutating func skip(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    position += 1
    return true
  }

  /// Parses `"key" :` at the current position.
  @inline(__always)
  @usableFromInline
  internal mutating func parseKey() throws(JSONSyntaxError) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw failure(.expectedKey(found: current)) }
    let key = try parseString()
    try expectColon()
    return key
  }

  @inline(__always)
  private mutating func expectColon() throws(JSONSyntaxError) {
    guard peek() == UInt8(ascii: ":") else { throw failure(.expectedColon(found: current)) }
    position += 1
  }

  /// Consumes the `,` or `}` after an object member; true at the `}`.
  @inline(__always)
  @usableFromInline
  internal mutating func endOfMember() throws(JSONSyntaxError) -> Bool {
    switch peek() {
    case UInt8(ascii: ","):
      position += 1
      return false
    case UInt8(ascii: "}"):
      position += 1
      return true
    default: throw failure(.expectedCommaOrBrace(found: current))
    }
  }

  /// Consumes the `,` or `]` after an array element; true at the `]`.
  @inline(__always)
  private mutating func endOfElement() throws(JSONSyntaxError) -> Bool {
    switch peek() {
    case UInt8(ascii: ","):
      position += 1
      return false
    case UInt8(ascii: "]"):
      position += 1
      return true
    default: throw failure(.expectedCommaOrBracket(found: current))
    }
  }

  // MARK: Scalars

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let first = position
    for expected in word.utf8 {
      guard position < end, bytes[position] == expected else {
        // Point at the word, not at the letter where it went wrong.
        throw failure(.expectedLiteral(word), at: first)
      }
      position += 1
    }
    return value
  }

  /// Consumes a number and returns its bytes.
  private mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
    let first = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < end, isDigit(bytes[position]) else {
      throw failure(.expectedDigit(found: current, in: .integer))
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < end, isDigit(bytes[position]) {
        throw failure(.leadingZero(digit: bytes[position], in: container))
      }
    } else {
      skipDigits()
    }
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      if !skipDigits() { throw failure(.expectedDigit(found: current, in: .fraction)) }
    }
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      if !skipDigits() { throw failure(.expectedDigit(found: current, in: .exponent)) }
    }
    return first..<position
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Skips digits; false when there were none.
  @discardableResult
  private mutating func skipDigits() -> Bool {
    let first = position
    while position < end, isDigit(bytes[position]) { position += 1 }
    return position > first
  }

  // MARK: Strings

  /// Parses a string literal at the current `"`.
  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let open = position
    position += 1
    let first = position
    // Fast path: no escapes.
    while true {
      skipPlainBytes()
      guard position < end else { break }
      let b = bytes[position]
      if b == UInt8(ascii: "\"") {
        position += 1
        return string(first..<position - 1)
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw failure(.controlCharacter) }
      position += try scalarLength()
    }
    var out = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[first..<position]))
    while position < end {
      let b = bytes[position]
      if b == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 { throw failure(.controlCharacter) }
      if b != UInt8(ascii: "\\") {
        let length = b >= 0x80 && strictUnicode ? try scalarLength() : 1
        out.append(
          contentsOf: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]))
        position += length
        continue
      }
      guard position + 1 < end else { break }
      position += 1
      let escape = bytes[position]
      position += 1
      if let byte = JSONEscape.byte(for: escape) {
        out.append(byte)
        continue
      }
      switch escape {
      case UInt8(ascii: "u"):
        let value = Unicode.Scalar(try unicodeEscape()) ?? "\u{FFFD}"
        out.append(contentsOf: String(value).utf8)
      default:
        throw failure(.invalidEscape(escape), at: position - 1)
      }
    }
    throw failure(.unterminatedString(opening: open), at: end)
  }

  /// Consumes a string literal at the current `"`, checking its escapes.
  private mutating func skipString() throws(JSONSyntaxError) {
    let open = position
    position += 1
    while true {
      skipPlainBytes()
      guard position < end else { break }
      let b = bytes[position]
      if b == UInt8(ascii: "\"") {
        position += 1
        return
      }
      if b < 0x20 { throw failure(.controlCharacter) }
      if b == UInt8(ascii: "\\") {
        guard position + 1 < end else { break }
        let escape = bytes[position + 1]
        position += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          break
        case UInt8(ascii: "u"): _ = try unicodeEscape()
        default: throw failure(.invalidEscape(escape), at: position - 1)
        }
        continue
      }
      position += try scalarLength()
    }
    throw failure(.unterminatedString(opening: open), at: end)
  }

  /// Steps over string bytes that need no attention: anything but a quote, a backslash, a
  /// control character, or (when strict) a non-ASCII byte. A local index keeps this, the
  /// hottest loop of indexing, in registers.
  @inline(__always)
  private mutating func skipPlainBytes() {
    var i = position
    let end = self.end
    // Two loops rather than one test of the flag per byte, which the optimizer turns into a
    // branch-free chain that is slower on mostly plain text.
    if strictUnicode {
      while i < end {
        let b = bytes[i]
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
        i += 1
      }
    } else {
      while i < end {
        let b = bytes[i]
        if b == UInt8(ascii: "\"") { break }
        if b == UInt8(ascii: "\\") { break }
        if b < 0x20 { break }
        i += 1
      }
    }
    position = i
  }

  /// The scalar of the `\u` escape whose digits start at the current position, joining a
  /// surrogate pair; a lone surrogate is an error when strict and U+FFFD otherwise.
  private mutating func unicodeEscape() throws(JSONSyntaxError) -> UInt32 {
    let first = try hex4()
    if (0xD800..<0xDC00).contains(first) {
      guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"),
        bytes[position + 1] == UInt8(ascii: "u")
      else {
        if strictUnicode { throw failure(.loneSurrogate(high: true)) }
        return 0xFFFD
      }
      position += 2
      let second = try hex4()
      guard (0xDC00..<0xE000).contains(second) else {
        if strictUnicode { throw failure(.loneSurrogate(high: true)) }
        return 0xFFFD
      }
      return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    }
    if strictUnicode, (0xDC00..<0xE000).contains(first) {
      throw failure(.loneSurrogate(high: false))
    }
    return first
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    let digits = position
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit: UInt32
      switch position < end ? bytes[position] : 0 {
      case let b where b >= 0x30 && b <= 0x39: digit = UInt32(b - 0x30)
      case let b where b >= 0x41 && b <= 0x46: digit = UInt32(b - 0x41 + 10)
      case let b where b >= 0x61 && b <= 0x66: digit = UInt32(b - 0x61 + 10)
      default: throw failure(.invalidUnicodeEscape(digits: digits))
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  /// The length of the well-formed UTF-8 sequence at the current position.
  private func scalarLength() throws(JSONSyntaxError) -> Int {
    let lead = bytes[position]
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
    default: throw failure(.invalidUTF8)
    }
    guard position + length <= end else { throw failure(.invalidUTF8) }
    for offset in 1..<length {
      let byte = bytes[position + offset]
      guard byte & 0xC0 == 0x80 else { throw failure(.invalidUTF8) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, Unicode.Scalar(value) != nil else { throw failure(.invalidUTF8) }
    return length
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  // MARK: Whitespace and errors

  /// Skips spaces, tabs, carriage returns and newlines.
  @inline(__always)
  public mutating func skipWhitespace() {
    var i = position
    while i < end {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      default:
        position = i
        return
      }
    }
    position = i
  }

  /// The byte at the current position after whitespace, or nil at the end.
  @inline(__always)
  public mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < end ? bytes[position] : nil
  }

  /// The byte at the current position, or nil at the end.
  @inline(__always)
  private var current: UInt8? { position < end ? bytes[position] : nil }

  /// An error at `offset` (the current position by default), with its line and column counted
  /// from the start of the range; only failures pay for counting.
  @inline(never)
  private func failure(_ problem: JSONSyntaxError.Problem, at offset: Int? = nil)
    -> JSONSyntaxError
  {
    let at = min(offset ?? position, end)
    var line = 1
    var lineStart = start
    var column = 1
    for i in start..<at {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
    }
    // The column counts scalars, not bytes: skip UTF-8 continuation bytes.
    for i in lineStart..<max(lineStart, at) where bytes[i] & 0xC0 != 0x80 { column += 1 }
    return JSONSyntaxError(offset: at, line: line, column: column, problem: problem)
  }
}
