import Foundation

/// The group keys' bytes, one after another, in blocks that never move once written: what the
/// group table compares keys against and what a snapshot's section titles are read from.
///
/// Keys are only ever added, and a key's bytes and its end stay where they were first written, so
/// a copy of this value (a snapshot's titles) keeps reading its first `count` keys while the table
/// goes on adding others: a snapshot shares the storage instead of copying it, where an array of
/// bytes and one of ends were copied whole by the first key added after each snapshot (about
/// 15 MB for a million keys, a copy per snapshot). Copying the value copies the block lists only.
/// A key's end is 4 bytes, an offset within its byte block (a key never spans two blocks).
/// No UIKit counterpart.
struct GroupKeys: Sendable {
  // @unchecked: a block's bytes are written once, before a snapshot that reads them is published
  // (under the arranger's lock), and never written again; readers stay below the count they got.
  /// Memory that is allocated once, never moved and freed with the last value that holds it.
  final class Block: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let capacity: Int

    init(capacity: Int) {
      base = .allocate(byteCount: capacity, alignment: 8)
      self.capacity = capacity
    }

    deinit { base.deallocate() }
  }

  /// log2 of the ends a block of ends holds.
  private static let endShift = 14
  private static let endMask = (1 << endShift) - 1
  /// The largest byte block (smaller ones first, so a handful of keys costs little).
  private static let largestByteBlock = 4 << 20

  /// The number of keys.
  private(set) var count = 0
  /// Where each key ends in its byte block, as `UInt32`, `1 << endShift` ends to a block.
  private var endBlocks: [Block] = []
  /// The keys' bytes.
  private var byteBlocks: [Block] = []
  /// The first key in each byte block.
  private var firstKeys: [Int] = []
  /// The bytes used in the last byte block.
  private var used = 0

  /// Adds `key` as key number `count`.
  ///
  /// - Complexity: O(key length), amortized.
  mutating func append(_ key: UnsafeRawBufferPointer) {
    precondition(key.count < Int(UInt32.max), "a group key of 4 GB or more")
    if byteBlocks.isEmpty || used + key.count > byteBlocks[byteBlocks.count - 1].capacity {
      let next = byteBlocks.last.map { min(Self.largestByteBlock, $0.capacity * 2) } ?? 4096
      byteBlocks.append(Block(capacity: max(next, key.count)))
      firstKeys.append(count)
      used = 0
    }
    if count & Self.endMask == 0 {
      endBlocks.append(Block(capacity: (Self.endMask + 1) * MemoryLayout<UInt32>.size))
    }
    if let source = key.baseAddress, key.count > 0 {
      (byteBlocks[byteBlocks.count - 1].base + used).copyMemory(from: source, byteCount: key.count)
    }
    used += key.count
    endBlocks[endBlocks.count - 1].base.storeBytes(
      of: UInt32(used), toByteOffset: (count & Self.endMask) * MemoryLayout<UInt32>.size,
      as: UInt32.self)
    count += 1
  }

  /// Where key `g` ends in its byte block.
  private func end(_ g: Int) -> Int {
    Int(
      endBlocks[g >> Self.endShift].base.load(
        fromByteOffset: (g & Self.endMask) * MemoryLayout<UInt32>.size, as: UInt32.self))
  }

  /// The byte block holding key `g`: the last whose first key is `g` or before.
  private func byteBlock(of g: Int) -> Int {
    var low = 0
    var high = firstKeys.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if firstKeys[middle] <= g { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Calls `body` with key `g`'s bytes (`g < count`).
  ///
  /// - Complexity: O(log byte blocks) and `body`.
  func withKey<R>(_ g: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    let b = byteBlock(of: g)
    let start = g == firstKeys[b] ? 0 : end(g - 1)
    return try withExtendedLifetime(byteBlocks[b]) { block in
      try body(UnsafeRawBufferPointer(start: block.base + start, count: end(g) - start))
    }
  }

  /// Key `g` as text.
  func text(of g: Int) -> String {
    withKey(g) { String(decoding: $0, as: UTF8.self) }
  }
}
