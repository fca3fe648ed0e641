import Foundation

/// Where background work (indexing, arranging, counting, searching, saving) says it has
/// finished something the screen may show, so the run loop can wake and show it at once instead
/// of finding it at its next tick. The program sets the observer (the terminal's wake-up); the
/// jobs call `didFinish()`; nothing waits on it.
///
/// UIKit has no counterpart as such; it is the `DispatchQueue.main.async` with which an
/// operation hands its result to the main run loop.
public enum BackgroundWork {
  private static let lock = NSCondition()
  nonisolated(unsafe) private static var observer: (@Sendable () -> Void)?
  /// How many times work has said it finished or progressed: a waiter that read it before
  /// looking at its work misses no news that came in between.
  nonisolated(unsafe) private static var news: UInt64 = 0

  /// Sets what `didFinish()` calls (nil: nothing), from any thread.
  public static func setObserver(_ observer: (@Sendable () -> Void)?) {
    lock.lock()
    self.observer = observer
    lock.unlock()
  }

  /// Says that a job has finished something to show; any thread, cheap, never blocks on the
  /// observer's work beyond the call.
  public static func didFinish() {
    lock.lock()
    let observer = observer
    news &+= 1
    lock.broadcast()
    lock.unlock()
    observer?()
  }

  /// Says that a source has more records: wakes whatever waits in `waitForNews(timeout:)` (work
  /// following a source that cannot signal its own growth); any thread.
  public static func didProgress() {
    lock.lock()
    news &+= 1
    lock.broadcast()
    lock.unlock()
  }

  /// The news so far: read it before looking at the work, then `waitForNews(after:timeout:)`.
  public static var newsCount: UInt64 {
    lock.lock()
    defer { lock.unlock() }
    return news
  }

  /// Blocks until there is news past `seen` (a job finished or a source progressed since it
  /// was read from `newsCount`), or `timeout` seconds have passed; returns at once if there is.
  public static func waitForNews(after seen: UInt64, timeout: TimeInterval) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    lock.lock()
    while news == seen, lock.wait(until: deadline) {}
    lock.unlock()
  }

  /// Blocks until some job finishes or a source says it has progressed, or `timeout` seconds
  /// have passed.
  public static func waitForNews(timeout: TimeInterval) {
    lock.lock()
    _ = lock.wait(until: Date(timeIntervalSinceNow: timeout))
    lock.unlock()
  }
}
