/// The characters that must never reach a terminal raw, and the one way every message shows them.
///
/// A file name, a CSV header or a JSON key can carry an escape sequence (an OSC 52 clipboard
/// write, a title change, a screen clear) or a bidirectional override that reorders what the
/// reader sees. Every line `mosaic` prints on standard error goes through `escaped(_:)`, and
/// `JSONWriter` writes the same characters as `\u` escapes, so data reaches the terminal only
/// as visible text. No UIKit counterpart.
public enum VisibleText {
  /// Whether `scalar` is a character to show as an escape rather than send: the C0 controls
  /// (U+0000–U+001F, newline and tab included), DEL (U+007F), the C1 controls
  /// (U+0080–U+009F), the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029).
  @inlinable
  public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if value < 0x061C { return false }
    switch value {
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// `text` with every character `mustEscape(_:)` names replaced by a visible escape: `\n`,
  /// `\r` and `\t` for those three, `\u{1B}` (the hexadecimal code point) for the rest.
  ///
  /// The result is one line whatever `text` holds. A backslash is left as it is, so the
  /// escape reads the way a Swift string literal would write the character.
  ///
  /// - Complexity: O(n) in the length of `text`; `text` itself when nothing needs escaping.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: mustEscape) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard mustEscape(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return out
  }

  /// `text` escaped line by line, keeping its line breaks: for multi-line text that is ours
  /// (help) but may quote what the user typed.
  public static func escapedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { escaped(String($0)) }.joined(separator: "\n")
  }
}
