import MosaicLayout

/// An element on screen and the view showing it, as the collection view keeps them in drawing
/// order.
///
/// A struct rather than a tuple: arrays of tuples holding a key and a view were copied through
/// the runtime's generic tuple witnesses, which cost more per element of a frame than the rest
/// of the placing.
struct PlacedElement {
  /// The element.
  var key: ElementKey
  /// The view showing it.
  var view: ReusableView
}
