import CPseudoTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal of a given size whose output is drained and counted, so a `Terminal` can
/// run without a person in front of it (tests, benchmarks). Not part of any library product.
///
/// The program side is `programDescriptor`. The controlling side belongs to one reading thread
/// alone: it drains what the program writes (so curses never blocks on a full buffer), writes
/// what `type` queues, and is the only one to close it. `hangUp()` and `close()` only ask that
/// thread to stop and wait for it, so a hang-up always reaches the program (its reads end) and
/// no thread ever reads a descriptor number that a later pseudo-terminal has been given.
public final class PseudoTerminal: @unchecked Sendable {
  /// The descriptor the program reads keys from and writes the screen to.
  public let programDescriptor: Int32
  private let controller: Controller
  /// Guards the program descriptor against being closed under `resize` or a program thread.
  private let lock = NSLock()
  private var isProgramClosed = false
  private var programThreads: [DispatchGroup] = []

  /// Opens a pseudo-terminal of `columns` × `rows` and starts draining it.
  ///
  /// - Returns: nil when the system has no pseudo-terminals to give.
  public init?(columns: Int, rows: Int) {
    var controllerDescriptor: Int32 = -1
    var program: Int32 = -1
    guard
      mosaic_pty_open(&controllerDescriptor, &program, UInt16(columns), UInt16(rows)) == 0
    else { return nil }
    guard let controller = Controller(descriptor: controllerDescriptor) else {
      Glibc.close(controllerDescriptor)
      Glibc.close(program)
      return nil
    }
    self.controller = controller
    programDescriptor = program
    // The thread holds the controller, not the pseudo-terminal, so deinit can still run.
    Thread { controller.run() }.start()
  }

  deinit { close() }

  /// Sends `text` to the program as typed keys; returns once it is in the terminal's input
  /// (or after `limit` seconds when the program reads nothing), and does nothing after a hang-up.
  public func type(_ text: String, limit: Double = 5) {
    controller.send(Array(text.utf8), limit: limit)
  }

  /// Makes the terminal read the program's output at most `bytesPerSecond` (nil: as fast as it
  /// comes), as a slow terminal or link would: once its buffer is full the program's writes wait.
  public func setReadRate(bytesPerSecond: Int?) {
    controller.setReadRate(bytesPerSecond)
  }

  /// Changes the size the program sees; it learns of it on SIGWINCH.
  public func resize(columns: Int, rows: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard !isProgramClosed else { return }
    _ = mosaic_pty_set_window_size(programDescriptor, UInt16(columns), UInt16(rows))
  }

  /// The number of bytes the program has written so far.
  public var bytesWritten: Int {
    controller.withOutput { $0.count }
  }

  /// Everything the program has written so far.
  public var writtenBytes: [UInt8] {
    controller.withOutput { $0 }
  }

  /// Whether the controlling side has been closed (by `hangUp()` or `close()`).
  public var isHungUp: Bool { controller.isClosed }

  /// Waits until the program's output contains `text` (or `limit` seconds have passed) and
  /// says whether it does; on a loaded machine output can take longer than any quiet spell.
  @discardableResult
  public func waitForOutput(containing text: String, limit: Double = 10) -> Bool {
    let needle = Array(text.utf8)
    let deadline = Date().addingTimeInterval(limit)
    var seen = -1
    while Date() < deadline {
      let (found, count) = controller.withOutput { (Self.contains($0, needle), $0.count) }
      if found { return true }
      if count == seen && controller.isClosed { return false }
      seen = count
      _ = controller.waitForOutput(beyond: count, until: deadline)
    }
    return controller.withOutput { Self.contains($0, needle) }
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
    var last = controller.withOutput { $0.count }
    while Date() < deadline {
      // Quiet when no byte arrives for `quiet` seconds: the wait ends early on each new chunk.
      let quietEnd = min(Date().addingTimeInterval(quiet), deadline)
      let now = controller.waitForOutput(beyond: last, until: quietEnd)
      if now == last { return }
      last = now
    }
  }

