// `stdout` is a C global var; this stream is written from the main thread only.
#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered text stream to standard output, so a large report is written in big blocks.
struct StandardOutputStream: TextOutputStream {
  private var buffer: [UInt8] = []
  private static let blockSize = 1 << 16

  init() {
    buffer.reserveCapacity(Self.blockSize * 2)
  }

  mutating func write(_ string: String) {
    buffer.append(contentsOf: string.utf8)
    if buffer.count >= Self.blockSize { flushBuffer() }
  }

  /// Writes whatever is buffered; returns false when standard output could not take it.
  @discardableResult
  mutating func flush() -> Bool {
    flushBuffer()
    return fflush(stdout) == 0 && ferror(stdout) == 0
  }

  private mutating func flushBuffer() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBufferPointer { bytes in
      _ = fwrite(bytes.baseAddress, 1, bytes.count, stdout)
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
