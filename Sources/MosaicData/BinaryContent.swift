import Foundation

/// Tells text from binary data by a file's first block, so a picture or an archive is refused
/// with a sentence instead of being shown as garbage cards.
///
/// A NUL byte or bytes that are not UTF-8 in the first 64 KiB make a file binary (a UTF-16 file
/// is named as such). A SQLite database is not judged here: its header is left to the readers
/// that know it. No UIKit counterpart.
public enum BinaryContent {
  /// How much of a file is judged.
  public static let blockSize = 1 << 16

  /// The header every SQLite 3 database starts with.
  static let sqliteHeader = Array("SQLite format 3\0".utf8)

  /// Why `prefix` (a file's first bytes) is not text, as the end of a one-line message, or nil
  /// when it reads as UTF-8 text. A multi-byte character cut by the end of the prefix is text.
  ///
  /// - Parameter isWhole: Whether `prefix` is the whole file (then a cut character is not text).
  public static func problem(in prefix: UnsafeRawBufferPointer, isWhole: Bool = false) -> String? {
    let block = UnsafeRawBufferPointer(rebasing: prefix.prefix(blockSize))
    if block.starts(with: sqliteHeader) { return nil }
    if block.count >= 2,
      (block[0] == 0xFF && block[1] == 0xFE) || (block[0] == 0xFE && block[1] == 0xFF)
    {
      return "UTF-16 text; mosaic reads UTF-8 (convert it with iconv -f UTF-16 -t UTF-8)"
    }
    if let nul = block.firstIndex(of: 0) {
      return "binary file (a NUL byte at byte \(nul)), not CSV, TSV, JSON or JSON Lines text"
    }
    if let bad = firstInvalidUTF8(block, allowingCutEnd: !isWhole || prefix.count > blockSize) {
      return "not UTF-8 text (byte 0x\(String(block[bad], radix: 16, uppercase: true)) at byte "
        + "\(bad)); convert it to UTF-8, e.g. iconv -f LATIN1 -t UTF-8"
    }
    return nil
  }

  /// The offset of the first byte that does not begin or continue a valid UTF-8 character, or
  /// nil. A sequence cut short by the end of `bytes` counts as valid when `allowingCutEnd`.
  static func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer, allowingCutEnd: Bool) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch b {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xED:
        length = 3
        high = 0x9F
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF4:
        length = 4
        high = 0x8F
      case 0xF1...0xF3: length = 4
      default: return i
      }
      for k in 1..<length {
        guard i + k < n else { return allowingCutEnd ? nil : i }
        let c = bytes[i + k]
        let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
        if c < lo || c > hi { return i }
      }
      i += length
    }
    return nil
  }
}
