/// How many terminal columns text takes, and how a grapheme cluster is split into the cells a
/// terminal draws it in.
///
/// UIKit has no counterpart (text is measured in points there); this is the terminal's
/// `wcwidth`, decided once here so every surface agrees. The widths of single code points come
/// from one generated table (`CharacterWidth+Table.swift`, made by
/// `scripts/generate-width-table.py`) that reproduces the C library's `wcwidth` (glibc 2.36,
/// Unicode 14), because ncurses and terminals such as tmux measure with it: East Asian Wide and
/// Fullwidth characters, emoji and the Yijing hexagrams take 2; combining marks, format
/// characters and Hangul medial and final jamo take 0; everything else printable takes 1.
///
/// A Swift `Character` is a whole grapheme cluster. It is drawn as the cells the terminal
/// would give its code points one by one: each spacing code point opens a cell (1 or 2
/// columns), and up to four zero-width code points after it ride in that cell, as many as a
/// curses cell holds. Zero-width joiners are never sent, because a terminal would merge the
/// emoji around them into one narrower glyph than their cells; a flag is its two regional
/// indicators, one column each. A code point the C library does not know (unassigned in
/// Unicode 14, such as newer emoji) is drawn as U+FFFD, one column; controls draw nothing. The
/// width of a cluster is the sum of its cells, which is what the terminal advances.
public enum CharacterWidth {
  /// What a code point is to the terminal; raw values are the table's.
  enum Class: UInt32 {
    /// Printable, one column.
    case narrow = 0
    /// Printable, two columns.
    case wide = 1
    /// Printable, no column: rides in the cell of the spacing character before it.
    case zero = 2
    /// A control character: never drawn.
    case control = 3
    /// Not printable to the C library (unassigned, a separator): drawn as U+FFFD.
    case unknown = 4
  }

  /// One cell of a cluster as it is sent: a spacing character with at most four zero-width
  /// code points after it, and the columns it takes (1 or 2).
  struct Cell: Equatable {
    /// What is put into the surface's cell.
    var glyph: Character
    /// 1 or 2.
    var width: Int
  }

  /// The number of columns `character` takes on a terminal.
  public static func of(_ character: Character) -> Int {
    simpleWidth(character) ?? clusterWidth(character)
  }

  /// The width of `character` when it is one code point sent as itself (printable or a control),
  /// else nil: the fast path of every per-character loop.
  @inline(__always)
  static func simpleWidth(_ character: Character) -> Int? {
    // Most characters drawn are one scalar (ASCII text, box drawing); reading their UTF-8 bytes
    // avoids the Unicode index validation of `unicodeScalars`, which cost more than the drawing.
    let utf8 = character.utf8
    let count = utf8.count
    if count == 1, let byte = utf8.first {
      // Printable ASCII is by far the common case; controls draw nothing.
      return byte >= 0x20 && byte != 0x7F ? 1 : 0
    }
    guard count <= 4, let scalar = singleScalar(utf8, count: count) else { return nil }
    switch widthClass(of: scalar.value) {
    case .narrow: return 1
    case .wide: return 2
    case .zero, .control: return 0
    case .unknown: return nil
    }
  }

  /// The width of `character` from its code points: the general rule behind the fast path of
  /// `of`, the sum of the widths of the cells it is drawn in.
  static func clusterWidth(_ character: Character) -> Int {
    measure(character).width
  }

  /// The width of `character` and whether it is drawn as itself in one cell: a spacing code
  /// point the C library knows, then at most four zero-width ones and no joiner (an accented
  /// letter, a Hangul syllable of jamo, an emoji with its variation selector).
  static func measure(_ character: Character) -> (width: Int, isOneCell: Bool) {
    var total = 0
    var spacing = 0
    var marks = 0
    var isOneCell = true
    for scalar in character.unicodeScalars {
      switch widthClass(of: scalar.value) {
      case .narrow:
        total += 1
        spacing += 1
      case .wide:
        total += 2
        spacing += 1
      case .unknown:
        total += 1
        spacing += 1
        isOneCell = false
      case .zero:
        marks += 1
        if spacing == 0 || scalar == zeroWidthJoiner { isOneCell = false }
      case .control:
        isOneCell = false
      }
    }
    return (total, isOneCell && spacing == 1 && marks <= maximumMarks)
  }

