import Foundation
import MosaicLayout

extension CollectionView {
  /// The rows the mouse wheel scrolls per notch.
  static let wheelStep = 3

  /// Handles a key or mouse event and says whether it was consumed.
  ///
  /// Keys: arrows and `h` `j` `k` `l` move the focus to the nearest item in that direction;
  /// Page Up/Down move it by a viewport; Home/End go to the first/last item; Enter presses
  /// (selects) the focused item. Mouse: the wheel scrolls; a press inside `frame` focuses and
  /// selects the item under it. Resizes belong to the owner, which sets `frame`.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key): return handle(key)
    case .mouse(let mouse): return handle(mouse)
    case .resize: return false
    }
  }

  /// Handles one key.
  func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .character("k"): moveFocus(.up)
    case .down, .character("j"): moveFocus(.down)
    case .left, .character("h"): moveFocus(.left)
    case .right, .character("l"): moveFocus(.right)
    case .pageUp: moveFocusByPage(forward: false)
    case .pageDown: moveFocusByPage(forward: true)
    case .home: focusFirst()
    case .end: focusLast()
    case .enter:
      guard let focused = focusedItem else { return focusInitialItem() }
      pressItem(at: focused)
    default: return false
    }
    return true
  }

  /// Handles one mouse event, in screen cells.
  func handle(_ mouse: MouseEvent) -> Bool {
    guard frame.contains(column: mouse.column, row: mouse.row) else { return false }
    let vertical = scrollsVertically
    switch mouse.action {
    case .wheelUp:
      vertical ? scroll(rows: -Self.wheelStep) : scroll(columns: -Self.wheelStep)
    case .wheelDown:
      vertical ? scroll(rows: Self.wheelStep) : scroll(columns: Self.wheelStep)
    case .press:
      guard let key = element(atColumn: mouse.column - frame.column, row: mouse.row - frame.row),
        key.category == .cell
      else { return true }
      focusItem(at: key.indexPath)
      pressItem(at: key.indexPath)
    }
    return true
  }

  /// The topmost element drawn at `column`, `row` of the viewport, or nil.
  public func element(atColumn column: Int, row: Int) -> ElementKey? {
    layoutIfNeeded()
    for key in drawingOrder.reversed() {
      guard let attributes = visibleViews[key]?.layoutAttributes else { continue }
      if viewportRect(for: attributes.frame).contains(column: column, row: row) { return key }
    }
    return nil
  }
}
