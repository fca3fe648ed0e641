@_spi(LayoutSpec) import MosaicLayout

extension LayoutReport {
  /// The first element whose cells are out of range, as `validate()` reports it.
  private struct Overflow {
    var attributes: LayoutAttributes
    /// "column", "columns", "row" or "rows".
    var value: String
    /// The value in cells, as the exact arithmetic gives it.
    var cells: Double
    /// The length in points it comes from (the edge or the size).
    var points: Double
  }

  /// Rejects the spec when an element it prints would hold a cell value above 2^53.
  ///
  /// Without a query every element is printed. The elements whose frames bound all the
  /// others (the layout's boundary elements: every header, footer and per-item cell, and a
  /// uniform section's first and last items of its first and last lines) hold the extreme
  /// positions; the items between have the boundary items' size, so their spans differ from
  /// theirs by one cell at most, and a boundary span of exactly 2^53 counts as too large too.
  /// With a query only the queried elements are printed: when the boundary elements find a
  /// problem, the queried ones are checked exactly.
  func checkCellRange() throws(LayoutSpecError) {
    let layout = specLayout.layout
    var found: Overflow?
    layout.forEachBoundaryElement { attributes in
      guard found == nil, isReported(attributes) else { return }
      found = overflow(attributes, spanSlack: 1)
    }
    guard var overflow = found else { return }
    if let query = spec.query {
      found = nil
      layout.forEachElement(in: query) { attributes in
        if found == nil { found = self.overflow(attributes, spanSlack: 0) }
      }
      guard let queried = found else { return }
      overflow = queried
    }
    throw tooLarge(overflow)
  }

  /// Whether the element appears in the report without a query (a header or footer must have
  /// an extent along the scroll axis; every cell appears).
  private func isReported(_ attributes: LayoutAttributes) -> Bool {
    attributes.representedElementCategory == .cell || hasScrollAxisExtent(attributes.frame)
  }

  /// The first of the element's cell values above 2^53 in magnitude, if any; a span counts from
  /// `maximumCellValue - spanSlack + 1` on.
  private func overflow(_ attributes: LayoutAttributes, spanSlack: Double) -> Overflow? {
    let frame = attributes.frame
    let metrics = spec.cellMetrics
    let limit = Double(CellMetrics.maximumCellValue)
    let column = CellMetrics.snapped(frame.minX / metrics.pointsPerColumn)
    let row = CellMetrics.snapped(frame.minY / metrics.pointsPerRow)
    let candidates: [(String, Double, Double, Double)] = [
      ("column", column, limit, frame.minX),
      (
        "columns", CellMetrics.snapped(frame.maxX / metrics.pointsPerColumn) - column,
        limit - spanSlack, frame.width
      ),
      ("row", row, limit, frame.minY),
      (
        "rows", CellMetrics.snapped(frame.maxY / metrics.pointsPerRow) - row,
        limit - spanSlack, frame.height
      ),
    ]
    for (name, cells, most, points) in candidates where !(abs(cells) <= most) {
      return Overflow(attributes: attributes, value: name, cells: cells, points: points)
    }
    return nil
  }

  /// The error for `overflow`: the cell metric is to blame when the length in points is one a
  /// spec may give (at most 1e12), so only a tiny metric makes it that many cells; otherwise
  /// the section whose counts and sizes add up to it.
  private func tooLarge(_ overflow: Overflow) -> LayoutSpecError {
    let attributes = overflow.attributes
    let section = "sections[\(attributes.indexPath.section)]"
    let element: String
    switch (attributes.representedElementCategory, attributes.representedElementKind) {
    case (.cell, _): element = "item \(attributes.indexPath.item)"
    case (_, ElementKind.sectionHeader): element = "the header"
    default: element = "the footer"
    }
    let isSpan = overflow.value.hasSuffix("s")
    let placement =
      "\(isSpan ? "span" : "be at") \(overflow.value) \(Self.messageNumber(overflow.cells)), "
      + "beyond 2^53 (\(CellMetrics.maximumCellValue))"
    guard abs(overflow.points) > LayoutSpec.maximumLength else {
      let isColumn = overflow.value.hasPrefix("column")
      let metric = isColumn ? "pointsPerColumn" : "pointsPerRow"
      let size = isColumn ? spec.cellMetrics.pointsPerColumn : spec.cellMetrics.pointsPerRow
      return .tooLarge(
        path: "cellMetrics.\(metric)",
        reason: "at \(Self.jsonNumber(size)) points per \(isColumn ? "column" : "row"), "
          + "\(element) of \(section) would \(placement)")
    }
    return .tooLarge(path: section, reason: "\(element) would \(placement)")
  }

  /// A number for a message: as in JSON, but a quotient that overflowed reads `infinity`, never
  /// JSON's `null`.
  static func messageNumber(_ value: Double) -> String {
    guard value.isFinite else {
      return value.isNaN ? "not a number" : value < 0 ? "-infinity" : "infinity"
    }
    return jsonNumber(value)
  }
}
