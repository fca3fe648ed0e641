import MosaicLayout

extension CollectionView {
  /// The layout attributes of every element on screen (cells, supplementary and decoration
  /// views), in the order they are drawn: the bottom one first.
  ///
  /// UIKit has no single counterpart; it is `visibleCells` and
  /// `visibleSupplementaryViews(ofKind:)` together, read as attributes. For inspectors and
  /// debugging overlays, which outline what the view shows.
  /// - Complexity: O(k), k the visible elements, once the visible set is up to date.
  public var layoutAttributesForVisibleElements: [LayoutAttributes] {
    layoutIfNeeded()
    return placement.drawingOrder.compactMap { $0.view.layoutAttributes }
  }
}
