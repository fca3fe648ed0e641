import Foundation
import Testing

/// Bounds a wait that could otherwise block a test forever: a read from a pseudo-terminal, a
/// subprocess, a tmux client.
///
/// Swift Testing's `.timeLimit` cannot interrupt a thread blocked in read(2), so past its limit
/// the watchdog says on standard error what was waited for and runs `unblock`, which must end
/// the wait at its source (hang up the pty, kill the child or the tmux server); the test then
/// records a failure naming the wait (`record(sourceLocation:)`, or `guarding` does it). When
/// even that does not free the test within `grace` seconds more, it prints so and exits the
/// test process with status 124: a failed run, never a hung one.
public final class Watchdog: @unchecked Sendable {
  /// What is waited for, as the failure names it ("the terminal to quit").
  public let what: String
  /// Seconds before the watchdog unblocks the wait.
  public let limit: TimeInterval
  private let condition = NSCondition()
  private var isCancelled = false
  private var fired = false
  private var isRecorded = false

  /// Starts watching: after `limit` seconds without `cancel()`, runs `unblock` on its own thread.
  public init(
    _ what: String, limit: TimeInterval = 60, grace: TimeInterval = 60,
    unblock: @escaping @Sendable () -> Void
  ) {
    self.what = what
    self.limit = limit
    Thread { [self] in watch(grace: grace, unblock: unblock) }.start()
  }

  /// Whether the limit passed before `cancel()`.
  public var hasFired: Bool {
    condition.lock()
    defer { condition.unlock() }
    return fired
  }

  /// Stops watching (the wait is over); says whether the watchdog had fired first.
  @discardableResult
  public func cancel() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    isCancelled = true
    condition.broadcast()
    return fired
  }

  /// The failure a fired watchdog records.
  public var failureMessage: String {
    "watchdog: \(what) did not happen within \(Self.seconds(limit)) s; the wait was cut short"
  }

  /// Records the failure in the running test if the watchdog fired (once). Call it from the
  /// test's own thread, where Swift Testing knows which test is running.
  public func record(sourceLocation: SourceLocation = #_sourceLocation) {
    condition.lock()
    let shouldRecord = fired && !isRecorded
    isRecorded = true
    condition.unlock()
    if shouldRecord {
      Issue.record(Comment(rawValue: failureMessage), sourceLocation: sourceLocation)
    }
  }

  /// Runs `body` under a watchdog that calls `unblock` after `limit` seconds, and records a
  /// failure naming `what` when it had to.
  @discardableResult
  public static func guarding<T>(
    _ what: String, limit: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation,
    unblock: @escaping @Sendable () -> Void, _ body: () throws -> T
  ) rethrows -> T {
    let watchdog = Watchdog(what, limit: limit, unblock: unblock)
    defer {
      watchdog.cancel()
      watchdog.record(sourceLocation: sourceLocation)
    }
    return try body()
  }

  private func watch(grace: TimeInterval, unblock: @Sendable () -> Void) {
    guard waitForCancel(seconds: limit) == false else { return }
    condition.lock()
    fired = true
    condition.unlock()
    Self.say("\(failureMessage) (unblocking it now)")
    unblock()
    guard waitForCancel(seconds: grace) == false else { return }
    Self.say(
      "watchdog: \(what) is still stuck \(Self.seconds(grace)) s after it was unblocked; "
        + "exiting the test process rather than hanging")
    _exit(124)
  }

  /// Waits up to `seconds` for `cancel()`; says whether it came.
  private func waitForCancel(seconds: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while !isCancelled && condition.wait(until: deadline) {}
    return isCancelled
  }

  private static func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  private static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
