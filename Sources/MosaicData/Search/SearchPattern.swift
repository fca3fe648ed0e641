#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A case-insensitive search query, prepared for matching strings and raw bytes.
///
/// ASCII queries match bytes directly with ASCII case folding, which lets delimited files be
/// searched without decoding fields; other queries match the lowercased text's UTF-8 bytes with
/// `memmem`, so a query that is one long grapheme ("a" and 200 combining marks) costs what its
/// bytes cost, not a `Character` comparison at every position.
struct SearchPattern {
  /// The query as typed.
  let query: String
  /// The query lowercased.
  let lowered: String
  /// The UTF-8 bytes of `lowered`.
  let loweredBytes: [UInt8]
  /// The query's bytes with ASCII letters lowercased.
  let folded: [UInt8]
  /// Whether the query is all ASCII (then byte matching is exact).
  let isASCII: Bool
  /// The position in `folded` of the byte least likely to occur in text, used as the anchor.
  private let anchor: Int

  private static let lowerTable: [UInt8] = (0...255).map { b in
    (0x41...0x5A).contains(b) ? UInt8(b + 0x20) : UInt8(b)
  }

  init(_ query: String) {
    self.query = query
    lowered = query.lowercased()
    loweredBytes = Array(lowered.utf8)
    isASCII = query.utf8.allSatisfy { $0 < 0x80 }
    folded = query.utf8.map { Self.lowerTable[Int($0)] }
    // Asked of every value `matches` tests: found once.
    scanMissesFoldTraps = isASCII && folded.contains { $0 == 0x6B || $0 == 0x69 || $0 == 0x73 }
    var best = 0
    var bestScore = -1
    for (i, b) in folded.enumerated() {
      let score = Self.rarity(b)
      if score > bestScore {
        best = i
        bestScore = score
      }
    }
    anchor = best
  }

  /// The longest run of the lowercased query made of ASCII bytes not in `excluded`: a field that
  /// matches the query contains this run in its raw bytes (ASCII case aside), so it serves as a
  /// cheap byte-level prefilter. Nil when there is no such run.
  func asciiRun(excluding excluded: [UInt8]) -> SearchPattern? {
    var best: ArraySlice<UInt8> = []
    var runStart = 0
    let bytes = Array(lowered.utf8)
    for i in 0...bytes.count {
      if i == bytes.count || bytes[i] >= 0x80 || excluded.contains(bytes[i]) {
        if i - runStart > best.count { best = bytes[runStart..<i] }
        runStart = i + 1
      }
    }
    return best.isEmpty ? nil : SearchPattern(String(decoding: best, as: UTF8.self))
  }

  /// The UTF-8 of the characters outside ASCII whose lowercase holds an ASCII letter (İ to
  /// "i̇", the Kelvin sign to "k"; no others, in Unicode 15) or whose case folding, as RE2
  /// folds for `~`, is one (ſ to "s"): a byte scan folding ASCII case alone misses them.
  static let foldTraps: [[UInt8]] = [[0xE2, 0x84, 0xAA], [0xC4, 0xB0], [0xC5, 0xBF]]

  /// Whether a raw byte scan for the query, folding ASCII case alone, can miss text that holds
  /// it once lowercased (or folded): an ASCII query with `k`, `i` or `s` in it. Records holding a
  /// fold trap must then be tested exactly too.
  let scanMissesFoldTraps: Bool

  /// Whether `bytes` hold one of `foldTraps`.
  static func containsFoldTrap(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    return firstFoldTrap(base, from: 0, to: bytes.count) != nil
  }

  /// The offset of the first of `foldTraps` in `from..<to` of `base`, or nil: `memchr` to each
  /// trap's lead byte (rare in text), the rest compared there.
  static func firstFoldTrap(_ base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
    var first: Int?
    for trap in foldTraps {
      var i = from
      let limit = first ?? end
      while i < limit, let hit = memchr(base + i, Int32(trap[0]), limit - i) {
        let at = base.distance(to: UnsafeRawPointer(hit))
        if at + trap.count <= end,
          (1..<trap.count).allSatisfy({
            base.load(fromByteOffset: at + $0, as: UInt8.self) == trap[$0]
          })
        {
          first = at
          break
        }
        i = at + 1
      }
    }
    return first
  }

  /// Whether the query is empty (an empty query matches nothing).
  var isEmpty: Bool { folded.isEmpty }

