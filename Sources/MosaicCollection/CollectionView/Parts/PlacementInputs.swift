import MosaicLayout

/// What a placement of the visible set was computed from, besides the marks that say something
/// changed (`VisibleSet.needsUpdate`, the layout's `needsPrepare`): the layout, how many times it had
/// been prepared, and the bounds. A frame whose inputs equal the last placement's keeps the
/// visible set, the views and the drawing order as they are.
///
/// UIKit has no counterpart as a value: UIKit keeps `setNeedsLayout()` marks, and its layout's
/// invalidation marks the collection view directly; the layout here lives in another module, so
/// the view compares its preparation count instead.
struct PlacementInputs: Equatable {
  /// The layout that answered.
  var layout: ObjectIdentifier
  /// The layout's `preparationCount` then: an invalidation followed by a preparation between
  /// two frames moves it, whoever asked for the preparation.
  var preparations: Int
  /// The bounds asked about.
  var bounds: Rect
}
