import MosaicCollection

extension InspectorOverlay {
  /// Outlines every visible element's frame in thin dim lines, with its label on the top edge,
  /// clipped to the view's frame; later elements (supplementary views, higher zIndex) on top.
  ///
  /// An element thinner than a cell (0 columns or rows) has no outline; its label alone marks
  /// where it starts. The focused item's outline is also in reverse video, since it covers the
  /// edges (or, one row high, all) of the cell that shows the focus.
  /// - Complexity: O(k), k the visible elements.
  func drawOutlines(over view: CollectionView, into surface: any Surface) {
    let viewCanvas = Canvas(surface: surface, area: view.frame)
    let focused = view.indexPathForFocusedItem
    for attributes in view.layoutAttributesForVisibleElements {
      let isFocused =
        attributes.representedElementCategory == .cell && attributes.indexPath == focused
      let style = isFocused ? outlineStyle.adding(.reverse) : outlineStyle
      let rect = view.viewportRect(for: attributes.frame)
      let label = Self.label(
        category: attributes.representedElementCategory, kind: attributes.representedElementKind,
        indexPath: attributes.indexPath)
      if rect.isEmpty {
        viewCanvas.text(label, column: rect.column, row: rect.row, style: style)
        continue
      }
      let canvas = viewCanvas.clipped(to: rect)
      canvas.box(border: .light, style: style)
      // On the top edge, after the corner when there is room for corner, label and corner.
      let start = rect.columns >= label.count + 2 ? 1 : 0
      canvas.text(label, column: start, row: 0, maxWidth: rect.columns - start, style: style)
    }
  }
}
