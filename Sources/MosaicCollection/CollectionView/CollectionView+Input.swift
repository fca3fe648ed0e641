import Foundation
import MosaicLayout

extension CollectionView {
  /// The rows the mouse wheel scrolls per notch.
  static let wheelStep = 3

  /// Handles a key or mouse event and says whether it was consumed.
  ///
  /// Keys: arrows and `h` `j` `k` `l` move the focus to the nearest item in that direction;
  /// Page Up/Down move it by a viewport; Home/End go to the first/last item; Enter presses
  /// (selects) the focused item. Mouse: the wheel scrolls; a press inside `frame` focuses the
  /// item under it and highlights it until the release over it selects it (or, while
  /// `mouseReleasesAreReported` is false, selects it at once). Resizes belong to the owner,
  /// which sets `frame`.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    // Movement and the index strip (their own files) come first; typed letters no key took
    // jump by index title.
    if let consumed = handleMovementInput(event) ?? handleIndexStripMouse(event) {
      return consumed
    }
    switch event {
    case .key(let key): return handle(key) || handleIndexTitleKey(event)
    case .mouse(let mouse): return handle(mouse)
    case .resize, .paste: return false
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
    let inside = frame.contains(column: mouse.column, row: mouse.row)
    if mouse.action == .release {
      // A release ends the press wherever it happens, inside the view or not.
      let pressing = trackedPress != nil
      mouseReleasesAreReported = true
      endMousePress(over: inside ? item(atScreenColumn: mouse.column, row: mouse.row) : nil)
      return inside || pressing
    }
    guard inside else { return false }
    let vertical = scrollsVertically
    switch mouse.action {
    case .wheelUp, .wheelDown:
      cancelTrackedPress()
      let step = mouse.action == .wheelUp ? -Self.wheelStep : Self.wheelStep
      vertical ? scroll(rows: step) : scroll(columns: step)
    case .press:
      pressAwaitsRelease = true
      guard let item = item(atScreenColumn: mouse.column, row: mouse.row) else {
        cancelTrackedPress()
        return true
      }
      focusItem(at: item)
      beginMousePress(at: item)
    case .release, .drag:
      break
    }
    return true
  }

  /// The item whose cell is drawn on top at a screen cell, or nil (a header, a decoration, the
  /// background).
  func item(atScreenColumn column: Int, row: Int) -> IndexPath? {
    guard let key = element(atColumn: column - frame.column, row: row - frame.row),
      key.category == .cell
    else { return nil }
    return key.indexPath
  }

  /// The topmost element drawn at `column`, `row` of the viewport, or nil.
  ///
  /// Mid-animation, where each element is drawn now; an element on its way out (deleted) is
  /// never hit.
  public func element(atColumn column: Int, row: Int) -> ElementKey? {
    layoutIfNeeded()
    let presentation = placement.drawingAttributes
    let animating = presentation.count == placement.drawingOrder.count && !presentation.isEmpty
    var position = placement.drawingOrder.count
    for element in placement.drawingOrder.reversed() {
      let (key, view) = (element.key, element.view)
      position -= 1
      let shown = animating ? presentation[position] : view.layoutAttributes
      guard let attributes = shown, !animating || placement.views[key] === view else { continue }
      if viewportRect(for: attributes.frame).contains(column: column, row: row) { return key }
    }
    return nil
  }
}
