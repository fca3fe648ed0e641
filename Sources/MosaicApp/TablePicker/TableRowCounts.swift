import Foundation
import MosaicData

// @unchecked: the counts live under `lock`; the counting closure is Sendable.
/// The row counts of a database's tables, found one table after another on a background thread
/// (a `count(*)` reads a whole table), so the picker shows its list at once and each count as it
/// arrives.
///
/// UIKit has no counterpart; it is the prefetching a data source does off the main thread.
final class TableRowCounts: @unchecked Sendable {
  /// What a table's count is so far.
  enum Count: Equatable {
    /// Not counted yet.
    case counting
    /// The number of rows.
    case rows(Int)
    /// The database could not count it (SQLite's reason).
    case failed(String)
  }

  private let lock = NSLock()
  private var counts: [String: Count] = [:]
  private var changes = 0
  /// The thread and cancel flag; done when every table is counted.
  private let job = BackgroundJob<Bool>()

  /// Starts counting `tables` in order with `count`.
  init(tables: [String], count: @escaping @Sendable (String) throws -> Int) {
    job.start { [self] control in
      for table in tables {
        if control.isCancelled { return nil }
        let result: Count
        do {
          result = .rows(try count(table))
        } catch {
          result = .failed("\(error)")
        }
        lock.lock()
        counts[table] = result
        changes += 1
        lock.unlock()
        // The run loop shows the count at once, not at its next tick.
        BackgroundWork.didFinish()
      }
      return true
    }
  }

  /// The count of `table` as known now.
  func count(of table: String) -> Count {
    lock.lock()
    defer { lock.unlock() }
    return counts[table] ?? .counting
  }

  /// A number that grows with each count found.
  var version: Int {
    lock.lock()
    defer { lock.unlock() }
    return changes
  }

  /// Counts no more tables after the one being counted.
  func cancel() { job.cancel() }
}
