import Foundation
import MosaicLayout

extension CollectionView {
  /// Scrolls so the item at `indexPath` shows at `position`; by default, the least scrolling
  /// that shows it whole and clear of the elements drawn over it at the viewport's edges
  /// (pinned headers and footers, a spreadsheet's pinned header row and column).
  ///
  /// UIKit: `scrollToItem(at:at:animated:)`. Offsets are whole cells, so snapping stays stable.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition = .nearest) {
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return }
    scrollToShow(attributes.frame, zIndex: attributes.zIndex, item: indexPath, at: position)
  }

  /// The cells elements drawn over an item cover at the two ends of one axis.
  struct PinnedCover: Equatable {
    /// Cells covered at the top (left) edge.
    var leading = 0
    /// Cells covered at the bottom (right) edge.
    var trailing = 0

    /// The larger cover at each end.
    func merged(with other: PinnedCover) -> PinnedCover {
      PinnedCover(leading: max(leading, other.leading), trailing: max(trailing, other.trailing))
    }
  }

  /// How many times `scrollToShow` measures the covers again after scrolling: each pass can
  /// only grow them, and a pinned element's place depends on the offset, so the first passes
  /// may find elements the earlier offset did not show over the item.
  static let obscuringPasses = 4

  /// Scrolls by whole cells so `contentFrame` shows at `position`, clear of what is drawn over
  /// it at the viewport's edges.
  ///
  /// The obscuring rule: at the candidate offset the layout is asked (through its own rect
  /// query, at those bounds, so pinned elements are where it puts them for that offset) for the
  /// elements drawn above the item: a higher `zIndex`, as layouts give what they pin. Each
  /// that overlaps the item and touches a viewport edge covers that edge as far as it reaches
  /// in; the offset is computed again with the covers, until they stop growing (at most
  /// `obscuringPasses` times).
  func scrollToShow(
    _ contentFrame: Rect, zIndex: Int = 0, item: IndexPath? = nil, at position: ScrollPosition
  ) {
    let cells = cellMetrics.cellRect(for: contentFrame)
    func axis(_ leading: ScrollPosition, _ center: ScrollPosition, _ trailing: ScrollPosition)
      -> AxisPosition
    {
      if position.contains(leading) { return .leading }
      if position.contains(center) { return .center }
      return position.contains(trailing) ? .trailing : .nearest
    }
    var rowCover = PinnedCover()
    var columnCover = PinnedCover()
    for _ in 0..<Self.obscuringPasses {
      let offset = offsetCells
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
      let found = obscuringCover(of: contentFrame, zIndex: zIndex, excluding: item)
      let rows = rowCover.merged(with: found.rows)
      let columns = columnCover.merged(with: found.columns)
      if rows == rowCover && columns == columnCover { return }
      (rowCover, columnCover) = (rows, columns)
    }
  }

  /// The cells at the viewport's edges that elements drawn above an item of `zIndex` cover
  /// where they overlap `contentFrame`, at the current offset.
  ///
  /// An element covers the edge it touches on one axis: not an axis it spans the whole
  /// viewport on, and one on which it has the same extent as the frame only when no other is
  /// left (a grid's header cell in the item's own row or column moves with it along that axis,
  /// so scrolling that way cannot clear it); of what is left, the edge that needs the least
  /// scrolling, the scroll axis first.
  ///
  /// - Complexity: one rect query of the frame's neighbourhood: O(log n + k) for a layout that
  ///   answers so, k the elements around the frame.
  func obscuringCover(of contentFrame: Rect, zIndex: Int, excluding item: IndexPath?) -> (
    rows: PinnedCover, columns: PinnedCover
  ) {
    let target = viewportRect(for: contentFrame)
    let (rows, columns) = (frame.rows, frame.columns)
    var rowCover = PinnedCover()
    var columnCover = PinnedCover()
    guard !target.isEmpty else { return (rowCover, columnCover) }
    let vertical = scrollsVertically
    // Only what overlaps the frame matters: ask for its rect, one cell wider each way so that
    // an element meeting it only once both are snapped to cells is found too. The layout
    // places pinned elements against its bounds whatever rect it is asked about.
    let probe = Rect(
      x: contentFrame.minX - cellMetrics.pointsPerColumn,
      y: contentFrame.minY - cellMetrics.pointsPerRow,
      width: contentFrame.width + 2 * cellMetrics.pointsPerColumn,
      height: contentFrame.height + 2 * cellMetrics.pointsPerRow)
    prepareLayoutIfNeeded()
    for element in collectionViewLayout.layoutAttributesForElements(in: probe) {
      guard !element.isHidden, element.alpha > 0, isValidElement(element) else { continue }
      // Strictly above: at an equal zIndex a header drawn after the cells is one that scrolls
      // with them (pinning layouts raise what they pin), and must not shrink a page.
      guard element.zIndex > zIndex else { continue }
      if element.representedElementCategory == .cell, element.indexPath == item { continue }
      let rect = viewportRect(for: element.frame)
      guard !rect.intersection(target).isEmpty else { continue }
      let frameRect = element.frame
      let spansRows = rect.row <= 0 && rect.endRow >= rows
      let spansColumns = rect.column <= 0 && rect.endColumn >= columns
      let alignedInRows = frameRect.minY == contentFrame.minY && frameRect.maxY == contentFrame.maxY
      let alignedInColumns =
        frameRect.minX == contentFrame.minX && frameRect.maxX == contentFrame.maxX
      // Each edge the element may be scrolled clear of: the scrolling that needs, the axis, the
      // end, how far the element reaches in, and whether it is aligned with the frame on that
      // axis (then only a last resort).
      var options: [(cost: Int, vertical: Bool, leading: Bool, extent: Int, aligned: Bool)] = []
      if !spansRows {
        if rect.row <= 0 {
          options.append((rect.endRow - target.row, true, true, rect.endRow, alignedInRows))
        }
        if rect.endRow >= rows {
          options.append((target.endRow - rect.row, true, false, rows - rect.row, alignedInRows))
        }
      }
      if !spansColumns {
        if rect.column <= 0 {
          options.append(
            (rect.endColumn - target.column, false, true, rect.endColumn, alignedInColumns))
        }
        if rect.endColumn >= columns {
          options.append(
            (
              target.endColumn - rect.column, false, false, columns - rect.column,
              alignedInColumns
            ))
        }
      }
      if options.contains(where: { !$0.aligned }) { options.removeAll(where: \.aligned) }
      guard
        let best = options.min(by: { a, b in
          a.cost != b.cost ? a.cost < b.cost : (a.vertical == vertical && b.vertical != vertical)
        })
      else { continue }
      switch (best.vertical, best.leading) {
      case (true, true): rowCover.leading = max(rowCover.leading, best.extent)
      case (true, false): rowCover.trailing = max(rowCover.trailing, best.extent)
      case (false, true): columnCover.leading = max(columnCover.leading, best.extent)
      case (false, false): columnCover.trailing = max(columnCover.trailing, best.extent)
      }
    }
    return (rowCover, columnCover)
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

  /// Scrolls by `rows` and `columns` whole cells (negative: back), clamped.
  public func scroll(rows: Int = 0, columns: Int = 0) {
    let offset = offsetCells
    setContentOffset(
      Point(
        x: Double(offset.column + columns) * cellMetrics.pointsPerColumn,
        y: Double(offset.row + rows) * cellMetrics.pointsPerRow))
  }
}
