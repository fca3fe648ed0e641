import Foundation
import MosaicLayout

extension CollectionView {
  /// Scrolls so the item at `indexPath` shows at `position`; by default, the least scrolling
  /// that shows it whole and clear of its pinned header.
  ///
  /// UIKit: `scrollToItem(at:at:animated:)`. Offsets are whole cells, so snapping stays stable.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition = .nearest) {
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return }
    scrollToShow(attributes.frame, section: indexPath.section, at: position)
  }

  /// Scrolls by whole cells so `contentFrame` shows at `position`.
  func scrollToShow(_ contentFrame: Rect, section: Int?, at position: ScrollPosition) {
    let cells = cellMetrics.cellRect(for: contentFrame)
    let offset = offsetCells
    let header: (rows: Int, columns: Int) =
      section.map { pinnedHeaderCells(inSection: $0) } ?? (0, 0)
    let row = Self.target(
      start: cells.row, length: cells.rows, current: offset.row, viewport: frame.rows,
      leading: header.rows,
      position: position.contains(.top)
        ? .leading
        : position.contains(.centeredVertically)
          ? .center : position.contains(.bottom) ? .trailing : .nearest)
    let column = Self.target(
      start: cells.column, length: cells.columns, current: offset.column, viewport: frame.columns,
      leading: header.columns,
      position: position.contains(.left)
        ? .leading
        : position.contains(.centeredHorizontally)
          ? .center : position.contains(.right) ? .trailing : .nearest)
    setContentOffset(
      Point(
        x: Double(column) * cellMetrics.pointsPerColumn, y: Double(row) * cellMetrics.pointsPerRow))
  }

  /// Where an element goes along one axis.
  enum AxisPosition { case leading, center, trailing, nearest }

  /// The offset, in cells along one axis, that puts `start..<start+length` at `position` in a
  /// viewport of `viewport` cells whose first `leading` cells a pinned header covers.
  static func target(
    start: Int, length: Int, current: Int, viewport: Int, leading: Int, position: AxisPosition
  ) -> Int {
    let room = max(1, viewport - leading)
    switch position {
    case .leading: return start - leading
    case .center: return start - leading - (room - length) / 2
    case .trailing: return start + length - viewport
    case .nearest:
      if start < current + leading || length > room { return start - leading }
      if start + length > current + viewport { return start + length - viewport }
      return current
    }
  }

  /// The cells a pinned header of `section` covers at the leading edge of the viewport: rows for
  /// a vertical layout, columns for a horizontal one; zero when headers are not pinned.
  func pinnedHeaderCells(inSection section: Int) -> (rows: Int, columns: Int) {
    guard let flow = collectionViewLayout as? FlowLayout, flow.sectionHeadersPinToVisibleBounds,
      let header = layoutAttributesForSupplementaryElement(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section))
    else { return (0, 0) }
    let cells = cellMetrics.cellRect(for: header.frame)
    switch flow.scrollDirection {
    case .vertical: return (max(0, cells.rows), 0)
    case .horizontal: return (0, max(0, cells.columns))
    }
  }

  /// Scrolls by `rows` and `columns` whole cells (negative: back), clamped.
  public func scroll(rows: Int = 0, columns: Int = 0) {
    let offset = offsetCells
    setContentOffset(
      Point(
        x: Double(offset.column + columns) * cellMetrics.pointsPerColumn,
        y: Double(offset.row + rows) * cellMetrics.pointsPerRow))
  }
}
