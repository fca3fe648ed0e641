import CNcurses
import MosaicCollection

/// One raw read from curses' `wget_wch`: a character, or a function-key code.
enum CursesInput: Hashable, Sendable {
  /// A character (`wget_wch` returned `OK`), as its Unicode code point.
  case character(UInt32)
  /// A function key (`wget_wch` returned `KEY_CODE_YES`), as its curses key code.
  case function(Int32)
}

/// Maps curses' raw key reads to `Key`s; pure, so the whole table is unit-tested.
///
/// Mouse and resize codes are not keys: the run loop handles them before it
/// asks the decoder.
enum KeyDecoder {
  /// The key that `input` stands for, or nil for a code Mosaic does not use.
  static func key(for input: CursesInput) -> Key? {
    switch input {
    case .character(let value): return key(forCharacter: value)
    case .function(let code): return functionKeys[code]
    }
  }

  /// Curses' function-key codes, read from the shim so no number is hard-coded here.
  static let functionKeys: [Int32: Key] = [
    mosaic_key_up(): .up,
    mosaic_key_down(): .down,
    mosaic_key_left(): .left,
    mosaic_key_right(): .right,
    mosaic_key_ppage(): .pageUp,
    mosaic_key_npage(): .pageDown,
    mosaic_key_home(): .home,
    mosaic_key_end(): .end,
    // The keypad's corner keys, as terminals in application-keypad mode send them.
    mosaic_key_a1(): .home,
    mosaic_key_c1(): .end,
    mosaic_key_a3(): .pageUp,
    mosaic_key_c3(): .pageDown,
    mosaic_key_btab(): .backTab,
    mosaic_key_enter(): .enter,
    mosaic_key_backspace(): .backspace,
  ]

  private static func key(forCharacter value: UInt32) -> Key? {
    switch value {
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 1...26:
      // Ctrl-A … Ctrl-Z arrive as 1 … 26; the ones above (Tab, Enter,
      // Backspace) were claimed first, as terminals cannot tell them apart.
      return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
    default:
      guard let scalar = Unicode.Scalar(value), isPrintable(scalar) else { return nil }
      return .character(Character(scalar))
    }
  }

  private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
      .paragraphSeparator:
      return false
    default:
      return true
    }
  }
}
