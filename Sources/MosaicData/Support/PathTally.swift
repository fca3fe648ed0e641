import Foundation

// @unchecked: the count lives under `lock`.
/// How many times a path was taken, from any thread: what a test reads to know the path it
/// means to check was the one run (a mapped scan, a lookup of kept rows, a scan in pieces).
///
/// UIKit has no counterpart.
final class PathTally: @unchecked Sendable {
  private let lock = NSLock()
  private var taken = 0

  /// Counts the path taken once more.
  func add() { lock.withLock { taken += 1 } }

  /// The times it was taken.
  var count: Int { lock.withLock { taken } }
}
