import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary file an interrupted export must not leave behind, for the signal handler: a
/// C string the handler can `unlink(2)` without allocating. Set only by `ReplacedFile`, on the
/// thread that writes the export, before the handlers go in and after they come out.
nonisolated(unsafe) private var interruptedTemporaryPath: UnsafeMutablePointer<CChar>?

/// A file written in full before it appears: the bytes go to a temporary file beside it (same
/// directory, so the same file system), which `commit()` renames over the destination at once.
/// An error, a Ctrl-C (SIGINT), SIGTERM or SIGHUP before that removes the temporary file and
/// leaves any old file as it was, so no one ever reads half an export.
///
/// An existing file is replaced, keeping its permissions; a new one gets 0666 less the umask,
/// as `open(2)` would give it. One at a time per process (the signal handlers know of one
/// file). UIKit has no counterpart; it is `Data.write(to:options: .atomic)` for output that is
/// streamed rather than held.
public final class ReplacedFile {
  /// The destination, as given.
  public let path: String
  /// Where the bytes go until `commit()`.
  public let output: ByteOutput
  private let temporaryPath: String
  private let descriptor: Int32
  private let mode: mode_t
  private var isClosed = false
  private let removesOnSignal: Bool

  /// Opens a temporary file beside `path` to write, checking first that `path` could be
  /// replaced. With `removingOnSignal` (a command-line export) the ending signals remove the
  /// temporary file; a program with handlers of its own (the browser, whose handlers restore
  /// the terminal) passes false and keeps them.
  ///
  /// - Throws: `ExportError` for a directory that is missing or not writable, a destination that
  ///   is a directory or a file not writable.
  public init(path: String, removingOnSignal: Bool = true) throws(ExportError) {
    self.path = path
    self.removesOnSignal = removingOnSignal
    var info = stat()
    if stat(path, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFDIR { throw ExportError(destination: path, code: EISDIR) }
      // rename(2) would replace a read-only file; `cp` would refuse, and so does this.
      if access(path, W_OK) != 0 { throw ExportError(destination: path, code: errno) }
      mode = info.st_mode & 0o7777
    } else {
      let mask = umask(0)
      umask(mask)
      mode = 0o666 & ~mask
    }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var template = Array("\(directory)/.\(url.lastPathComponent).mosaic-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw ExportError(destination: path, code: errno) }
    self.descriptor = descriptor
    temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    output = ByteOutput(descriptor: descriptor, name: path)
    if removesOnSignal { Self.removeOnSignal(temporaryPath) }
  }

  /// Puts the finished file in place of the destination (the output must have been flushed).
  ///
  /// - Throws: `ExportError` when the data cannot be made durable or the rename fails; the
  ///   temporary file is removed then.
  public func commit() throws(ExportError) {
    defer { discard() }
    _ = fchmod(descriptor, mode)
    guard fsync(descriptor) == 0 else { throw ExportError(destination: path, code: errno) }
    guard rename(temporaryPath, path) == 0 else {
      throw ExportError(destination: path, code: errno)
    }
    closeDescriptor()
    if removesOnSignal { Self.removeOnSignal(nil) }
  }

  /// Abandons the export: the temporary file is removed, the destination left as it was.
  /// Nothing happens after `commit()`.
  public func discard() {
    guard !isClosed else { return }
    closeDescriptor()
    unlink(temporaryPath)
    if removesOnSignal { Self.removeOnSignal(nil) }
  }

  private func closeDescriptor() {
    guard !isClosed else { return }
    isClosed = true
    close(descriptor)
  }

  deinit { discard() }

  /// The signals that end an export before it is done: Ctrl-C, `kill`, a closed terminal.
  private static let endingSignals = [SIGINT, SIGTERM, SIGHUP]

  /// Makes the ending signals remove `path` before they end the process; nil restores their
  /// default action.
  private static func removeOnSignal(_ path: String?) {
    guard let path else {
      for number in endingSignals { signal(number, SIG_DFL) }
      free(interruptedTemporaryPath)
      interruptedTemporaryPath = nil
      return
    }
    interruptedTemporaryPath = strdup(path)
    for number in endingSignals {
      signal(number) { received in
        if let path = interruptedTemporaryPath { unlink(path) }
        // Ended by the signal itself, so the shell sees the status it expects (130 for Ctrl-C).
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }
}
