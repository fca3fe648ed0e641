import CNcurses
import MosaicCollection
import Testing

@testable import MosaicTerminal

@Suite struct KeyDecoderTests {
  static let characterCases: [(UInt32, Key?)] = [
    (9, .tab), (10, .enter), (13, .enter), (27, .escape), (127, .backspace), (8, .backspace),
    (1, .control("a")), (12, .control("l")), (17, .control("q")), (26, .control("z")),
    (0, nil), (28, nil), (31, nil),
    (32, .character(" ")), (113, .character("q")), (71, .character("G")),
    (0x00E9, .character("é")), (0x4E2D, .character("中")), (0x1F600, .character("😀")),
    // C1 controls and lone surrogates are not keys.
    (0x85, nil), (0x9B, nil), (0xD800, nil),
  ]

  @Test(arguments: characterCases)
  func decodesCharacter(code: UInt32, expected: Key?) {
    #expect(KeyDecoder.key(for: .character(code)) == expected, "character \(code)")
  }

  static let functionCases: [(Int32, Key?)] = [
    (mosaic_key_up(), .up), (mosaic_key_down(), .down),
    (mosaic_key_left(), .left), (mosaic_key_right(), .right),
    (mosaic_key_ppage(), .pageUp), (mosaic_key_npage(), .pageDown),
    (mosaic_key_home(), .home), (mosaic_key_end(), .end),
    (mosaic_key_a1(), .home), (mosaic_key_c1(), .end),
    (mosaic_key_a3(), .pageUp), (mosaic_key_c3(), .pageDown),
    (mosaic_key_btab(), .backTab), (mosaic_key_enter(), .enter),
    (mosaic_key_backspace(), .backspace),
    // Resize and mouse are handled by the run loop, never as keys.
    (mosaic_key_resize(), nil), (mosaic_key_mouse(), nil),
  ]

  @Test(arguments: functionCases)
  func decodesFunctionKey(code: Int32, expected: Key?) {
    #expect(KeyDecoder.key(for: .function(code)) == expected, "function key \(code)")
  }
}
