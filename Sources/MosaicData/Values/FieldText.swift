import MosaicJSON

/// The text of one field, read in pieces from the file instead of built whole: what a card reads
/// the first bytes of and the detail view wraps a piece at a time.
///
/// A position is opaque: `startPosition`, or the `next` a read returned. Each read decodes the
/// file's quoting or escapes (CSV's `""`, JSON's `\n` and `\u00e9`) for the bytes it covers only,
/// so the cost of a read is the text it returns, whatever the value's size. No UIKit counterpart.
public struct FieldText {
  /// Where the text comes from.
  enum Storage {
    /// Text already in memory (JSON documents, numbers, nested values).
    case text(String)
    /// A CSV field's raw bytes, quotes included.
    case delimited(MappedFile, Range<Int>)
    /// A JSON string literal's raw bytes, quotes included.
    case jsonString(MappedFile, Range<Int>)
    /// Text of a known size read by a function.
    case reader(Int, (Int, Int) -> String)
  }

  let storage: Storage

  /// Text already in memory.
  public init(_ text: String) { storage = .text(text) }

  /// Text of `byteCount` UTF-8 bytes that `read(position, maxBytes)` returns from byte offset
  /// `position` on, `maxBytes` bytes or so and whole characters, for sources of other kinds.
  public init(byteCount: Int, read: @escaping (_ position: Int, _ maxBytes: Int) -> String) {
    storage = .reader(byteCount, read)
  }

  init(delimited file: MappedFile, _ raw: Range<Int>) { storage = .delimited(file, raw) }

  init(jsonString file: MappedFile, _ raw: Range<Int>) { storage = .jsonString(file, raw) }

  /// Marks a CSV position as past the closing quote, where bytes are kept as they are.
  private static let verbatim = 1 << 62

  /// The position of the first byte of text.
  public var startPosition: Int {
    switch storage {
    case .text, .reader: return 0
    case .delimited(let file, let raw):
      return !raw.isEmpty && file[raw.lowerBound] == Self.quote
        ? raw.lowerBound + 1 : raw.lowerBound | Self.verbatim
    case .jsonString(_, let raw): return raw.lowerBound + 1
    }
  }

  /// Whether a read from `position` would return nothing: the text's end.
  public func isAtEnd(_ position: Int) -> Bool {
    position & ~Self.verbatim >= endOffset
  }

  /// The bytes of the value in the file (or of the text), an upper bound of its decoded size.
  public var rawCount: Int {
    switch storage {
    case .text(let s): return s.utf8.count
    case .reader(let count, _): return count
    case .delimited(_, let raw): return raw.count
    case .jsonString(_, let raw): return max(0, raw.count - 2)
    }
  }

  private var endOffset: Int {
    switch storage {
    case .text(let s): return s.utf8.count
    case .reader(let count, _): return count
    case .delimited(_, let raw): return raw.upperBound
    case .jsonString(_, let raw): return max(raw.lowerBound + 1, raw.upperBound - 1)
    }
  }

  /// Reads about `maxBytes` bytes of text from `position` (more only to finish a character's
  /// UTF-8 sequence), and the position after them.
  ///
  /// - Complexity: O(`maxBytes`).
  public func read(from position: Int, maxBytes: Int) -> (text: String, next: Int) {
    switch storage {
    case .text(let s): return Self.read(s, from: position, maxBytes: maxBytes)
    case .reader(let count, let read):
      let text = position < count ? read(position, min(maxBytes, count - position)) : ""
      return (text, position + text.utf8.count)
    case .delimited(let file, _):
      return readDelimited(file, from: position, maxBytes: maxBytes)
    case .jsonString(let file, _):
      return readJSON(file, from: position, maxBytes: maxBytes)
    }
  }

  /// The first `maxBytes` or so bytes of the text, and whether that is all of it.
  ///
  /// - Complexity: O(`maxBytes`).
  public func prefix(maxBytes: Int) -> (text: String, isComplete: Bool) {
    switch storage {
    case .text(let s) where s.utf8.count <= maxBytes: return (s, true)
    case .delimited(let file, let raw)
    where raw.count <= maxBytes && (raw.isEmpty || file[raw.lowerBound] != Self.quote):
      // An unquoted CSV field is its bytes as they are (nearly every value a table row shows):
      // decoded straight from the mapping, not copied into a buffer first.
      let bytes = UnsafeRawBufferPointer(rebasing: file.bytes[raw])
      return (String(decoding: bytes, as: UTF8.self), true)
    default: break
    }
    let piece = read(from: startPosition, maxBytes: maxBytes)
    return (piece.text, isAtEnd(piece.next))
  }

