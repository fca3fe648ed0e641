import Foundation
import MosaicData
import MosaicTestSupport

// @unchecked: `sortsAsked` lives under `lock`; the rows never change.
/// A query of rows held in memory whose count waits at a gate until `release()`: a database
/// still counting a big table, deterministically, with its last rows and an estimate of its
/// count known at once (as `ORDER BY rowid DESC LIMIT` and a table's statistics give them).
final class GatedQuery: RowWindowQuery, @unchecked Sendable {
  let name = "gated.db (rows)"
  let fieldNames = ["name", "n"]
  let all: [[DataValue]]
  let estimate: Int
  private let gate = Gate()
  private let lock = NSLock()

  /// How many times `arranged` was asked for the rows by `n` descending.
  private(set) var sortsAsked = 0

  /// `count` rows `r0`, `r1`…, estimated as `estimate` rows.
  convenience init(count: Int, estimate: Int) {
    self.init(rows: (0..<count).map { [.string("r\($0)"), .number("\($0)")] }, estimate: estimate)
  }

  /// `rows`, estimated as `estimate` rows.
  init(rows: [[DataValue]], estimate: Int) {
    all = rows
    self.estimate = estimate
  }

  /// Lets the count finish.
  func release() {
    gate.open()
  }

  func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
    Array(all[min(positions.lowerBound, all.count)..<min(positions.upperBound, all.count)])
  }

  func countRows(progress: (Int, Double?) -> Bool) throws -> Int {
    gate.waitUntilOpen()
    return all.count
  }

  func interrupt() { release() }

  /// The rows by `n` descending (the only arrangement it knows), counted at once.
  func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
    guard sortKeys == [SortKey(field: 1, descending: true)], filter == nil else { return nil }
    lock.withLock { sortsAsked += 1 }
    let sorted = GatedQuery(rows: all.reversed(), estimate: estimate)
    sorted.release()
    return sorted
  }

  func lastRows(_ count: Int) throws -> [[DataValue]]? { Array(all.suffix(count)) }

  var estimatedRowCount: Int? { estimate }
}
