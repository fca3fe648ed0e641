import Foundation
import MosaicLayout

/// Interactive movement: the user carries one item to another place, the others making way as
/// the layout reflows around it, and on the drop the data source moves it in its model.
///
/// With `installsStandardGestureForInteractiveMovement` on, `m` grabs the focused item, the
/// arrows (and `h` `j` `k` `l`) carry it as they would move the focus, Enter (or `m` again)
/// drops it and Escape puts it back; a mouse drag from an item carries it and the release drops
/// it. A program with gestures of its own calls the four UIKit methods itself.
extension CollectionView {
  /// The attributes added to the carried item's cell: it is drawn raised, over its neighbours.
  static let carriedItemAttributes: TextStyle.Attributes = [.reverse, .bold, .underline]

  /// Where the carried item is shown now, or nil when no item is being moved.
  ///
  /// UIKit keeps this private; a scene reads it to send Escape and Enter to the view while an
  /// item is carried rather than acting on them itself.
  public var indexPathForInteractivelyMovingItem: IndexPath? { interactiveMovement?.target }

  /// Starts carrying the item at `indexPath`; false when it cannot move (no such item, the data
  /// source's `canMoveItemAt` says no, or an item is already carried).
  ///
  /// UIKit: `beginInteractiveMovementForItem(at:)`. The item takes the focus.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    guard interactiveMovement == nil, !data.batch.isRecording, isValidItem(indexPath),
      let dataSource,
      dataSource.collectionView(self, canMoveItemAt: indexPath)
    else { return false }
    cancelTrackedPress()
    if let highlighted = selection.highlighted { unhighlight(highlighted) }
    interactiveMovement = InteractiveMovement(
      original: indexPath, target: indexPath, dataCounts: data.counts ?? fetchCounts())
    let focusChanged = focusedItem != indexPath
    focusedItem = indexPath
    placement.setNeedsUpdate()
    if focusChanged { delegate?.collectionView(self, didFocusItemAt: indexPath) }
    return true
  }

  /// Carries the item to the place of the item under `targetPosition` (content coordinates, in
  /// points); over no item (a gap, a header) it stays where it is.
  ///
  /// UIKit: `updateInteractiveMovementTargetPosition(_:)`, with the layout's default
  /// `targetIndexPath(forInteractivelyMovingItem:withPosition:)` (the topmost cell there).
  public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
    guard interactiveMovement != nil, let proposed = indexPathForItem(at: targetPosition) else {
      return
    }
    carryItem(toProposed: proposed)
  }

  /// Drops the carried item where it is shown: the data source's `moveItemAt:to:` is called once
  /// with the original and final index paths (not at all when the item is back where it
  /// started). Focus and selection stay with the items.
  ///
  /// UIKit: `endInteractiveMovement()`. A data source whose counts then differ from what the view
  /// showed is reloaded.
  public func endInteractiveMovement() {
    guard let movement = interactiveMovement else { return }
    interactiveMovement = nil
    placement.setNeedsUpdate()
    guard movement.target != movement.original, let dataSource else { return }
    data.ignoredMove = false
    dataSource.collectionView(self, moveItemAt: movement.original, to: movement.target)
    if data.ignoredMove {
      // The data source has no moveItemAt: as UIKit ignores the reorder, put the item back.
      data.ignoredMove = false
      interactiveMovement = movement
      cancelInteractiveMovement()
      return
    }
    if fetchCounts() != data.counts { reloadData() }
  }

  /// Puts the carried item back where it was; the data source hears nothing.
  ///
  /// UIKit: `cancelInteractiveMovement()`.
  public func cancelInteractiveMovement() {
    guard let movement = interactiveMovement else { return }
    retarget(to: movement.original)
    interactiveMovement = nil
    placement.setNeedsUpdate()
    scrollToItem(at: movement.original, at: .nearest)
  }

  // MARK: Carrying

  /// The data source's index path of the item shown at `indexPath` (itself unless an item is
  /// carried).
  func dataIndexPath(forShown indexPath: IndexPath) -> IndexPath {
    interactiveMovement?.dataIndexPath(forShown: indexPath) ?? indexPath
  }

  /// Asks the delegate where the item goes for `proposed`, then shows it there if that place
  /// exists.
  func carryItem(toProposed proposed: IndexPath) {
    guard let movement = interactiveMovement else { return }
    let target =
      delegate?.collectionView(
        self, targetIndexPathForMoveFromItemAt: movement.original, toProposedIndexPath: proposed)
      ?? proposed
    var moved = movement
    moved.target = target
    let counts = moved.shownCounts
    guard target.count == 2, target.section >= 0, target.section < counts.count,
      target.item >= 0, target.item < counts[target.section]
    else { return }
    retarget(to: target)
    scrollToItem(at: target, at: .nearest)
  }

  /// Shows the carried item at `newTarget`: the counts, the views on screen, the selection and
  /// the focus follow their items, and the layout reflows.
  func retarget(to newTarget: IndexPath) {
    guard var movement = interactiveMovement, newTarget != movement.target else { return }
    let old = movement
    movement.target = newTarget
    interactiveMovement = movement
    data.counts = movement.shownCounts
    let follow = { (path: IndexPath) in old.retargeted(path, to: newTarget) }
    var rekeyed: [ElementKey: ReusableView] = Dictionary(minimumCapacity: placement.views.count)
    for (key, view) in placement.views {
      let newKey =
        key.category == .cell
        ? ElementKey(category: .cell, kind: nil, indexPath: follow(key.indexPath)) : key
      rekeyed[newKey] = view
    }
    placement.views = rekeyed
    selection.remap { follow($0) }
    let focusBefore = focusedItem
    focusedItem = newTarget
    invalidateLayout()
    setContentOffset(viewport.offset)
    if focusBefore != newTarget { delegate?.collectionView(self, didFocusItemAt: newTarget) }
  }

  // MARK: Input

  /// Handles `event` if it belongs to interactive movement: every key and mouse action while an
  /// item is carried (but the wheel), and with the standard gesture on, `m` and a mouse drag
  /// from an item. Nil: not movement's event.
  func handleMovementInput(_ event: InputEvent) -> Bool? {
    if interactiveMovement != nil {
      switch event {
      case .key(let key):
        handleCarryKey(key)
        return true
      case .mouse(let mouse):
        return handleCarryMouse(mouse)
      case .resize, .paste:
        return nil
      }
    }
    guard installsStandardGestureForInteractiveMovement else { return nil }
    switch event {
    case .key(.character("m")):
      guard let focused = focusedItem else { return nil }
      beginInteractiveMovementForItem(at: focused)
      return true
    case .mouse(let mouse) where mouse.action == .drag:
      // The press went down on an item (it took the focus) and has not come up.
      guard let origin = trackedPress ?? (pressAwaitsRelease ? focusedItem : nil) else {
        return true
      }
      guard item(atScreenColumn: mouse.column, row: mouse.row) != origin else { return true }
      if beginInteractiveMovementForItem(at: origin) {
        interactiveMovement?.byMouse = true
        scrollTowardEdge(atScreenColumn: mouse.column, row: mouse.row)
        updateInteractiveMovementTargetPosition(
          contentPoint(atScreenColumn: mouse.column, row: mouse.row))
      }
      return true
    default:
      return nil
    }
  }

  /// A key while an item is carried: the arrows carry it, Home and End to the first and last
  /// place, Enter or `m` drops, Escape cancels, and the rest do nothing until then.
  func handleCarryKey(_ key: Key) {
    guard let target = interactiveMovement?.target else { return }
    let direction: FocusDirection?
    switch key {
    case .up, .character("k"): direction = .up
    case .down, .character("j"): direction = .down
    case .left, .character("h"): direction = .left
    case .right, .character("l"): direction = .right
    case .enter, .character("m"):
      endInteractiveMovement()
      return
    case .escape:
      cancelInteractiveMovement()
      return
    case .home, .end:
      let counts = data.counts ?? []
      let order = key == .home ? Array(counts.indices) : counts.indices.reversed()
      if let section = order.first(where: { counts[$0] > 0 }) {
        // Carried into another section, the item adds a place after its last item.
        let item = key == .home ? 0 : counts[section] - (section == target.section ? 1 : 0)
        carryItem(toProposed: IndexPath(item: item, section: section))
      }
      return
    default: direction = nil
    }
    if let direction, let next = focusEngine.item(from: target, in: direction) {
      carryItem(toProposed: next)
    }
  }

  /// A mouse action while an item is carried: a drag carries it, the release drops it (both
  /// only when the mouse carries it); the wheel still scrolls.
  func handleCarryMouse(_ mouse: MouseEvent) -> Bool? {
    guard let movement = interactiveMovement else { return nil }
    switch mouse.action {
    case .wheelUp, .wheelDown:
      return nil
    case .drag where movement.byMouse:
      scrollTowardEdge(atScreenColumn: mouse.column, row: mouse.row)
      updateInteractiveMovementTargetPosition(
        contentPoint(atScreenColumn: mouse.column, row: mouse.row))
    case .release where movement.byMouse:
      pressAwaitsRelease = false
      mouseReleasesAreReported = true
      if frame.contains(column: mouse.column, row: mouse.row) {
        updateInteractiveMovementTargetPosition(
          contentPoint(atScreenColumn: mouse.column, row: mouse.row))
      }
      endInteractiveMovement()
    case .press where movement.byMouse:
      // A press before any release: the release was lost; drop where the item is.
      endInteractiveMovement()
    default:
      break
    }
    return true
  }

  /// A drag onto the view's first or last row (column, scrolling sideways) scrolls one step that
  /// way, so an item can be carried past what is on screen, as UIKit autoscrolls near an edge.
  func scrollTowardEdge(atScreenColumn column: Int, row: Int) {
    if scrollsVertically {
      if row <= frame.row {
        scroll(rows: -1)
      } else if row >= frame.row + frame.rows - 1 {
        scroll(rows: 1)
      }
    } else if column <= frame.column {
      scroll(columns: -1)
    } else if column >= frame.column + frame.columns - 1 {
      scroll(columns: 1)
    }
  }

  /// The content point at the middle of a screen cell.
  func contentPoint(atScreenColumn column: Int, row: Int) -> Point {
    let offset = offsetCells
    return Point(
      x: (Double(column - frame.column + offset.column) + 0.5) * cellMetrics.pointsPerColumn,
      y: (Double(row - frame.row + offset.row) + 0.5) * cellMetrics.pointsPerRow)
  }
}
