import MosaicCollection
import MosaicData

/// A scene that shows the browser and hands back what the browser leaves on quitting: what `y`
/// prints, why the data could not be opened, the collection view's counters. The command runs
/// any of them the same way: a `BrowserHost`, or a `TablePickerScene` that opens one per table.
///
/// UIKit has no counterpart; it is what a container view controller exposes of its child.
@MainActor public protocol BrowserContainer: Scene {
  /// What `y` prints, once the scene has quit with it.
  var output: String? { get }
  /// Why the data could not be opened, if it could not.
  var failure: DataError? { get }
  /// The collection view counters, for `--stats`.
  var statistics: CollectionView.Statistics { get }
}

extension BrowserHost: BrowserContainer {}

extension TablePickerScene: BrowserContainer {}
