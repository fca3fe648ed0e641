import MosaicData

/// An arrangement being worked out in the background, and the records it arranges (the file's,
/// or a store's own arranged ones). No UIKit counterpart.
struct StagedArrangement {
  /// The arranger working it out.
  var arranger: Arranger
  /// What was asked for.
  var arrangement: BrowserArrangement
  /// The records it arranges.
  var source: any RecordSource
}
