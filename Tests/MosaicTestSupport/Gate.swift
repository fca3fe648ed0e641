import Foundation

// @unchecked: the flag lives under `condition`.
/// A gate a background count waits at until the test opens it: how a test holds a database's
/// count (or any background work) at a known point while it reads what the screen shows.
public final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false

  /// A closed gate.
  public init() {}

  /// Opens the gate, for good: every wait returns, now and later.
  public func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }

  /// Blocks until the gate is open.
  public func waitUntilOpen() {
    condition.lock()
    while !isOpen { condition.wait() }
    condition.unlock()
  }
}
