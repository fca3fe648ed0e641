import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A whole file's bytes, memory-mapped when it is a regular file and read into memory otherwise.
///
/// Mapping keeps a 1M-row file off the heap: pages come in as the indexer touches them and the
/// kernel may drop them again, so resident memory stays well below the file's size.
final class MappedFile: @unchecked Sendable {
  /// The first byte; nil when the file is empty.
  let base: UnsafeRawPointer?
  /// The number of bytes.
  let count: Int
  private let isMapped: Bool

  /// Maps the file at `path`; `name` is how errors refer to it.
  init(path: String, name: String) throws {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DataError.unreadable(file: name, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw DataError.unreadable(file: name, reason: String(cString: strerror(errno)))
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR {
      throw DataError.unreadable(file: name, reason: "is a directory")
    }
    let size = Int(info.st_size)
    if kind == S_IFREG && size > 0 {
      let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
      if let pointer, pointer != UnsafeMutableRawPointer(bitPattern: -1) {
        base = UnsafeRawPointer(pointer)
        count = size
        isMapped = true
        return
      }
    }
    // Pipes, process substitution and files mmap refuses: read everything.
    var data = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw DataError.unreadable(file: name, reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      data.append(contentsOf: chunk[0..<n])
    }
    isMapped = false
    count = data.count
    if data.isEmpty {
      base = nil
    } else {
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 16)
      data.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      base = UnsafeRawPointer(buffer)
    }
  }

  /// Wraps bytes already in memory (used for strings in tests and bundled data).
  init(bytes: [UInt8]) {
    isMapped = false
    count = bytes.count
    if bytes.isEmpty {
      base = nil
    } else {
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
      bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      base = UnsafeRawPointer(buffer)
    }
  }

  deinit {
    guard let base else { return }
    if isMapped {
      munmap(UnsafeMutableRawPointer(mutating: base), count)
    } else {
      UnsafeMutableRawPointer(mutating: base).deallocate()
    }
  }

  /// Tells the kernel this process is done with the pages from `start` to `end` for now, so they
  /// leave its resident set; they stay in the page cache and come back on the next access. Only
  /// whole pages inside the range are released, and nothing happens for files read into memory.
  func release(from start: Int, to end: Int) {
    guard isMapped, let base else { return }
    let page = Self.pageSize
    let from = (start + page - 1) / page * page
    let to = min(end, count) / page * page
    guard to > from else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base + from), to - from, Int32(MADV_DONTNEED))
  }

  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// The bytes as a buffer (empty for an empty file).
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base, count: count)
  }

  /// The byte at `offset`, which must be in range.
  @inline(__always) subscript(offset: Int) -> UInt8 {
    base.unsafelyUnwrapped.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The first index of `byte` in `range`, or `range.upperBound` when absent.
  @inline(__always) func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int {
    guard let base, !range.isEmpty else { return range.upperBound }
    guard let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else {
      return range.upperBound
    }
    return base.distance(to: UnsafeRawPointer(hit))
  }

  /// Whether any byte in `range` is outside ASCII.
  func containsNonASCII(_ range: Range<Int>) -> Bool {
    guard let base else { return false }
    var i = range.lowerBound
    while i + 8 <= range.upperBound {
      if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
        return true
      }
      i += 8
    }
    while i < range.upperBound {
      if self[i] >= 0x80 { return true }
      i += 1
    }
    return false
  }

  /// The bytes in `range` decoded as UTF-8 (invalid sequences become U+FFFD).
  func string(_ range: Range<Int>) -> String {
    guard let base, !range.isEmpty else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count),
      as: UTF8.self)
  }

  /// The 1-based line and column (in Unicode scalars) of `offset`.
  func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var i = 0
    let end = min(offset, count)
    while i < end {
      let nl = firstIndex(of: UInt8(ascii: "\n"), in: i..<end)
      if nl >= end { break }
      line += 1
      lineStart = nl + 1
      i = nl + 1
    }
    var column = 1
    var j = lineStart
    while j < end {
      if self[j] & 0xC0 != 0x80 { column += 1 }
      j += 1
    }
    return (line, column)
  }
}
