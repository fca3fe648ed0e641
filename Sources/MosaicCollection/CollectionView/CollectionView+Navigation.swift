import Foundation
import MosaicLayout

extension CollectionView {
  /// Whether the content scrolls vertically: a flow layout says so; otherwise, unless the
  /// content only overflows sideways.
  var scrollsVertically: Bool {
    if let flow = collectionViewLayout as? FlowLayout { return flow.scrollDirection == .vertical }
    let content = contentSize
    let view = viewportSize
    return !(content.width > view.width && content.height <= view.height)
  }

  /// The item the focus goes to from `indexPath` in `direction`, or nil when there is none.
  ///
  /// Like UIKit's focus engine, the search is geometric, so it crosses section boundaries. Along
  /// the scroll axis the nearest line ahead wins, then the item in it closest across (an item
  /// overlapping the focused one first); across the scroll axis only items overlapping the
  /// focused one's band count, so the focus stays in its line.
  /// - Complexity: O(log n + k) for a layout that answers rect queries so: the band searched
  ///   doubles until it finds a focusable item, reaches the end of the content, or has looked
  ///   at more than `focusSearchLimit` elements (items the delegate refuses the focus to count).
  func item(from indexPath: IndexPath, in direction: FocusDirection) -> IndexPath? {
    guard let focused = layoutAttributesForItem(at: indexPath)?.frame else { return nil }
    let origin = direction.project(focused)
    let content = contentSize
    let viewport = viewportSize
    let alongScroll = direction.isVertical == scrollsVertically
    let contentEnd: Double
    let perpRange: (Double, Double)
    let span0: Double
    switch direction {
    case .down: contentEnd = content.height
    case .right: contentEnd = content.width
    case .up, .left: contentEnd = 0
    }
    let perpExtent = direction.isVertical ? content.width : content.height
    if alongScroll {
      perpRange = (min(origin.perpLo, 0) - 1, max(origin.perpHi, perpExtent) + 1)
    } else {
      // A zero-thickness item still has a band to search in.
      let pad = origin.perpHi > origin.perpLo ? 0 : 1e-6
      perpRange = (origin.perpLo - pad, origin.perpHi + pad)
    }
    span0 = max(direction.isVertical ? viewport.height : viewport.width, origin.hi - origin.lo, 1)

    let epsilon = 1e-9 * max(1, abs(origin.mid))
    var examined = 0
    func candidates(upTo end: Double) -> [(IndexPath, FocusDirection.Projection)] {
      let rect = direction.rect(lo: origin.mid, hi: end, perpLo: perpRange.0, perpHi: perpRange.1)
      let elements = collectionViewLayout.layoutAttributesForElements(in: rect)
      examined += elements.count
      return elements.compactMap { attributes in
        guard attributes.representedElementCategory == .cell, !attributes.isHidden,
          attributes.indexPath != indexPath, canFocusItem(at: attributes.indexPath)
        else { return nil }
        let p = direction.project(attributes.frame)
        guard p.mid > origin.mid + epsilon, p.lo >= origin.lo - epsilon else { return nil }
        return (attributes.indexPath, p)
      }
    }

    var span = span0
    var found: [(IndexPath, FocusDirection.Projection)] = []
    var end = origin.mid
    while found.isEmpty {
      end = origin.mid + span
      found = candidates(upTo: end)
      // Past `focusSearchLimit` elements with none focusable, give up rather than let a long run
      // of refused items grow the band over the whole content.
      if !found.isEmpty || end >= contentEnd || examined > Self.focusSearchLimit { break }
      span *= 2
    }
    guard let nearest = found.min(by: { $0.1.lo < $1.1.lo }) else { return nil }

    if !alongScroll {
      return found.min { a, b in
        (a.1.lo, abs(a.1.perpMid - origin.perpMid), a.0) < (
          b.1.lo, abs(b.1.perpMid - origin.perpMid), b.0
        )
      }?.0
    }
    // The nearest line: everything overlapping the nearest candidate along the primary axis.
    if nearest.1.hi > end { found = candidates(upTo: nearest.1.hi) }
    let line = found.filter { $0.1.lo < nearest.1.hi || $0.0 == nearest.0 }
    return line.min { a, b in
      let ka = (a.1.overlapsAcross(origin) ? 0 : 1, abs(a.1.perpMid - origin.perpMid), a.1.lo)
      let kb = (b.1.overlapsAcross(origin) ? 0 : 1, abs(b.1.perpMid - origin.perpMid), b.1.lo)
      return ka != kb ? ka < kb : a.0 < b.0
    }?.0
  }

  /// How many items Home, End and the first key press look at, from an end of the content (or
  /// the first visible item), for one the delegate lets take the focus: the bound on their cost
  /// when `collectionView(_:canFocusItemAt:)` refuses long runs of items.
  static let focusSearchLimit = 4096

