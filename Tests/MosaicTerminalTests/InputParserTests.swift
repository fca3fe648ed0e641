import MosaicCollection
import Testing

@testable import MosaicTerminal

/// The input parser's table: what each byte sequence a terminal sends means, however it is
/// split across reads, with time given explicitly (no test sleeps).
@Suite struct InputParserTests {
  static let millisecond: UInt64 = 1_000_000

  /// Parses `bytes` fed in one read at time 0, then lets every wait run out.
  static func parse(_ bytes: [UInt8]) -> [InputEvent] {
    var parser = InputParser()
    var events = parser.feed(bytes, at: 0)
    events += parser.expire(at: 10_000 * millisecond)
    return events
  }

  static func parse(_ text: String) -> [InputEvent] { parse(Array(text.utf8)) }

  static let esc = "\u{1B}"

  static let keyCases: [(String, [Key])] = [
    // Plain keys and controls.
    ("q", [.character("q")]), (" ", [.character(" ")]), ("\t", [.tab]), ("\r", [.enter]),
    ("\n", [.enter]), ("\u{7F}", [.backspace]), ("\u{08}", [.backspace]),
    ("\u{0C}", [.control("l")]), ("\u{01}", [.control("a")]), ("\u{1A}", [.control("z")]),
    ("\u{00}", []), ("\u{1C}", []),
    ("é", [.character("é")]), ("中", [.character("中")]), ("😀", [.character("😀")]),
    // Arrows in normal and application cursor mode.
    (esc + "[A", [.up]), (esc + "[B", [.down]), (esc + "[C", [.right]), (esc + "[D", [.left]),
    (esc + "OA", [.up]), (esc + "OB", [.down]), (esc + "OC", [.right]), (esc + "OD", [.left]),
    // Arrows with modifiers (Shift, Ctrl) are still arrows.
    (esc + "[1;5A", [.up]), (esc + "[1;2D", [.left]),
    // Home and End in every form terminals send.
    (esc + "[H", [.home]), (esc + "[F", [.end]), (esc + "[1~", [.home]), (esc + "[4~", [.end]),
    (esc + "[7~", [.home]), (esc + "[8~", [.end]), (esc + "OH", [.home]), (esc + "OF", [.end]),
    // Paging, Shift-Tab, Delete.
    (esc + "[5~", [.pageUp]), (esc + "[6~", [.pageDown]), (esc + "[Z", [.backTab]),
    (esc + "[3~", [.delete]),
    // The keypad in application mode.
    (esc + "Ow", [.home]), (esc + "Oq", [.end]), (esc + "Oy", [.pageUp]),
    (esc + "Os", [.pageDown]), (esc + "Ox", [.up]), (esc + "Or", [.down]),
    (esc + "Ot", [.left]), (esc + "Ov", [.right]), (esc + "OM", [.enter]),
    (esc + "Ok", [.character("+")]), (esc + "Om", [.character("-")]),
    // Unknown sequences are consumed whole and ignored: F5, Insert, a focus report, a device
    // report, one with intermediates, a private-mode one; the next key survives.
    (esc + "[15~q", [.character("q")]), (esc + "[2~q", [.character("q")]),
    (esc + "[Iq", [.character("q")]), (esc + "[?1;2cq", [.character("q")]),
    (esc + "[1 qq", [.character("q")]), (esc + "[>0;95;0cq", [.character("q")]),
    (esc + "[99;99;99;99Xq", [.character("q")]), (esc + "OPq", [.character("q")]),
    // Alt with a key is not Esc, nor the key.
    (esc + "x", []), (esc + "q", []), (esc + "xq", [.character("q")]), (esc + "é", []),
    (esc + "\u{7F}", []), (esc + "\r", []),
    // Alt with a key that sends a sequence (rxvt's Alt+Up) is ignored whole.
    (esc + esc + "[Aq", [.character("q")]),
    // Esc alone, and twice.
    (esc, [.escape]), (esc + esc, [.escape, .escape]),
    (esc + esc + "q", [.escape]),
  ]

  @Test(arguments: keyCases)
  func keys(input: String, expected: [Key]) {
    #expect(Self.parse(input) == expected.map(InputEvent.key), "\(Array(input.utf8))")
  }

  static let invalidCases: [[UInt8]] = [
    [0x80], [0x9B], [0xFF], [0xC0], [0xC1], [0xF5], [0xFE],
    // A lead byte followed by ASCII: the lead alone is dropped.
    [0xC3],
    // An overlong form, a surrogate, a code point above U+10FFFF.
    [0xE0, 0x80], [0xED, 0xA0], [0xF4, 0x90],
  ]

