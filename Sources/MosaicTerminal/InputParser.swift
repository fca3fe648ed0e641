import MosaicCollection

/// Turns the bytes a terminal sends into input events: keys, mouse reports and pastes.
///
/// Pure and clock-free: each call says what time it is (`now`, nanoseconds on any monotonic
/// clock), so the Escape timeout is tested without sleeping. The run loop feeds it whatever
/// `read` returned, however a sequence was split, and calls `expire(at:)` once `deadline` has
/// passed with no byte arriving.
///
/// - UTF-8 is decoded strictly; each invalid byte is dropped alone, so the next key survives.
/// - ECMA-48 control sequences (`ESC [` parameters, intermediates, final) and SS3 (`ESC O x`)
///   are consumed whole; the ones for keys Mosaic uses are mapped, every other one is ignored.
/// - Mouse reports (SGR `ESC [ < b ; x ; y M/m` and X10 `ESC [ M` + 3 bytes) become
///   `MouseEvent`s.
/// - `ESC` followed by a key is that key with Alt held; it is ignored, never taken for Esc.
/// - A lone `ESC` is the Esc key once `escapeTimeout` passes with nothing after it.
/// - A bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) is one `.paste` event.
struct InputParser {
  /// How long a lone Esc waits for the rest of a sequence before it is the Esc key.
  static let escapeTimeout: UInt64 = 25_000_000
  /// How long an incomplete sequence (`ESC [ 1 ;`, a UTF-8 lead byte) waits before it is dropped.
  static let sequenceTimeout: UInt64 = 500_000_000
  /// How long a paste whose end marker has not come waits for more before it is delivered.
  static let pasteTimeout: UInt64 = 3_000_000_000
  /// The most bytes of one paste kept; the rest is read and dropped.
  static let pasteLimit = 1 << 16
  /// The longest control sequence accepted; a longer one is dropped as garbage.
  static let sequenceLimit = 256

  private var pending: [UInt8] = []
  private var lastArrival: UInt64 = 0
  /// The text of the paste being read, or nil outside a paste.
  private var paste: [UInt8]?
  /// What the terminal said of the private modes it was asked about (DECRPM, `ESC [ ? mode ;
  /// state $ y`, the answer to DECRQM): mode → state, 0 not recognized, 1 set, 2 reset,
  /// 3 permanently set, 4 permanently reset.
  private(set) var modeReports: [Int: Int] = [:]

  /// When `expire(at:)` should be called if no byte arrives first, or nil when nothing waits.
  var deadline: UInt64? {
    if paste != nil { return lastArrival + Self.pasteTimeout }
    if pending.isEmpty { return nil }
    let onlyEscapes = pending.allSatisfy { $0 == 0x1B }
    return lastArrival + (onlyEscapes ? Self.escapeTimeout : Self.sequenceTimeout)
  }

  /// The events that `bytes`, arriving at `now` after everything fed before, complete.
  mutating func feed(_ bytes: some Collection<UInt8>, at now: UInt64) -> [InputEvent] {
    guard !bytes.isEmpty else { return [] }
    // What waited past its deadline before these bytes came is resolved first: a lone Esc
    // followed 70 ms later by `/` is Esc then `/`, even when both are handed over together.
    let expired = expire(at: now)
    pending.append(contentsOf: bytes)
    lastArrival = now
    return expired + parse()
  }

  /// Resolves what still waits once `deadline` has passed with no byte arriving: lone Escs
  /// are Esc keys, a paste is delivered as far as it came, an incomplete sequence is dropped.
  mutating func expire(at now: UInt64) -> [InputEvent] {
    guard let deadline, now >= deadline else { return [] }
    if let text = paste {
      paste = nil
      pending.removeAll()
      return [Self.pasteEvent(text)]
    }
    if pending.allSatisfy({ $0 == 0x1B }) {
      defer { pending.removeAll() }
      return pending.map { _ in .key(.escape) }
    }
    // What waits is one incomplete sequence or character (parsing stops at the first): dropped.
    pending.removeAll()
    return []
  }

  // MARK: - Parsing

  /// What one step of parsing found at the front of the pending bytes.
  private enum Step {
    /// `count` bytes were consumed, standing for `event` (nil: nothing Mosaic uses).
    case consumed(Int, InputEvent?)
    /// More bytes are needed.
    case incomplete
    /// `ESC [ 200 ~`, `count` bytes: a bracketed paste begins.
    case pasteBegins(Int)
    /// `count` bytes: the terminal's report of a private mode's state (DECRPM).
    case modeReport(Int, mode: Int, state: Int)
  }

  private mutating func parse() -> [InputEvent] {
    var events: [InputEvent] = []
    var index = 0
    defer { pending.removeFirst(index) }
    while index < pending.count {
      if paste != nil {
        let (consumed, event) = readPaste(from: index)
        index += consumed
        if let event { events.append(event) } else { break }
        continue
      }
      switch step(at: index) {
      case .incomplete: return events
      case .consumed(let count, let event):
        index += count
        if let event { events.append(event) }
      case .pasteBegins(let count):
        index += count
        paste = []
      case .modeReport(let count, let mode, let state):
        index += count
        modeReports[mode] = state
      }
    }
    return events
  }

