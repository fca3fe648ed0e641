import Foundation

// @unchecked: one writer thread; readers see only entries below `published`, read under `lock`.
/// An append-only table of byte offsets, written by one indexing thread and read by any thread.
///
/// Offsets live in fixed chunks that never move, so a reader needs the lock only to learn how
/// many entries are published; entries below that count are immutable. Offsets take 4 bytes
/// each when the file is smaller than 4 GiB and 8 bytes otherwise.
final class OffsetTable: @unchecked Sendable {
  private static let chunkShift = 16
  private static let chunkSize = 1 << chunkShift
  private let wide: Bool
  private let chunkCount: Int
  private let chunks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private var written = 0
  private var published = 0
  private let lock = NSLock()

  /// Creates a table for offsets up to `maxOffset` holding at most `capacity` entries.
  init(maxOffset: Int, capacity: Int) {
    wide = maxOffset > Int(UInt32.max)
    chunkCount = capacity / Self.chunkSize + 1
    chunks = .allocate(capacity: chunkCount)
    chunks.initialize(repeating: nil, count: chunkCount)
  }

  deinit {
    for i in 0..<chunkCount { chunks[i]?.deallocate() }
    chunks.deallocate()
  }

  /// Appends an offset; only the indexing thread calls this. Readers see it after `publish()`.
  func append(_ offset: Int) {
    let chunk = written >> Self.chunkShift
    precondition(chunk < chunkCount, "offset table overflow")
    if chunks[chunk] == nil {
      chunks[chunk] = .allocate(byteCount: Self.chunkSize * (wide ? 8 : 4), alignment: 8)
    }
    let slot = written & (Self.chunkSize - 1)
    if wide {
      chunks[chunk]!.storeBytes(of: UInt64(offset), toByteOffset: slot * 8, as: UInt64.self)
    } else {
      chunks[chunk]!.storeBytes(of: UInt32(offset), toByteOffset: slot * 4, as: UInt32.self)
    }
    written += 1
  }

  /// Appends `offsets` in order; only the indexing thread calls this.
  func append(contentsOf offsets: [Int]) {
    var next = 0
    while next < offsets.count {
      let chunk = written >> Self.chunkShift
      precondition(chunk < chunkCount, "offset table overflow")
      if chunks[chunk] == nil {
        chunks[chunk] = .allocate(byteCount: Self.chunkSize * (wide ? 8 : 4), alignment: 8)
      }
      // A run that fits the chunk, stored without a chunk lookup per entry.
      let slot = written & (Self.chunkSize - 1)
      let run = min(Self.chunkSize - slot, offsets.count - next)
      let base = chunks[chunk]!
      if wide {
        for k in 0..<run {
          base.storeBytes(
            of: UInt64(offsets[next + k]), toByteOffset: (slot + k) * 8, as: UInt64.self)
        }
      } else {
        for k in 0..<run {
          base.storeBytes(
            of: UInt32(offsets[next + k]), toByteOffset: (slot + k) * 4, as: UInt32.self)
        }
      }
      written += run
      next += run
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
    let chunk = chunks[index >> Self.chunkShift].unsafelyUnwrapped
    let slot = index & (Self.chunkSize - 1)
    if wide {
      return Int(chunk.load(fromByteOffset: slot * 8, as: UInt64.self))
    }
    return Int(chunk.load(fromByteOffset: slot * 4, as: UInt32.self))
  }

  /// The number of bytes the table has allocated.
  var allocatedBytes: Int {
    var chunksInUse = 0
    for i in 0..<chunkCount where chunks[i] != nil { chunksInUse += 1 }
    return chunksInUse * Self.chunkSize * (wide ? 8 : 4) + chunkCount * 8
  }
}