  /// The first focusable item of the content, or nil when there is none within
  /// `focusSearchLimit` items of its start.
  var firstItem: IndexPath? {
    nearestValidItem(to: IndexPath(item: 0, section: 0)).flatMap {
      focusableItem(from: $0, forward: true)
    }
  }

  /// The last focusable item of the content, or nil when there is none within
  /// `focusSearchLimit` items of its end.
  var lastItem: IndexPath? {
    let sections = numberOfSections
    guard sections > 0 else { return nil }
    return nearestValidItem(
      to: IndexPath(item: max(0, numberOfItems(inSection: sections - 1) - 1), section: sections - 1)
    ).flatMap { focusableItem(from: $0, forward: false) }
  }

  /// The first item at or after (before) `start` in index-path order that may take the focus.
  ///
  /// - Complexity: at most `focusSearchLimit` steps, an empty section counting as one, each
  ///   asking the delegate about one item: never a scan of the whole content.
  func focusableItem(from start: IndexPath, forward: Bool) -> IndexPath? {
    var path = start
    let sections = numberOfSections
    for _ in 0..<Self.focusSearchLimit {
      if canFocusItem(at: path) { return path }
      var item = path.item + (forward ? 1 : -1)
      var section = path.section
      if item < 0 || item >= numberOfItems(inSection: section) {
        section += forward ? 1 : -1
        guard section >= 0, section < sections else { return nil }
        item = forward ? 0 : numberOfItems(inSection: section) - 1
      }
      path = IndexPath(item: item, section: section)
    }
    return nil
  }

  /// Moves the focus one item in `direction`; the first key press focuses the first visible item.
  /// Returns whether the focus moved.
  @discardableResult
  func moveFocus(_ direction: FocusDirection) -> Bool {
    guard let current = focusedItem, isValidItem(current) else { return focusInitialItem() }
    guard let next = item(from: current, in: direction) else {
      scrollToItem(at: current)
      return false
    }
    focusItem(at: next)
    return true
  }

  /// Focuses the first focusable item on screen (or of the content) when nothing has the focus.
  @discardableResult
  func focusInitialItem() -> Bool {
    let visible = indexPathsForVisibleItems.prefix(Self.focusSearchLimit)
    let target = visible.first(where: { canFocusItem(at: $0) }) ?? firstItem
    guard let target else { return false }
    focusItem(at: target)
    return true
  }

  /// Scrolls one viewport forward or back along the scroll axis, less what elements drawn over
  /// the focused item's line cover at its edges (pinned headers), and moves the focus to the
  /// focusable item nearest to where the focused one was on screen.
  ///
  /// - Complexity: O(log n + k).
  func moveFocusByPage(forward: Bool) {
    guard let current = focusedItem, let frame = layoutAttributesForItem(at: current)?.frame else {
      focusInitialItem()
      return
    }
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
    let cells = max(
      1, (vertical ? self.frame.rows : self.frame.columns) - cover.leading - cover.trailing)
    let page = Double(cells) * (vertical ? cellMetrics.pointsPerRow : cellMetrics.pointsPerColumn)
    let target = Point(
      x: frame.midX + (vertical ? 0 : sign * page), y: frame.midY + (vertical ? sign * page : 0))
    if vertical {
      scroll(rows: forward ? cells : -cells)
    } else {
      scroll(columns: forward ? cells : -cells)
    }
    let probe = Rect(
      x: target.x - viewportSize.width / 2, y: target.y - viewportSize.height / 2,
      width: viewportSize.width, height: viewportSize.height)
    let nearest = collectionViewLayout.layoutAttributesForElements(in: probe)
      .filter {
        $0.representedElementCategory == .cell && !$0.isHidden && canFocusItem(at: $0.indexPath)
      }
      .min { a, b in
        let da = Self.distance(a.frame, target)
        let db = Self.distance(b.frame, target)
        return da != db ? da < db : a.indexPath < b.indexPath
      }
    let fallback = forward ? lastItem : firstItem
    if let destination = nearest?.indexPath ?? fallback { focusItem(at: destination) }
  }

  /// The distance from `point` to the nearest point of `rect` (0 inside), then to its centre.
  static func distance(_ rect: Rect, _ point: Point) -> Double {
    let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
    let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
    let cx = rect.midX - point.x
    let cy = rect.midY - point.y
    return (dx * dx + dy * dy) * 1e6 + (cx * cx + cy * cy)
  }

  /// Focuses the first item and scrolls to the very start.
  func focusFirst() {
    setContentOffset(.zero)
    if let first = firstItem { focusItem(at: first) }
  }

  /// Focuses the last item and scrolls to the very end.
  func focusLast() {
    setContentOffset(maximumContentOffset)
    if let last = lastItem { focusItem(at: last) }
  }
}
