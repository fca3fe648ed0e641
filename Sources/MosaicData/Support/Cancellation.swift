import Foundation

// @unchecked: the flag and the actions live under `lock`.
/// A flag one thread raises to stop work another thread is doing, with actions to run when it
/// is raised: how a count or a query running in a store (SQLite's `sqlite3_interrupt`, a
/// server's cancel request) is stopped from the thread that no longer wants its answer.
///
/// UIKit has no counterpart; it plays the part of `Progress.cancel()` and its
/// `cancellationHandler`.
public final class Cancellation: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false
  private var actions: [@Sendable () -> Void] = []

  /// A flag not raised yet.
  public init() {}

  /// Whether `cancel()` has been called.
  public var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return raised
  }

  /// Raises the flag and runs the actions registered, once, on the calling thread.
  public func cancel() {
    lock.lock()
    guard !raised else {
      lock.unlock()
      return
    }
    raised = true
    let actions = actions
    self.actions = []
    lock.unlock()
    for action in actions { action() }
  }

  /// Runs `action` when the flag is raised, at once when it is raised already.
  public func onCancel(_ action: @escaping @Sendable () -> Void) {
    lock.lock()
    guard !raised else {
      lock.unlock()
      action()
      return
    }
    actions.append(action)
    lock.unlock()
  }
}
