import Foundation

/// Fails a fuzz run that stops making progress, instead of letting it hang the suite: when
/// `tick()` has not been called for `limit` seconds, prints what was being tried and aborts.
///
/// An in-process hang cannot be interrupted, so ending the process (with the seed and the
/// input's number on standard error, enough to replay it) is the only bounded outcome.
public final class FuzzWatchdog: @unchecked Sendable {
  private let lock = NSLock()
  private var lastTick = Date()
  private var current = ""
  private var stopped = false
  private let limit: TimeInterval

  /// Starts watching; a run stalled for `limit` seconds ends the process.
  public init(limit: TimeInterval = 60) {
    self.limit = limit
    let thread = Thread { [weak self] in
      while let self, self.check() {
        Thread.sleep(forTimeInterval: 1)
      }
    }
    thread.start()
  }

  /// Records progress: the run is now working on `input`.
  public func tick(_ input: String) {
    lock.lock()
    lastTick = Date()
    current = input
    lock.unlock()
  }

  /// Stops watching.
  public func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
  }

  /// False once stopped; aborts the process when the run has stalled.
  private func check() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if stopped { return false }
    if Date().timeIntervalSince(lastTick) > limit {
      FileHandle.standardError.write(
        Data("fuzz: no progress for \(Int(limit)) s on \(current); aborting\n".utf8))
      abort()
    }
    return true
  }
}
