import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// @unchecked: the chunks and the end flag live under `lock`; the descriptors never change
// between `init` and `stop()`, and only the reading thread reads `input`.
/// Reads the terminal on a thread of its own and stamps each read with the time it arrived, so
/// that what the bytes mean does not depend on when the run loop got round to them: Esc and `/`
/// typed 70 ms apart during a slow frame are two reads, Esc then `/`, not one read taken for
/// Alt+/ (which would lose both keys).
///
/// UIKit has no counterpart; it is the event queue between the hardware and `UIApplication`,
/// where every `UIEvent` carries its own `timestamp`. The run loop polls `readyDescriptor`
/// (readable while chunks wait) and takes them with `take()`; `stop()` ends the thread before
/// the terminal's descriptor is let go of, so no read outlives the run (a pty closed under a
/// reading thread could be reused by the next one).
final class TerminalInputReader: @unchecked Sendable {
  /// Bytes from one read, and when they arrived (nanoseconds, monotonic).
  struct Chunk: Equatable {
    var bytes: [UInt8]
    var arrival: UInt64
  }

  /// Readable while chunks wait: what the run loop polls beside its wake-up pipe.
  let readyDescriptor: Int32
  private let readyWriter: Int32
  private let stopReader: Int32
  private let stopWriter: Int32
  private let input: Int32
  private let lock = NSLock()
  private var chunks: [Chunk] = []
  private var ended = false
  private let finished = DispatchSemaphore(value: 0)

  /// Starts reading `input` on a new thread; nil when the pipes it needs cannot be made.
  init?(input: Int32) {
    var ready: [Int32] = [-1, -1]
    var stop: [Int32] = [-1, -1]
    guard pipe(&ready) == 0 else { return nil }
    guard pipe(&stop) == 0 else {
      close(ready[0])
      close(ready[1])
      return nil
    }
    for descriptor in ready + stop {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    // The run loop drains every notice at once; it must never block on an empty pipe.
    _ = fcntl(ready[0], F_SETFL, fcntl(ready[0], F_GETFL) | O_NONBLOCK)
    self.input = input
    (readyDescriptor, readyWriter) = (ready[0], ready[1])
    (stopReader, stopWriter) = (stop[0], stop[1])
    let thread = Thread { [self] in readUntilStopped() }
    thread.name = "terminal input"
    thread.start()
  }

  /// The chunks read since the last call, in order, and whether input has ended (end of file or
  /// a hang-up) after them.
  func take() -> (chunks: [Chunk], ended: Bool) {
    var notices = [UInt8](repeating: 0, count: 256)
    while read(readyDescriptor, &notices, notices.count) > 0 {}
    lock.lock()
    defer { lock.unlock() }
    let taken = chunks
    chunks = []
    return (taken, ended)
  }

  /// Ends the reading thread, waits for it, and closes the pipes.
  func stop() {
    var byte: UInt8 = 1
    _ = write(stopWriter, &byte, 1)
    finished.wait()
    for descriptor in [readyDescriptor, readyWriter, stopReader, stopWriter] {
      close(descriptor)
    }
  }

  private func readUntilStopped() {
    defer { finished.signal() }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        end()
        return
      }
      if descriptors[1].revents != 0 { return }
      guard descriptors[0].revents != 0 else { continue }
      let count = read(input, &buffer, buffer.count)
      if count > 0 {
        let chunk = Chunk(bytes: Array(buffer[0..<count]), arrival: Terminal.monotonicNow())
        lock.lock()
        chunks.append(chunk)
        lock.unlock()
        notify()
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        // End of input or a hang-up: the terminal is gone.
        end()
        return
      }
    }
  }

  private func end() {
    lock.lock()
    ended = true
    lock.unlock()
    notify()
  }

  private func notify() {
    var byte: UInt8 = 1
    _ = write(readyWriter, &byte, 1)
  }
}
