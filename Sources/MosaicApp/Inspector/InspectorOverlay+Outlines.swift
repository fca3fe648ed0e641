import MosaicCollection

extension InspectorOverlay {
  /// Outlines every visible element's frame in thin dim lines, with its label on the top edge,
  /// clipped to the view's frame; later elements (supplementary views, higher zIndex) on top.
  ///
  /// An element thinner than a cell (0 columns or rows) has no outline; its label alone marks
  /// where it starts.
  /// - Complexity: O(k), k the visible elements.
  func drawOutlines(over view: CollectionView, into surface: any Surface) {
    let viewCanvas = Canvas(surface: surface, area: view.frame)
    for attributes in view.layoutAttributesForVisibleElements {
      let rect = view.viewportRect(for: attributes.frame)
      let label = Self.label(
        category: attributes.representedElementCategory, kind: attributes.representedElementKind,
        indexPath: attributes.indexPath)
      if rect.isEmpty {
        viewCanvas.text(label, column: rect.column, row: rect.row, style: outlineStyle)
        continue
      }
      let canvas = viewCanvas.clipped(to: rect)
      canvas.box(border: .light, style: outlineStyle)
      // On the top edge, after the corner when there is room for corner, label and corner.
      let start = rect.columns >= label.count + 2 ? 1 : 0
      canvas.text(label, column: start, row: 0, maxWidth: rect.columns - start, style: outlineStyle)
    }
  }
}
