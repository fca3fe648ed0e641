/// The context a compositional layout invalidates with when only the visible bounds' origin or
/// a sideways row's offset moved: what it placed stands, only pinned and scrolled elements move.
///
/// UIKit: a `UICollectionViewLayoutInvalidationContext` subclass private to the compositional
/// layout.
final class CompositionalLayoutInvalidationContext: InvalidationContext {
  /// Whether the sections must be asked for and placed again.
  var invalidatesSections = true
}
