import Foundation

// @unchecked: the progress, result and flags live under `state`; the work runs on one thread.
/// One piece of background work (a sort, a count, a search, a save): it runs on its own
/// thread, stops when cancelled, reports how far it has got, publishes its result under a lock,
/// and wakes the run loop (`BackgroundWork.didFinish()`) once, when it ends. The jobs keep their
/// own logic in their own types; this is the plumbing they share.
///
/// A job cancelled before its work returns never publishes a result: whoever cancels it (a newer
/// job superseding it) never sees an answer computed for what was on show before.
///
/// UIKit has no counterpart as such; it is an `Operation` with its `Progress`, whose
/// completion is dispatched to the main queue.
public final class BackgroundJob<Result: Sendable>: @unchecked Sendable {
  /// What the work sees of its job: whether to stop, and where to report progress.
  public struct Control: Sendable {
    fileprivate let job: BackgroundJob<Result>

    /// Whether the job was cancelled: the work should return as soon as it can.
    public var isCancelled: Bool { job.isCancelled }

    /// The flag raised on `cancel()`, to stop work running in a store (a query) at once.
    public var cancellation: Cancellation { job.stop }

    /// Reports that the work has done `fraction` (0...1) of what it has to do, `count` items
    /// of it (records counted, written, searched). Progress never goes back: a smaller
    /// fraction than one reported before leaves it where it was.
    public func report(fraction: Double, count: Int? = nil) {
      job.report(fraction: fraction, count: count)
    }

    /// Says what the user should know of how the work goes, shown beside its progress: a store
    /// that could not answer, and the work done another way.
    public func note(_ text: String) {
      job.state.lock()
      job.noted = text
      job.state.unlock()
    }
  }

  private let state = NSCondition()
  private var fraction = 0.0
  private var count = 0
  private var finished: Result?
  private var cancelled = false
  private var done = false
  private var noted: String?
  private let stop = Cancellation()
  /// What the job calls once, when its work has returned.
  private let wake: @Sendable () -> Void

  /// A job not started yet: `start(_:)` runs it on its own thread, `run(_:)` on the caller's.
  ///
  /// - Parameter wake: Called once when the work has returned (`BackgroundWork.didFinish`,
  ///   which wakes the run loop).
  public init(wake: @escaping @Sendable () -> Void = BackgroundWork.didFinish) {
    self.wake = wake
  }

  /// Runs `work` on a new thread; its return value (nil: none) is published when it returns,
  /// unless the job was cancelled.
  public func start(_ work: @escaping @Sendable (Control) -> Result?) {
    Thread.detachNewThread { [self] in run(work) }
  }

  /// Runs `work` on the calling thread, then publishes its result as `start(_:)` does. The work
  /// runs even when the job was cancelled already (it sees so at its first check): a job's own
  /// type may have state to settle on the way out.
  public func run(_ work: (Control) -> Result?) {
    let result = work(Control(job: self))
    state.lock()
    if !cancelled, let result {
      finished = result
      fraction = 1
    }
    done = true
    state.broadcast()
    state.unlock()
    wake()
  }

  /// What the work last said of how it goes (`Control.note`), nil when nothing.
  public var note: String? {
    state.lock()
    defer { state.unlock() }
    return noted
  }

  /// The share of the work done, 0...1.
  public var progress: Double {
    state.lock()
    defer { state.unlock() }
    return fraction
  }

  /// The items done so far, as the work last reported.
  public var completedCount: Int {
    state.lock()
    defer { state.unlock() }
    return count
  }

  /// The result, once the work has returned one; nil before, and for good when `cancel()` came
  /// first.
  public var result: Result? {
    state.lock()
    defer { state.unlock() }
    return finished
  }

  /// Whether the work has returned (finished, failed or cancelled).
  public var isDone: Bool {
    state.lock()
    defer { state.unlock() }
    return done
  }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool {
    state.lock()
    defer { state.unlock() }
    return cancelled
  }

  /// Stops the work (it notices at its next check; a store's query is interrupted at once): a
  /// result not published yet never will be.
  public func cancel() {
    state.lock()
    cancelled = true
    state.unlock()
    stop.cancel()
  }

  /// What the job's own type reports progress through from outside `start`'s closure (a sort's
  /// progress callback).
  var control: Control { Control(job: self) }

  /// Blocks until the work has returned, and gives its result (nil when cancelled or none).
  @discardableResult
  public func waitUntilDone() -> Result? {
    state.lock()
    defer { state.unlock() }
    while !done { state.wait() }
    return finished
  }

  /// Blocks until the work has returned or `timeout` seconds have passed; whether it returned.
  @discardableResult
  public func waitUntilDone(timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    state.lock()
    defer { state.unlock() }
    while !done, state.wait(until: deadline) {}
    return done
  }

  private func report(fraction: Double, count: Int?) {
    state.lock()
    self.fraction = max(self.fraction, min(1, fraction))
    if let count { self.count = count }
    state.unlock()
  }
}
