import Foundation
import MosaicLayout

extension LayoutReport {
  /// One element of a report: what it is, its frame in points, and the cells it covers.
  public struct Element: Hashable, Sendable {
    /// The sort of element, printed as its raw value.
    public enum Kind: String, Hashable, Sendable {
      /// An item's cell.
      case cell
      /// A section header.
      case header
      /// A section footer.
      case footer
    }

    /// The sort of element.
    public var kind: Kind
    /// The section it belongs to.
    public var section: Int
    /// The item number, for cells only.
    public var item: Int?
    /// The frame in points, in content coordinates.
    public var frame: Rect
    /// The frame in terminal cells, edges snapped under the spec's cell metrics.
    public var cells: CellRect

    /// Creates an element.
    public init(kind: Kind, section: Int, item: Int?, frame: Rect, cells: CellRect) {
      self.kind = kind
      self.section = section
      self.item = item
      self.frame = frame
      self.cells = cells
    }

    /// The element for a layout's attributes, or nil for a kind the report does not know.
    @MainActor init?(_ attributes: LayoutAttributes, metrics: CellMetrics) {
      let kind: Kind
      switch (attributes.representedElementCategory, attributes.representedElementKind) {
      case (.cell, _): kind = .cell
      case (.supplementaryView, ElementKind.sectionHeader): kind = .header
      case (.supplementaryView, ElementKind.sectionFooter): kind = .footer
      default: return nil
      }
      // Exact, not the drawing mapping: that saturates edges, and a cell may end beyond 2^53
      // while its row and rows are in range. Only an unvalidated report falls back.
      let frame = attributes.frame
      self.init(
        kind: kind, section: attributes.indexPath.section,
        item: kind == .cell ? attributes.indexPath.item : nil,
        frame: frame, cells: metrics.exactCellRect(for: frame) ?? metrics.cellRect(for: frame))
    }
  }
}
