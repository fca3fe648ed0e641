import MosaicCollection

/// What `--stats` prints on exit: one JSON object on one line, keys in a fixed order.
struct RunStatistics {
  /// Frames sent to the terminal (one `doupdate()` each).
  var frames: Int
  /// The collection view's counters.
  var collection: CollectionView.Statistics

  /// `{"frames":…,"viewsCreated":…,"maxLiveViews":…,"maxVisibleElements":…,"configureCalls":…}`.
  var jsonLine: String {
    let fields: [(String, Int)] = [
      ("frames", frames), ("viewsCreated", collection.viewsCreated),
      ("maxLiveViews", collection.maxLiveViews),
      ("maxVisibleElements", collection.maxVisibleElements),
      ("configureCalls", collection.configureCalls),
    ]
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }
}
