import Foundation

extension CompositionalLayout {
  /// How far the sideways row of `section` is scrolled, in points (0 for a section that does
  /// not scroll sideways).
  ///
  /// UIKit keeps this in the section's private scroll view (`visibleItemsInvalidationHandler`
  /// reports it); Mosaic keeps it on the layout so tools and tests can read and set it.
  public func orthogonalContentOffset(inSection section: Int) -> Double {
    orthogonalOffsets[section] ?? 0
  }

  /// Scrolls the sideways row of `section` to `offset`, clamped to `0...maximum`; a section
  /// that does not scroll sideways ignores it. The layout is invalidated (nothing is placed
  /// again: only the row's cells move).
  ///
  /// UIKit: setting the orthogonal scroll view's `contentOffset`.
  public func setOrthogonalContentOffset(_ offset: Double, inSection section: Int) {
    prepareIfNeeded()
    guard sections.indices.contains(section), sections[section].scrollsSideways else { return }
    let clamped = clampedOffset(offset, inSection: section)
    guard clamped != orthogonalContentOffset(inSection: section) else { return }
    orthogonalOffsets[section] = clamped
    invalidateOffsets()
  }

  /// The width of the sideways row of `section`: its leading inset, its groups and their
  /// spacing, and its trailing inset.
  ///
  /// UIKit: the orthogonal scroll view's `contentSize.width`.
  public func orthogonalContentWidth(inSection section: Int) -> Double {
    placedSection(section)?.rowWidth ?? 0
  }

  /// The largest offset the sideways row of `section` scrolls to: its width less the view's.
  public func maximumOrthogonalContentOffset(inSection section: Int) -> Double {
    guard let placed = placedSection(section), placed.scrollsSideways else { return 0 }
    return max(0, placed.rowWidth - viewportWidth)
  }

  /// Where a sideways scroll of `section` aimed at `proposed` comes to rest: anywhere for
  /// `continuous`, the nearest whole page (a multiple of the view's width) for `paging`, the
  /// nearest group's leading edge for `groupPaging`, always within `0...maximum`.
  ///
  /// UIKit: where the orthogonal scroll view decelerates to (its
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`, with no velocity).
  public func targetOrthogonalContentOffset(
    forProposedOffset proposed: Double, inSection section: Int
  )
    -> Double
  {
    guard let placed = placedSection(section), placed.scrollsSideways else { return 0 }
    let stop: Double
    switch placed.orthogonal {
    case .none, .continuous: stop = proposed
    case .paging: stop = Self.nearest(proposed, step: viewportWidth)
    case .groupPaging: stop = Self.nearest(proposed, step: placed.groupStep)
    }
    return clampedOffset(stop, inSection: section)
  }

  /// `value` rounded to the nearest multiple of `step` (unchanged for a step of 0).
  private static func nearest(_ value: Double, step: Double) -> Double {
    step > 0 ? (value / step).rounded() * step : value
  }

  /// `offset` within `0...maximum` for `section`.
  func clampedOffset(_ offset: Double, inSection section: Int) -> Double {
    guard sections.indices.contains(section), offset.isFinite else { return 0 }
    let maximum = max(0, sections[section].rowWidth - viewportWidth)
    return min(max(0, offset), maximum)
  }

  // MARK: OrthogonalScrollingLayout

  /// Whether `section` scrolls sideways.
  public func scrollsOrthogonally(section: Int) -> Bool {
    placedSection(section)?.scrollsSideways ?? false
  }

  /// The nearest item to the right (left) of `indexPath` in its sideways row, preferring items
  /// level with it: geometric, over the groups next to its own, so a row of vertical groups
  /// moves along its lines.
  public func item(beside indexPath: IndexPath, forward: Bool) -> IndexPath? {
    guard indexPath.count == 2, let section = placedSection(indexPath.section),
      section.scrollsSideways, indexPath.item >= 0, indexPath.item < section.itemCount
    else { return nil }
    let perGroup = itemsPerGroup(in: section)
    let origin = unscrolledFrame(ofItem: indexPath.item, in: section)
    let reach = 2 * perGroup + 1
    let candidates =
      max(0, indexPath.item - reach)..<min(section.itemCount, indexPath.item + reach + 1)
    var best: (key: (Int, Double, Double), item: Int)?
    for item in candidates where item != indexPath.item {
      let frame = unscrolledFrame(ofItem: item, in: section)
      let ahead = forward ? frame.midX > origin.midX + 1e-9 : frame.midX < origin.midX - 1e-9
      guard ahead else { continue }
      let level = frame.minY < origin.maxY && origin.minY < frame.maxY
      let key = (level ? 0 : 1, abs(frame.midX - origin.midX), abs(frame.midY - origin.midY))
      if let best, best.key <= key { continue }
      best = (key, item)
    }
    return best.map { IndexPath(item: $0.item, section: indexPath.section) }
  }

  /// Scrolls the row of `indexPath` so the item shows: `continuous` by the least that shows it
  /// whole (with the leading inset as a margin), `paging` to the page holding its middle,
  /// `groupPaging` to its group's stop. A whole visible item moves nothing.
  @discardableResult
  public func scrollOrthogonally(toShowItemAt indexPath: IndexPath) -> Bool {
    guard indexPath.count == 2, let section = placedSection(indexPath.section),
      section.scrollsSideways, indexPath.item >= 0, indexPath.item < section.itemCount
    else { return false }
    let frame = unscrolledFrame(ofItem: indexPath.item, in: section)
    let current = orthogonalContentOffset(inSection: indexPath.section)
    let width = viewportWidth
    guard frame.minX < current || frame.maxX > current + width else { return false }
    let target: Double
    switch section.orthogonal {
    case .none, .continuous:
      let margin = section.leadingInset
      target = frame.minX < current ? frame.minX - margin : frame.maxX + margin - width
    case .paging:
      target = width > 0 ? (frame.midX / width).rounded(.down) * width : 0
    case .groupPaging:
      target = Double(indexPath.item / max(1, itemsPerGroup(in: section))) * section.groupStep
    }
    let before = current
    setOrthogonalContentOffset(target, inSection: indexPath.section)
    return orthogonalContentOffset(inSection: indexPath.section) != before
  }
}