  @Test(arguments: invalidCases)
  func invalidBytesAreDroppedAlone(bytes: [UInt8]) {
    // The bytes, then keys: the keys all arrive, q included.
    let events = Self.parse(bytes + Array("q".utf8) + [0x1B, 0x5B, 0x42] + Array("é".utf8))
    #expect(events == [.key(.character("q")), .key(.down), .key(.character("é"))], "\(bytes)")
  }

  @Test func anEscThatWaitedOutItsTimeoutBeforeTheNextByteIsEsc() {
    // Esc, then `/` 70 ms later: two keys, even when the run loop hands both over at once
    // (each read carries its own arrival time).
    var parser = InputParser()
    var events = parser.feed(Array(Self.esc.utf8), at: 0)
    events += parser.feed(Array("/".utf8), at: 70 * Self.millisecond)
    #expect(events == [.key(.escape), .key(.character("/"))])
    // Within the timeout it is Alt+/, which is ignored, never taken for Esc.
    var quick = InputParser()
    var altered = quick.feed(Array(Self.esc.utf8), at: 0)
    altered += quick.feed(Array("/".utf8), at: 5 * Self.millisecond)
    altered += quick.expire(at: 10_000 * Self.millisecond)
    #expect(altered == [])
  }

  @Test func c1ControlsAndFormatCharactersAreNotKeys() {
    // U+0085 (NEL) and U+009B (CSI) encoded in UTF-8, a zero-width joiner, a private-use one.
    #expect(Self.parse([0xC2, 0x85, 0xC2, 0x9B, 0x71]) == [.key(.character("q"))])
    #expect(Self.parse("\u{200D}\u{E000}q") == [.key(.character("q"))])
  }

  static let mouseCases: [(String, [MouseEvent])] = [
    // SGR: press (M) and release (m) of button 1, 1-based cells.
    (esc + "[<0;5;3M", [MouseEvent(action: .press, column: 4, row: 2)]),
    (esc + "[<0;5;3m", [MouseEvent(action: .release, column: 4, row: 2)]),
    (esc + "[<64;2;2M", [MouseEvent(action: .wheelUp, column: 1, row: 1)]),
    (esc + "[<65;7;9M", [MouseEvent(action: .wheelDown, column: 6, row: 8)]),
    (esc + "[<0;300;200M", [MouseEvent(action: .press, column: 299, row: 199)]),
    // Motion with the primary button held is a drag (it carries an item being moved).
    (esc + "[<32;6;3M", [MouseEvent(action: .drag, column: 5, row: 2)]),
    // Other buttons, motion with no button or another one, horizontal wheels are not used.
    (esc + "[<2;5;3M", []), (esc + "[<35;5;3M", []), (esc + "[<34;5;3M", []),
    (esc + "[<66;5;3M", []),
    // X10: ESC [ M, then button, column, row, each + 32 (cells 1-based).
    (esc + "[M !\"", [MouseEvent(action: .press, column: 0, row: 1)]),
    (esc + "[M#!\"", [MouseEvent(action: .release, column: 0, row: 1)]),
    (esc + "[M`++", [MouseEvent(action: .wheelUp, column: 10, row: 10)]),
    (esc + "[Ma++", [MouseEvent(action: .wheelDown, column: 10, row: 10)]),
  ]

  @Test(arguments: mouseCases)
  func mouse(input: String, expected: [MouseEvent]) {
    #expect(Self.parse(input) == expected.map(InputEvent.mouse), "\(Array(input.utf8))")
  }

