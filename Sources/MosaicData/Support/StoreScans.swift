import Foundation

/// The scans a database is running for the browser (a table's count, a filter's or a sort's
/// rows, `F` and `I`), counted by source while they run: how tests and `mosaic-bench` check
/// that a superseded question's scan stops at once, so that typing at `&` keeps at most one
/// scan per question alive.
///
/// UIKit has no counterpart; it is the figure Instruments shows for threads alive.
public enum StoreScans {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var running: [String: Int] = [:]
  nonisolated(unsafe) private static var most: [String: Int] = [:]

  /// The scans running now over the source named `name` (every source's when nil).
  public static func live(of name: String? = nil) -> Int {
    lock.lock()
    defer { lock.unlock() }
    guard let name else { return running.values.reduce(0, +) }
    return running[name] ?? 0
  }

  /// The most scans that ran at once over the source named `name` since the last
  /// `resetPeak(of:)`.
  public static func peak(of name: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return most[name] ?? 0
  }

  /// Starts `name`'s peak again from its scans running now.
  public static func resetPeak(of name: String) {
    lock.lock()
    most[name] = running[name] ?? 0
    lock.unlock()
  }

  /// Runs `scan` over the source named `name`, counted as running while it does; any thread.
  static func counting<T>(_ name: String, _ scan: () throws -> T) rethrows -> T {
    lock.lock()
    let now = (running[name] ?? 0) + 1
    running[name] = now
    most[name] = max(most[name] ?? 0, now)
    lock.unlock()
    defer {
      lock.lock()
      running[name] = (running[name] ?? 1) - 1
      lock.unlock()
    }
    return try scan()
  }
}
