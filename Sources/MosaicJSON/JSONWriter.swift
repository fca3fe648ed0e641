/// Renders strings and parsed values as compact JSON text. No UIKit counterpart.
public enum JSONWriter {
  /// `s` as a JSON string literal, escaping quotes, backslashes and every character that must
  /// not reach a terminal raw (`VisibleText.mustEscape(_:)`: C0 and C1 controls, DEL, the
  /// bidirectional controls, the line and paragraph separators).
  ///
  /// The result is valid JSON on one line that any parser reads back to `s` exactly: the extra
  /// characters become `\u0085`-style escapes, which JSON allows for any character.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `s`; runs with nothing to escape are copied whole.
  public static func quoted(_ s: String) -> String {
    var text = s
    return text.withUTF8 { utf8 in
      var out: [UInt8] = [0x22]
      out.reserveCapacity(utf8.count + 2)
      var runStart = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        let escapedLength = Self.escapedLength(utf8, at: index, byte: byte)
        guard escapedLength > 0 else {
          index += 1
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        let scalar = Self.scalarValue(utf8, at: index, length: escapedLength)
        Self.appendEscape(scalar, to: &out)
        index += escapedLength
        runStart = index
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
      out.append(0x22)
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// The UTF-8 length of the character at `index` when it must be escaped, else 0. `utf8` is
  /// valid UTF-8 (it comes from a `String`), so a lead byte's continuation bytes are there.
  @inline(__always)
  private static func escapedLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, byte: UInt8)
    -> Int
  {
    switch byte {
    case 0x00..<0x20, 0x22, 0x5C, 0x7F: return 1
    case 0xC2: return (0x80...0x9F).contains(utf8[index + 1]) ? 2 : 0  // C1 controls
    case 0xD8: return utf8[index + 1] == 0x9C ? 2 : 0  // U+061C
    case 0xE2:
      let second = utf8[index + 1]
      let third = utf8[index + 2]
      if second == 0x80, third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) {
        return 3  // U+200E, U+200F, U+2028–U+202E
      }
      if second == 0x81, (0xA6...0xA9).contains(third) { return 3 }  // U+2066–U+2069
      return 0
    default: return 0
    }
  }

  @inline(__always)
  private static func scalarValue(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, length: Int)
    -> UInt32
  {
    switch length {
    case 1: return UInt32(utf8[index])
    case 2: return UInt32(utf8[index] & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
    default:
      return UInt32(utf8[index] & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6
        | UInt32(utf8[index + 2] & 0x3F)
    }
  }

  private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
    let short: UInt8?
    switch scalar {
    case 0x22: short = 0x22  // \"
    case 0x5C: short = 0x5C  // \\
    case 0x0A: short = 0x6E  // \n
    case 0x0D: short = 0x72  // \r
    case 0x09: short = 0x74  // \t
    case 0x08: short = 0x62  // \b
    case 0x0C: short = 0x66  // \f
    default: short = nil
    }
    out.append(0x5C)
    if let short {
      out.append(short)
      return
    }
    out.append(0x75)
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8((scalar >> UInt32(shift)) & 0xF)
      out.append(digit < 10 ? 0x30 + digit : 0x57 + digit)  // 0-9, a-f
    }
  }

  /// `value` as compact JSON (no spaces), keys in their original order.
  public static func compact(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout String) {
    switch value {
    case .string(let s): out += quoted(s)
    case .number(let n): out += n.text
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        write(item, into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += "," }
        out += quoted(member.key)
        out += ":"
        write(member.value, into: &out)
      }
      out += "}"
    }
  }
}