  /// Runs `body` with the program descriptor on a thread of its own, as a program runs beside
  /// the person typing at it. `close()` hangs up first and waits for every such thread before
  /// it closes the descriptor, so the descriptor cannot vanish (or be reused) under `body`.
  public func startProgram(_ body: @escaping @Sendable (Int32) -> Void) {
    let group = DispatchGroup()
    lock.lock()
    let descriptor = isProgramClosed ? -1 : programDescriptor
    if !isProgramClosed {
      // Entered before it is listed, so a close() from now on waits for it.
      group.enter()
      programThreads.append(group)
    }
    lock.unlock()
    guard descriptor >= 0 else { return }
    Thread {
      body(descriptor)
      group.leave()
    }.start()
  }

  /// Waits until every thread started by `startProgram` has finished, or `limit` seconds have
  /// passed; says whether they all finished.
  @discardableResult
  public func waitForProgram(limit: Double = 10) -> Bool {
    lock.lock()
    let threads = programThreads
    lock.unlock()
    let deadline = DispatchTime.now() + limit
    return threads.allSatisfy { $0.wait(timeout: deadline) == .success }
  }

  /// Closes the controlling side only, as when a terminal window is closed: the program's
  /// reads end and its writes fail from then on. Returns once the hang-up has happened (or
  /// after `limit` seconds, when the reading thread does not answer).
  public func hangUp(limit: Double = 10) {
    controller.stop(limit: limit)
  }

  /// Hangs up, waits for the program threads (`startProgram`) to end, then closes the program
  /// side. A program thread still running after `limit` seconds keeps its descriptor open
  /// (leaked, and said on standard error) rather than have it closed under it.
  public func close(limit: Double = 10) {
    hangUp(limit: limit)
    let finished = waitForProgram(limit: limit)
    lock.lock()
    defer { lock.unlock() }
    guard !isProgramClosed else { return }
    isProgramClosed = true
    if finished {
      Glibc.close(programDescriptor)
    } else {
      FileHandle.standardError.write(
        Data(
          "PseudoTerminal: a program thread still runs \(limit) s after the hang-up; its descriptor \(programDescriptor) is left open\n"
            .utf8))
    }
  }
}

/// The controlling side of a pseudo-terminal and the thread that alone reads, writes and
/// closes it; other threads queue input and ask it to stop through a self-pipe.
private final class Controller: @unchecked Sendable {
  private let descriptor: Int32
  /// The self-pipe: a byte written to `wakeWriter` wakes the thread from poll.
  private let wakeReader: Int32
  private let wakeWriter: Int32
  private let condition = NSCondition()
  private var output: [UInt8] = []
  private var pending: [UInt8] = []
  private var stopRequested = false
  private var isClosedLocked = false
  /// Bytes read per 10 ms when the output is read slowly; nil reads everything at once.
  private var chunkPerTick: Int?
  /// When a slow reader may read its next chunk (uptime nanoseconds); the reading thread's
  /// alone. Until then the loop polls for everything else with that deadline as its timeout,
  /// so a stop or typed input is answered at once, never after a sleep.
  private var nextChunkAt: UInt64 = 0

  func setReadRate(_ bytesPerSecond: Int?) {
    condition.lock()
    chunkPerTick = bytesPerSecond.map { max(1, $0 / 100) }
    condition.unlock()
  }

  init?(descriptor: Int32) {
    var pipe: [Int32] = [-1, -1]
    guard mosaic_pipe(&pipe) == 0 else { return nil }
    self.descriptor = descriptor
    wakeReader = pipe[0]
    wakeWriter = pipe[1]
    // Reads and writes must never block the thread: it has to keep answering the self-pipe.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    // Only here, once no thread can use them any more.
    Glibc.close(wakeReader)
    Glibc.close(wakeWriter)
  }

