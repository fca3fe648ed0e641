#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file descriptor written in blocks: bytes gather in a buffer of `blockSize` and go out with
/// `write(2)` once it fills, so an export of any size holds one block in memory, never the
/// whole output.
///
/// Not shared between threads. UIKit has no counterpart; it is a `FileHandle` with a buffer.
public final class ByteOutput {
  /// The descriptor written to; not closed by this object.
  public let descriptor: Int32
  /// How the destination is named in errors (`out.csv`, `<stdout>`).
  public let name: String
  /// The bytes gathered before a `write(2)`.
  public static let blockSize = 1 << 16
  private var buffer: [UInt8] = []
  /// The first write that failed; every write after it is skipped and `flush()` throws it.
  private var failure: ExportError?

  /// An output to `descriptor`, named `name` in errors.
  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
    buffer.reserveCapacity(Self.blockSize + 4096)
  }

  /// Appends `text` as UTF-8, writing a block out once the buffer holds one.
  ///
  /// A failed write is kept and thrown by `flush()` rather than here, so the per-value calls
  /// that make up a record need no `try` each.
  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.blockSize { writeBuffer() }
  }

  /// Appends one byte.
  public func write(byte: UInt8) {
    buffer.append(byte)
    if buffer.count >= Self.blockSize { writeBuffer() }
  }

  /// Writes out everything buffered.
  ///
  /// - Throws: `ExportError` for the first write the descriptor refused (a full disk, a closed
  ///   pipe when SIGPIPE is ignored).
  public func flush() throws(ExportError) {
    writeBuffer()
    if let failure { throw failure }
  }

  private func writeBuffer() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = ExportError(destination: name, code: errno)
          return
        }
        offset += written
      }
    }
  }
}

/// `write(2)`, named apart from `ByteOutput`'s own `write` methods.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}