  /// Reads paste text from `start`: the bytes consumed, and the paste event once its end came.
  private mutating func readPaste(from start: Int) -> (Int, InputEvent?) {
    let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    var index = start
    while index < pending.count {
      if pending[index] == 0x1B {
        let available = min(end.count, pending.count - index)
        if pending[index..<(index + available)].elementsEqual(end[0..<available]) {
          // The end marker, or as much of it as has come: keep that part pending.
          guard available == end.count else { break }
          appendToPaste(pending[start..<index])
          let text = paste ?? []
          paste = nil
          return (index + end.count - start, Self.pasteEvent(text))
        }
      }
      index += 1
    }
    appendToPaste(pending[start..<index])
    return (index - start, nil)
  }

  private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
    let room = Self.pasteLimit - (paste?.count ?? 0)
    paste?.append(contentsOf: bytes.prefix(max(0, room)))
  }

  /// The paste event for pasted bytes: UTF-8 with invalid bytes dropped.
  private static func pasteEvent(_ bytes: [UInt8]) -> InputEvent {
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      switch UTF8Scalar.decode(bytes, at: index) {
      case .scalar(let scalar, let length):
        scalars.append(scalar)
        index += length
      case .invalid, .incomplete:
        index += 1
      }
    }
    return .paste(String(scalars))
  }

  private func step(at index: Int) -> Step {
    let byte = pending[index]
    switch byte {
    case 0x1B: return escape(at: index)
    case 0x00...0x7F: return .consumed(1, Self.asciiKey(byte).map(InputEvent.key))
    default:
      switch UTF8Scalar.decode(pending, at: index) {
      case .incomplete: return .incomplete
      case .invalid: return .consumed(1, nil)
      case .scalar(let scalar, let length):
        return .consumed(length, Self.printable(scalar).map { .key(.character($0)) })
      }
    }
  }

  /// An `ESC` at `index`: a control sequence, SS3, Alt with a key, or (alone) the Esc key.
  private func escape(at index: Int) -> Step {
    guard index + 1 < pending.count else { return .incomplete }
    let next = pending[index + 1]
    switch next {
    case 0x5B: return controlSequence(at: index)
    case 0x4F: return singleShift(at: index)
    case 0x1B:
      guard index + 2 < pending.count else { return .incomplete }
      let third = pending[index + 2]
      if third == 0x5B || third == 0x4F {
        // Alt with a key that sends a sequence (rxvt's Alt+arrow): consumed, ignored.
        switch escape(at: index + 1) {
        case .incomplete: return .incomplete
        case .consumed(let count, _), .pasteBegins(let count), .modeReport(let count, _, _):
          return .consumed(1 + count, nil)
        }
      }
      // Esc pressed twice: the first one is a key.
      return .consumed(1, .key(.escape))
    case 0x00...0x7F:
      // Alt with an ASCII key or a control character: not Esc, and not the key either.
      return .consumed(2, nil)
    default:
      switch UTF8Scalar.decode(pending, at: index + 1) {
      case .incomplete: return .incomplete
      case .invalid: return .consumed(1, nil)
      case .scalar(_, let length): return .consumed(1 + length, nil)
      }
    }
  }

  /// `ESC [` at `index`: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E.
  private func controlSequence(at index: Int) -> Step {
    var cursor = index + 2
    while cursor < pending.count, (0x30...0x3F).contains(pending[cursor]) { cursor += 1 }
    let parametersEnd = cursor
    while cursor < pending.count, (0x20...0x2F).contains(pending[cursor]) { cursor += 1 }
    guard cursor < pending.count else {
      // Garbage that never ends is dropped rather than waited for.
      return cursor - index > Self.sequenceLimit ? .consumed(cursor - index, nil) : .incomplete
    }
    let final = pending[cursor]
    guard (0x40...0x7E).contains(final) else {
      // A byte no control sequence holds: what came before is dropped, it is read afresh.
      return .consumed(cursor - index, nil)
    }
    let parameters = Array(pending[(index + 2)..<parametersEnd])
    let hasIntermediates = parametersEnd != cursor
    let length = cursor + 1 - index
    if final == 0x4D && parameters.isEmpty && !hasIntermediates {
      // X10 mouse: ESC [ M, then button, column and row, each + 32 (the last two 1-based).
      guard cursor + 3 < pending.count else { return .incomplete }
      let button = Int(pending[cursor + 1]) - 32
      let column = Int(pending[cursor + 2]) - 33
      let row = Int(pending[cursor + 3]) - 33
      return .consumed(length + 3, Self.mouse(button: button, column: column, row: row))
    }
    if hasIntermediates {
      // DECRPM, `? mode ; state $ y`: the answer to a mode query the terminal was sent.
      if final == 0x79, pending[parametersEnd..<cursor].elementsEqual([0x24]),
        parameters.first == 0x3F
      {
        let numbers = Self.numbers(parameters.dropFirst())
        if numbers.count == 2, let mode = numbers[0], let state = numbers[1] {
          return .modeReport(length, mode: mode, state: state)
        }
      }
      return .consumed(length, nil)
    }
    if final == 0x7E && parameters == [0x32, 0x30, 0x30] { return .pasteBegins(length) }
    return .consumed(length, Self.controlSequenceEvent(parameters: parameters, final: final))
  }

  /// What a complete control sequence without intermediates stands for.
  private static func controlSequenceEvent(parameters: [UInt8], final: UInt8) -> InputEvent? {
    if parameters.first == 0x3C {
      // SGR mouse: ESC [ < button ; column ; row, M for a press, m for a release.
      let numbers = numbers(parameters.dropFirst())
      guard numbers.count == 3, let button = numbers[0], let column = numbers[1],
        let row = numbers[2], final == 0x4D || final == 0x6D
      else { return nil }
      return mouse(button: final == 0x6D ? 3 : button, column: column - 1, row: row - 1)
    }
    // Other private parameters (`?`, `>`, `=`) are reports Mosaic never asked for.
    if let first = parameters.first, (0x3C...0x3F).contains(first) { return nil }
    let numbers = numbers(parameters[...])
    let key: Key?
    switch final {
    case 0x41: key = .up
    case 0x42: key = .down
    case 0x43: key = .right
    case 0x44: key = .left
    case 0x48: key = .home
    case 0x46: key = .end
    case 0x5A: key = .backTab
    case 0x7E:
      switch numbers.first ?? nil {
      case 1, 7: key = .home
      case 4, 8: key = .end
      case 3: key = .delete
      case 5: key = .pageUp
      case 6: key = .pageDown
      default: key = nil
      }
    default: key = nil
    }
    return key.map(InputEvent.key)
  }

  /// `ESC O` at `index`: SS3 with an optional parameter and a final byte, or Alt+O.
  private func singleShift(at index: Int) -> Step {
    var cursor = index + 2
    while cursor < pending.count, (0x30...0x3F).contains(pending[cursor]) { cursor += 1 }
    guard cursor < pending.count else { return .incomplete }
    let final = pending[cursor]
    guard (0x40...0x7E).contains(final) else { return .consumed(2, nil) }
    let length = cursor + 1 - index
    let key: Key?
    switch final {
    case 0x41, 0x78: key = .up  // A; keypad 8
    case 0x42, 0x72: key = .down  // B; keypad 2
    case 0x43, 0x76: key = .right  // C; keypad 6
    case 0x44, 0x74: key = .left  // D; keypad 4
    case 0x48, 0x77: key = .home  // H; keypad 7
    case 0x46, 0x71: key = .end  // F; keypad 1
    case 0x79: key = .pageUp  // keypad 9
    case 0x73: key = .pageDown  // keypad 3
    case 0x4D: key = .enter  // keypad Enter
    case 0x6E: key = .delete  // keypad .
    case 0x6A: key = .character("*")
    case 0x6B: key = .character("+")
    case 0x6C: key = .character(",")
    case 0x6D: key = .character("-")
    case 0x6F: key = .character("/")
    case 0x58: key = .character("=")
    default: key = nil
    }
    return .consumed(length, key.map(InputEvent.key))
  }

  /// The decimal numbers of `;`-separated parameters (nil for an empty or odd one).
  private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
    parameters.split(separator: 0x3B, omittingEmptySubsequences: false).map { digits in
      guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
  }

  /// A mouse report's meaning: bit 6 the wheel, bit 5 motion, low two bits the button (3: released).
  private static func mouse(button: Int, column: Int, row: Int) -> InputEvent? {
    guard button >= 0, column >= 0, row >= 0 else { return nil }
    let action: MouseEvent.Action
    if button & 32 != 0 {
      // Motion: only with the primary button held is it a drag; bare motion means nothing.
      guard button & 64 == 0, button & 3 == 0 else { return nil }
      return .mouse(MouseEvent(action: .drag, column: column, row: row))
    }
    if button & 64 != 0 {
      switch button & 3 {
      case 0: action = .wheelUp
      case 1: action = .wheelDown
      default: return nil
      }
    } else {
      switch button & 3 {
      case 0: action = .press
      case 3: action = .release
      default: return nil
      }
    }
    return .mouse(MouseEvent(action: action, column: column, row: row))
  }

  /// The key an ASCII byte stands for.
  static func asciiKey(_ byte: UInt8) -> Key? {
    switch byte {
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 1...26:
      // Ctrl-A … Ctrl-Z arrive as 1 … 26; the ones above (Tab, Enter, Backspace) were
      // claimed first, as terminals cannot tell them apart.
      return .control(Character(Unicode.Scalar(byte + 0x60)))
    case 32...126: return .character(Character(Unicode.Scalar(byte)))
    default: return nil
    }
  }

  /// `scalar` as a character if it is printable (not a control, format or unassigned code point).
  static func printable(_ scalar: Unicode.Scalar) -> Character? {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
      .paragraphSeparator:
      return nil
    default:
      return Character(scalar)
    }
  }
}
