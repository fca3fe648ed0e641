import MosaicCollection

/// A layout inspector the browser can show over its cards: `i` toggles its overlay and `o` the
/// outlines of the elements.
///
/// UIKit: Xcode's view debugger, attached to a running app. The browser only forwards the two
/// keys and asks it to draw after the cards; the inspector reads the collection view's state.
public protocol BrowserInspector: AnyObject {
  /// Shows or hides the inspector's overlay (the `i` key).
  func toggleOverlay()
  /// Shows or hides outlines of the laid-out elements (the `o` key).
  func toggleOutlines()
  /// Draws whatever is shown over `collectionView`, after it has drawn into `surface`.
  func draw(over collectionView: CollectionView, into surface: any Surface)
}
