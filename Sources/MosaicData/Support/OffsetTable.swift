import Foundation

// @unchecked: one writer thread; readers see only entries below `published`, read under `lock`.
/// An append-only table of byte offsets, written by one indexing thread and read by any thread.
///
/// Offsets live in fixed chunks that never move, so a reader needs the lock only to learn how
/// many entries are published; entries below that count are immutable. An entry takes about 2
/// bytes: each block of 64 entries keeps its first offset in full (8 bytes) and every entry its
/// distance from it in 2 bytes, so a lookup is two loads and an add, as with a flat table. A
/// block whose records are longer than 1 KB on average overflows the 2 bytes: its far entries
/// keep a marker there and their full offset in a wide chunk made for the first of them.
final class OffsetTable: @unchecked Sendable {
  private static let chunkShift = 16
  private static let chunkSize = 1 << chunkShift
  private static let blockShift = 6
  /// The bytes of a chunk's block bases, before its 2-byte distances.
  private static let basesBytes = (chunkSize >> blockShift) * 8
  /// The distance that says "in the wide chunk": every smaller one is stored as it is.
  private static let far = UInt16.max
  private let chunkCount: Int
  /// Per chunk: the block bases (`Int64`), then the distances (`UInt16`).
  private let chunks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Per chunk, made when one of its entries is far from its block's base: full offsets
  /// (`Int64`), read only where the distance is the marker.
  private let wideChunks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private var written = 0
  private var published = 0
  private let lock = NSLock()

  /// Creates a table holding at most `capacity` entries.
  init(capacity: Int) {
    chunkCount = capacity / Self.chunkSize + 1
    chunks = .allocate(capacity: chunkCount)
    chunks.initialize(repeating: nil, count: chunkCount)
    wideChunks = .allocate(capacity: chunkCount)
    wideChunks.initialize(repeating: nil, count: chunkCount)
  }

  deinit {
    for i in 0..<chunkCount {
      chunks[i]?.deallocate()
      wideChunks[i]?.deallocate()
    }
    chunks.deallocate()
    wideChunks.deallocate()
  }

  /// The chunk entry `written` goes to, made when it is the chunk's first.
  @inline(__always)
  private func chunkForWriting() -> UnsafeMutableRawPointer {
    let chunk = written >> Self.chunkShift
    precondition(chunk < chunkCount, "offset table overflow")
    if let base = chunks[chunk] { return base }
    let base = UnsafeMutableRawPointer.allocate(
      byteCount: Self.basesBytes + Self.chunkSize * 2, alignment: 8)
    chunks[chunk] = base
    return base
  }

  /// Stores `offset` at `slot` of `base`, the chunk of entry `index`.
  @inline(__always)
  private func store(_ offset: Int, at slot: Int, of base: UnsafeMutableRawPointer, index: Int) {
    let block = (slot >> Self.blockShift) * 8
    if slot & ((1 << Self.blockShift) - 1) == 0 {
      base.storeBytes(of: Int64(offset), toByteOffset: block, as: Int64.self)
    }
    let distance = offset - Int(base.load(fromByteOffset: block, as: Int64.self))
    if distance >= 0 && distance < Int(Self.far) {
      base.storeBytes(
        of: UInt16(distance), toByteOffset: Self.basesBytes + slot * 2, as: UInt16.self)
      return
    }
    // Written before `publish()` makes the entry readable, and never changed after: a reader
    // that sees the marker sees the wide chunk too.
    let chunk = index >> Self.chunkShift
    let wide: UnsafeMutableRawPointer
    if let made = wideChunks[chunk] {
      wide = made
    } else {
      wide = .allocate(byteCount: Self.chunkSize * 8, alignment: 8)
      wideChunks[chunk] = wide
    }
    wide.storeBytes(of: Int64(offset), toByteOffset: slot * 8, as: Int64.self)
    base.storeBytes(of: Self.far, toByteOffset: Self.basesBytes + slot * 2, as: UInt16.self)
  }

  /// Appends an offset; only the indexing thread calls this. Readers see it after `publish()`.
  func append(_ offset: Int) {
    let base = chunkForWriting()
    store(offset, at: written & (Self.chunkSize - 1), of: base, index: written)
    written += 1
  }

  /// Appends `offsets` in order; only the indexing thread calls this.
  func append(contentsOf offsets: [Int]) {
    offsets.withUnsafeBufferPointer { offsets in
      var next = 0
      while next < offsets.count {
        let base = chunkForWriting()
        // A run that fits the chunk, stored without a chunk lookup per entry.
        let slot = written & (Self.chunkSize - 1)
        let run = min(Self.chunkSize - slot, offsets.count - next)
        let blockMask = (1 << Self.blockShift) - 1
        let distances = (base + Self.basesBytes).assumingMemoryBound(to: UInt16.self)
        // The block's base in a register: read once, then set at each block's first entry.
        var blockBase =
          slot & blockMask == 0
          ? 0 : Int(base.load(fromByteOffset: (slot >> Self.blockShift) * 8, as: Int64.self))
        for k in 0..<run {
          let offset = offsets[next + k]
          let position = slot + k
          if position & blockMask == 0 {
            blockBase = offset
            base.storeBytes(
              of: Int64(offset), toByteOffset: (position >> Self.blockShift) * 8, as: Int64.self)
          }
          let distance = offset &- blockBase
          if UInt(bitPattern: distance) < UInt(Self.far) {
            distances[position] = UInt16(truncatingIfNeeded: distance)
          } else {
            store(offset, at: position, of: base, index: written + k)
          }
        }
        written += run
        next += run
      }
    }
  }

  /// The most recently appended offset (indexing thread only).
  var lastWritten: Int { self[written - 1] }

  /// The number of entries appended by the indexing thread (indexing thread only).
  var writtenCount: Int { written }

  /// Removes the entries appended since the last `publish()` that are above `limit` (the indexing
  /// thread only): a batch scanned while the file was truncated must not publish records past
  /// its new end.
  func dropUnpublished(above limit: Int) {
    lock.lock()
    let floor = published
    lock.unlock()
    while written > floor, self[written - 1] > limit { written -= 1 }
  }

  /// Makes every appended entry visible to readers.
  func publish() {
    lock.lock()
    published = written
    lock.unlock()
  }

  /// The number of entries readers may access.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return published
  }

  /// The entry at `index`, which must be below a `count` the caller has read (or `writtenCount`
  /// on the indexing thread).
  @inline(__always) subscript(index: Int) -> Int {
    let chunk = index >> Self.chunkShift
    let base = chunks[chunk].unsafelyUnwrapped
    let slot = index & (Self.chunkSize - 1)
    let distance = base.load(fromByteOffset: Self.basesBytes + slot * 2, as: UInt16.self)
    if distance != Self.far {
      let block = (slot >> Self.blockShift) * 8
      return Int(base.load(fromByteOffset: block, as: Int64.self)) + Int(distance)
    }
    return Int(wideChunks[chunk].unsafelyUnwrapped.load(fromByteOffset: slot * 8, as: Int64.self))
  }

  /// The number of bytes the table has allocated.
  var allocatedBytes: Int {
    var bytes = chunkCount * 16
    for i in 0..<chunkCount {
      if chunks[i] != nil { bytes += Self.basesBytes + Self.chunkSize * 2 }
      if wideChunks[i] != nil { bytes += Self.chunkSize * 8 }
    }
    return bytes
  }
}
