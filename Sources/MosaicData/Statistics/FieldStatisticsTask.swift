import Foundation

// @unchecked: the progress, result and flags live in `job`; the counters are each touched by one
// worker at a time, and merged after the workers have finished.
/// Counts one field of every record of a source on background threads, for the browser's
/// frequency table and field summary: progress while it runs, `FieldStatistics` when done.
///
/// UIKit has no counterpart; it is the `Progress`-reporting operation a view controller starts
/// and observes. The records are read in batches, each split over `Limits.workers` threads that
/// count their part, then added to the total in file order; a source still being indexed is
/// followed until it is complete. It runs as a `BackgroundJob`, which wakes the run loop when
/// the count is done; the UI reads `progress` and `result`, and `cancel()`s a count it no longer
/// wants.
public final class FieldStatisticsTask: @unchecked Sendable {
  /// How much a count keeps and how it splits the work.
  public struct Limits: Equatable, Sendable {
    /// The most distinct values kept; the records holding others are counted together.
    public var distinctValues = 100_000
    /// The most bytes of a value kept: longer values are counted by their start.
    public var valueBytes = 256
    /// The threads counting at once.
    public var workers = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
    /// The records each thread counts between two progress reports.
    public var batch = 32_768
    /// Which values are missing (counted as empty, never as numbers): `--na`'s tokens.
    public var missing = MissingValues.empty
    /// Whether values that read as numbers are counted as numbers (false for a field the user
    /// typed as text: no mean, no quantiles).
    public var countsNumbers = true

    /// The limits the browser uses.
    public init() {}
  }

  /// The records counted.
  public let source: any RecordSource
  /// The field counted.
  public let field: Int
  /// The records counted: those this filter keeps (every record when nil).
  public let filter: RecordFilter?
  /// The records counted, when known already (an arrangement's kept records, in its order):
  /// then neither the source is followed nor `filter` evaluated again.
  public let records: [Int32]?
  /// `records` in file order, the worker's: values of equal count are listed in the order they
  /// first appear in the file, however the view is sorted.
  private var inFileOrder: [Int32]?
  /// How much the count keeps.
  public let limits: Limits
  /// The thread, cancel flag, progress and result.
  private let job = BackgroundJob<FieldStatistics>()

  /// Starts counting `field` of the records of `source` that `filter` keeps (every record when
  /// nil) on a background thread.
  public convenience init(
    source: any RecordSource, field: Int, filter: RecordFilter? = nil, limits: Limits = Limits()
  ) {
    self.init(
      source: source, field: field, filter: filter, records: nil, limits: limits, start: true)
  }

  /// Starts counting `field` of `records` of `source` (the records `filter` keeps, found
  /// already) on a background thread; `filter` names what they are, for whoever caches the
  /// result.
  public convenience init(
    source: any RecordSource, field: Int, records: [Int32], filter: RecordFilter?,
    limits: Limits = Limits()
  ) {
    self.init(
      source: source, field: field, filter: filter, records: records, limits: limits,
      start: true)
  }

  /// Counts on a background thread when `start`; else `run()` counts on the caller's.
  init(
    source: any RecordSource, field: Int, filter: RecordFilter?, records: [Int32]? = nil,
    limits: Limits, start: Bool
  ) {
    self.source = source
    self.field = field
    self.filter = filter
    self.records = records
    self.limits = limits
    if start { job.start { [self] control in countAll(control) } }
  }

  /// The fraction of the records counted so far, 0...1 (an estimate while the source is still
  /// being indexed).
  public var progress: Double { job.progress }

  /// The records counted so far.
  public var countedRecords: Int { job.completedCount }

  /// The statistics, once every record has been counted; nil before, and after `cancel()`.
  public var result: FieldStatistics? { job.result }

  /// Why the records are counted here rather than by the store that holds them (its failure,
  /// a statement timeout say), nil while the store answers or when it has none.
  public var note: String? { job.note }

  /// Whether the count has ended: finished or cancelled.
  public var isDone: Bool { job.isDone }

  /// Stops counting; `result` stays nil.
  public func cancel() { job.cancel() }

  /// Blocks until the count has ended, and returns its result (nil when cancelled).
  @discardableResult
  public func waitUntilDone() -> FieldStatistics? { job.waitUntilDone() }

  /// Counts on the calling thread (a task made with `start: false`), then publishes the result.
  func run() { job.run { countAll($0) } }

