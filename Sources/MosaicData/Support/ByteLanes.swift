/// Eight bytes at a time: which bytes of a word equal a given byte.
enum ByteLanes {
  /// The high bit of each byte of `word` (read little-endian) that equals `byte`, and no other
  /// bit: a byte equal to `byte` is a zero byte of `word ^ pattern`, and the high bit of each
  /// zero byte survives `~((x & 0x7F…) + 0x7F… | x | 0x7F…)` with no borrow between bytes, so
  /// the first match is `trailingZeroBitCount / 8` and the count of matches is exact.
  @inline(__always)
  static func matches(of byte: UInt8, in word: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    return ~((x & low7) &+ low7 | x | low7)
  }
}