  var isClosed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isClosedLocked
  }

  /// Waits until the output is no longer `count` bytes long, the side is closed, or
  /// `deadline` passes; returns the output's length then. The reading thread broadcasts each
  /// chunk it appends, so a waiter wakes when bytes arrive, not at a polling tick.
  func waitForOutput(beyond count: Int, until deadline: Date) -> Int {
    condition.lock()
    defer { condition.unlock() }
    while output.count == count && !isClosedLocked && condition.wait(until: deadline) {}
    return output.count
  }

  func withOutput<T>(_ body: ([UInt8]) -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body(output)
  }

  /// Queues `bytes` for the program and waits until the thread has written them.
  func send(_ bytes: [UInt8], limit: Double) {
    condition.lock()
    guard !stopRequested else {
      condition.unlock()
      return
    }
    pending.append(contentsOf: bytes)
    condition.unlock()
    wake()
    let deadline = Date().addingTimeInterval(limit)
    condition.lock()
    while !pending.isEmpty && !isClosedLocked && condition.wait(until: deadline) {}
    condition.unlock()
  }

  /// Asks the thread to close the descriptor and waits until it has.
  func stop(limit: Double) {
    condition.lock()
    stopRequested = true
    condition.unlock()
    wake()
    let deadline = Date().addingTimeInterval(limit)
    condition.lock()
    while !isClosedLocked && condition.wait(until: deadline) {}
    condition.unlock()
  }

  private func wake() {
    var byte: UInt8 = 1
    // A full pipe already holds a wake-up; nothing is lost when this write fails.
    _ = write(wakeWriter, &byte, 1)
  }

  /// The thread's loop: until asked to stop, poll the controller and the self-pipe, keep what
  /// the program wrote and write what was typed; then take the last output and close.
  func run() {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    // Once every program descriptor is closed the controller only reports a hang-up; it is
    // then left alone until the stop request.
    var programGone = false
    while true {
      condition.lock()
      let stopping = stopRequested
      let hasInput = !pending.isEmpty
      condition.unlock()
      if stopping { break }
      // A slow reader's next chunk is not due yet: wait for it with poll's timeout, watching
      // the controller only for typed input (a hang-up is read once the chunk is due).
      let now = DispatchTime.now().uptimeNanoseconds
      let paced = nextChunkAt > now
      var events: Int16 = paced ? 0 : Int16(POLLIN)
      if hasInput { events |= Int16(POLLOUT) }
      let watched = programGone || events == 0 ? Int32(-1) : descriptor
      var descriptors = [
        pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
        pollfd(fd: watched, events: events, revents: 0),
      ]
      let timeout = paced ? Int32((nextChunkAt - now + 999_999) / 1_000_000) : -1
      // A signal (SIGWINCH, another test's SIGCHLD) ends poll early; the loop just asks again.
      if poll(&descriptors, 2, timeout) < 0 { continue }
      if descriptors[0].revents != 0 {
        while read(wakeReader, &buffer, buffer.count) > 0 {}
      }
      let revents = descriptors[1].revents
      if !paced, revents & Int16(POLLIN) != 0 || revents & Int16(POLLHUP) != 0 {
        if !readAvailable(&buffer) {
          programGone = true
          // Nothing typed can reach a program that is gone; do not keep `send` waiting.
          condition.lock()
          pending.removeAll()
          condition.broadcast()
          condition.unlock()
        }
      }
      if revents & Int16(POLLOUT) != 0 { writePending() }
    }
    _ = readAvailable(&buffer)
    condition.lock()
    Glibc.close(descriptor)
    isClosedLocked = true
    condition.broadcast()
    condition.unlock()
  }

  /// Reads everything the program has written so far; false once the program side is closed.
  private func readAvailable(_ buffer: inout [UInt8]) -> Bool {
    condition.lock()
    let chunk = chunkPerTick
    condition.unlock()
    if let chunk {
      // A slow reader: one chunk, the next 10 ms later (the loop's poll waits for it), so the
      // program sees the rate it was given.
      let count = read(descriptor, &buffer, min(chunk, buffer.count))
      if count > 0 {
        condition.lock()
        output.append(contentsOf: buffer[0..<count])
        condition.broadcast()
        condition.unlock()
        nextChunkAt = DispatchTime.now().uptimeNanoseconds + 10_000_000
        return true
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
      return false
    }
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 {
        condition.lock()
        output.append(contentsOf: buffer[0..<count])
        condition.broadcast()
        condition.unlock()
        continue
      }
      if count < 0 && errno == EINTR { continue }
      // EAGAIN: nothing more for now. EIO or end of file: no program descriptor is open.
      return count < 0 && errno == EAGAIN
    }
  }

  private func writePending() {
    condition.lock()
    defer { condition.unlock() }
    while !pending.isEmpty {
      let count = pending.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.removeFirst(count)
        continue
      }
      if count < 0 && errno == EINTR { continue }
      // EAGAIN: the program's input is full; poll says when it has room again.
      if count < 0 && errno != EAGAIN { pending.removeAll() }
      break
    }
    condition.broadcast()
  }
}
