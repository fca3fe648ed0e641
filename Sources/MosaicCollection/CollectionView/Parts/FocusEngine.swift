import Foundation
import MosaicLayout

/// What the focus engine reads of the view it moves the focus in: geometry from the layout,
/// counts, and the delegate's say on which items may take the focus.
///
/// `CollectionView` adopts it; a test adopts it over a fixed set of frames.
@MainActor
protocol FocusEngineHost: AnyObject {
  /// The frame of the item at `indexPath`, or nil when there is no such item.
  func focusFrame(ofItemAt indexPath: IndexPath) -> Rect?
  /// The elements whose frames overlap `rect`: the layout's rect query.
  func focusElements(in rect: Rect) -> [LayoutAttributes]
  /// The size of the whole content, in points.
  var contentSize: Size { get }
  /// The size of the viewport, in points.
  var viewportSize: Size { get }
  /// The axis the layout scrolls along.
  var layoutScrollDirection: ScrollDirection { get }
  /// The number of sections.
  var numberOfSections: Int { get }
  /// The number of items in `section`.
  func numberOfItems(inSection section: Int) -> Int
  /// Whether the item at `indexPath` exists and may take the focus.
  func canFocusItem(at indexPath: IndexPath) -> Bool
}

/// Decides where the keyboard focus goes: the arrows' geometric search, the first and last
/// focusable items, the item a page away, skipping the items the delegate refuses the focus to.
///
/// UIKit: the focus engine (`UIFocusSystem`), reduced to a collection view's needs. It decides
/// only; the collection view moves the focus and scrolls. It reads the scroll axis the layout
/// states, so a custom layout gets the same navigation as a flow layout.
@MainActor
struct FocusEngine {
  /// How many items Home, End and the first key press look at, from an end of the content (or
  /// the first visible item), for one the delegate lets take the focus: the bound on their cost
  /// when `collectionView(_:canFocusItemAt:)` refuses long runs of items.
  static let searchLimit = 4096

  /// The view the engine reads.
  let host: any FocusEngineHost

  /// Whether the content scrolls vertically.
  var scrollsVertically: Bool { host.layoutScrollDirection == .vertical }