  /// All of the text.
  ///
  /// - Complexity: O(size of the value).
  public var string: String {
    if case .text(let s) = storage { return s }
    return read(from: startPosition, maxBytes: Int.max / 2).text
  }

  // MARK: Reading

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")

  private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

  private static func read(_ s: String, from position: Int, maxBytes: Int) -> (
    text: String, next: Int
  ) {
    let utf8 = s.utf8
    let start = min(position, utf8.count)
    var end = start + min(maxBytes, utf8.count - start)
    var index = utf8.index(utf8.startIndex, offsetBy: end)
    while index < utf8.endIndex, isContinuation(utf8[index]) {
      index = utf8.index(after: index)
      end += 1
    }
    let from = utf8.index(utf8.startIndex, offsetBy: start)
    return (String(s[from..<index]), end)
  }

  /// CSV: inside the quotes `""` is one quote and a lone `"` closes them; after the closing quote
  /// (and in an unquoted field) bytes are kept as they are.
  private func readDelimited(_ file: MappedFile, from position: Int, maxBytes: Int) -> (
    text: String, next: Int
  ) {
    var verbatim = position & Self.verbatim != 0
    var p = position & ~Self.verbatim
    let end = endOffset
    var out: [UInt8] = []
    out.reserveCapacity(min(maxBytes, end - min(p, end)) + 4)
    while p < end, out.count < maxBytes {
      let limit = min(end, p + (maxBytes - out.count))
      if verbatim {
        out.append(contentsOf: file.bytes[p..<limit])
        p = limit
        continue
      }
      let q = file.firstIndex(of: Self.quote, in: p..<limit)
      out.append(contentsOf: file.bytes[p..<q])
      p = q
      guard q < limit else { continue }
      if q + 1 < end, file[q + 1] == Self.quote {
        out.append(Self.quote)
        p = q + 2
      } else {
        p = q + 1
        verbatim = true
      }
    }
    while p < end, Self.isContinuation(file[p]) {
      out.append(file[p])
      p += 1
    }
    return (String(decoding: out, as: UTF8.self), verbatim ? p | Self.verbatim : p)
  }

  /// JSON: escapes decoded as the parser decodes them (a lone surrogate becomes U+FFFD).
  private func readJSON(_ file: MappedFile, from position: Int, maxBytes: Int) -> (
    text: String, next: Int
  ) {
    var p = position
    let end = endOffset
    var out: [UInt8] = []
    out.reserveCapacity(min(maxBytes, end - min(p, end)) + 4)
    while p < end, out.count < maxBytes {
      let limit = min(end, p + (maxBytes - out.count))
      let b = file.firstIndex(of: Self.backslash, in: p..<limit)
      out.append(contentsOf: file.bytes[p..<b])
      p = b
      guard b < limit, b + 1 < end else { continue }
      let escape = file[b + 1]
      p = b + 2
      if let byte = JSONEscape.byte(for: escape) {
        out.append(byte)
        continue
      }
      switch escape {
      case UInt8(ascii: "u"):
        var value = Self.hex4(file, at: p, end: end)
        p += 4
        if let high = value, (0xD800...0xDBFF).contains(high) {
          // As the parser does: a high surrogate takes the next `\u` escape with it, paired or not.
          if p + 2 <= end, file[p] == Self.backslash, file[p + 1] == UInt8(ascii: "u") {
            let low = Self.hex4(file, at: p + 2, end: end)
            p += 6
            value = low.flatMap { (0xDC00...0xDFFF).contains($0) ? $0 : nil }.map {
              0x10000 + ((high - 0xD800) << 10) + ($0 - 0xDC00)
            }
          } else {
            value = nil
          }
        }
        let scalar = value.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
        out.append(contentsOf: String(scalar).utf8)
      default: out.append(escape)
      }
    }
    p = min(p, end)
    while p < end, Self.isContinuation(file[p]) {
      out.append(file[p])
      p += 1
    }
    return (String(decoding: out, as: UTF8.self), p)
  }

  private static func hex4(_ file: MappedFile, at p: Int, end: Int) -> UInt32? {
    guard p + 4 <= end else { return nil }
    var value: UInt32 = 0
    for i in p..<p + 4 {
      guard let digit = Character(Unicode.Scalar(file[i])).hexDigitValue else { return nil }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
