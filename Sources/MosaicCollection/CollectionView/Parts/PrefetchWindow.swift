import Foundation
import MosaicLayout

/// The items about to come into view, and which of them the prefetching data source was told
/// about: one viewport ahead of the visible rect, in the direction of the last scroll.
///
/// UIKit: the state behind `UICollectionViewDataSourcePrefetching`. It holds index paths and a
/// direction only; the collection view asks its layout for the window's items and tells the
/// data source what `update(window:visible:)` decides.
struct PrefetchWindow {
  /// Which way the content last scrolled, as the viewport moves over it.
  enum Direction: Equatable {
    /// Towards larger y (the content moves up the screen).
    case down
    /// Towards smaller y.
    case up
    /// Towards larger x.
    case right
    /// Towards smaller x.
    case left
  }

  /// What the data source is told after a pass: the items to start on, nearest first, and the
  /// items whose work is no longer wanted.
  struct Changes: Equatable {
    /// The items newly in the window, in the order they will come into view.
    var prefetch: [IndexPath] = []
    /// The items that left the window without coming into view.
    var cancel: [IndexPath] = []
  }

  /// What a window was worked out from: while these stay the same, so does the window.
  struct Inputs: Equatable {
    /// The layout asked.
    var layout: ObjectIdentifier
    /// How often it had been prepared (a new preparation may move every item).
    var preparations: Int
    /// The visible rect.
    var bounds: Rect
    /// The direction looked ahead in.
    var direction: Direction
  }

  /// Whether the data source is told at all. Default true, as UIKit's `isPrefetchingEnabled`.
  var isEnabled = true
  /// The direction of the last scroll; nil before the first, when the window lies forward along
  /// the layout's scroll axis.
  private(set) var lastDirection: Direction?
  /// Where the visible rect was at the last pass: the next pass's scroll is measured from it.
  private var lastOrigin: Point?
  /// The items the data source was told to prefetch that have neither come into view nor left
  /// the window since.
  private(set) var pending: Set<IndexPath> = []
  /// What the current window was worked out from; nil when it must be worked out again.
  var computedFor: Inputs?
  /// Whether the data source is being told something now: a pass it sets off (by reading the
  /// visible cells, say) must not start another.
  var isNotifying = false

  /// The direction to look ahead in: the last scroll's, else forward along `axis`.
  func direction(along axis: ScrollDirection) -> Direction {
    lastDirection ?? (axis == .horizontal ? .right : .down)
  }

  /// Records the visible rect of a pass: the move since the last pass is the scroll, and the
  /// axis that moved more, in viewports, gives its direction; no move changes nothing. Measured
  /// between passes, not offset by offset, since one key may set the offset twice (a page,
  /// then the least scroll back that shows the focused item whole).
  mutating func noteScroll(to bounds: Rect) {
    defer { lastOrigin = bounds.origin }
    guard let old = lastOrigin else { return }
    let new = bounds.origin
    let across = bounds.width > 0 ? (new.x - old.x) / bounds.width : 0
    let along = bounds.height > 0 ? (new.y - old.y) / bounds.height : 0
    guard across != 0 || along != 0, across.isFinite, along.isFinite else { return }
    if abs(along) >= abs(across) {
      lastDirection = along > 0 ? .down : .up
    } else {
      lastDirection = across > 0 ? .right : .left
    }
  }

  /// The rect one viewport beyond `bounds` in `direction`, cut to the content (nothing beyond
  /// its end is ever coming); empty at the content's end.
  static func rect(ahead bounds: Rect, in direction: Direction, contentSize: Size) -> Rect {
    var ahead = bounds
    switch direction {
    case .down: ahead.origin.y = bounds.maxY
    case .up: ahead.origin.y = bounds.minY - bounds.height
    case .right: ahead.origin.x = bounds.maxX
    case .left: ahead.origin.x = bounds.minX - bounds.width
    }
    let content = Rect(origin: .zero, size: contentSize)
    return ahead.intersection(content)
  }

  /// `frames` in the order their items come into view going `direction`: by the edge met first,
  /// then across, so the nearest line goes first and each line in reading order.
  static func ordered(_ items: [(IndexPath, Rect)], going direction: Direction) -> [IndexPath] {
    items.sorted { first, second in
      let (a, b) = (first.1, second.1)
      switch direction {
      case .down: return (a.minY, a.minX, first.0) < (b.minY, b.minX, second.0)
      case .up: return (-a.maxY, a.minX, first.0) < (-b.maxY, b.minX, second.0)
      case .right: return (a.minX, a.minY, first.0) < (b.minX, b.minY, second.0)
      case .left: return (-a.maxX, a.minY, first.0) < (-b.maxX, b.minY, second.0)
      }
    }.map(\.0)
  }

  /// Moves the pending set to `window` (its items in priority order) given the items that are
  /// `visible`: items new to the window are to be prefetched; pending items that came into view
  /// are dropped quietly (their cells are being made, as UIKit does); pending items that are
  /// neither visible nor in the window any more are to be cancelled.
  mutating func update(window: [IndexPath], visible: Set<IndexPath>) -> Changes {
    var changes = Changes()
    var next: Set<IndexPath> = []
    next.reserveCapacity(window.count)
    for path in window where !visible.contains(path) {
      guard next.insert(path).inserted else { continue }
      if !pending.contains(path) { changes.prefetch.append(path) }
    }
    for path in pending where !next.contains(path) && !visible.contains(path) {
      changes.cancel.append(path)
    }
    changes.cancel.sort()
    pending = next
    return changes
  }

  /// Forgets every pending item and returns them (in index path order), for a caller that
  /// cancels them; the window is worked out again at the next pass.
  mutating func takePending() -> [IndexPath] {
    let taken = pending.sorted()
    pending = []
    computedFor = nil
    return taken
  }

  /// Moves the pending items to their index paths after an update (`newPath` nil: the item is
  /// gone, and is dropped without a cancel, since its index path names no item now).
  mutating func remap(_ newPath: (IndexPath) -> IndexPath?) {
    guard !pending.isEmpty else { return }
    var moved: Set<IndexPath> = []
    for path in pending {
      if let new = newPath(path) { moved.insert(new) }
    }
    pending = moved
    computedFor = nil
  }
}
