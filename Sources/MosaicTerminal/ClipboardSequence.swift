import MosaicCollection

/// The bytes that put text on the system clipboard through the terminal: OSC 52
/// (`ESC ] 52 ; c ; base64 BEL`), which xterm, kitty, iTerm2, WezTerm, foot, Windows Terminal
/// and tmux (with `set-clipboard`) understand, over ssh too.
///
/// UIKit has no counterpart: an app sets `UIPasteboard.general` itself. The text travels as
/// base64, so whatever control bytes it holds never reach the terminal raw.
public enum ClipboardSequence {
  /// The sequence that copies `text`, or nil when it is longer than `Clipboard.maximumBytes`.
  public static func bytes(for text: String) -> [UInt8]? {
    guard Clipboard.canCopy(text) else { return nil }
    return Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
  }

  /// The standard base64 alphabet, padded with `=` (RFC 4648, section 4).
  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in base64.
  ///
  /// - Complexity: O(n).
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          out.append(alphabet[Int(group >> UInt32(18 - 6 * position)) & 0x3F])
        } else {
          out.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return out
  }
}
