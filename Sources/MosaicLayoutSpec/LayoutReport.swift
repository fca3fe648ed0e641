import Foundation
@_spi(LayoutSpec) import MosaicLayout

/// The result of running a `LayoutSpec`: the content size and the elements, as `mosaic layout` prints them.
///
/// Elements are produced on demand, one at a time, so a spec with millions of
/// items can be streamed out without holding them all; use the spec's `query`
/// to limit the output to a rectangle.
@MainActor
public struct LayoutReport {
  /// The configured layout the report reads.
  public let specLayout: SpecLayout

  /// Configures a flow layout from `spec` and prepares it.
  ///
  /// - Complexity: whatever the layout's `prepare()` costs; no element is produced yet.
  public init(spec: LayoutSpec) {
    specLayout = spec.makeLayout()
  }

  /// The spec the report runs.
  public var spec: LayoutSpec { specLayout.spec }

  /// The size of the whole content, in points.
  ///
  /// UIKit: `collectionViewContentSize`.
  public var contentSize: Size { specLayout.layout.contentSize }

  /// Throws when some element the report would print has a cell value (column, row, columns
  /// or rows) above 2^53 in magnitude: `LayoutSpecError.tooLarge`, naming the section or the
  /// cell metric to blame. Call it before `write(to:)`, which prints nothing clamped only then.
  ///
  /// - Complexity: O(s + p) for s sections and p items sized per item, whatever the item
  ///   counts; with a query, when that finds a problem, also O(k) for the k elements queried.
  public func validate() throws(LayoutSpecError) {
    try checkCellRange()
  }

  /// Calls `body` with every reported element, in order: by section; in a section the
  /// header, the cells in item order, then the footer.
  ///
  /// Without a query every element is reported, including zero-area cells; a
  /// header or footer whose extent along the scroll axis is 0 does not exist.
  /// With a query, the elements `layoutAttributesForElements(in:)` returns for it.
  ///
  /// - Complexity: O(total item count) without a query; with one, whatever the
  ///   layout's query costs plus O(reported elements).
  public func forEachElement(_ body: (Element) -> Void) {
    let layout = specLayout.layout
    let metrics = spec.cellMetrics
    if let query = spec.query {
      // The streaming form of layoutAttributesForElements(in:): the same
      // elements in the same order, without an array of every match.
      layout.forEachElement(in: query) { attributes in
        if let element = Element(attributes, metrics: metrics) { body(element) }
      }
      return
    }
    for (section, sectionSpec) in spec.sections.enumerated() {
      let supplementaryPath = IndexPath(item: 0, section: section)
      if let header = layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: supplementaryPath),
        hasScrollAxisExtent(header.frame), let element = Element(header, metrics: metrics)
      {
        body(element)
      }
      for item in 0..<sectionSpec.items {
        if let cell = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)),
          let element = Element(cell, metrics: metrics)
        {
          body(element)
        }
      }
      if let footer = layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionFooter, at: supplementaryPath),
        hasScrollAxisExtent(footer.frame), let element = Element(footer, metrics: metrics)
      {
        body(element)
      }
    }
  }

  /// Every reported element, in order; see `forEachElement(_:)`.
  ///
  /// - Complexity: as `forEachElement(_:)`, and O(reported elements) memory.
  public var elements: [Element] {
    var result: [Element] = []
    forEachElement { result.append($0) }
    return result
  }

  /// Whether a header or footer frame is thick enough along the scroll axis to exist.
  func hasScrollAxisExtent(_ frame: Rect) -> Bool {
    switch spec.scrollDirection {
    case .vertical: return frame.height > 0
    case .horizontal: return frame.width > 0
    }
  }
}
