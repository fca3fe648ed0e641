import Foundation

/// The distinct texts of one field, up to a limit, counted as `Set<String>` counts them but kept
/// as UTF-8 bytes: an ASCII text is hashed from its bytes into an open-addressing table of
/// (hash, entry) slots, its bytes appended once to one buffer and compared only when two hashes
/// are equal. No `String` is made for it.
///
/// No UIKit counterpart. Swift's `String` equality is canonical equivalence, under which a text
/// outside ASCII may equal another with other bytes (`"é"` written as one scalar or two, the
/// Kelvin sign and `K`), so those texts go to a `Set<String>`; the few of them that equal an
/// ASCII text are subtracted when the count is read (`count`).
struct DistinctTexts: Sendable {
  /// The most distinct texts counted; past it the count is only known to exceed it.
  let limit: Int
  /// The slots, a power of two of them, at most half full: 0 when empty, else the hash's high
  /// 32 bits above the entry's index plus one (8 bytes a slot, so that a table of 100,000
  /// texts stays within 2 MB).
  private var slots: [UInt64]
  /// Entry i's bytes are `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first).
  private var ends: [Int] = []
  private var hashes: [UInt64] = []
  private var bytes: [UInt8] = []
  /// The texts outside ASCII, by `String` equality.
  private var others: Set<String> = []
  /// Whether more than `limit` distinct texts were seen: nothing is kept any more.
  private(set) var isCapped = false

  /// `seed`, read once: every set hashes alike, so that sets merge by their stored hashes.
  private let key: UInt64

  /// A per-process key mixed into every hash, so that no file can be made to collide on
  /// purpose (Swift's `Hasher` is seeded per process for the same reason).
  private static let seed = UInt64.random(in: .min ... .max)

  init(limit: Int) {
    // Entries are numbered in 32 bits.
    self.limit = min(limit, Int(UInt32.max) - 1)
    slots = [UInt64](repeating: 0, count: 64)
    key = Self.seed
  }

  @inline(__always)
  private static func slot(hash: UInt64, entry: Int) -> UInt64 {
    hash & 0xFFFF_FFFF_0000_0000 | UInt64(entry + 1)
  }

  /// Adds the text whose UTF-8 is `text` (valid UTF-8, as a `String` stores it).
  @inline(__always)
  mutating func insert(_ text: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    guard !isCapped else { return }
    if isASCII {
      insertASCII(text, hash: Self.hash(text, key: key))
    } else {
      others.insert(String(decoding: text, as: UTF8.self))
      if others.count > limit { cap() }
    }
  }

  /// Adds the ASCII text `text`, whose hash is `hash`.
  private mutating func insertASCII(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64) {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = slots[index]
      if slot == 0 { break }
      if slot >> 32 == hash >> 32 && equals(entry: Int(slot & 0xFFFF_FFFF) - 1, text) { return }
      index = (index + 1) & mask
    }
    let entry = ends.count
    bytes.append(contentsOf: text)
    ends.append(bytes.count)
    hashes.append(hash)
    slots[index] = Self.slot(hash: hash, entry: entry)
    if ends.count > limit {
      cap()
      return
    }
    if ends.count * 2 > slots.count { grow() }
  }

  @inline(__always)
  private func equals(entry: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = entry == 0 ? 0 : ends[entry - 1]
    let end = ends[entry]
    let count = text.count
    guard end - start == count else { return false }
    guard count > 0, let base = text.baseAddress else { return true }
    return bytes.withUnsafeBufferPointer { stored in
      let a = UnsafeRawPointer(stored.baseAddress! + start)
      let b = UnsafeRawPointer(base)
      // Most texts are short: compared a word at a time (the first and last eight bytes
      // overlap below 16) instead of by a call to `memcmp`.
      if count >= 8 && count <= 16 {
        return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
          && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      }
      if count >= 4 && count < 8 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
          && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      }
      if count < 4 {
        for offset in 0..<count
        where a.load(fromByteOffset: offset, as: UInt8.self)
          != b.load(fromByteOffset: offset, as: UInt8.self)
        {
          return false
        }
        return true
      }
      return memcmp(a, b, count) == 0
    }
  }

  private mutating func grow() {
    var larger = [UInt64](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for entry in 0..<hashes.count {
      var index = Int(truncatingIfNeeded: hashes[entry]) & mask
      while larger[index] != 0 { index = (index + 1) & mask }
      larger[index] = Self.slot(hash: hashes[entry], entry: entry)
    }
    slots = larger
  }

  private mutating func cap() {
    isCapped = true
    slots = [0]
    ends = []
    hashes = []
    bytes = []
    others = []
  }

  /// Adds the texts of `other`, as if this set had seen them too.
  mutating func formUnion(_ other: DistinctTexts) {
    if isCapped { return }
    if other.isCapped {
      cap()
      return
    }
    other.bytes.withUnsafeBufferPointer { stored in
      for entry in 0..<other.ends.count {
        guard !isCapped else { return }
        let start = entry == 0 ? 0 : other.ends[entry - 1]
        insertASCII(
          UnsafeBufferPointer(rebasing: stored[start..<other.ends[entry]]),
          hash: other.hashes[entry])
      }
    }
    if isCapped { return }
    others.formUnion(other.others)
    if others.count > limit { cap() }
  }

  /// How many distinct texts were seen, as `Set<String>` counts them, and whether that is more
  /// than `limit` (then only `limit` is said).
  var count: (count: Int, isCapped: Bool) {
    if isCapped { return (limit, true) }
    var total = ends.count + others.count
    for text in others {
      // A text outside ASCII equal to an ASCII one is that one's canonical composition (NFC
      // keeps ASCII as it is), already counted among the bytes.
      let composed = text.precomposedStringWithCanonicalMapping
      guard composed.utf8.allSatisfy({ $0 < 0x80 }), composed == text else { continue }
      var copy = composed
      let known = copy.withUTF8 { utf8 in
        let hash = Self.hash(utf8, key: key)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] != 0 {
          let slot = slots[index]
          if slot >> 32 == hash >> 32 && equals(entry: Int(slot & 0xFFFF_FFFF) - 1, utf8) {
            return true
          }
          index = (index + 1) & mask
        }
        return false
      }
      if known { total -= 1 }
    }
    return total > limit ? (limit, true) : (total, false)
  }

  /// A 64-bit hash of `text`: eight bytes at a time, each folded in by a full-width multiply;
  /// the last eight overlap the word before, and a shorter text is read in two or three
  /// loads, so that no byte is read one at a time in a loop.
  @inline(__always)
  static func hash(_ text: UnsafeBufferPointer<UInt8>, key: UInt64) -> UInt64 {
    let count = text.count
    var state = key ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
    guard let base = text.baseAddress else { return mix(state) }
    let raw = UnsafeRawPointer(base)
    if count >= 8 {
      var index = 0
      while index + 8 < count {
        state = mix(state ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index += 8
      }
      state = mix(state ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    } else if count >= 4 {
      let first = UInt64(raw.loadUnaligned(as: UInt32.self))
      let last = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      state = mix(state ^ (first << 32 | last))
    } else if count > 0 {
      state = mix(
        state ^ (UInt64(base[0]) << 16 | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1])))
    }
    return mix(state ^ 0xA076_1D64_78BD_642F)
  }

  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    let product = value.multipliedFullWidth(by: 0xE703_7ED1_A0B4_28DB)
    return product.high ^ product.low
  }
}
