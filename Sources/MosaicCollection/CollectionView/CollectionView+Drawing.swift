import MosaicLayout

extension CollectionView {
  /// An alpha below this draws nothing; below 1, dimmed. A terminal cell has three levels of
  /// opacity, so a fade shows as hidden, then dim, then normal.
  static let hiddenAlpha = 1.0 / 3

  /// Draws one frame: clears the view's area, moves the animations to the clock's time,
  /// recomputes the visible set if anything it depends on changed (`layoutIfNeeded()`), then
  /// draws every visible view in zIndex order; at equal zIndex
  /// decoration views first, then cells, then supplementary views, so section backgrounds stay
  /// below and pinned headers end on top.
  ///
  /// UIKit: the render pass. Each view draws into a canvas clipped and translated to its own
  /// cells; an element partly outside the viewport is cut at the viewport's edge, not skipped.
  /// While animations run, each element is drawn at its presentation attributes: the frame
  /// snapped by the usual edge rule, the alpha as hidden (< 1/3), dim (< 1) or normal.
  /// - Complexity: O(log n + k) layout work plus the drawing of the k visible elements.
  public func draw(into surface: any Surface) {
    let canvas = Canvas(surface: surface, area: frame)
    canvas.fill(style: backgroundStyle)
    backgroundView?.render(in: canvas)
    advanceAnimations()
    // An animation step marks the placement needed (`advanceAnimations`); while an item is
    // carried every frame places again, whatever the marks say.
    if interactiveMovement != nil || !visibleSetIsCurrent {
      updateVisibleElements()
    }
    statistics.frames += 1
    let presentation = placement.drawingAttributes
    let animating = presentation.count == placement.drawingOrder.count && !presentation.isEmpty
    reportScroll(to: surface, elementsAnimate: !presentation.isEmpty)
    // Read once for the frame, not per element (each read of a stored property of the view is
    // an exclusivity check).
    let origin = (column: frame.column, row: frame.row)
    let carried = interactiveMovement?.target
    var position = 0
    for element in placement.drawingOrder {
      let (key, view) = (element.key, element.view)
      defer { position += 1 }
      guard let attributes = animating ? presentation[position] : view.layoutAttributes else {
        continue
      }
      if attributes.alpha < Self.hiddenAlpha || (animating && attributes.isHidden) { continue }
      // A departing cell keeps the look it had: its old index path may name another item now.
      if let cell = view as? CollectionViewCell, !animating || placement.views[key] === cell {
        resetState(of: cell, for: key.indexPath)
      }
      let local = viewportRect(for: attributes.frame)
      view.frame = CellRect(
        column: local.column + origin.column, row: local.row + origin.row,
        columns: local.columns, rows: local.rows)
      var area = canvas.clipped(to: local)
      if attributes.alpha < 1 { area = area.adding(.dim) }
      if let carried, key.category == .cell, key.indexPath == carried {
        area = area.adding(Self.carriedItemAttributes)
      }
      guard !area.visibleRect.isEmpty else { continue }
      view.render(in: area)
    }
    drawIndexStrip(into: surface)
  }
}
