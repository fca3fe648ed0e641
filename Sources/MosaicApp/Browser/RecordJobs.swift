import MosaicData

/// The long jobs over the records shown that the status bar reports on: counting a field's
/// values (`F`, `I`: `FieldStatisticsCache`, which keeps the last count) and writing the view
/// to a file (Ctrl-S: `ViewSaver`). `BrowserScene+Statistics` and `BrowserScene+Saving` start
/// them and take their results on each tick.
///
/// UIKit has no counterpart: the nearest is the `Progress` objects a view controller observes.
/// A class, so that its `deinit` cancels a save in flight when the scene goes (a scene's own
/// `deinit` cannot reach a part that is not `Sendable`).
final class RecordJobs {
  /// The frequency table's and the summary's counts (`F`, `I`).
  let statistics = FieldStatisticsCache()
  /// The view being written to a file (Ctrl-S), until it ends.
  var saver: ViewSaver?

  deinit {
    saver?.cancel()
  }
}
