import MosaicLayout

extension CollectionView {
  /// Draws one frame: clears the view's area, recomputes the visible set, then draws every
  /// visible view in zIndex order; at equal zIndex decoration views first, then cells, then
  /// supplementary views, so section backgrounds stay below and pinned headers end on top.
  ///
  /// UIKit: the render pass. Each view draws into a canvas clipped and translated to its own
  /// cells; an element partly outside the viewport is cut at the viewport's edge, not skipped.
  /// - Complexity: O(log n + k) layout work plus the drawing of the k visible elements.
  public func draw(into surface: any Surface) {
    let canvas = Canvas(surface: surface, area: frame)
    canvas.fill(style: backgroundStyle)
    updateVisibleElements()
    statistics.frames += 1
    for (key, view) in drawingOrder {
      guard let attributes = view.layoutAttributes else { continue }
      if let cell = view as? CollectionViewCell { resetState(of: cell, for: key.indexPath) }
      let local = viewportRect(for: attributes.frame)
      view.frame = CellRect(
        column: local.column + frame.column, row: local.row + frame.row, columns: local.columns,
        rows: local.rows)
      var area = canvas.clipped(to: local)
      if attributes.alpha < 1 { area = area.adding(.dim) }
      if key.indexPath == interactiveMovement?.target, key.category == .cell {
        area = area.adding(Self.carriedItemAttributes)
      }
      guard !area.visibleRect.isEmpty else { continue }
      view.render(in: area)
    }
    drawIndexStrip(into: surface)
  }
}
