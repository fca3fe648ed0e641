import MosaicLayout

extension CollectionView {
  /// Draws one frame: clears the view's area, recomputes the visible set, then draws the cells
  /// and after them the supplementary views, each in zIndex order, so pinned headers end on top.
  ///
  /// UIKit: the render pass. Each view draws into a canvas clipped and translated to its own
  /// cells; an element partly outside the viewport is cut at the viewport's edge, not skipped.
  /// - Complexity: O(log n + k) layout work plus the drawing of the k visible elements.
  public func draw(into surface: any Surface) {
    let canvas = Canvas(surface: surface, area: frame)
    canvas.fill(style: backgroundStyle)
    updateVisibleElements()
    statistics.frames += 1
    for key in drawingOrder {
      guard let view = visibleViews[key], let attributes = view.layoutAttributes else { continue }
      if let cell = view as? CollectionViewCell { resetState(of: cell, for: key.indexPath) }
      let local = viewportRect(for: attributes.frame)
      view.frame = CellRect(
        column: local.column + frame.column, row: local.row + frame.row, columns: local.columns,
        rows: local.rows)
      var area = canvas.clipped(to: local)
      if attributes.alpha < 1 { area = area.adding(.dim) }
      guard !area.visibleRect.isEmpty else { continue }
      view.draw(in: area)
    }
  }
}
