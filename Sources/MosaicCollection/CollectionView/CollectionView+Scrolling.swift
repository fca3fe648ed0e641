import Foundation
import MosaicLayout

extension CollectionView {
  /// Scrolls so the item at `indexPath` shows at `position`; by default, the least scrolling
  /// that shows it whole and clear of the elements drawn over it at the viewport's edges
  /// (pinned headers and footers, a spreadsheet's pinned header row and column).
  ///
  /// UIKit: `scrollToItem(at:at:animated:)`. Offsets are whole cells, so snapping stays stable.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition = .nearest) {
    scrollOrthogonallyToShowItem(at: indexPath)
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return }
    scrollToShow(attributes.frame, zIndex: attributes.zIndex, item: indexPath, at: position)
  }

  /// Scrolls by whole cells so `contentFrame` shows at `position`, clear of what is drawn over
  /// it at the viewport's edges: the offset is solved over candidate viewports (see
  /// `ScrollToShowSolver`) and set once.
  func scrollToShow(
    _ contentFrame: Rect, zIndex: Int = 0, item: IndexPath? = nil, at position: ScrollPosition,
    animated: Bool = false
  ) {
    let current = offsetCells
    let solved = scrollToShowSolver().offset(
      showing: contentFrame, zIndex: zIndex, item: item, at: position,
      from: .init(column: current.column, row: current.row))
    setContentOffset(
      Point(
        x: Double(solved.column) * cellMetrics.pointsPerColumn,
        y: Double(solved.row) * cellMetrics.pointsPerRow), animated: animated)
  }

  /// The solver for this view as it is now: its viewport, its content's overflow, and its
  /// layout's rect query at a candidate viewport.
  func scrollToShowSolver() -> ScrollToShowSolver {
    let maximum = maximumContentOffset
    return ScrollToShowSolver(
      cellMetrics: cellMetrics,
      viewport: .init(column: max(0, frame.columns), row: max(0, frame.rows)),
      maximumOffset: .init(
        column: cellMetrics.column(forX: maximum.x), row: cellMetrics.row(forY: maximum.y)),
      scrollsVertically: scrollsVertically,
      elements: { [unowned self] rect, visibleRect in
        self.layoutAttributesForElements(in: rect, visibleRect: visibleRect)
      },
      isDrawn: { [unowned self] in self.isValidElement($0) })
  }

  /// The layout's elements in `rect` as they are placed while `visibleRect` is visible, without
  /// scrolling the view: the layout's own query at a candidate viewport, which leaves the
  /// offset, the layout's validity and the delegate untouched.
  func layoutAttributesForElements(in rect: Rect, visibleRect: Rect) -> [LayoutAttributes] {
    prepareLayoutIfNeeded()
    guard visibleRect != viewport.bounds else {
      return collectionViewLayout.elementAttributes(in: rect)
    }
    return collectionViewLayout.elementAttributes(in: rect, visibleRect: visibleRect)
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
