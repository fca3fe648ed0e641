import MosaicCollection
import MosaicLayout

/// How the cards are laid out now: the style (`v`), the card size, grid columns and list rows
/// (`+` `-`), and the screen the layout was last built for. `BrowserLayoutFactory` builds a
/// layout from it; `BrowserScene.applyLayout` swaps that layout in.
///
/// UIKit has no counterpart as a type: it is what a `UICollectionViewController` subclass keeps
/// to build its `collectionViewLayout`. A value the scene keeps; a reload hands its sizes on.
struct CardLayoutState {
  /// The arrangement of the cards now.
  var style: BrowserLayoutStyle
  /// The card size of the grid and horizontal styles, in points.
  var cardSize: Size
  /// The number of grid columns, when given instead of a card size.
  var columns: Int?
  /// The rows of a list row.
  var listRows = 1
  /// The screen size the layout was last built for.
  var screenSize = (columns: 0, rows: 0)
  /// Whether a line above the status bar was kept for the conditions when the layout was built.
  var reservesConditionsLine = false
}
