import MosaicData

/// The browser's arrangement: the file's records and the ones browsed (a store's own sorted and
/// filtered records), the arranger grouping and sorting them and the version on show, the
/// arrangement on show and one being worked out, and the status bar's words about the last
/// arranging key and a store's refusal. `BrowserScene+Arranging` decides what the keys do and
/// installs what is worked out; this part holds what they act on.
///
/// UIKit: a child view controller's state, the one that owns the model behind a
/// `UICollectionViewDiffableDataSource`'s snapshots. A class, as the arranger and the sources
/// are: the scene hands it on whole, and its `deinit` cancels the work in flight.
final class ArrangementController {
  /// The records browsed: the file's, or a store's own sorted and filtered ones
  /// (`ArrangingSource`).
  var source: any RecordSource
  /// The file's records, whatever the arrangement.
  let baseSource: any RecordSource
  /// Groups and sorts the records, in the background for large files.
  var arranger: Arranger
  /// The arranger's version on show: a newer one is shown on the next tick.
  var version: Int
  /// The grouping, sort and filter on show.
  var arrangement: BrowserArrangement
  /// An arrangement being worked out, shown when complete.
  var staged: StagedArrangement?
  /// A word about the last arranging key ("file order"), shown until the next key.
  var notice: String?
  /// Why the store refused to sort or filter, for the status bar.
  var failure: String?

  /// The arrangement `configuration` asks for of `source`, its arranger started.
  init(source: any RecordSource, configuration: BrowserConfiguration) {
    baseSource = source
    arrangement = BrowserArrangement(
      groupField: configuration.groupField, sortKeys: configuration.sortKeys
    ).with(missing: configuration.missingValues)
    // A store sorts itself from the start (`--sort` on a database), as a sort key pressed
    // later does: read through windows, every row would be fetched to sort it in memory.
    var shown = source
    var keys = arrangement.sortKeys
    if !keys.isEmpty, let store = source.capabilities.arranging,
      let pushed = try? store.arranged(sortKeys: keys, filter: nil)
    {
      shown = pushed
      keys = []
    }
    self.source = shown
    arranger = Arranger(source: shown, groupBy: configuration.groupField, sortKeys: keys)
    version = arranger.version
  }

  deinit {
    // The scene is gone: nobody will see what the arrangers were working out.
    arranger.cancel()
    staged?.arranger.cancel()
  }
}
