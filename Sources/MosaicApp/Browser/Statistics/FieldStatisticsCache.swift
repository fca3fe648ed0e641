import MosaicData

/// The browser's field counts: the one running and the last one finished, so `I` after `F` on
/// the same field (or `F` again) opens at once, and a count nobody waits for any more stops.
///
/// UIKit has no counterpart; it is the cache a view controller keeps of an expensive query. A
/// result is used only for the source, field and file state it was counted for: one counted
/// before the file changed on disk, or for another field, is dropped.
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

  /// The count running or last run.
  private(set) var task: FieldStatisticsTask?
  /// The file's state when `task` began.
  private var taskFileChange: FileChange?
  /// The last result kept: its statistics, the records counted, and the file's state then.
  private var last:
    (
      statistics: FieldStatistics, records: Int, fileChange: FileChange?,
      source: any RecordSource, filter: RecordFilter?
    )?

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
      last = nil
    }
  }

  /// Whether a count is running.
  var isCounting: Bool { task.map { !$0.isDone } ?? false }

  /// The statistics of `field` of the records of `source` that `filter` keeps, if they were
  /// counted over the records it has now, else the progress of a count of them (started now unless one is running).
  func request(
    field: Int, of source: any RecordSource, filter: RecordFilter?, records: [Int32]? = nil,
    fileChange: FileChange?
  ) -> State {
    if let last, last.statistics.field == field, last.fileChange == fileChange,
      last.source === source, last.filter == filter, source.isComplete,
      last.records == (records?.count ?? source.recordCount)
    {
      return .done(last.statistics)
    }
    if let task, task.field == field, task.source === source, task.filter == filter,
      !task.isDone, taskFileChange == fileChange
    {
      return .counting(task.progress)
    }
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
    return .counting(0)
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
    last = (result, task.countedRecords, fileChange, source, filter)
    return .done(result)
  }

  /// Stops the running count, if any.
  func cancel() {
    guard let task, !task.isDone else { return }
    task.cancel()
    self.task = nil
  }
}
