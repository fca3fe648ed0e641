import Foundation
import MosaicLayout

extension CollectionView {
  /// Scrolls so the item at `indexPath` shows at `position`; by default, the least scrolling
  /// that shows it whole and clear of its section's pinned header and footer.
  ///
  /// UIKit: `scrollToItem(at:at:animated:)`. Offsets are whole cells, so snapping stays stable.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition = .nearest) {
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return }
    scrollToShow(attributes.frame, section: indexPath.section, at: position)
  }

  /// The cells pinned supplementary views cover at the two ends of the scroll axis.
  struct PinnedCover: Equatable {
    /// Cells covered at the top (left) edge.
    var leading = 0
    /// Cells covered at the bottom (right) edge.
    var trailing = 0
  }

  /// Scrolls by whole cells so `contentFrame` shows at `position`, then, if a pinned header or
  /// footer of `section` ends up over it, scrolls just enough to uncover it.
  func scrollToShow(_ contentFrame: Rect, section: Int?, at position: ScrollPosition) {
    let cells = cellMetrics.cellRect(for: contentFrame)
    func axis(_ leading: ScrollPosition, _ center: ScrollPosition, _ trailing: ScrollPosition)
      -> AxisPosition
    {
      if position.contains(leading) { return .leading }
      if position.contains(center) { return .center }
      return position.contains(trailing) ? .trailing : .nearest
    }
    let vertical = scrollsVertically
    var cover = PinnedCover()
    for _ in 0..<3 {
      let offset = offsetCells
      let rowCover = vertical ? cover : PinnedCover()
      let columnCover = vertical ? PinnedCover() : cover
      let row = Self.target(
        start: cells.row, length: cells.rows, current: offset.row, viewport: frame.rows,
        cover: rowCover, position: axis(.top, .centeredVertically, .bottom))
      let column = Self.target(
        start: cells.column, length: cells.columns, current: offset.column,
        viewport: frame.columns, cover: columnCover,
        position: axis(.left, .centeredHorizontally, .right))
      setContentOffset(
        Point(
          x: Double(column) * cellMetrics.pointsPerColumn,
          y: Double(row) * cellMetrics.pointsPerRow))
      guard let section else { return }
      let found = pinnedCover(of: contentFrame, inSection: section)
      let merged = PinnedCover(
        leading: max(cover.leading, found.leading), trailing: max(cover.trailing, found.trailing))
      if merged == cover { return }
      cover = merged
    }
  }

  /// Where an element goes along one axis.
  enum AxisPosition { case leading, center, trailing, nearest }

  /// The offset, in cells along one axis, that puts `start..<start+length` at `position` in a
  /// viewport of `viewport` cells whose ends pinned views cover by `cover`.
  static func target(
    start: Int, length: Int, current: Int, viewport: Int, cover: PinnedCover,
    position: AxisPosition
  ) -> Int {
    let room = max(1, viewport - cover.leading - cover.trailing)
    switch position {
    case .leading: return start - cover.leading
    case .center: return start - cover.leading - (room - length) / 2
    case .trailing: return start + length - viewport + cover.trailing
    case .nearest:
      if start < current + cover.leading || length > room { return start - cover.leading }
      if start + length > current + viewport - cover.trailing {
        return start + length - viewport + cover.trailing
      }
      return current
    }
  }

  /// The cells at the viewport's ends that the header and footer of `section` cover while they
  /// lie over `contentFrame` at the current offset, as a layout pinning them places them.
  func pinnedCover(of contentFrame: Rect, inSection section: Int) -> PinnedCover {
    let item = viewportRect(for: contentFrame)
    let vertical = scrollsVertically
    let extent = vertical ? frame.rows : frame.columns
    var cover = PinnedCover()
    for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
      guard
        let attributes = layoutAttributesForSupplementaryElement(
          ofKind: kind, at: IndexPath(item: 0, section: section)),
        !attributes.isHidden
      else { continue }
      let rect = viewportRect(for: attributes.frame)
      guard !rect.intersection(item).isEmpty else { continue }
      let start = vertical ? rect.row : rect.column
      let end = vertical ? rect.endRow : rect.endColumn
      if start <= 0 {
        cover.leading = max(cover.leading, end)
      } else if end >= extent {
        cover.trailing = max(cover.trailing, extent - start)
      }
    }
    return cover
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
