import Foundation

// @unchecked: every member reads and writes under `condition`.
/// Who counts first among a database table and its arrangements: a filter or sort the user is
/// waiting for counts alone, and the table's own count (whose rows nobody is looking at while
/// the arrangement is on show) waits between its steps until no arrangement is counting.
///
/// UIKit has no counterpart; it is an operation queue's priorities, for database scans that
/// share a machine's cores with the server. On two cores the base table's count beside a
/// filter's count made the filter's answer take half as long again.
final class CountingTurns: @unchecked Sendable {
  private let condition = NSCondition()
  /// The arrangements counting now.
  private var arrangementsCounting = 0

  /// Runs `count`, an arrangement's count, while the table's own count waits.
  func arrangementCounts<T>(_ count: () throws -> T) rethrows -> T {
    condition.lock()
    arrangementsCounting += 1
    condition.unlock()
    defer {
      condition.lock()
      arrangementsCounting -= 1
      condition.broadcast()
      condition.unlock()
    }
    return try count()
  }

  /// Blocks the table's own count while an arrangement counts, or until `isCancelled` (checked
  /// whenever an arrangement's count ends and whenever `wake()` is called).
  func waitForTableTurn(isCancelled: () -> Bool) {
    condition.lock()
    defer { condition.unlock() }
    while arrangementsCounting > 0, !isCancelled() {
      condition.wait()
    }
  }

  /// Wakes a waiting count to check its cancel flag.
  func wake() {
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }
}
