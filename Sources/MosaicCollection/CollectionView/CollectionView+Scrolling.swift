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

  /// Scrolls by whole cells so `contentFrame` shows at `position`, then, if a pinned header of
  /// `section` ends up over it, scrolls back just enough to uncover it.
  func scrollToShow(_ contentFrame: Rect, section: Int?, at position: ScrollPosition) {
    let cells = cellMetrics.cellRect(for: contentFrame)
    func axis(_ leading: ScrollPosition, _ center: ScrollPosition, _ trailing: ScrollPosition)
      -> AxisPosition
    {
      if position.contains(leading) { return .leading }
      if position.contains(center) { return .center }
      return position.contains(trailing) ? .trailing : .nearest
    }
    let vertical = axis(.top, .centeredVertically, .bottom)
    let horizontal = axis(.left, .centeredHorizontally, .right)
    var header = (rows: 0, columns: 0)
    for _ in 0..<2 {
      let offset = offsetCells
      let row = Self.target(
        start: cells.row, length: cells.rows, current: offset.row, viewport: frame.rows,
        leading: header.rows, position: vertical)
      let column = Self.target(
        start: cells.column, length: cells.columns, current: offset.column,
        viewport: frame.columns, leading: header.columns, position: horizontal)
      setContentOffset(
        Point(
          x: Double(column) * cellMetrics.pointsPerColumn,
          y: Double(row) * cellMetrics.pointsPerRow))
      guard let section, let covered = pinnedHeaderCover(of: contentFrame, inSection: section),
        covered != header
      else { return }
      header = covered
    }
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

  /// The rows (or columns) at the viewport's leading edge that the header of `section` covers
  /// when it lies over `contentFrame` at the current offset, as a layout pinning headers places
  /// it; nil when it covers nothing of it.
  func pinnedHeaderCover(of contentFrame: Rect, inSection section: Int) -> (
    rows: Int, columns: Int
  )? {
    guard
      let header = layoutAttributesForSupplementaryElement(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section)),
      !header.isHidden
    else { return nil }
    let headerRect = viewportRect(for: header.frame)
    let item = viewportRect(for: contentFrame)
    guard !headerRect.intersection(item).isEmpty else { return nil }
    if scrollsVertically {
      return headerRect.row <= 0 ? (max(0, headerRect.endRow), 0) : nil
    }
    return headerRect.column <= 0 ? (0, max(0, headerRect.endColumn)) : nil
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
