import Foundation

// @unchecked: the count lives under `state`.
/// Counts calls made from any thread (a job's wake-up, the background-work observer), and
/// lets a test wait for a number of them, woken by each call, ten seconds at most, rather than
/// expect one already made.
public final class CallCounter: @unchecked Sendable {
  private let state = NSCondition()
  private var count = 0

  /// A counter at zero.
  public init() {}

  /// Counts one call.
  public func add() {
    state.lock()
    count += 1
    state.broadcast()
    state.unlock()
  }

  /// The calls so far.
  public var value: Int {
    state.lock()
    defer { state.unlock() }
    return count
  }

  /// The count once it has reached `target`, or as it is after ten seconds.
  public func value(reaching target: Int) -> Int {
    let deadline = Date().addingTimeInterval(10)
    state.lock()
    defer { state.unlock() }
    while count < target, state.wait(until: deadline) {}
    return count
  }
}
