import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// Attributes carrying a tint, with UIKit's `NSCopying` and `isEqual(_:)` overrides as an iOS
/// port has them.
final class TintedAttributes: LayoutAttributes {
  var tint = 0

  override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! TintedAttributes
    copy.tint = tint
    return copy
  }

  override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? TintedAttributes, other.tint == tint else { return false }
    return super.isEqual(object)
  }
}

/// A custom layout written from scratch with UIKit's override spellings: one column of items
/// a row tall, each tinted with the layout's `tint`, and every hook it is sent recorded.
final class TintedStackLayout: CollectionViewLayout {
  var tint = 0
  var calls: [String] = []
  /// Where `targetContentOffset(forProposedContentOffset:)` sends the content, if anywhere.
  var target: Point?

  override class var layoutAttributesClass: LayoutAttributes.Type { TintedAttributes.self }

  private var count: Int { dataSource?.numberOfItems(inSection: 0) ?? 0 }

  override var collectionViewContentSize: Size { Size(width: 10, height: Double(count)) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]? {
    let first = max(0, Int(rect.minY))
    let last = min(count, Int(rect.maxY.rounded(.up)))
    guard first < last else { return nil }
    return (first..<last).compactMap {
      layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
    }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    let attributes = TintedAttributes(forCellWith: indexPath)
    attributes.frame = Rect(x: 0, y: Double(indexPath.item), width: 10, height: 1)
    attributes.tint = tint
    return attributes
  }

  override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point)
    -> Point
  {
    calls.append("targetContentOffset")
    return target ?? proposedContentOffset
  }

  override func prepareForTransition(to newLayout: CollectionViewLayout) {
    calls.append("prepareForTransition(to:)")
  }

  override func prepareForTransition(from oldLayout: CollectionViewLayout) {
    calls.append("prepareForTransition(from:)")
  }

  override func finalizeLayoutTransition() { calls.append("finalizeLayoutTransition") }

  override func prepare(forAnimatedBoundsChange oldBounds: Rect) {
    calls.append("prepare(forAnimatedBoundsChange:)")
  }

  override func finalizeAnimatedBoundsChange() { calls.append("finalizeAnimatedBoundsChange") }
}

/// A cell that shows the tint its attributes carry and hears layout transitions.
final class TintedCell: CollectionViewCell {
  var tint = -1
  var transitions: [String] = []

  override func apply(_ layoutAttributes: LayoutAttributes) {
    super.apply(layoutAttributes)
    tint = (layoutAttributes as? TintedAttributes)?.tint ?? -1
  }

  override func willTransition(
    from oldLayout: CollectionViewLayout, to newLayout: CollectionViewLayout
  ) { transitions.append("will") }

  override func didTransition(
    from oldLayout: CollectionViewLayout, to newLayout: CollectionViewLayout
  ) { transitions.append("did") }
}

/// Text drawn behind the content, as an empty state is.
final class EmptyStateView: View {
  override func draw(in canvas: Canvas) { canvas.text("nothing here", column: 0, row: 0) }
}

/// A screen written as iOS code is, over `TintedStackLayout`.
@MainActor final class TintedListController: CollectionViewDataSource, CollectionViewDelegate {
  var items = 6
  let collectionView: CollectionView

  init(layout: CollectionViewLayout) {
    collectionView = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 10, rows: 3), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    collectionView.register(TintedCell.self, forCellWithReuseIdentifier: "tinted")
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { items }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "tinted", for: indexPath)
  }

  func draw() -> MemorySurface {
    let surface = MemorySurface(columns: 10, rows: 3)
    collectionView.draw(into: surface)
    return surface
  }

  var tints: [Int] { collectionView.visibleCells.compactMap { ($0 as? TintedCell)?.tint } }
}

