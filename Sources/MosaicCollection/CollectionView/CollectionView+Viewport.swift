import Foundation
import MosaicLayout

extension CollectionView {
  /// Recomputes the visible set now if anything changed since it was last computed.
  ///
  /// UIKit: `layoutIfNeeded()`. `draw(into:)` does the same before it draws; call this to read
  /// `visibleCells` and friends between frames.
  /// - Complexity: O(log n + k) for a layout that answers rect queries so, k the visible
  ///   elements; O(1) when nothing changed.
  public func layoutIfNeeded() {
    if !visibleSetIsCurrent { updateVisibleElements() }
  }

  /// The inputs a placement made now would read.
  var currentPlacementInputs: PlacementInputs {
    PlacementInputs(
      layout: ObjectIdentifier(collectionViewLayout),
      preparations: collectionViewLayout.preparationCount, bounds: bounds)
  }

  /// Whether the visible set, its views and the drawing order are what a placement made now
  /// would give: nothing marked them stale (a scroll, a resize, a reload or batch, an animation
  /// step, a carried item, self-sizing still pending: each calls `placement.setNeedsUpdate()`), the
  /// layout was not invalidated (nor invalidated and prepared again) and is the same, and the
  /// bounds are the same. Then a frame asks the layout nothing, as UIKit lays out only what
  /// `setNeedsLayout()` marked.
  var visibleSetIsCurrent: Bool {
    placement.isCurrent(
      for: currentPlacementInputs, layoutNeedsPrepare: collectionViewLayout.needsPrepare)
  }

  /// Asks the layout for the elements in the visible rect, recycles the views of elements that
  /// left, dequeues views for elements that arrived, and leaves the others alone; then lets the
  /// cells that arrived measure themselves when the layout self-sizes.
  ///
  /// UIKit: `layoutSubviews()`.
  func updateVisibleElements() {
    placeVisibleElements()
    sizeVisibleCells()
    // A placement left to the next frame (self-sizing passes used up) is not kept.
    placement.finishPlacement(
      for: currentPlacementInputs, layoutNeedsPrepare: collectionViewLayout.needsPrepare)
    updatePrefetching()
  }

  /// One pass of `updateVisibleElements()` without the measuring.
  func placeVisibleElements() {
    prepareLayoutIfNeeded()
    placement.beginPlacement()
    let visible = visibleElements()
    statistics.maxVisibleElements = max(statistics.maxVisibleElements, visible.count)

    var keys: [ElementKey] = []
    keys.reserveCapacity(visible.count)
    for attributes in visible { keys.append(attributes.elementKey) }
    var kept: [ReusableView?]
    // Elements that left go back to their queues before arriving elements dequeue.
    if placement.canMatchByOrder {
      // The last frame's elements, in order: found by comparing keys in order, and only the
      // elements that left or arrived touch the map.
      let match = VisibleSetDiff<ReusableView>.match(previous: placement.order.keys, visible: keys)
      // Loops rather than `map`: a closure formed on the main actor checks the executor on
      // every call.
      kept = []
      kept.reserveCapacity(keys.count)
      for index in match.from {
        if let index { kept.append(placement.order.placed[index].view) } else { kept.append(nil) }
      }
      for index in match.leaving {
        let key = placement.order.keys[index]
        placement.views.removeValue(forKey: key)
        recycle(placement.order.placed[index].view, for: key)
      }
    } else {
      // The map is handed over, not copied: the diff takes views out of it.
      var onScreen: [ElementKey: ReusableView] = [:]
      swap(&onScreen, &placement.views)
      let diff = VisibleSetDiff(onScreen: consume onScreen, visible: keys)
      placement.views = diff.staying
      for (key, view) in diff.leaving { recycle(view, for: key) }
      kept = diff.kept
    }

    var shown: [PlacedElement] = []
    var shownAttributes: [LayoutAttributes] = []
    shown.reserveCapacity(visible.count)
    shownAttributes.reserveCapacity(visible.count)
    for (position, attributes) in visible.enumerated() {
      let key = keys[position]
      let view: ReusableView
      if let stayed = kept[position] ?? placement.views[key] {
        // Stayed: not reconfigured, only told about new attributes (a pinned header moves).
        view = stayed
        // The same object (a layout that caches its attributes) needs no comparing.
        var unchanged = false
        if let current = view.layoutAttributes {
          unchanged = current === attributes || current.isEqual(attributes)
        }
        if !unchanged {
          view.layoutAttributes = attributes
          view.apply(attributes)
        }
      } else {
        guard let made = makeView(for: attributes) else { continue }
        view = made
        view.selfSizing = nil
        placement.views[key] = view
      }
      shown.append(PlacedElement(key: key, view: view))
      shownAttributes.append(attributes)
    }
    // An element listed twice (or a map changed by a delegate meanwhile) leaves the order and
    // the map apart: the next frame then diffs by the map.
    // `shown` lacks an element whose view could not be made; then its keys are not `keys`.
    let shownKeys = shown.count == keys.count ? keys : shown.map(\.key)
    placement.setOrder(keys: shownKeys, placed: shown)
    if motion.animator.animatesElements {
      updateAnimatedDrawing(shown, shownAttributes)
    } else {
      if !placement.drawingAttributes.isEmpty { placement.drawingAttributes = [] }
      setDrawingOrder(shown, shownAttributes, carriedFrom: 0, keepingAttributes: false)
      placement.countLiveViews(placement.views.count)
    }
  }

