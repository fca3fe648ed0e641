/// Turns valid inputs into hostile ones: the mutations a fuzzer of text formats needs, each
/// chosen and placed by a seeded generator.
///
/// Byte flips and random bytes, truncation, deletion and duplication of slices, and
/// insertions of what parsers trip on: quotes and brackets, huge and tiny numbers, control
/// bytes, invalid UTF-8, deep nesting, long runs of separators and newlines. Numbers already
/// in the text can be swapped for extreme ones, so structurally valid inputs reach the range
/// checks too.
public struct FuzzMutator {
  /// The generator every choice is drawn from.
  public var generator: SeededGenerator

  /// Creates a mutator drawing from a generator seeded with `seed`.
  public init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
  }

  /// Valid JSON numbers on or beyond some limit: overflow, underflow, 2^53 ± 1, 1e12 ± 1.
  public static let extremeNumbers: [String] = [
    "1e309", "-1e309", "1e308", "-1e308", "1e-400", "4.9e-324", "0", "-0", "-1", "0.5",
    "1e12", "1000000000001", "999999999999", "9007199254740992", "9007199254740993",
    "18446744073709551616", "99999999999999999999999999999", "7.4e19", "1e15", "-7.4e19",
    "2.5", "1E+2", "1e-5", "0.0001", "3", "1e11",
  ]

  /// Number-like text that is not valid JSON.
  static let malformedNumbers = ["00", "1.", ".5", "-", "1e", "0x10", "NaN", "Infinity", "+1"]

  /// Fragments parsers of CSV and JSON trip on.
  static let fragments: [[UInt8]] = [
    Array("\"".utf8), Array("\"\"".utf8), Array("[".utf8), Array("]".utf8), Array("{".utf8),
    Array("}".utf8), Array(",".utf8), Array(":".utf8), Array("\t".utf8), Array(";".utf8),
    Array("\\".utf8), Array("\\u".utf8), Array("\\ud800".utf8), Array("\\udc00\\ud800".utf8),
    Array("\r".utf8), Array("\r\n".utf8), Array("\n".utf8), Array("null".utf8),
    Array("true".utf8), Array("{\"sections\": [".utf8), Array("{\"a\": ".utf8),
    [0x00], [0x1B], [0x07], [0x7F], [0xC2, 0x85], [0xE2, 0x80, 0xAE], [0xEF, 0xBB, 0xBF],
    // Invalid UTF-8: stray continuation, truncated sequences, overlong, surrogate, > U+10FFFF.
    [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
    [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE],
  ]

  /// A number from 0 to `bound - 1`.
  public mutating func int(_ bound: Int) -> Int {
    Int(generator.next() % UInt64(max(bound, 1)))
  }

  /// `count` bytes drawn from one of the hostile fragments or random bytes.
  mutating func insertion() -> [UInt8] {
    switch int(10) {
    case 0...4: return Self.fragments[int(Self.fragments.count)]
    case 5:
      let numbers = Self.extremeNumbers + Self.malformedNumbers
      return Array(numbers[int(numbers.count)].utf8)
    case 6:
      // Deep nesting, sometimes past the parser's limit.
      let depth = [10, 100, 511, 512, 513, 2000, 20_000][int(7)]
      return [UInt8](repeating: int(2) == 0 ? 0x5B : 0x7B, count: depth)
    case 7:
      // A long run of one structural byte.
      let byte: UInt8 = [0x0A, 0x2C, 0x22, 0x09, 0x20, 0x5D][int(6)]
      return [UInt8](repeating: byte, count: 1 + int(3000))
    default:
      return (0..<(1 + int(8))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
  }

  /// `input` with one to four mutations applied; one input in three only has numbers swapped
  /// for extreme ones, so it stays well-formed and reaches the checks behind the parser.
  public mutating func mutate(_ input: [UInt8]) -> [UInt8] {
    var bytes = input
    if int(3) == 0 {
      for _ in 0..<(1 + int(3)) { replaceNumber(in: &bytes) }
      return bytes
    }
    for _ in 0..<(1 + int(4)) {
      mutateOnce(&bytes)
    }
    return bytes
  }

  private mutating func mutateOnce(_ bytes: inout [UInt8]) {
    let position = int(bytes.count + 1)
    switch int(9) {
    case 0 where !bytes.isEmpty:  // flip one bit
      bytes[min(position, bytes.count - 1)] ^= UInt8(1 << int(8))
    case 1 where !bytes.isEmpty:  // replace a byte
      bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: generator.next())
    case 2:  // truncate
      bytes.removeSubrange(position...)
    case 3 where !bytes.isEmpty:  // delete a slice
      let end = min(bytes.count, position + 1 + int(16))
      if position < end { bytes.removeSubrange(position..<end) }
    case 4 where !bytes.isEmpty:  // duplicate a slice
      let start = int(bytes.count)
      let end = min(bytes.count, start + 1 + int(200))
      bytes.insert(contentsOf: bytes[start..<end], at: position)
    case 5, 6:  // swap a number for an extreme one
      replaceNumber(in: &bytes)
    default:
      bytes.insert(contentsOf: insertion(), at: position)
    }
  }

  /// Replaces one number of the text (a run of digits, signs, dots and exponents) with one of
  /// `extremeNumbers`; inserts one when the text has no number.
  private mutating func replaceNumber(in bytes: inout [UInt8]) {
    func isNumberByte(_ b: UInt8) -> Bool {
      (0x30...0x39).contains(b) || b == 0x2D || b == 0x2B || b == 0x2E || b == 0x65 || b == 0x45
    }
    var starts: [Int] = []
    var index = 0
    while index < bytes.count {
      if (0x30...0x39).contains(bytes[index]) && (index == 0 || !isNumberByte(bytes[index - 1])) {
        starts.append(index)
      }
      index += 1
    }
    let replacement = Array(Self.extremeNumbers[int(Self.extremeNumbers.count)].utf8)
    guard !starts.isEmpty else {
      bytes.insert(contentsOf: replacement, at: int(bytes.count + 1))
      return
    }
    var start = starts[int(starts.count)]
    if start > 0 && bytes[start - 1] == 0x2D { start -= 1 }
    var end = start + 1
    while end < bytes.count && isNumberByte(bytes[end]) { end += 1 }
    bytes.replaceSubrange(start..<end, with: replacement)
  }
}