  /// The item the focus goes to from `indexPath` in `direction`, or nil when there is none.
  ///
  /// Like UIKit's focus engine, the search is geometric, so it crosses section boundaries. Along
  /// the scroll axis the nearest line ahead wins, then the item in it closest across (an item
  /// overlapping the focused one first); across the scroll axis only items overlapping the
  /// focused one's band count, so the focus stays in its line.
  /// - Complexity: O(log n + k) for a layout that answers rect queries so: the band searched
  ///   doubles until it finds a focusable item, reaches the end of the content, or has looked
  ///   at more than `searchLimit` elements (items the delegate refuses the focus to count).
  func item(from indexPath: IndexPath, in direction: FocusDirection) -> IndexPath? {
    guard let focused = host.focusFrame(ofItemAt: indexPath) else { return nil }
    let origin = direction.project(focused)
    let content = host.contentSize
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
    // The first band reaches one of the focused item's own extents past its far edge, doubled
    // until something is found: a neighbour as deep as the focused item lies in it whole, so
    // its line needs no second query, and a band a viewport deep would make every element of a
    // screen (some 480 for a table) for the one row below.
    span0 = (origin.hi - origin.mid) + max(origin.hi - origin.lo, 1)

    let epsilon = 1e-9 * max(1, abs(origin.mid))
    var examined = 0
    func candidates(upTo end: Double) -> [(IndexPath, FocusDirection.Projection)] {
      let rect = direction.rect(lo: origin.mid, hi: end, perpLo: perpRange.0, perpHi: perpRange.1)
      let elements = host.focusElements(in: rect)
      examined += elements.count
      // A loop rather than `compactMap`: a closure formed on the main actor checks the executor
      // on every call.
      var found: [(IndexPath, FocusDirection.Projection)] = []
      for attributes in elements
      where attributes.representedElementCategory == .cell && !attributes.isHidden {
        let p = direction.project(attributes.frame)
        guard p.mid > origin.mid + epsilon, p.lo >= origin.lo - epsilon else { continue }
        let path = attributes.indexPath
        guard path != indexPath, host.canFocusItem(at: path) else { continue }
        found.append((path, p))
      }
      return found
    }

    var span = span0
    var found: [(IndexPath, FocusDirection.Projection)] = []
    var end = origin.mid
    while found.isEmpty {
      end = origin.mid + span
      found = candidates(upTo: end)
      // Past `searchLimit` elements with none focusable, give up rather than let a long run of
      // refused items grow the band over the whole content.
      if !found.isEmpty || end >= contentEnd || examined > Self.searchLimit { break }
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

  /// The first focusable item of the content, or nil when there is none within `searchLimit`
  /// items of its start.
  var firstItem: IndexPath? {
    let sections = host.numberOfSections
    guard let section = (0..<sections).first(where: { host.numberOfItems(inSection: $0) > 0 })
    else { return nil }
    return focusableItem(from: IndexPath(item: 0, section: section), forward: true)
  }

  /// The last focusable item of the content, or nil when there is none within `searchLimit`
  /// items of its end.
  var lastItem: IndexPath? {
    let sections = host.numberOfSections
    guard
      let section = (0..<sections).reversed().first(where: {
        host.numberOfItems(inSection: $0) > 0
      })
    else { return nil }
    return focusableItem(
      from: IndexPath(item: host.numberOfItems(inSection: section) - 1, section: section),
      forward: false)
  }

  /// The first item at or after (before) `start` in index-path order that may take the focus.
  ///
  /// - Complexity: at most `searchLimit` steps, an empty section counting as one, each asking
  ///   the delegate about one item: never a scan of the whole content.
  func focusableItem(from start: IndexPath, forward: Bool) -> IndexPath? {
    var path = start
    let sections = host.numberOfSections
    for _ in 0..<Self.searchLimit {
      if host.canFocusItem(at: path) { return path }
      var item = path.item + (forward ? 1 : -1)
      var section = path.section
      if item < 0 || item >= host.numberOfItems(inSection: section) {
        section += forward ? 1 : -1
        guard section >= 0, section < sections else { return nil }
        item = forward ? 0 : host.numberOfItems(inSection: section) - 1
      }
      path = IndexPath(item: item, section: section)
    }
    return nil
  }

  /// The item the first key press focuses: the first focusable one of `visible` (the items on
  /// screen, in order), else the first of the content.
  func initialItem(visible: [IndexPath]) -> IndexPath? {
    visible.prefix(Self.searchLimit).first(where: { host.canFocusItem(at: $0) }) ?? firstItem
  }

  /// The focusable item nearest to `target` among those within a viewport centred on it, or the
  /// last (first) item of the content when there is none: where Page Down (Up) lands.
  func item(nearest target: Point, forward: Bool) -> IndexPath? {
    let viewport = host.viewportSize
    // A small square around the target first: an element outside it is at least `reach` away,
    // so scores at least 1e6 × reach² (see `distance`), and a nearer one found inside is the
    // answer the whole viewport would give, for a few elements instead of a screen's.
    let reach = min(viewport.width, viewport.height) / 16
    if reach > 0,
      let near = nearest(
        to: target,
        in: Rect(x: target.x - reach, y: target.y - reach, width: 2 * reach, height: 2 * reach)),
      near.score < 1e6 * reach * reach
    {
      return near.indexPath
    }
    let probe = Rect(
      x: target.x - viewport.width / 2, y: target.y - viewport.height / 2, width: viewport.width,
      height: viewport.height)
    return nearest(to: target, in: probe)?.indexPath ?? (forward ? lastItem : firstItem)
  }

  /// The focusable item in `probe` nearest to `target` (by `distance`, then index path), with
  /// its distance.
  func nearest(to target: Point, in probe: Rect) -> (indexPath: IndexPath, score: Double)? {
    var best: (indexPath: IndexPath, score: Double)?
    for attributes in host.focusElements(in: probe)
    where attributes.representedElementCategory == .cell && !attributes.isHidden {
      let score = Self.distance(attributes.frame, target)
      if let best,
        best.score < score || (best.score == score && best.indexPath < attributes.indexPath)
      {
        continue
      }
      guard host.canFocusItem(at: attributes.indexPath) else { continue }
      best = (attributes.indexPath, score)
    }
    return best
  }

  /// The distance from `point` to the nearest point of `rect` (0 inside), then to its centre.
  static func distance(_ rect: Rect, _ point: Point) -> Double {
    let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
    let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
    let cx = rect.midX - point.x
    let cy = rect.midY - point.y
    return (dx * dx + dy * dy) * 1e6 + (cx * cx + cy * cy)
  }
}