  /// How rare a lowercased byte is in typical text (higher is rarer).
  private static func rarity(_ b: UInt8) -> Int {
    let common = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
    if let rank = common.firstIndex(of: b) { return 10 + rank }
    switch b {
    case 0x20: return 0
    case 0x30...0x39: return 20
    case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "-"): return 5
    default: return 30
    }
  }

  /// Whether `text` contains the query, ignoring case: whether `text.lowercased()` holds
  /// the query lowercased (as Python's `query.lower() in text.lower()`).
  func matches(_ text: String) -> Bool {
    if isEmpty { return false }
    if isASCII {
      var text = text
      let found: Bool? = text.withUTF8 { buffer in
        guard let base = buffer.baseAddress else { return false }
        // Folding ASCII case byte by byte is lowercasing, but for a fold trap (`K` holds "k"
        // once lowercased): text holding one is lowercased whole below.
        if scanMissesFoldTraps, Self.containsFoldTrap(UnsafeRawBufferPointer(buffer)) {
          return nil
        }
        var scanner = Scanner(pattern: self)
        return scanner.next(in: UnsafeRawPointer(base), from: 0, to: buffer.count) != nil
      }
      if let found { return found }
    }
    var text = text.lowercased()
    return text.withUTF8 { haystack in
      loweredBytes.withUnsafeBufferPointer { Self.contains(haystack, $0) }
    }
  }

  /// Whether `needle` occurs in `haystack`: `memchr` to each candidate first byte, `memcmp` there.
  ///
  /// - Complexity: O(n · m) at worst, about O(n) in text (the first byte is rarely everywhere).
  static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard let base = haystack.baseAddress, let first = needle.first,
      haystack.count >= needle.count
    else { return needle.isEmpty }
    let last = haystack.count - needle.count
    var i = 0
    while i <= last {
      guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return false }
      let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
      i = at + 1
    }
    return false
  }

  /// Finds ASCII matches in raw bytes, remembering where the anchor byte occurs next so that a
  /// caller skipping forward never rescans.
  struct Scanner {
    let pattern: SearchPattern
    private var nextLower = -1
    private var nextUpper = -1
    private let lower: UInt8
    private let upper: UInt8

    init(pattern: SearchPattern) {
      self.pattern = pattern
      lower = pattern.folded.isEmpty ? 0 : pattern.folded[pattern.anchor]
      upper = (0x61...0x7A).contains(lower) ? lower - 0x20 : lower
    }

    /// The start offset of the first match in `from..<to`, or nil.
    mutating func next(in base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
      let folded = pattern.folded
      let m = folded.count
      let k = pattern.anchor
      guard m > 0, end - from >= m else { return nil }
      var position = from + k
      let table = SearchPattern.lowerTable
      while position < end {
        // The next few bytes first, both cases at once, without a call: a query that hits most
        // records finds its anchor within a record's first bytes.
        let near = min(end, position + 64)
        var hit = Self.findNear(base, lower, upper, position, near)
        if hit == near, near < end {
          position = near
          hit = far(base, position, end)
        }
        if hit >= end { return nil }
        let start = hit - k
        if start >= from, start + m <= end {
          var j = 0
          while j < m, table[Int(base.load(fromByteOffset: start + j, as: UInt8.self))] == folded[j]
          {
            j += 1
          }
          if j == m { return start }
        }
        position = hit + 1
      }
      return nil
    }

    /// The first offset at or after `position` holding the anchor in either case, or `end`:
    /// `memchr` for each case, each result kept until the search passes it.
    private mutating func far(_ base: UnsafeRawPointer, _ position: Int, _ end: Int) -> Int {
      if nextLower < position { nextLower = Self.find(base, lower, position, end) }
      if lower == upper {
        nextUpper = nextLower
      } else if nextUpper < position {
        nextUpper = Self.find(base, upper, position, end)
      }
      return min(nextLower, nextUpper)
    }

    /// The first offset in `from..<end` holding `lower` or `upper`, or `end`; eight bytes at a
    /// time (`ByteLanes`).
    @inline(__always)
    private static func findNear(
      _ base: UnsafeRawPointer, _ lower: UInt8, _ upper: UInt8, _ from: Int, _ end: Int
    ) -> Int {
      var i = from
      while i + 8 <= end {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let zeros =
          ByteLanes.matches(of: lower, in: word) | ByteLanes.matches(of: upper, in: word)
        if zeros != 0 { return i + zeros.trailingZeroBitCount / 8 }
        i += 8
      }
      while i < end {
        let byte = base.load(fromByteOffset: i, as: UInt8.self)
        if byte == lower || byte == upper { return i }
        i += 1
      }
      return end
    }

    private static func find(_ base: UnsafeRawPointer, _ byte: UInt8, _ from: Int, _ end: Int)
      -> Int
    {
      guard from < end, let hit = memchr(base + from, Int32(byte), end - from) else { return end }
      return base.distance(to: UnsafeRawPointer(hit))
    }
  }
}
