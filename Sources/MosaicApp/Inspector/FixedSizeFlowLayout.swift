import MosaicCollection
import MosaicLayout

/// A flow layout that shows another flow layout's elements exactly as that one lays them out
/// for a fixed view size, whatever the size of the view it is shown in.
///
/// UIKit has no counterpart (a UIKit layout always follows its collection view's size). The
/// inspector needs it because a spec's `bounds` is the size the layout is computed for, so that
/// frames match `mosaic layout`, while the terminal may be smaller or larger than that: the
/// collection view's viewport follows the terminal, and scrolling covers whatever does not fit.
///
/// It states the spec's scroll direction, so the collection view pages and wheels along it. Its
/// own flow properties, data source and delegate are unused: every query goes to `source`, whose
/// data source reports `size` at the origin (a spec has no pinned elements, so the origin of
/// the bounds does not matter to it).
final class FixedSizeFlowLayout: FlowLayout {
  /// The configured layout that does the work.
  let source: FlowLayout
  /// The view size `source` is laid out for, in points.
  let size: Size

  /// Shows `source` laid out for `size`.
  init(source: FlowLayout, size: Size) {
    self.source = source
    self.size = size
    super.init()
    scrollDirection = source.scrollDirection
  }

  /// Prepares `source`; this layout itself has nothing to compute.
  override func prepare() {
    source.prepareIfNeeded()
  }

  override var contentSize: Size { source.contentSize }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    source.layoutAttributesForElements(in: rect)
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    source.layoutAttributesForItem(at: indexPath)
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    source.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// Never: the layout is computed for `size`, not for the view's size.
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  override func invalidateLayout(with context: InvalidationContext) {
    super.invalidateLayout(with: context)
    source.invalidateLayout(with: context)
  }
}