  /// The cells `character` is drawn in, left to right; empty when it draws nothing.
  ///
  /// Zero-width code points before the first spacing one have no cell to ride in and are
  /// dropped, as are joiners and the marks after a cell's fourth.
  static func cells(of character: Character) -> [Cell] {
    var cells: [Cell] = []
    var scalars = String.UnicodeScalarView()
    var width = 0
    var marks = 0
    func close() {
      guard width > 0, let first = scalars.first else { return }
      var glyph = Character(first)
      if marks > 0 {
        // A cell's code points are a piece of a cluster; should they not form one cluster by
        // themselves, the spacing character alone is sent.
        let text = String(scalars)
        if text.count == 1 { glyph = Character(text) }
      }
      cells.append(Cell(glyph: glyph, width: width))
    }
    for scalar in character.unicodeScalars {
      let kind = widthClass(of: scalar.value)
      switch kind {
      case .narrow, .wide, .unknown:
        close()
        scalars = String.UnicodeScalarView([kind == .unknown ? replacement : scalar])
        width = kind == .wide ? 2 : 1
        marks = 0
      case .zero:
        guard width > 0, scalar != zeroWidthJoiner, marks < maximumMarks else { continue }
        scalars.append(scalar)
        marks += 1
      case .control:
        continue
      }
    }
    close()
    return cells
  }

  /// A curses cell holds a spacing character and `CCHARW_MAX - 1` (4) more.
  static let maximumMarks = 4
  static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
  /// What a code point the C library does not know is drawn as.
  static let replacement: Unicode.Scalar = "\u{FFFD}"

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
  public static func of(_ string: String) -> Int {
    // The generic version below reads a `String`'s bytes through witness tables; text drawn
    // each frame (a table's right-aligned numbers) is nearly always a native, contiguous string.
    let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var total = 0
      for byte in bytes {
        guard byte < 0x80 else { return nil }
        if byte >= 0x20 && byte != 0x7F { total += 1 }
      }
      return total
    }
    if let width = ascii ?? nil { return width }
    var total = 0
    for character in string { total += of(character) }
    return total
  }

  /// The columns `string` takes: the sum of its characters' widths.
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

  /// The columns one Unicode scalar takes drawn on its own: 0 (zero-width or a control), 1 (or
  /// a code point drawn as U+FFFD) or 2.
  public static func width(of scalar: Unicode.Scalar) -> Int {
    switch widthClass(of: scalar.value) {
    case .narrow, .unknown: return 1
    case .wide: return 2
    case .zero, .control: return 0
    }
  }

  /// The class of one code point, from the generated table.
  static func widthClass(of value: UInt32) -> Class {
    if value < 0x300 {
      if value < 0x20 || (value >= 0x7F && value < 0xA0) { return .control }
      return .narrow
    }
    // Box drawing, block elements and geometric shapes: the common non-ASCII glyphs of a TUI.
    if value >= 0x2500 && value < 0x25FD { return .narrow }
    // CJK unified ideographs and Hangul syllables, whole blocks of wide letters.
    if (value >= 0x4E00 && value < 0xA000) || (value >= 0xAC00 && value < 0xD7A4) { return .wide }
    // The last run that starts at or before `value`.
    let key = value << 3 | 7
    var low = 0
    var high = runs.count
    while low < high {
      let mid = (low + high) / 2
      if runs[mid] <= key { low = mid + 1 } else { high = mid }
    }
    return Class(rawValue: runs[low - 1] & 7) ?? .narrow
  }
}