  @Test func x10ReportWithBytesAbove127() {
    // Column 200: 200 + 33 = 233, a byte that is not UTF-8 on its own.
    let events = Self.parse([0x1B, 0x5B, 0x4D, 32, 233, 40, 0x71])
    #expect(
      events == [.mouse(MouseEvent(action: .press, column: 200, row: 7)), .key(.character("q"))])
  }

  @Test func bracketedPasteIsOneEvent() {
    let pasted = Self.parse(Self.esc + "[200~q\u{1B}[A\r\nhello é" + Self.esc + "[201~j")
    #expect(pasted == [.paste("q\u{1B}[A\r\nhello é"), .key(.character("j"))])
  }

  @Test func pasteWithInvalidBytesKeepsTheRest() {
    let bytes = Array((Self.esc + "[200~a").utf8) + [0xFF, 0xC3] + Array("b\u{1B}[201~".utf8)
    #expect(Self.parse(bytes) == [.paste("ab")])
  }

  @Test func pasteSplitAcrossReadsEvenInsideItsEndMarker() {
    var parser = InputParser()
    var events: [InputEvent] = []
    for chunk in ["\u{1B}[20", "0~ab", "c\u{1B}[2", "01", "~x"] {
      events += parser.feed(Array(chunk.utf8), at: 0)
    }
    #expect(events == [.paste("abc"), .key(.character("x"))])
    #expect(parser.deadline == nil)
  }

  @Test func everySequenceSplitAtEveryByteParsesTheSame() {
    let stream = Array(
      ("a" + Self.esc + "[4~" + Self.esc + "OA" + Self.esc + "[<0;5;3M" + "中" + Self.esc
        + "[1;5C" + Self.esc + "[Ma++" + "z").utf8)
    let whole = Self.parse(stream)
    #expect(whole.count == 8)
    for cut in 1..<stream.count {
      var parser = InputParser()
      // The second part comes 1 ms later: well within every wait.
      let events =
        parser.feed(stream[..<cut], at: 0)
        + parser.feed(stream[cut...], at: Self.millisecond)
      #expect(events == whole, "cut at \(cut)")
    }
  }

  @Test func loneEscapeWaitsForItsTimeoutThenIsEscape() {
    var parser = InputParser()
    #expect(parser.feed([0x1B], at: 0).isEmpty)
    #expect(parser.deadline == InputParser.escapeTimeout)
    #expect(parser.expire(at: InputParser.escapeTimeout - 1).isEmpty, "not yet")
    #expect(parser.expire(at: InputParser.escapeTimeout) == [.key(.escape)])
    #expect(parser.deadline == nil)
  }

  @Test func escapeFollowedWithinTheTimeoutIsASequence() {
    var parser = InputParser()
    #expect(parser.feed([0x1B], at: 0).isEmpty)
    #expect(parser.feed(Array("[4~".utf8), at: 20 * Self.millisecond) == [.key(.end)])
    #expect(parser.deadline == nil)
  }

  @Test func keysOtherThanEscapeAreNotDelayed() {
    var parser = InputParser()
    #expect(parser.feed(Array("q".utf8), at: 0) == [.key(.character("q"))])
    #expect(parser.feed([0x1B, 0x5B, 0x41], at: 0) == [.key(.up)])
    #expect(parser.deadline == nil)
  }

  @Test func anIncompleteSequenceIsDroppedAfterItsTimeout() {
    var parser = InputParser()
    #expect(parser.feed(Array("\u{1B}[1;".utf8), at: 0).isEmpty)
    #expect(parser.expire(at: InputParser.escapeTimeout).isEmpty, "a sequence waits longer")
    #expect(parser.expire(at: InputParser.sequenceTimeout).isEmpty)
    #expect(
      parser.feed(Array("q".utf8), at: InputParser.sequenceTimeout) == [.key(.character("q"))])
  }

  @Test func anIncompleteCharacterIsDroppedAfterItsTimeout() {
    var parser = InputParser()
    #expect(parser.feed([0xE4, 0xB8], at: 0).isEmpty)
    #expect(parser.expire(at: InputParser.sequenceTimeout).isEmpty)
    #expect(parser.deadline == nil)
    #expect(parser.feed([0x71], at: InputParser.sequenceTimeout) == [.key(.character("q"))])
  }

  @Test func aPasteWhoseEndNeverComesIsDeliveredAfterItsTimeout() {
    var parser = InputParser()
    #expect(parser.feed(Array("\u{1B}[200~abc".utf8), at: 0).isEmpty)
    #expect(parser.expire(at: InputParser.pasteTimeout) == [.paste("abc")])
    #expect(parser.feed(Array("q".utf8), at: InputParser.pasteTimeout) == [.key(.character("q"))])
  }

  @Test func endlessGarbageInASequenceIsDroppedNotBuffered() {
    var parser = InputParser()
    let garbage = Array("\u{1B}[".utf8) + Array(repeating: 0x31, count: 1000)
    #expect(parser.feed(garbage, at: 0).isEmpty)
    #expect(parser.deadline == nil, "nothing left waiting")
    #expect(parser.feed(Array("q".utf8), at: 0) == [.key(.character("q"))])
  }
}
