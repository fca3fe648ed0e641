/// JSON's string escapes (RFC 8259 §7), kept in one place for every reader of JSON text: the
/// parser, and the data layer's piecewise reader of huge values.
public enum JSONEscape {
  /// The byte a one-character escape (`\n`, `\t`, `\"`, …) stands for, given the byte after the
  /// backslash; nil for `u` (four hex digits follow) and for anything JSON does not allow.
  @inlinable
  public static func byte(for escape: UInt8) -> UInt8? {
    switch escape {
    case UInt8(ascii: "\""): return 0x22
    case UInt8(ascii: "\\"): return 0x5C
    case UInt8(ascii: "/"): return 0x2F
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    default: return nil
    }
  }
}
