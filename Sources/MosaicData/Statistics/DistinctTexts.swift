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
  /// The slots: `entry` -1 is empty; a power of two of them, at most half full.
  private var slots: [Slot]
  /// Entry i's bytes are `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first).
  private var ends: [Int] = []
  private var hashes: [UInt64] = []
  private var bytes: [UInt8] = []
  /// The texts outside ASCII, by `String` equality.
  private var others: Set<String> = []
  /// Whether more than `limit` distinct texts were seen: nothing is kept any more.
  private(set) var isCapped = false

  private struct Slot: Sendable {
    var hash: UInt64
    var entry: Int
  }

  private static let emptySlot = Slot(hash: 0, entry: -1)

  /// A per-process key mixed into every hash, so that no file can be made to collide on
  /// purpose (Swift's `Hasher` is seeded per process for the same reason).
  private static let seed = UInt64.random(in: .min ... .max)

  init(limit: Int) {
    self.limit = limit
    slots = [Slot](repeating: Self.emptySlot, count: 64)
  }

  /// Adds the text whose UTF-8 is `text` (valid UTF-8, as a `String` stores it).
  @inline(__always)
  mutating func insert(_ text: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    guard !isCapped else { return }
    if isASCII {
      insertASCII(text, hash: Self.hash(text))
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
      if slot.entry < 0 { break }
      if slot.hash == hash && equals(entry: slot.entry, text) { return }
      index = (index + 1) & mask
    }
    let entry = ends.count
    bytes.append(contentsOf: text)
    ends.append(bytes.count)
    hashes.append(hash)
    slots[index] = Slot(hash: hash, entry: entry)
    if ends.count > limit {
      cap()
      return
    }
    if ends.count * 2 > slots.count { grow() }
  }

  private func equals(entry: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = entry == 0 ? 0 : ends[entry - 1]
    let end = ends[entry]
    guard end - start == text.count else { return false }
    if text.isEmpty { return true }
    return bytes.withUnsafeBufferPointer { stored in
      memcmp(stored.baseAddress! + start, text.baseAddress!, text.count) == 0
    }
  }

  private mutating func grow() {
    var larger = [Slot](repeating: Self.emptySlot, count: slots.count * 2)
    let mask = larger.count - 1
    for entry in 0..<hashes.count {
      var index = Int(truncatingIfNeeded: hashes[entry]) & mask
      while larger[index].entry >= 0 { index = (index + 1) & mask }
      larger[index] = Slot(hash: hashes[entry], entry: entry)
    }
    slots = larger
  }

  private mutating func cap() {
    isCapped = true
    slots = [Self.emptySlot]
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
        let hash = Self.hash(utf8)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].entry >= 0 {
          if slots[index].hash == hash && equals(entry: slots[index].entry, utf8) { return true }
          index = (index + 1) & mask
        }
        return false
      }
      if known { total -= 1 }
    }
    return total > limit ? (limit, true) : (total, false)
  }

  /// A 64-bit hash of `text`: eight bytes at a time, each folded in by a full-width multiply.
  @inline(__always)
  static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state = seed ^ (UInt64(text.count) &* 0x9E37_79B9_7F4A_7C15)
    guard let base = text.baseAddress else { return mix(state) }
    let raw = UnsafeRawPointer(base)
    let count = text.count
    var index = 0
    while index + 8 <= count {
      state = mix(state ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      index += 8
    }
    if index < count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while index < count {
        word |= UInt64(base[index]) << shift
        shift += 8
        index += 1
      }
      state = mix(state ^ word)
    }
    return mix(state ^ 0xA076_1D64_78BD_642F)
  }

  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    let product = value.multipliedFullWidth(by: 0xE703_7ED1_A0B4_28DB)
    return product.high ^ product.low
  }
}
