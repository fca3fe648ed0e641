import Foundation
import MosaicLayout

extension CollectionView: FocusEngineHost {
  /// The axis the layout scrolls along, as the layout states it.
  var layoutScrollDirection: ScrollDirection { collectionViewLayout.scrollDirection }

  /// Whether the content scrolls vertically.
  var scrollsVertically: Bool { layoutScrollDirection == .vertical }

  /// The engine that decides where the focus goes, reading this view.
  var focusEngine: FocusEngine { FocusEngine(host: self) }

  func focusFrame(ofItemAt indexPath: IndexPath) -> Rect? {
    layoutAttributesForItem(at: indexPath)?.frame
  }

  func focusElements(in rect: Rect) -> [LayoutAttributes] {
    prepareLayoutIfNeeded()
    return collectionViewLayout.elementAttributes(in: rect)
  }

  /// Moves the focus one item in `direction`; the first key press focuses the first visible item.
  /// Returns whether the focus moved.
  @discardableResult
  func moveFocus(_ direction: FocusDirection) -> Bool {
    guard let current = focusedItem, isValidItem(current) else { return focusInitialItem() }
    // Left and right inside a row that scrolls sideways stay in the row (compositional layouts).
    let sideways = orthogonalFocusTarget(from: current, direction)
    guard let next = sideways ?? focusEngine.item(from: current, in: direction) else {
      scrollToItem(at: current)
      return false
    }
    focusItem(at: next)
    return true
  }

  /// Focuses the first focusable item on screen (or of the content) when nothing has the focus.
  @discardableResult
  func focusInitialItem() -> Bool {
    guard let target = focusEngine.initialItem(visible: indexPathsForVisibleItems) else {
      return false
    }
    focusItem(at: target)
    return true
  }

  /// Scrolls one viewport forward or back: Page Down and Page Up.
  func moveFocusByPage(forward: Bool) {
    moveFocus(byPages: forward ? 1 : -1)
  }

  /// Scrolls `pages` viewports along the scroll axis (negative: back; `0.5`: half a screen, as
  /// Ctrl-D does in `less` and vi), less what elements drawn over the focused item's line cover
  /// at its edges (pinned headers), and moves the focus to the focusable item nearest to where
  /// the focused one was on screen (near the end of the content: the nearest item there).
  ///
  /// UIKit has no counterpart: a `UIScrollView` pages (`isPagingEnabled`) but moves no focus;
  /// tvOS's focus engine pages a collection view on its own.
  ///
  /// - Complexity: O(log n + k).
  public func moveFocus(byPages pages: Double) {
    guard pages != 0, pages.isFinite else { return }
    guard let current = focusedItem, let frame = layoutAttributesForItem(at: current)?.frame else {
      focusInitialItem()
      return
    }
    let forward = pages > 0
    let vertical = scrollsVertically
    let sign: Double = forward ? 1 : -1
    // The item's line stretched over the whole viewport: what covers its ends is not paged over.
    let line =
      vertical
      ? Rect(x: frame.minX, y: bounds.minY, width: frame.width, height: viewportSize.height)
      : Rect(x: bounds.minX, y: frame.minY, width: viewportSize.width, height: frame.height)
    let offset = offsetCells
    let covers = scrollToShowSolver().cover(
      of: line, zIndex: layoutAttributesForItem(at: current)?.zIndex ?? 0, excluding: current,
      at: .init(column: offset.column, row: offset.row))
    let cover = vertical ? covers.rows : covers.columns
    let viewport = max(
      1, (vertical ? self.frame.rows : self.frame.columns) - cover.leading - cover.trailing)
    let cells = max(1, Int((Double(viewport) * abs(pages)).rounded(.down)))
    let page = Double(cells) * (vertical ? cellMetrics.pointsPerRow : cellMetrics.pointsPerColumn)
    let target = Point(
      x: frame.midX + (vertical ? 0 : sign * page), y: frame.midY + (vertical ? sign * page : 0))
    // The page glides (from the destination of a glide already running, so pages add up) to
    // where it ends once the new focus is in view: keeping the focus in view may scroll again.
    gliding(true) {
      if vertical {
        scroll(rows: forward ? cells : -cells)
      } else {
        scroll(columns: forward ? cells : -cells)
      }
      prepareLayoutIfNeeded()
      if let destination = focusEngine.item(nearest: target, forward: forward) {
        focusItem(at: destination)
      }
    }
  }

  /// Focuses the first item and scrolls (gliding) to the very start.
  func focusFirst() {
    gliding(true) {
      setContentOffset(.zero)
      if let first = focusEngine.firstItem { focusItem(at: first) }
    }
  }

  /// Focuses the last item and scrolls (gliding) to the very end.
  func focusLast() {
    gliding(true) {
      setContentOffset(maximumContentOffset)
      if let last = focusEngine.lastItem { focusItem(at: last) }
    }
  }
}
