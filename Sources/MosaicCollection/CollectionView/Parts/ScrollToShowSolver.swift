import Foundation
import MosaicLayout

/// Finds the offset, in whole cells, that shows a target frame at a scroll position and clear of
/// what is drawn over it at the viewport's edges: a pure function over candidate viewports.
///
/// Nothing is scrolled to measure: the solver asks `elements` what lies over the target at a
/// candidate offset (the layout's rect query with that candidate as the visible rect, so pinned
/// headers and footers are where the layout puts them for it), widens the covers it finds, and
/// tries again, until the covers stop growing (at most `passes` candidates). The caller sets the
/// offset it returns, once.
@MainActor
struct ScrollToShowSolver {
  /// An offset or a size in whole cells.
  struct Cells: Equatable {
    var column: Int
    var row: Int
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

  /// Where an element goes along one axis.
  enum AxisPosition { case leading, center, trailing, nearest }

  /// How many candidate viewports the solver tries: each can only grow the covers, and a pinned
  /// element's place depends on the offset, so the first candidates may find elements an earlier
  /// one did not show over the item.
  static let passes = 4

  /// How content points map to cells.
  var cellMetrics: CellMetrics
  /// The viewport's size in cells.
  var viewport: Cells
  /// The largest offset on each axis, in cells (the content's overflow, rounded up).
  var maximumOffset: Cells
  /// Whether the content scrolls vertically: the axis tried first when an element could be
  /// scrolled clear either way.
  var scrollsVertically: Bool
  /// The elements whose frames overlap the first rect (content points) while the second is the
  /// visible rect: the layout's rect query at a candidate viewport.
  var elements: (_ rect: Rect, _ visibleRect: Rect) -> [LayoutAttributes]
  /// Whether an element the layout returned is one the view draws (its index path exists).
  var isDrawn: (LayoutAttributes) -> Bool = { _ in true }

  /// The offset that shows `frame` (an element of `zIndex`, `item` if a cell) at `position`,
  /// starting from `current`.
  ///
  /// - Complexity: at most `passes` rect queries of the frame's neighbourhood.
  func offset(
    showing frame: Rect, zIndex: Int = 0, item: IndexPath? = nil,
    at position: CollectionView.ScrollPosition, from current: Cells
  ) -> Cells {
    let cells = cellMetrics.cellRect(for: frame)
    func axis(
      _ leading: CollectionView.ScrollPosition, _ center: CollectionView.ScrollPosition,
      _ trailing: CollectionView.ScrollPosition
    ) -> AxisPosition {
      if position.contains(leading) { return .leading }
      if position.contains(center) { return .center }
      return position.contains(trailing) ? .trailing : .nearest
    }
    let rowPosition = axis(.top, .centeredVertically, .bottom)
    let columnPosition = axis(.left, .centeredHorizontally, .right)
    var rowCover = PinnedCover()
    var columnCover = PinnedCover()
    var candidate = current
    for _ in 0..<Self.passes {
      candidate = clamped(
        Cells(
          column: Self.target(
            start: cells.column, length: cells.columns, current: candidate.column,
            viewport: viewport.column, cover: columnCover, position: columnPosition),
          row: Self.target(
            start: cells.row, length: cells.rows, current: candidate.row, viewport: viewport.row,
            cover: rowCover, position: rowPosition)))
      let found = cover(of: frame, zIndex: zIndex, excluding: item, at: candidate)
      let rows = rowCover.merged(with: found.rows)
      let columns = columnCover.merged(with: found.columns)
      if rows == rowCover && columns == columnCover { break }
      (rowCover, columnCover) = (rows, columns)
    }
    return candidate
  }

  /// `offset` kept inside the content, as the view clamps what it is given.
  func clamped(_ offset: Cells) -> Cells {
    Cells(
      column: min(max(offset.column, 0), maximumOffset.column),
      row: min(max(offset.row, 0), maximumOffset.row))
  }

  /// The visible rect, in content points, of the viewport at `offset`.
  func visibleRect(at offset: Cells) -> Rect {
    Rect(
      x: Double(offset.column) * cellMetrics.pointsPerColumn,
      y: Double(offset.row) * cellMetrics.pointsPerRow,
      width: Double(viewport.column) * cellMetrics.pointsPerColumn,
      height: Double(viewport.row) * cellMetrics.pointsPerRow)
  }

  /// Where `frame` shows in the viewport at `offset`, in cells from its top-left corner.
  func viewportRect(for frame: Rect, at offset: Cells) -> CellRect {
    var rect = cellMetrics.cellRect(for: frame)
    rect.column -= offset.column
    rect.row -= offset.row
    return rect
  }

  /// The cells at the edges of the viewport at `offset` that elements drawn above an item of
  /// `zIndex` cover where they overlap `frame`.
  ///
  /// An element covers the edge it touches on one axis: not an axis it spans the whole
  /// viewport on, and one on which it has the same extent as the frame only when no other is
  /// left (a grid's header cell in the item's own row or column moves with it along that axis,
  /// so scrolling that way cannot clear it); of what is left, the edge that needs the least
  /// scrolling, the scroll axis first.
  ///
  /// - Complexity: one rect query of the frame's neighbourhood.
  func cover(of frame: Rect, zIndex: Int, excluding item: IndexPath?, at offset: Cells) -> (
    rows: PinnedCover, columns: PinnedCover
  ) {
    let target = viewportRect(for: frame, at: offset)
    let (rows, columns) = (viewport.row, viewport.column)
    var rowCover = PinnedCover()
    var columnCover = PinnedCover()
    guard !target.isEmpty else { return (rowCover, columnCover) }
    let vertical = scrollsVertically
    // Only what overlaps the frame matters: ask for its rect, one cell wider each way so that
    // an element meeting it only once both are snapped to cells is found too.
    let probe = Rect(
      x: frame.minX - cellMetrics.pointsPerColumn, y: frame.minY - cellMetrics.pointsPerRow,
      width: frame.width + 2 * cellMetrics.pointsPerColumn,
      height: frame.height + 2 * cellMetrics.pointsPerRow)
    for element in elements(probe, visibleRect(at: offset)) {
      // Strictly above: at an equal zIndex a header drawn after the cells is one that scrolls
      // with them (pinning layouts raise what they pin), and must not shrink a page. Asked
      // first: it sets aside the rows of a page (a table's 40) before the view is asked about
      // each.
      guard element.zIndex > zIndex else { continue }
      guard !element.isHidden, element.alpha > 0, isDrawn(element) else { continue }
      if element.representedElementCategory == .cell, element.indexPath == item { continue }
      let rect = viewportRect(for: element.frame, at: offset)
      guard !rect.intersection(target).isEmpty else { continue }
      let frameRect = element.frame
      let spansRows = rect.row <= 0 && rect.endRow >= rows
      let spansColumns = rect.column <= 0 && rect.endColumn >= columns
      let alignedInRows = frameRect.minY == frame.minY && frameRect.maxY == frame.maxY
      let alignedInColumns = frameRect.minX == frame.minX && frameRect.maxX == frame.maxX
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
      if length > room {
        // Longer than the room: if it already fills the room (a table's row while the table is
        // scrolled sideways), no scrolling shows more of it; else it shows from its start.
        let fills =
          start <= current + cover.leading
          && start + length >= current + viewport - cover.trailing
        return fills ? current : start - cover.leading
      }
      if start < current + cover.leading { return start - cover.leading }
      if start + length > current + viewport - cover.trailing {
        return start + length - viewport + cover.trailing
      }
      return current
    }
  }
}