/// Issue 23 item 3: a custom layout and attributes written with UIKit's override spellings
/// compile and are the ones the runtime calls.
@MainActor @Suite struct UIKitSpellingsPortTests {
  @Test("UIKit's layoutAttributesForElements(in:) -> [LayoutAttributes]? and content size lay out")
  func optionalElementsAndCollectionViewContentSize() {
    let controller = TintedListController(layout: TintedStackLayout())
    _ = controller.draw()
    #expect(controller.collectionView.contentSize == Size(width: 10, height: 6))
    #expect(controller.collectionView.indexPathsForVisibleItems.count == 3)
    controller.collectionView.setContentOffset(Point(x: 0, y: 3), animated: false)
    _ = controller.draw()
    #expect(controller.collectionView.contentOffset.y == 3, "the content size allows it")
  }

  @Test("isEqual(_:) overridden as in UIKit decides when a view is given new attributes")
  func isEqualOverrideIsWhatTheRuntimeAsks() {
    let layout = TintedStackLayout()
    let controller = TintedListController(layout: layout)
    _ = controller.draw()
    #expect(controller.tints == [0, 0, 0])
    // Only the tint changes: the base values compare equal, the override does not.
    layout.tint = 2
    layout.invalidateLayout()
    _ = controller.draw()
    #expect(controller.tints == [2, 2, 2])
  }

  @Test("copy(with:) overridden as in UIKit keeps the subclass's values")
  func copyWithOverrideCopiesTheTint() throws {
    let original = TintedAttributes(forCellWith: IndexPath(item: 0, section: 0))
    original.tint = 7
    let copy = try #require(original.copy(with: nil) as? TintedAttributes)
    #expect(copy !== original && copy.tint == 7)
    #expect(copy.isEqual(original) && !copy.isEqual(TintedAttributes(forCellWith: copy.indexPath)))
  }

  @Test("a layout change sends UIKit's transition calls and takes the new layout's target offset")
  func layoutTransitionHooks() {
    let old = TintedStackLayout()
    let controller = TintedListController(layout: old)
    _ = controller.draw()
    let new = TintedStackLayout()
    new.target = Point(x: 0, y: 2)
    controller.collectionView.collectionViewLayout = new
    #expect(old.calls == ["prepareForTransition(to:)", "finalizeLayoutTransition"])
    #expect(
      new.calls == [
        "prepareForTransition(from:)", "targetContentOffset", "finalizeLayoutTransition",
      ])
    #expect(controller.collectionView.contentOffset == Point(x: 0, y: 2))
    let cells = controller.collectionView.visibleCells.compactMap { $0 as? TintedCell }
    #expect(!cells.isEmpty && cells.allSatisfy { $0.transitions == ["will", "did"] })
  }

  @Test("a resize is the layout's bounds change: prepare, then finalize")
  func boundsChangeHooks() {
    let layout = TintedStackLayout()
    let controller = TintedListController(layout: layout)
    _ = controller.draw()
    controller.collectionView.frame = CellRect(column: 0, row: 0, columns: 10, rows: 2)
    #expect(
      layout.calls == ["prepare(forAnimatedBoundsChange:)", "finalizeAnimatedBoundsChange"])
  }

  @Test("performBatchUpdates(nil, completion:) animates a layout change and completes")
  func batchWithNoUpdates() {
    let layout = TintedStackLayout()
    let controller = TintedListController(layout: layout)
    _ = controller.draw()
    var finished: Bool?
    layout.tint = 1
    controller.collectionView.performBatchUpdates(nil, completion: { finished = $0 })
    _ = controller.draw()
    #expect(finished == true)
    #expect(controller.tints == [1, 1, 1])
  }

  @Test("backgroundView is drawn behind the content, filling the frame")
  func backgroundViewShowsBehindAnEmptyList() {
    let controller = TintedListController(layout: TintedStackLayout())
    controller.items = 0
    controller.collectionView.backgroundView = EmptyStateView()
    #expect(controller.draw().text.hasPrefix("nothing here".prefix(10)))
  }
}
