import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// @unchecked: `input` is the spooling thread's alone, `firstLineSearched` `openSource`'s caller's.
/// Standard input, a pipe, a FIFO or a device, copied as it arrives into an unlinked temporary
/// file that is mapped and indexed as it grows, the way a regular file is.
///
/// Nothing waits on the input but a background thread: the browser shows records as they come,
/// stays responsive, and its memory holds only the index (the bytes are on disk and their pages
/// are handed back after indexing). Copying stops at `byteLimit`; indexing stops at
/// `BackgroundIndexer.streamRecordLimit` records or at a record longer than
/// `BackgroundIndexer.streamRecordLength`, each with a message. No UIKit counterpart.
public final class StreamSpool: @unchecked Sendable {
  /// The most bytes spooled: 4 GB, or half the free space where the spool lives if less.
  public static let defaultByteLimit = 4_000_000_000
  /// The largest JSON document read from a stream; it is parsed whole, in memory.
  public static let jsonLimit = 256 << 20

  /// How the input is named in messages (`<stdin>` or the path).
  public let name: String
  /// The most bytes this spool copies.
  public let byteLimit: Int
  /// The kinds the input is recognised among.
  public let kinds: [any SourceKind]
  let file: MappedFile
  private let input: Int32
  /// A pipe `stop()` writes to, which the copying thread waits on beside the input: so it
  /// sleeps in `poll` with no timeout and still stops at once.
  private let stopPipe: (read: Int32, write: Int32)
  /// How far the first line is known to run without a newline (`openSource`'s thread only), so
  /// each tick looks only at new bytes and hands the ones looked at back to the kernel.
  private var firstLineSearched = 0

