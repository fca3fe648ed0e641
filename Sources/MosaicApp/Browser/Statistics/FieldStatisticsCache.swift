import MosaicData

/// The browser's field counts: the one running and the last few finished, so `I` after `F` on
/// the same field (or `F` again) opens at once, and a count nobody waits for any more stops.
///
/// UIKit has no counterpart; it is the cache a view controller keeps of an expensive query. A
/// result is used only for the source, field and file state it was counted for: one counted
/// before the file changed on disk, or for another field, is dropped. Under a filter the
/// browser asks ahead (`prefetch`) for the field the focus rests on, so that `F` and `I` find
/// its count done or under way instead of starting it.
final class FieldStatisticsCache {
  /// What a request finds.
  enum State {
    /// Still counting, this far (0...1).
    case counting(Double)
    /// Counted.
    case done(FieldStatistics)
    /// The count ended without a result for what is on show now: the file changed under it.
    case stale
  }

  /// One finished count: its statistics, the records counted, and what it was of.
  private struct Result {
    var statistics: FieldStatistics
    var records: Int
    var fileChange: FileChange?
    var source: any RecordSource
    var filter: RecordFilter?
  }

  /// The count running or last run.
  private(set) var task: FieldStatisticsTask?
  /// Whether `task` was asked for ahead (`prefetch`), not by a view waiting for it.
  private var taskIsAhead = false
  /// Whether `task`'s result is in `results` already.
  private var taskKept = false
  /// The file's state when `task` began.
  private var taskFileChange: FileChange?
  /// The last results kept, the newest last.
  private var results: [Result] = []

  /// The most results kept: a few fields' worth, one each.
  static let keptResults = 4

  deinit {
    // The browser is gone (quit, or replaced by a reload): nobody waits for the count.
    task?.cancel()
  }

  /// Which values the counts take as missing (`--na`).
  var missing = MissingValues.empty
  /// The fields typed as text (`t`): their values are counted as no numbers. A change forgets
  /// the last count.
  var textFields: Set<Int> = [] {
    didSet {
      guard textFields != oldValue else { return }
      task?.cancel()
      task = nil
      results.removeAll()
    }
  }

  /// Whether a count is running.
  var isCounting: Bool { task.map { !$0.isDone } ?? false }

  /// The statistics of `field` of the records of `source` that `filter` keeps, if they were
  /// counted over the records it has now, else the progress of a count of them (started now
  /// unless one is running).
  func request(
    field: Int, of source: any RecordSource, filter: RecordFilter?, records: [Int32]? = nil,
    fileChange: FileChange?
  ) -> State {
    keepFinishedTask()
    if let kept = result(field: field, of: source, filter: filter, records: records, fileChange) {
      return .done(kept)
    }
    if let task, task.field == field, task.source === source, task.filter == filter,
      !task.isDone, taskFileChange == fileChange
    {
      // A count asked for ahead is now waited for: a later prefetch leaves it be.
      taskIsAhead = false
      return .counting(task.progress)
    }
    start(field: field, of: source, filter: filter, records: records, fileChange: fileChange)
    return .counting(0)
  }

  /// Starts counting `field` of the records of `source` that `filter` keeps (`records`, when
  /// known) unless that count is kept or running, stopping a count that was only asked ahead
  /// for another field; a count a view waits for is left to run.
  func prefetch(
    field: Int, of source: any RecordSource, filter: RecordFilter?, records: [Int32]?,
    fileChange: FileChange?
  ) {
    keepFinishedTask()
    if result(field: field, of: source, filter: filter, records: records, fileChange) != nil {
      return
    }
    if let task, !task.isDone {
      if task.field == field, task.source === source, task.filter == filter,
        taskFileChange == fileChange
      {
        return
      }
      guard taskIsAhead else { return }
    }
    start(field: field, of: source, filter: filter, records: records, fileChange: fileChange)
    taskIsAhead = true
  }

  /// What the count of `field` of `source` has come to, without starting one.
  func poll(
    field: Int, of source: any RecordSource, filter: RecordFilter?, fileChange: FileChange?
  ) -> State {
    guard let task, task.field == field, task.source === source, task.filter == filter else {
      return .stale
    }
    guard task.isDone else {
      return taskFileChange == fileChange ? .counting(task.progress) : .stale
    }
    guard let result = task.result, taskFileChange == fileChange else { return .stale }
    keepFinishedTask()
    return .done(result)
  }

  /// Stops the running count, if any.
  func cancel() {
    guard let task, !task.isDone else { return }
    task.cancel()
    self.task = nil
  }

  /// The kept result for `field` of the records of `source` that `filter` keeps, if it was
  /// counted over the records there are now.
  private func result(
    field: Int, of source: any RecordSource, filter: RecordFilter?, records: [Int32]?,
    _ fileChange: FileChange?
  ) -> FieldStatistics? {
    guard source.isComplete else { return nil }
    let count = records?.count ?? source.recordCount
    return results.last {
      $0.statistics.field == field && $0.fileChange == fileChange && $0.source === source
        && $0.filter == filter && $0.records == count
    }?.statistics
  }

  /// Keeps the result of the count that finished, once.
  private func keepFinishedTask() {
    guard let task, task.isDone, !taskKept, let statistics = task.result else { return }
    taskKept = true
    let result = Result(
      statistics: statistics, records: task.countedRecords, fileChange: taskFileChange,
      source: task.source, filter: task.filter)
    results.removeAll {
      $0.statistics.field == result.statistics.field && $0.source === result.source
        && $0.filter == result.filter
    }
    results.append(result)
    if results.count > Self.keptResults { results.removeFirst() }
  }

  private func start(
    field: Int, of source: any RecordSource, filter: RecordFilter?, records: [Int32]?,
    fileChange: FileChange?
  ) {
    task?.cancel()
    var limits = FieldStatisticsTask.Limits()
    limits.missing = missing
    limits.countsNumbers = !textFields.contains(field)
    task =
      records.map {
        FieldStatisticsTask(
          source: source, field: field, records: $0, filter: filter, limits: limits)
      } ?? FieldStatisticsTask(source: source, field: field, filter: filter, limits: limits)
    taskFileChange = fileChange
    taskIsAhead = false
    taskKept = false
  }
}
