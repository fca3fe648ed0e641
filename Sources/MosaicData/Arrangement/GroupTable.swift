import Foundation

/// The groups met so far, found by their key's bytes: numbered in order of first appearance, the
/// keys stored end to end (`GroupKeys`, which snapshots share as their section titles).
///
/// An open-addressing table of 64-bit slots (the key hash's high 32 bits beside the group number)
/// replaces a `[String: Int]`: no `String` is made or hashed per record, a probe mostly settles
/// on the hash bits, and a million groups cost about 20 bytes each besides their keys. A key's slot is named by the
/// hash's highest bits, which the slot keeps, so growing moves the slots without hashing a key
/// again. The hash is computed by the caller (`hash(_:)`), so it can run on every core. No UIKit
/// counterpart.
struct GroupTable {
  /// The keys, group after group.
  private(set) var keys = GroupKeys()
  /// 0 for a free slot, else the key hash's high 32 bits and the group number + 1.
  private var slots: [UInt64]
  /// log2 of the slot count: a key's first slot is its hash's highest `bits` bits.
  private var bits: Int

  init() {
    bits = 10
    slots = [UInt64](repeating: 0, count: 1 << bits)
  }

  /// The number of groups.
  var count: Int { keys.count }

  /// The titles of the groups, their keys as text: sharing the keys, and unchanged by the groups
  /// added after.
  var titles: GroupTitles { .keys(keys) }

  /// The number of the group whose key is `key` (`hash` being `GroupTable.hash(key)`), opening
  /// a new group (numbered `count`) when no group has that key yet.
  ///
  /// - Complexity: O(key length) expected.
  mutating func group(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int32 {
    precondition(!slots.isEmpty, "a key looked up after releaseSlots()")
    let tag = hash >> 32
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash >> (64 - bits))
    let found: Int32? = slots.withUnsafeBufferPointer { slots in
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if entry >> 32 == tag {
          let g = Int(entry & 0xFFFF_FFFF) - 1
          if equals(g, key) { return Int32(g) }
        }
        slot = (slot + 1) & mask
      }
    }
    if let found { return found }
    let g = keys.count
    keys.append(key)
    slots[slot] = tag << 32 | UInt64(g + 1)
    if keys.count * 2 > slots.count { grow() }
    return Int32(g)
  }

  /// Lets the slots go (16 MB for a million groups), keeping the keys and so the titles: for when
  /// no key will be looked up again.
  mutating func releaseSlots() {
    slots = []
  }

  /// Whether group `g`'s key is `key`.
  private func equals(_ g: Int, _ key: UnsafeRawBufferPointer) -> Bool {
    keys.withKey(g) { stored in
      guard stored.count == key.count else { return false }
      guard let keyBase = key.baseAddress, key.count > 0 else { return true }
      return memcmp(stored.baseAddress!, keyBase, key.count) == 0
    }
  }

  /// Doubles the slots (keeping the load at most a half), placing each entry again by the hash
  /// bits it keeps.
  private mutating func grow() {
    bits += 1
    precondition(bits <= 32, "more groups than a 32-bit hash prefix can spread")
    let size = 1 << bits
    let mask = size - 1
    var grown = [UInt64](repeating: 0, count: size)
    grown.withUnsafeMutableBufferPointer { grown in
      for entry in slots where entry != 0 {
        var slot = Int(truncatingIfNeeded: entry >> (64 - bits))
        while grown[slot] != 0 { slot = (slot + 1) & mask }
        grown[slot] = entry
      }
    }
    slots = grown
  }

  /// A 64-bit hash of `key`, eight bytes at a time, its bits mixed at the end (splitmix64) so
  /// both the slot (low bits) and the tag (high bits) depend on every byte.
  static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
    var i = 0
    let count = key.count
    while i + 8 <= count {
      h = (h ^ key.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      h = h << 31 | h >> 33
      i += 8
    }
    if i < count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while i < count {
        tail |= UInt64(key[i]) << shift
        shift += 8
        i += 1
      }
      h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
    }
    h ^= h >> 30
    h = h &* 0xBF58_476D_1CE4_E5B9
    h ^= h >> 27
    h = h &* 0x94D0_49BB_1331_11EB
    h ^= h >> 31
    return h
  }
}