  /// Spools the FIFO, device or socket at `path`; opening never waits for a writer.
  ///
  /// - Throws: `DataError.unreadable` naming `name` when it cannot be opened.
  public convenience init(
    path: String, name: String, kinds: [any SourceKind] = SourceKinds.registered
  ) throws {
    // O_NONBLOCK: opening a FIFO for reading otherwise waits until a writer opens it.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw DataError.unreadable(file: name, reason: String(cString: strerror(errno)))
    }
    // Reads then block as usual (on the spooling thread), instead of spinning on EAGAIN.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    try self.init(descriptor: descriptor, name: name, kinds: kinds)
  }

  /// Spools `descriptor` (closed when spooling ends, unless it is standard input).
  ///
  /// - Throws: `DataError.unreadable` when no temporary file can be made.
  public init(
    descriptor: Int32, name: String, byteLimit: Int? = nil,
    kinds: [any SourceKind] = SourceKinds.registered
  ) throws {
    self.name = name
    self.kinds = kinds
    input = descriptor
    let directory = Self.temporaryDirectory
    var template = Array("\(directory)/mosaic-stream-XXXXXX".utf8CString)
    let spool = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard spool >= 0 else {
      throw DataError.unreadable(
        file: name, reason: "cannot make a spool file in \(directory): \(Self.lastError)")
    }
    // Unlinked at once: the space comes back when the process ends, however it ends.
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    var space = statvfs()
    var limit = byteLimit ?? Self.defaultByteLimit
    if byteLimit == nil, fstatvfs(spool, &space) == 0 {
      limit = min(limit, Int(space.f_bavail) * Int(space.f_frsize) / 2)
    }
    self.byteLimit = max(limit, 1 << 20)
    file = try MappedFile(spool: spool, capacity: self.byteLimit)
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    }
    stopPipe = (ends[0], ends[1])
    Thread.detachNewThread { [self] in copy(into: spool) }
  }

  private static var temporaryDirectory: String {
    let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    return variable.isEmpty ? "/tmp" : variable
  }

  private static var lastError: String { String(cString: strerror(errno)) }

  /// The bytes received so far.
  public var bytesReceived: Int { file.count }

  /// Blocks until more than `count` bytes have arrived, the input has ended, or `timeout`
  /// seconds have passed: woken by the copying thread, not by a timer.
  public func waitForBytes(beyond count: Int, timeout: TimeInterval) {
    file.waitForGrowth(beyond: count, timeout: timeout)
  }

  /// Whether the input has ended (or spooling stopped).
  public var hasEnded: Bool { !file.isGrowing }

  /// What the browser shows while it cannot open the input yet.
  public var waitingStatus: String {
    let count = file.count
    return count == 0 ? "waiting for input" : "reading input (\(count / 1024) KiB)"
  }

  /// Stops copying; what arrived stays readable.
  public func stop() {
    file.finishGrowing()
    if stopPipe.write >= 0 {
      var byte: UInt8 = 1
      _ = write(stopPipe.write, &byte, 1)
    }
  }

  deinit {
    // The copying thread holds the spool until it ends, so nobody writes to the pipe now.
    if stopPipe.read >= 0 { close(stopPipe.read) }
    if stopPipe.write >= 0 { close(stopPipe.write) }
  }

  /// The copying thread: poll (so a FIFO without a writer waits instead of reading an end), read,
  /// append, publish; until the end, an error, the limit or `stop()`.
  private func copy(into spool: Int32) {
    let chunk = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer {
      buffer.deallocate()
      if input != STDIN_FILENO { close(input) }
    }
    var total = 0
    while file.isGrowing {
      var pollers = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
      ]
      // No timeout when `stop()` can wake the wait; a fifth of a second otherwise.
      let ready = poll(&pollers, stopPipe.read >= 0 ? 2 : 1, stopPipe.read >= 0 ? -1 : 200)
      if ready < 0 && errno != EINTR {
        file.finishGrowing(reason: .unreadable(file: name, reason: Self.lastError))
        return
      }
      if ready <= 0 || pollers[0].revents == 0 { continue }
      let wanted = min(chunk, byteLimit - total)
      let count = read(input, buffer, wanted)
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        file.finishGrowing(reason: .unreadable(file: name, reason: Self.lastError))
        return
      }
      if count == 0 {
        file.finishGrowing()
        return
      }
      var written = 0
      while written < count {
        let result = pwrite(spool, buffer + written, count - written, off_t(total + written))
        if result < 0 && errno == EINTR { continue }
        if result <= 0 {
          file.finishGrowing(
            reason: .unreadable(file: name, reason: "cannot spool the input: \(Self.lastError)"))
          return
        }
        written += result
      }
      total += count
      file.grow(to: total)
      if total >= byteLimit {
        file.finishGrowing(
          reason: .unreadable(
            file: name,
            reason: "stopped at \(byteLimit / 1_000_000) MB (stream limit)"))
        return
      }
    }
  }

  /// The input as a record source once its first bytes tell the format (and, for CSV and TSV,
  /// the header has arrived); nil until then. A JSON document is opened once it is whole.
  ///
  /// - Parameter format: Overrides detection.
  /// - Throws: `DataError` for an empty input, a first line or JSON document past its limit,
  ///   or a malformed start.
  public func openSource(format: DataFormat? = nil) throws -> (any RecordSource)? {
    try openSource(options: ReadingOptions(format: format))
  }

  /// The input as a record source read as `options` say, once its first bytes tell the format;
  /// nil until then. Input whose first bytes are not UTF-8 text is refused.
  ///
  /// - Throws: `DataError` as `openSource(format:)` does, or why the input is not text.
  public func openSource(options: ReadingOptions) throws -> (any RecordSource)? {
    let format = options.format
    let growing = file.isGrowing
    let count = file.count
    if count == 0 {
      if growing { return nil }
      if let reason = file.stopReason { throw reason }
      throw DataError.unreadable(file: name, reason: "input is empty")
    }
    let prefix = UnsafeRawBufferPointer(rebasing: file.bytes.prefix(1 << 16))
    if let problem = BinaryContent.problem(in: prefix, isWhole: !growing && count <= prefix.count) {
      stop()
      throw DataError.unreadable(file: name, reason: problem)
    }
    let probe = SourceProbe(
      path: name, prefix: prefix, isComplete: !growing || count > 1 << 16, isStream: true)
    let chosen = format?.kind ?? SourceKinds.detect(probe, kinds: kinds)
    if let chosen, chosen.readsWholeInput {
      if count > Self.jsonLimit {
        stop()
        throw DataError.unreadable(
          file: name,
          reason: "a \(chosen.name) document on a stream is limited to \(Self.jsonLimit >> 20) MiB "
            + "(save it to a file, or send JSON Lines)")
      }
      return growing ? nil : try openRecords(chosen, options: options)
    }
    if growing {
      // Records need their first line whole (memchr: each tick must stay cheap).
      let firstLineEnd = file.firstIndex(of: 0x0A, in: firstLineSearched..<count)
      if firstLineEnd == count {
        firstLineSearched = count
        file.release(from: BackgroundIndexer.residentPrefix, to: count)
        if count > BackgroundIndexer.streamRecordLength {
          stop()
          throw DataError.malformed(
            file: name, line: 1, column: nil,
            reason: "first line longer than \(BackgroundIndexer.streamRecordLength >> 20) MiB "
              + "without an end")
        }
        return nil
      }
      if let chosen, !chosen.isReadyToOpen(SourceInput(path: name, name: name, file: file)) {
        return nil
      }
    }
    guard let chosen else { return nil }
    return try openRecords(chosen, options: options)
  }

  /// The spooled input opened as `kind` reads it.
  private func openRecords(_ kind: any SourceKind, options: ReadingOptions) throws
    -> any RecordSource
  {
    let input = SourceInput(path: name, name: name, file: file)
    guard case .records(let source) = try kind.open(input, options: options) else {
      throw DataError.unreadable(file: name, reason: "is a \(kind.name) database")
    }
    return source
  }

}
