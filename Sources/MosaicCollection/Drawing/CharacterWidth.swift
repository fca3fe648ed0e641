/// How many terminal columns a character takes: 0, 1 or 2.
///
/// UIKit has no counterpart (text is measured in points there); this is the
/// terminal's `wcwidth`, decided once here so every surface agrees. A Swift
/// `Character` is a whole grapheme cluster, so combining marks that follow a
/// base letter are already inside it and add nothing; a cluster that is only
/// zero-width scalars (a stray combining mark, a joiner) takes 0 columns.
/// East Asian Wide and Fullwidth characters and emoji take 2.
public enum CharacterWidth {
  /// The number of columns `character` takes on a terminal.
  public static func of(_ character: Character) -> Int {
    // Most characters drawn are one scalar (ASCII text, box drawing); reading their UTF-8 bytes
    // avoids the Unicode index validation of `unicodeScalars`, which cost more than the drawing.
    let utf8 = character.utf8
    let count = utf8.count
    if count == 1, let byte = utf8.first {
      // Printable ASCII is by far the common case; controls draw nothing.
      return byte >= 0x20 && byte != 0x7F ? 1 : 0
    }
    if count <= 4, let scalar = singleScalar(utf8, count: count), scalar.value != 0xFE0F {
      return width(of: scalar)
    }
    if character.isASCII { return 0 }  // "\r\n", the one ASCII cluster of two scalars.
    return clusterWidth(character)
  }

  /// The width of `character` from its scalars: the general rule behind the fast paths of `of`.
  static func clusterWidth(_ character: Character) -> Int {
    if character.isASCII {
      guard let value = character.asciiValue, value >= 0x20, value != 0x7F else { return 0 }
      return 1
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let base = width(of: first)
    if base == 2 { return 2 }
    // VS16 asks for emoji presentation, which terminals draw two columns wide.
    if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    if base == 0 {
      // A cluster that opens with a zero-width scalar takes the width of the first visible one.
      for scalar in scalars.dropFirst() {
        let w = width(of: scalar)
        if w > 0 { return w }
      }
      return 0
    }
    return base
  }

  /// The scalar a character of `count` UTF-8 bytes consists of, or nil when it has more than one.
  static func singleScalar(_ utf8: Character.UTF8View, count: Int) -> Unicode.Scalar? {
    var bytes = utf8.makeIterator()
    guard let lead = bytes.next() else { return nil }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC0..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0..<0xF8: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard length == count else { return nil }
    for _ in 1..<length {
      guard let next = bytes.next() else { return nil }
      value = value << 6 | UInt32(next & 0x3F)
    }
    return Unicode.Scalar(value)
  }

  /// The number of columns `string` takes on a terminal.
  ///
  /// - Complexity: O(n) in the length of `string`.
  public static func of(_ string: some StringProtocol) -> Int {
    var total = 0
    var isASCII = true
    for byte in string.utf8 {
      guard byte < 0x80 else {
        isASCII = false
        break
      }
      if byte >= 0x20 && byte != 0x7F { total += 1 }
    }
    if isASCII { return total }
    total = 0
    for character in string { total += of(character) }
    return total
  }

  /// The width of one Unicode scalar on its own: 0, 1 or 2.
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
    if v < 0x300 { return 1 }
    // Box drawing, block elements and geometric shapes: the common non-ASCII glyphs of a TUI.
    if v >= 0x2500 && v < 0x25FD { return 1 }
    if isWide(v) { return 2 }
    if isZeroWidth(scalar) { return 0 }
    return 1
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    // Hangul medial vowels and final consonants join the preceding syllable.
    if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return true }
    if v == 0x00AD { return false }  // Soft hyphen: terminals show it.
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  static func isWide(_ value: UInt32) -> Bool {
    if value < wideRanges[0].lowerBound { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = wideRanges[mid]
      if value < range.lowerBound {
        high = mid - 1
      } else if value > range.upperBound {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges and wide emoji, after Unicode 15's
  /// EastAsianWidth.txt, sorted for binary search.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7,
    0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1B2FB, 0x1F004...0x1F004,
    0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F1E6...0x1F1FF,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
    0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
    0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
    0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
    0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
    0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
    0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0,
    0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA7C,
    0x1FA80...0x1FA88, 0x1FA90...0x1FABD, 0x1FABF...0x1FAC5, 0x1FACE...0x1FADB,
    0x1FAE0...0x1FAE8, 0x1FAF0...0x1FAF8, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
