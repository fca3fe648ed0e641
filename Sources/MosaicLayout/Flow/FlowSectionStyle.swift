/// The values a section shares with its neighbours as a rule: its metrics, header and footer
/// thicknesses, estimate and, when its items share one size, that size. Kept out of line and
/// shared between consecutive sections that agree on all of them, so a million small sections
/// store one style between them instead of a million copies (a section record holds a
/// reference to it).
final class FlowSectionStyle {
  /// The values that place the lines.
  let metrics: FlowSectionMetrics
  /// The header's extent on the scroll axis; 0 means no header.
  let headerThickness: Double
  /// The footer's extent on the scroll axis; 0 means no footer.
  let footerThickness: Double
  /// The estimated item size of a self-sizing section; nil for a section its delegate sizes.
  let estimate: (length: Double, thickness: Double)?
  /// The items' size when they all share one (the uniform path); (0, 0) otherwise.
  let itemSize: (length: Double, thickness: Double)

  /// A style of these values.
  init(
    metrics: FlowSectionMetrics, headerThickness: Double, footerThickness: Double,
    estimate: (length: Double, thickness: Double)?, itemSize: (length: Double, thickness: Double)
  ) {
    self.metrics = metrics
    self.headerThickness = headerThickness
    self.footerThickness = footerThickness
    self.estimate = estimate
    self.itemSize = itemSize
  }

  /// This style, when it holds exactly these values (bit for bit, so a -0 is never taken for
  /// a 0), else a new one holding them.
  func reused(
    metrics: FlowSectionMetrics, headerThickness: Double, footerThickness: Double,
    estimate: (length: Double, thickness: Double)?, itemSize: (length: Double, thickness: Double)
  ) -> FlowSectionStyle {
    let same =
      metrics.isIdentical(to: self.metrics)
      && Self.same(headerThickness, self.headerThickness)
      && Self.same(footerThickness, self.footerThickness)
      && Self.same(itemSize, self.itemSize)
      && (estimate == nil
        ? self.estimate == nil : self.estimate.map { Self.same($0, estimate!) } ?? false)
    if same { return self }
    return FlowSectionStyle(
      metrics: metrics, headerThickness: headerThickness, footerThickness: footerThickness,
      estimate: estimate, itemSize: itemSize)
  }

  /// This style with the items' size `itemSize`.
  func with(itemSize: (length: Double, thickness: Double)) -> FlowSectionStyle {
    reused(
      metrics: metrics, headerThickness: headerThickness, footerThickness: footerThickness,
      estimate: estimate, itemSize: itemSize)
  }

  private static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

  private static func same(
    _ a: (length: Double, thickness: Double), _ b: (length: Double, thickness: Double)
  ) -> Bool {
    same(a.length, b.length) && same(a.thickness, b.thickness)
  }

  /// The bytes one style takes (its fields; the heap's object header is not counted).
  static let storageBytes = MemoryLayout<FlowSectionMetrics>.stride + 2 * 8 + 24 + 16
}
