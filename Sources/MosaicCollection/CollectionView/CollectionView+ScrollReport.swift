import MosaicLayout

extension CollectionView {
  /// Where a frame showed the content: the surface and the cells it was drawn on, the layout,
  /// and the offset drawn, in whole cells.
  struct DrawnViewport: Equatable {
    var surface: ObjectIdentifier
    var frame: CellRect
    var layout: ObjectIdentifier
    var column: Int
    var row: Int

    /// The rows the content moved up from `last` to this frame (negative: down), or nil when
    /// its lines did not simply move: another surface, frame or layout, a sideways scroll, no
    /// scroll, or one so far that no line stays on screen.
    func rowsScrolled(since last: DrawnViewport) -> Int? {
      guard
        last.surface == surface, last.frame == frame, last.layout == layout,
        last.column == column
      else { return nil }
      let rows = row - last.row
      guard rows != 0, abs(rows) < frame.rows else { return nil }
      return rows
    }
  }

  /// Tells `surface` that the lines of the view's frame moved by the rows the offset drawn moved
  /// since the last frame drawn into it (`Surface.contentDidScroll(in:rows:)`), so a terminal
  /// can shift them itself and send only the lines that arrive.
  ///
  /// Nothing is said while elements animate on their own (an update, a layout change): their
  /// lines do not simply move with the offset. A glide of the offset alone is reported frame by
  /// frame. The hint covers the whole frame, pinned headers included; the terminal leaves out
  /// the edge lines that do not change.
  func reportScroll(to surface: any Surface, elementsAnimate: Bool) {
    let offset = presentationOffsetCells
    let drawn = DrawnViewport(
      surface: ObjectIdentifier(surface), frame: frame,
      layout: ObjectIdentifier(collectionViewLayout), column: offset.column, row: offset.row)
    defer { placement.lastDrawnViewport = drawn }
    guard !elementsAnimate, let last = placement.lastDrawnViewport,
      let rows = drawn.rowsScrolled(since: last)
    else { return }
    surface.contentDidScroll(in: frame, rows: rows)
  }
}