  /// Counts every record, following the source while it is indexed; the statistics, or nil
  /// when cancelled.
  private func countAll(_ control: BackgroundJob<FieldStatistics>.Control) -> FieldStatistics? {
    if records == nil, let store = source.capabilities.statistics {
      // A store that counts itself answers in one query; when it cannot (or fails), the
      // records are counted here as for any source.
      do {
        if let answer = try store.storeStatistics(
          field: field, filter: filter, limits: limits, cancellation: control.cancellation)
        {
          control.report(fraction: 1, count: source.recordCount)
          return answer
        }
      } catch {
        // Said beside the progress: the count here reads every row, which takes longer.
        if !control.isCancelled { control.note((error as? DataError)?.reason ?? "\(error)") }
      }
    }
    var total = FieldCounter(limits: limits)
    var next = 0
    if let records {
      // As many distinct values as records at most (a field of amounts nearly has).
      total.reserveCapacity(records.count)
      inFileOrder =
        zip(records, records.dropFirst()).allSatisfy { $0 < $1 } ? records : records.sorted()
      let step = limits.batch * max(1, limits.workers)
      while !control.isCancelled, next < records.count {
        // A batch spans at most `step` records of the file (not `step` kept records, which may
        // lie across all of it), so the pages it maps are few before they are handed back.
        let ordered = inFileOrder ?? records
        let limit = Int64(ordered[next]) + Int64(step)
        var low = next + 1
        var high = min(records.count, next + step)
        while low < high {
          let middle = (low + high) / 2
          if Int64(ordered[middle]) < limit { low = middle + 1 } else { high = middle }
        }
        let end = low
        count(next..<end, into: &total)
        // The kept records lie spread over the file: hand back the pages this batch read, as a
        // count of every record does, or a count of 5% of a file maps all of it.
        if let ordered = inFileOrder, let pages = source.capabilities.pageReleasing {
          pages.releasePages(of: Int(ordered[next])..<Int(ordered[end - 1]) + 1)
        }
        next = end
        report(counted: next, available: records.count, to: control)
      }
    }
    while records == nil, !control.isCancelled {
      let complete = source.isComplete
      let available = source.recordCount
      if next < available {
        let end = min(available, next + limits.batch * max(1, limits.workers))
        count(next..<end, into: &total)
        source.capabilities.pageReleasing?.releasePages(of: next..<end)
        next = end
        report(counted: next, available: available, to: control)
      } else if complete {
        break
      } else {
        // Woken by the indexer; the timeout only bounds how late a cancel is noticed.
        source.waitForRecords(beyond: available, timeout: 0.25)
      }
    }
    guard !control.isCancelled else { return nil }
    let names = source.fieldNames
    return total.statistics(field: field, name: field < names.count ? names[field] : "")
  }

  /// Counts `records` (positions in `self.records` when it is given), split in contiguous parts
  /// over the workers, and adds their counts to `total` in order (so the values kept are the
  /// first met, whatever the split).
  private func count(_ records: Range<Int>, into total: inout FieldCounter) {
    let workers = max(1, min(limits.workers, records.count))
    let part = (records.count + workers - 1) / workers
    let closed = total.isFull ? total.table : nil
    let counters = (0..<workers).map { _ in Counter(limits: limits, closed: closed) }
    let source = source
    let field = field
    let filter = filter
    let list = inFileOrder
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let start = min(records.upperBound, records.lowerBound + worker * part)
      let end = min(records.upperBound, start + part)
      guard start < end else { return }
      if let list {
        counters[worker].counter.count(
          list[start..<end].lazy.map { Int($0) }, field: field, of: source)
      } else if let filter {
        // Each worker filters its own part: a compiled expression is not shared between threads.
        var kept: [Int32] = []
        FilterMatcher(filter, source: source).appendKept(start..<end, to: &kept)
        counters[worker].counter.count(kept.lazy.map { Int($0) }, field: field, of: source)
      } else {
        counters[worker].counter.count(start..<end, field: field, of: source)
      }
    }
    // The batches' references to the total's table go first, so merging does not copy it.
    for counter in counters { counter.counter.closed = nil }
    for counter in counters { total.merge(counter.counter) }
  }

  private func report(
    counted records: Int, available: Int, to control: BackgroundJob<FieldStatistics>.Control
  ) {
    let share = available > 0 ? Double(records) / Double(available) : 1
    let complete = source.isComplete
    control.report(fraction: complete ? share : source.progress * share, count: records)
  }

  // @unchecked: each worker touches only its own counter, and the merge waits for them all.
  /// One worker's counter, shared with the threads of `concurrentPerform`.
  private final class Counter: @unchecked Sendable {
    var counter: FieldCounter

    init(limits: Limits, closed: [FieldCounter.Key: FieldCounter.Entry]?) {
      // A batch keeps every value it meets (at most its records): the total decides which stay.
      var unbounded = limits
      unbounded.distinctValues = .max
      counter = FieldCounter(limits: unbounded)
      counter.closed = closed
    }
  }
}
