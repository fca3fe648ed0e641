import CNcurses
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal of a given size whose output is drained and counted, so
/// a `Terminal` can run without a person in front of it (benchmarks, tests).
///
/// The program side is `programDescriptor`; what the program writes is read
/// on a background thread, so curses never blocks on a full pty buffer.
public final class PseudoTerminal: @unchecked Sendable {
  /// The descriptor the program reads keys from and writes the screen to.
  public let programDescriptor: Int32
  private let controllerDescriptor: Int32
  private let sink = Sink()
  private var isClosed = false

  /// Opens a pseudo-terminal of `columns` × `rows` and starts draining it.
  ///
  /// - Returns: nil when the system has no pseudo-terminals to give.
  public init?(columns: Int, rows: Int) {
    var controller: Int32 = -1
    var program: Int32 = -1
    guard mosaic_openpty(&controller, &program, UInt16(columns), UInt16(rows)) == 0 else {
      return nil
    }
    controllerDescriptor = controller
    programDescriptor = program
    let sink = self.sink
    let descriptor = controller
    // The thread holds the sink, not the pseudo-terminal, so deinit can close it.
    Thread { sink.drain(descriptor) }.start()
  }

  deinit { close() }

  /// Sends `text` to the program as typed keys.
  public func type(_ text: String) {
    if isHungUp || isClosed { return }
    var bytes = Array(text.utf8)
    _ = write(controllerDescriptor, &bytes, bytes.count)
  }

  /// Changes the size the program sees; it learns of it on SIGWINCH.
  public func resize(columns: Int, rows: Int) {
    _ = mosaic_set_window_size(programDescriptor, UInt16(columns), UInt16(rows))
  }

  /// The number of bytes the program has written so far.
  public var bytesWritten: Int {
    sink.withOutput { $0.count }
  }

  /// Everything the program has written so far.
  public var writtenBytes: [UInt8] {
    sink.withOutput { $0 }
  }

  /// Waits until the program's output contains `text` (or `limit` seconds have passed) and
  /// says whether it does; on a loaded machine output can take longer than any quiet spell.
  @discardableResult
  public func waitForOutput(containing text: String, limit: Double = 10) -> Bool {
    let needle = Array(text.utf8)
    let deadline = Date().addingTimeInterval(limit)
    repeat {
      if sink.withOutput({ Self.contains($0, needle) }) { return true }
      usleep(2_000)
    } while Date() < deadline
    return sink.withOutput { Self.contains($0, needle) }
  }

  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start] == needle[0]
      && haystack[start..<start + needle.count].elementsEqual(needle)
    {
      return true
    }
    return false
  }

  /// Waits until the program's output has been quiet for `quiet` seconds
  /// (or `limit` seconds have passed), so a byte count covers a whole update.
  public func waitForQuiet(quiet: Double = 0.02, limit: Double = 2) {
    let deadline = Date().addingTimeInterval(limit)
    var last = bytesWritten
    var quietSince = Date()
    while Date() < deadline {
      usleep(2_000)
      let now = bytesWritten
      if now != last {
        last = now
        quietSince = Date()
      } else if Date().timeIntervalSince(quietSince) >= quiet {
        return
      }
    }
  }

  private var isHungUp = false

  /// Closes the controlling side only, as when a terminal window is closed: the program's
  /// reads and writes fail from then on.
  public func hangUp() {
    if isHungUp || isClosed { return }
    isHungUp = true
    Glibc.close(controllerDescriptor)
  }

  /// Closes both ends.
  public func close() {
    if isClosed { return }
    isClosed = true
    Glibc.close(programDescriptor)
    if !isHungUp { Glibc.close(controllerDescriptor) }
  }

}

/// The bytes read from the pseudo-terminal, shared with the reading thread.
private final class Sink: @unchecked Sendable {
  private let lock = NSLock()
  private var output: [UInt8] = []

  func withOutput<T>(_ body: ([UInt8]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(output)
  }

  func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      // A signal (SIGWINCH, SIGCHLD from another test's child) interrupts the read; only the end
      // of the stream or a real error ends the drain, or later output would be lost.
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if count <= 0 { return }
      lock.lock()
      output.append(contentsOf: buffer[0..<count])
      lock.unlock()
    }
  }
}