  /// Puts `entries` in drawing order (zIndex, then category: see `draw(into:)`) as
  /// `drawingOrder`, and their attributes position for position as `drawingAttributes` when
  /// `keepingAttributes`. The carried item, looked for from position `first` on, is drawn last,
  /// over the items making way for it.
  func setDrawingOrder(
    _ entries: [PlacedElement], _ entryAttributes: [LayoutAttributes],
    carriedFrom first: Int, keepingAttributes: Bool
  ) {
    if interactiveMovement == nil,
      let runs = VisibleSetDiff<ReusableView>.drawingRuns(
        zIndexes: ZIndexes(attributes: entryAttributes),
        categories: Categories(entries: entries))
    {
      setDrawingOrder(entries, entryAttributes, runs: runs, keepingAttributes: keepingAttributes)
      return
    }
    var categories: [ElementCategory] = []
    var zIndexes: [Int] = []
    var raised: Int?
    categories.reserveCapacity(entries.count)
    zIndexes.reserveCapacity(entries.count)
    let carried = interactiveMovement?.target
    for position in entries.indices {
      let key = entries[position].key
      categories.append(key.category)
      zIndexes.append(entryAttributes[position].zIndex)
      if let carried, position >= first, key.category == .cell, key.indexPath == carried {
        raised = position
      }
    }
    var ordered: [PlacedElement] = []
    var attributes: [LayoutAttributes] = []
    ordered.reserveCapacity(entries.count)
    if keepingAttributes { attributes.reserveCapacity(entries.count) }
    for position in VisibleSetDiff<ReusableView>.drawingOrder(
      categories: categories, zIndexes: zIndexes, raised: raised)
    {
      ordered.append(entries[position])
      if keepingAttributes { attributes.append(entryAttributes[position]) }
    }
    placement.drawingOrder = ordered
    if keepingAttributes { placement.drawingAttributes = attributes }
  }

  /// The zIndexes of attributes, read in place: no array made, no closure called per element.
  @MainActor struct ZIndexes: @MainActor RandomAccessCollection {
    let attributes: [LayoutAttributes]
    var startIndex: Int { 0 }
    var endIndex: Int { attributes.count }
    subscript(position: Int) -> Int { attributes[position].zIndex }
  }

