import Foundation
import MosaicLayout

extension CollectionView {
  /// Whether the prefetching data source is told about the items coming into view. Default
  /// true.
  ///
  /// UIKit: `isPrefetchingEnabled`, which also makes cells ahead of time; Mosaic makes no cell
  /// before it shows (a terminal cell is configured in microseconds), so only data prefetching
  /// is switched. Turning it off cancels the prefetches still pending: the view will not say
  /// anything more about them.
  public var isPrefetchingEnabled: Bool {
    get { prefetchWindow.isEnabled }
    set {
      guard newValue != prefetchWindow.isEnabled else { return }
      prefetchWindow.isEnabled = newValue
      if newValue {
        prefetchWindow.computedFor = nil
        placement.setNeedsUpdate()
      } else {
        cancelPendingPrefetches(with: prefetchDataSource)
      }
    }
  }

  /// A new prefetching data source replaced `old`: `old` is told to cancel what it was asked
  /// for, and the new one hears of the window at the next layout pass.
  func prefetchDataSourceDidChange(from old: (any CollectionViewDataSourcePrefetching)?) {
    guard old !== prefetchDataSource else { return }
    cancelPendingPrefetches(with: old)
    prefetchWindow.computedFor = nil
    placement.setNeedsUpdate()
  }

  /// Forgets the pending prefetches and tells `source` (when there is one) to cancel them.
  func cancelPendingPrefetches(with source: (any CollectionViewDataSourcePrefetching)?) {
    let pending = prefetchWindow.takePending()
    guard let source, !pending.isEmpty else { return }
    notifyPrefetching { source.collectionView(self, cancelPrefetchingForItemsAt: pending) }
  }

  /// After a layout pass: works out the items one viewport ahead in the direction of the last
  /// scroll, asks the prefetching data source to prefetch those it has not been told of, and to
  /// cancel those that left the window without coming into view.
  ///
  /// UIKit does this as the user scrolls. The window is found with one rect query of the
  /// layout (the visible rect and the one ahead), so it costs what a frame's placement costs,
  /// however many items there are; a pass whose bounds, direction and layout are those of the
  /// last one (an animation step, a focus move) asks nothing.
  func updatePrefetching() {
    guard let source = prefetchDataSource, prefetchWindow.isEnabled,
      !prefetchWindow.isNotifying
    else { return }
    let visibleRect = bounds
    prefetchWindow.noteScroll(to: visibleRect)
    let direction = prefetchWindow.direction(along: collectionViewLayout.scrollDirection)
    let inputs = PrefetchWindow.Inputs(
      layout: ObjectIdentifier(collectionViewLayout),
      preparations: collectionViewLayout.preparationCount, bounds: visibleRect,
      direction: direction)
    guard inputs != prefetchWindow.computedFor else { return }
    // While elements animate, views travelling out of the bounds count as on screen; the window
    // is worked out again once they are gone, so an item they hid is still prefetched.
    prefetchWindow.computedFor = motion.animator.isIdle ? inputs : nil
    let ahead = PrefetchWindow.rect(
      ahead: visibleRect, in: direction, contentSize: collectionViewLayout.collectionViewContentSize
    )

    // Items on screen: those with views (while a scroll glides, where it is drawn) and those in
    // the visible rect (where the glide ends), which are wanted now, not soon.
    var visible: Set<IndexPath> = []
    for key in placement.views.keys where key.category == .cell { visible.insert(key.indexPath) }
    var coming: [(IndexPath, Rect)] = []
    if visibleRect.width > 0, visibleRect.height > 0 {
      for attributes in collectionViewLayout.elementAttributes(
        in: visibleRect.union(ahead))
      where attributes.representedElementCategory == .cell && !attributes.isHidden {
        let path = attributes.indexPath
        guard isValidItem(path) else { continue }
        if attributes.frame.intersects(visibleRect) {
          visible.insert(path)
        } else if attributes.frame.intersects(ahead) {
          coming.append((path, attributes.frame))
        }
      }
    }
    let window = PrefetchWindow.ordered(coming, going: direction)
    let changes = prefetchWindow.update(window: window, visible: visible)
    guard !changes.cancel.isEmpty || !changes.prefetch.isEmpty else { return }
    notifyPrefetching {
      // Cancels first: work no longer wanted makes room for the work that is.
      if !changes.cancel.isEmpty {
        source.collectionView(self, cancelPrefetchingForItemsAt: changes.cancel)
      }
      if !changes.prefetch.isEmpty {
        source.collectionView(self, prefetchItemsAt: changes.prefetch)
      }
    }
  }

  /// Runs `tell` with the data source being told: a layout pass it sets off does not prefetch
  /// again from inside it.
  func notifyPrefetching(_ tell: () -> Void) {
    prefetchWindow.isNotifying = true
    defer { prefetchWindow.isNotifying = false }
    tell()
  }
}
