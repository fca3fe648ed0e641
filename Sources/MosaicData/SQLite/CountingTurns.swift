import Foundation

// @unchecked: every member reads and writes under `condition`.
/// Who counts first among a database table, its arrangements and the questions asked of them:
/// a question (`F`, `I`) runs alone; a filter or sort the user is waiting for counts beside
/// nothing but questions; the table's own count (whose rows nobody is looking at while an
/// arrangement is on show) waits between its steps while either runs, and an arrangement's
/// numbering, one long statement, is stopped for a question and run again after it.
///
/// UIKit has no counterpart; it is an operation queue's priorities, for database scans that
/// share a machine's cores with the server. On two cores the base table's count beside a
/// filter's count made the filter's answer take half as long again.
final class CountingTurns: @unchecked Sendable {
  private let condition = NSCondition()
  /// The arrangements counting now.
  private var arrangementsCounting = 0
  /// The questions being answered now.
  private var questionsAsked = 0

  /// Runs `count`, an arrangement's count, while the table's own count waits.
  func arrangementCounts<T>(_ count: () throws -> T) rethrows -> T {
    try running(\.arrangementsCounting, count)
  }

  /// Runs `answer`, a question's query, while the counts wait.
  func questionIsAnswered<T>(_ answer: () throws -> T) rethrows -> T {
    try running(\.questionsAsked, answer)
  }

  /// Runs `work`, counted in `tally` while it does; wakes the waiting counts when it ends.
  private func running<T>(
    _ tally: ReferenceWritableKeyPath<CountingTurns, Int>, _ work: () throws -> T
  ) rethrows -> T {
    condition.lock()
    self[keyPath: tally] += 1
    condition.unlock()
    defer {
      condition.lock()
      self[keyPath: tally] -= 1
      condition.broadcast()
      condition.unlock()
    }
    return try work()
  }

  /// Blocks a count between its steps while others go first, or until `isCancelled` (checked
  /// whenever one of them ends and whenever `wake()` is called): the table's own count while
  /// an arrangement counts or a question is answered, an arrangement's while a question is.
  func waitForTurn(ofTable isTable: Bool, isCancelled: () -> Bool) {
    condition.lock()
    defer { condition.unlock() }
    while questionsAsked > 0 || isTable && arrangementsCounting > 0, !isCancelled() {
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
