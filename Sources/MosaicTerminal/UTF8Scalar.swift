/// Strict UTF-8 decoding of one scalar at a time, for input that may be cut anywhere.
///
/// Follows the Unicode standard's table of well-formed byte sequences (no overlong forms, no
/// surrogates, nothing above U+10FFFF); a lead byte whose sequence is ill-formed is invalid on
/// its own, so a caller drops just that byte and reads on from the next.
enum UTF8Scalar {
  /// What the bytes at an index hold.
  enum Decoded: Equatable {
    /// A scalar of `length` bytes.
    case scalar(Unicode.Scalar, length: Int)
    /// The byte at the index begins no well-formed sequence.
    case invalid
    /// A well-formed beginning whose remaining bytes have not arrived.
    case incomplete
  }

  /// Decodes the scalar that begins at `index` of `bytes`.
  static func decode(_ bytes: [UInt8], at index: Int) -> Decoded {
    let lead = bytes[index]
    if lead < 0x80 { return .scalar(Unicode.Scalar(lead), length: 1) }
    // The allowed range of the second byte, and the sequence length, by lead byte.
    let second: ClosedRange<UInt8>
    let length: Int
    switch lead {
    case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
    case 0xE0: (second, length) = (0xA0...0xBF, 3)
    case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
    case 0xED: (second, length) = (0x80...0x9F, 3)
    case 0xF0: (second, length) = (0x90...0xBF, 4)
    case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
    case 0xF4: (second, length) = (0x80...0x8F, 4)
    default: return .invalid
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .incomplete }
      let byte = bytes[index + offset]
      let allowed = offset == 1 ? second : 0x80...0xBF
      guard allowed.contains(byte) else { return .invalid }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return .invalid }
    return .scalar(scalar, length: length)
  }
}