  /// The categories of placed elements, read in place.
  struct Categories: RandomAccessCollection {
    let entries: [PlacedElement]
    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }
    subscript(position: Int) -> ElementCategory { entries[position].key.category }
  }

  /// `setDrawingOrder` from the runs of equal (zIndex, category) in layout order, taken in
  /// drawing order: whole slices, and the entries themselves when they already are in order.
  func setDrawingOrder(
    _ entries: [PlacedElement], _ entryAttributes: [LayoutAttributes],
    runs: [Range<Int>], keepingAttributes: Bool
  ) {
    var inOrder = true
    for position in runs.indices.dropFirst()
    where runs[position].lowerBound != runs[position - 1].upperBound {
      inOrder = false
      break
    }
    if inOrder {
      placement.drawingOrder = entries
      if keepingAttributes { placement.drawingAttributes = entryAttributes }
      return
    }
    var ordered: [PlacedElement] = []
    ordered.reserveCapacity(entries.count)
    for run in runs { ordered.append(contentsOf: entries[run]) }
    placement.drawingOrder = ordered
    guard keepingAttributes else { return }
    var attributes: [LayoutAttributes] = []
    attributes.reserveCapacity(entries.count)
    for run in runs { attributes.append(contentsOf: entryAttributes[run]) }
    placement.drawingAttributes = attributes
  }

  /// The attributes of the elements to show: those overlapping the bounds, not hidden, not
  /// transparent.
  func visibleElements() -> [LayoutAttributes] {
    // While a scroll glides, the rect drawn (asked of the layout as the visible rect, so pinned
    // headers pin to it) is the presentation's.
    let gliding = motion.animator.offset != nil
    let viewport = gliding ? presentationBounds : bounds
    guard viewport.width > 0, viewport.height > 0 else { return [] }
    let elements =
      gliding
      ? layoutAttributesForElements(in: viewport, visibleRect: viewport)
      : collectionViewLayout.elementAttributes(in: viewport)
    // Loops rather than `filter`: this runs for every element of every frame, and a closure
    // formed on the main actor costs an executor check per call. Usually every element is
    // shown: then the layout's array is kept, not copied element by element.
    var firstLeftOut = elements.count
    for position in elements.indices {
      let attributes = elements[position]
      if attributes.isHidden || !(attributes.alpha > 0) || !isValidElement(attributes) {
        firstLeftOut = position
        break
      }
    }
    var shown = elements
    if firstLeftOut < elements.count {
      shown.removeSubrange(firstLeftOut...)
      for attributes in elements[(firstLeftOut + 1)...]
      where !attributes.isHidden && attributes.alpha > 0 && isValidElement(attributes) {
        shown.append(attributes)
      }
    }
    if !motion.animator.isIdle { appendAnimatedElements(to: &shown) }
    return shown
  }

  /// Whether the element still exists in the counts the view believes in (a layout may answer
  /// from stale caches for a moment); a decoration view, which no data backs, always.
  func isValidElement(_ attributes: LayoutAttributes) -> Bool {
    let path = attributes.indexPath
    switch attributes.representedElementCategory {
    case .cell: return isValidItem(path)
    case .decorationView: return true
    case .supplementaryView:
      return path.count >= 1 && path.section >= 0 && path.section < numberOfSections
    }
  }

  /// The class decoration views of `kind` are made from: the layout's registration first (as in
  /// UIKit), else the one made on the view; nil when neither has one.
  func decorationViewClass(ofKind kind: String) -> ReusableView.Type? {
    guard let registered = collectionViewLayout.decorationViewClasses[kind] else {
      return reusePool.decorationClasses[kind]
    }
    guard let viewClass = registered as? ReusableView.Type else {
      preconditionFailure(
        "The layout registered \(registered) for decoration views of kind \"\(kind)\", which "
          + "is not a ReusableView subclass; register a ReusableView subclass.")
    }
    return viewClass
  }

  /// Asks the data source for the view of an arriving element and shows it; a decoration view
  /// comes from its registered class alone.
  func makeView(for attributes: LayoutAttributes) -> ReusableView? {
    if attributes.representedElementCategory == .decorationView {
      return makeDecorationView(for: attributes)
    }
    guard let dataSource else { return nil }
    let path = attributes.indexPath
    statistics.configureCalls += 1
    reusePool.beginVending()
    switch attributes.representedElementCategory {
    case .cell:
      // While an item is carried the view shows index paths the data source has yet to see.
      let dataPath = dataIndexPath(forShown: path)
      let cell = dataSource.collectionView(self, cellForItemAt: dataPath)
      requireDequeued(cell, by: "collectionView(_:cellForItemAt:)", for: dataPath)
      resetState(of: cell, for: path)
      cell.layoutAttributes = attributes
      cell.apply(attributes)
      delegate?.collectionView(self, willDisplay: cell, forItemAt: path)
      return cell
    default:
      let kind = attributes.representedElementKind ?? ""
      let view = dataSource.collectionView(
        self, viewForSupplementaryElementOfKind: kind, at: path)
      requireDequeued(
        view, by: "collectionView(_:viewForSupplementaryElementOfKind:at:) (kind \"\(kind)\")",
        for: path)
      view.layoutAttributes = attributes
      view.apply(attributes)
      delegate?.collectionView(
        self, willDisplaySupplementaryView: view, forElementKind: kind, at: path)
      return view
    }
  }

  /// Takes the view of `key` off the screen and queues it for reuse.
  func removeVisibleView(for key: ElementKey) {
    guard let view = placement.views.removeValue(forKey: key) else { return }
    recycle(view, for: key)
    statistics.liveViews = placement.views.count
    // The drawing order still holds the view: the next frame places again.
    placement.setNeedsUpdate()
  }

  /// Queues a view that left the screen and tells the delegate (nothing about decoration views,
  /// as in UIKit).
  func recycle(_ view: ReusableView, for key: ElementKey) {
    enqueue(view, for: key)
    if key.category == .decorationView { return }
    if key.category == .cell, let cell = view as? CollectionViewCell {
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
    } else {
      delegate?.collectionView(
        self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind ?? "",
        at: key.indexPath)
    }
  }

  /// Takes every view off the screen, as a reload does.
  func removeAllVisibleViews() {
    finishAnimationsNow()
    for key in Array(placement.views.keys) { removeVisibleView(for: key) }
    placement.forgetOrder()
  }

  // MARK: Queries

  /// The cells on screen, in item order.
  ///
  /// UIKit: `visibleCells`.
  public var visibleCells: [CollectionViewCell] {
    layoutIfNeeded()
    return indexPathsForVisibleItems.compactMap {
      placement.views[ElementKey(category: .cell, kind: nil, indexPath: $0)] as? CollectionViewCell
    }
  }

  /// The index paths of the items on screen, sorted.
  ///
  /// UIKit: `indexPathsForVisibleItems`.
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return placement.views.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
  }

  /// The supplementary views of `kind` on screen, in index path order.
  ///
  /// UIKit: `visibleSupplementaryViews(ofKind:)`.
  public func visibleSupplementaryViews(ofKind kind: String) -> [ReusableView] {
    layoutIfNeeded()
    return placement.views.filter { $0.key.category == .supplementaryView && $0.key.kind == kind }
      .sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
  }

  /// The index paths of the supplementary views of `kind` on screen, sorted.
  ///
  /// UIKit: `indexPathsForVisibleSupplementaryElements(ofKind:)`.
  public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
    layoutIfNeeded()
    return placement.views.keys.filter { $0.category == .supplementaryView && $0.kind == kind }
      .map(\.indexPath).sorted()
  }

  /// The cell on screen for the item at `indexPath`, or nil when the item is not visible.
  ///
  /// UIKit: `cellForItem(at:)`.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    layoutIfNeeded()
    return placement.views[ElementKey(category: .cell, kind: nil, indexPath: indexPath)]
      as? CollectionViewCell
  }

  /// The supplementary view on screen of `kind` at `indexPath`, or nil when it is not visible.
  ///
  /// UIKit: `supplementaryView(forElementKind:at:)`.
  public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath)
    -> ReusableView?
  {
    layoutIfNeeded()
    return placement.views[
      ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)]
  }

  /// The index path of the item on screen for `cell`, or nil when it is not on screen.
  ///
  /// UIKit: `indexPath(for:)`.
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    layoutIfNeeded()
    return placement.views.first { $0.value === cell && $0.key.category == .cell }?.key.indexPath
  }

  /// The layout attributes of the item at `indexPath`, or nil when there is no such item.
  ///
  /// UIKit: `layoutAttributesForItem(at:)`.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard isValidItem(indexPath) else { return nil }
    prepareLayoutIfNeeded()
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// The layout attributes of the supplementary element of `kind` at `indexPath`, or nil.
  ///
  /// UIKit: `layoutAttributesForSupplementaryElement(ofKind:at:)`.
  public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    prepareLayoutIfNeeded()
    return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The item whose frame contains `point` (in content coordinates), or nil.
  ///
  /// UIKit: `indexPathForItem(at:)`.
  /// - Complexity: O(log n + k) for a layout that answers rect queries so.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    prepareLayoutIfNeeded()
    let probe = Rect(x: point.x, y: point.y, width: 1e-6, height: 1e-6)
    return collectionViewLayout.elementAttributes(in: probe)
      .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) }
      .max { $0.zIndex < $1.zIndex }?.indexPath
  }

  // MARK: Cells on screen

  /// The viewport cell at which the content's cell grid is offset: the snapped content offset.
  var offsetCells: (column: Int, row: Int) {
    (cellMetrics.column(forX: viewport.offset.x), cellMetrics.row(forY: viewport.offset.y))
  }

  /// Where a content frame shows, in cells relative to the viewport's top-left corner.
  ///
  /// Content edges are snapped first and the snapped offset subtracted after, so elements that
  /// touch in points touch on screen at every offset. While a scroll glides, the offset is the
  /// one drawn (`presentationContentOffset`).
  public func viewportRect(for contentFrame: Rect) -> CellRect {
    var rect = cellMetrics.cellRect(for: contentFrame)
    let offset = presentationOffsetCells
    rect.column -= offset.column
    rect.row -= offset.row
    return rect
  }

  /// Where a content frame shows, in screen cells (the viewport rect moved by `frame`).
  public func screenRect(for contentFrame: Rect) -> CellRect {
    var rect = viewportRect(for: contentFrame)
    rect.column += frame.column
    rect.row += frame.row
    return rect
  }
}
