import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicLayout

// MARK: Layouts written as a UIKit client writes them

/// A one-column list, written as a `UICollectionViewLayout` subclass is: it overrides only
/// `prepare()`, the content size and the two queries, and reads the counts and the width
/// through `collectionView`.
private final class ListLayout: CollectionViewLayout {
  var rowHeight = 1.0
  private var frames: [Rect] = []
  private(set) var queriedRects: [Rect] = []

  override func prepare() {
    super.prepare()
    let width = collectionView!.bounds.width
    frames = (0..<collectionView!.numberOfItems(inSection: 0)).map {
      Rect(x: 0, y: Double($0) * rowHeight, width: width, height: rowHeight)
    }
  }

  override var contentSize: Size {
    Size(width: collectionView?.bounds.width ?? 0, height: Double(frames.count) * rowHeight)
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    queriedRects.append(rect)
    return frames.indices.filter { frames[$0].intersects(rect) }.map {
      LayoutAttributes(forCellWith: IndexPath(item: $0, section: 0), frame: frames[$0])
    }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard frames.indices.contains(indexPath.item) else { return nil }
    return LayoutAttributes(forCellWith: indexPath, frame: frames[indexPath.item])
  }
}

/// Attributes carrying one property more, as scenario 3 of "Using the Flow Layout" (table 3-1)
/// adds through `layoutAttributesClass`.
private final class BadgeAttributes: LayoutAttributes {
  var badge = ""

  required init(
    indexPath: IndexPath, category: ElementCategory, kind: String?, frame: Rect, zIndex: Int = 0,
    isHidden: Bool = false, alpha: Double = 1
  ) {
    super.init(
      indexPath: indexPath, category: category, kind: kind, frame: frame, zIndex: zIndex,
      isHidden: isHidden, alpha: alpha)
  }

  override func copy() -> LayoutAttributes {
    let copy = super.copy()
    (copy as? BadgeAttributes)?.badge = badge
    return copy
  }

  override func isEqual(to other: LayoutAttributes) -> Bool {
    guard let other = other as? BadgeAttributes else { return false }
    return super.isEqual(to: other) && badge == other.badge
  }
}

/// A flow layout that names its attributes class and fills the extra property in an override
/// of `layoutAttributesForElements(in:)`.
private final class BadgeFlowLayout: FlowLayout {
  override class var layoutAttributesClass: LayoutAttributes.Type { BadgeAttributes.self }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let attributes = super.layoutAttributesForElements(in: rect)
    for case let cell as BadgeAttributes in attributes
    where cell.representedElementCategory == .cell {
      cell.badge = "#\(cell.indexPath.item)"
    }
    return attributes
  }
}

/// A cell that shows the badge its attributes carry.
private final class BadgeCell: CollectionViewCell {
  var badge = "?"

  override func apply(_ layoutAttributes: LayoutAttributes) {
    super.apply(layoutAttributes)
    badge = (layoutAttributes as? BadgeAttributes)?.badge ?? "none"
  }

  override func draw(in canvas: Canvas) {
    _ = canvas.text(badge, column: 0, row: 0)
  }
}

/// A data source over one array of strings, as UIKit sample code writes it.
private final class WordsSource: CollectionViewDataSource {
  var words: [String]
  let identifier: String

  init(_ words: [String], identifier: String = "letter") {
    self.words = words
    self.identifier = identifier
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    words.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    (cell as? LetterCell)?.letter = words[indexPath.item].first ?? "?"
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }
}

/// A flow layout that registers its own decoration view, as UIKit layouts do, and puts one
/// behind every section.
private final class ShadedFlowLayout: FlowLayout {
  static let kind = "shade"

  override init() {
    super.init()
    register(BackdropView.self, forDecorationViewOfKind: Self.kind)
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var attributes = super.layoutAttributesForElements(in: rect)
    for section in 0..<(collectionView?.numberOfSections ?? 0) {
      if let shade = layoutAttributesForDecorationView(
        ofKind: Self.kind, at: IndexPath(item: 0, section: section)),
        shade.frame.intersects(rect)
      {
        attributes.append(shade)
      }
    }
    return attributes
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == Self.kind,
      let count = collectionView?.numberOfItems(inSection: indexPath.section),
      count > 0,
      let first = layoutAttributesForItem(at: IndexPath(item: 0, section: indexPath.section)),
      let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: indexPath.section))
    else { return nil }
    let shade = LayoutAttributes(
      forDecorationViewOfKind: kind, with: indexPath,
      frame: Rect(
        x: 0, y: first.frame.minY, width: contentSize.width,
        height: last.frame.maxY - first.frame.minY))
    shade.zIndex = -1
    return shade
  }
}

/// A flow layout that counts what the collection view asks and invalidates, the way a UIKit
/// client checks its layout is driven as documented.
private final class CountingFlowLayout: FlowLayout {
  var boundsChangeQuestions = 0
  var contexts: [InvalidationContext] = []
  /// Answer yes to every bounds change, as a layout that recomputes on scroll does.
  var alwaysInvalidates = false

  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    boundsChangeQuestions += 1
    return alwaysInvalidates || super.shouldInvalidateLayout(forBoundsChange: newBounds)
  }

  override func invalidateLayout(with context: InvalidationContext) {
    contexts.append(context)
    super.invalidateLayout(with: context)
  }
}

/// A flow layout that notes, each time it is prepared, whether it still held the geometry from
/// before the counts changed, and what a batch's deleted items fade to, as the collection view
/// asks between the batch's prepare and finalize.
private final class HoldingFlowLayout: FlowLayout {
  var heldAtPrepare: [Bool] = []
  var fades: [IndexPath: LayoutAttributes] = [:]
  var deleted: [IndexPath] = []

  override func prepare() {
    heldAtPrepare.append(holdsGeometryBeforeCountChange)
    super.prepare()
  }

  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    deleted = updateItems.compactMap { $0.updateAction == .delete ? $0.indexPathBeforeUpdate : nil }
  }

  override func finalizeCollectionViewUpdates() {
    for path in deleted { fades[path] = finalLayoutAttributesForDisappearingItem(at: path) }
    super.finalizeCollectionViewUpdates()
  }
}

// MARK: Tests

@Suite @MainActor struct LayoutBaseClassTests {
  /// A view of `columns` × `rows` cells, one point each, over `layout` and `source`.
  private static func view(
    _ layout: CollectionViewLayout, _ source: CollectionViewDataSource, columns: Int = 6,
    rows: Int = 3
  ) -> CollectionView {
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: columns, rows: rows),
      collectionViewLayout: layout, cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = source
    return view
  }

  /// `layout` placing two-cell words on rows, a cell apart, rows touching.
  private static func wordGrid<Layout: FlowLayout>(_ layout: Layout) -> Layout {
    layout.itemSize = Size(width: 2, height: 1)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 1
    return layout
  }

  @Test("a layout subclass overrides only what it needs and reads collectionView")
  func aSubclassOverridesOnlyWhatItNeeds() {
    let layout = ListLayout()
    let source = WordsSource(["apple", "banana", "cherry", "date"])
    let view = Self.view(layout, source)
    let surface = MemorySurface(columns: 6, rows: 3)
    view.draw(into: surface)
    #expect(
      surface.text == """
        aaaaaa
        bbbbbb
        cccccc
        """)
    #expect(layout.collectionView === view)
    // The rect queried is the visible rect, and it is what collectionView.bounds says.
    view.scroll(rows: 1)
    view.draw(into: surface)
    #expect(layout.queriedRects.last == view.bounds)
    #expect(layout.collectionView?.bounds == Rect(x: 0, y: 1, width: 6, height: 3))
    #expect(surface.text.hasPrefix("bbbbbb"))
  }

  @Test("the base layout's default answers are UIKit's")
  func theBaseClassAnswersAsUIKits() {
    let layout = CollectionViewLayout()
    #expect(layout.contentSize == .zero)
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 9, height: 9)) == nil)
    #expect(layout.layoutAttributesForItem(at: ip(0, 0)) == nil)
    #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(0, 0)) == nil)
    #expect(layout.layoutAttributesForDecorationView(ofKind: "shade", at: ip(0, 0)) == nil)
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 5, height: 5)))
    #expect(layout.initialLayoutAttributesForAppearingItem(at: ip(0, 0)) == nil)
    #expect(layout.finalLayoutAttributesForDisappearingItem(at: ip(0, 0)) == nil)
    #expect(
      layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: "h", at: ip(0, 0))
        == nil)
    #expect(
      layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: "h", at: ip(0, 0))
        == nil)
    #expect(
      layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: "d", at: ip(0, 0)) == nil)
    #expect(
      layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: "d", at: ip(0, 0)) == nil
    )
    #expect(CollectionViewLayout.layoutAttributesClass == LayoutAttributes.self)
    #expect(CollectionViewLayout.invalidationContextClass == InvalidationContext.self)
    #expect(FlowLayout.invalidationContextClass == FlowLayoutInvalidationContext.self)
  }

  @Test("each layout states its scroll axis; a custom one by default from its content")
  func everyLayoutStatesItsScrollAxis() {
    let flow = FlowLayout()
    flow.scrollDirection = .horizontal
    #expect((flow as CollectionViewLayout).scrollDirection == .horizontal)
    #expect((SpreadsheetLayout() as CollectionViewLayout).scrollDirection == .vertical)
    let wide = Self.view(ListLayout(), WordsSource(["a"]), columns: 6, rows: 3)
    #expect(wide.collectionViewLayout.scrollDirection == .vertical)
    let sideways = GridLayout(itemSize: Size(width: 1, height: 1), scrollDirection: .horizontal)
    #expect(
      Self.view(sideways, WordsSource(["a"])).collectionViewLayout.scrollDirection == .horizontal)
  }

  @Test("layoutAttributesClass: the cell's apply(_:) gets the subclass with its extra property")
  func attributesOfTheLayoutsClassReachTheCell() throws {
    let layout = BadgeFlowLayout()
    layout.itemSize = Size(width: 3, height: 1)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    let source = WordsSource(["x", "y", "z", "w"], identifier: "badge")
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 6, rows: 2), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.register(BadgeCell.self, forCellWithReuseIdentifier: "badge")
    view.dataSource = source
    let surface = MemorySurface(columns: 6, rows: 2)
    view.draw(into: surface)
    #expect(
      surface.text == """
        #0 #1
        #2 #3
        """)
    // Every query builds the subclass; copy() keeps the extra property.
    let item = try #require(layout.layoutAttributesForItem(at: ip(0, 2)) as? BadgeAttributes)
    item.badge = "kept"
    #expect((item.copy() as? BadgeAttributes)?.badge == "kept")
    #expect(!item.isEqual(to: try #require(layout.layoutAttributesForItem(at: ip(0, 2)))))
  }

  @Test("a decoration view the layout registers is drawn; the view registers nothing")
  func theLayoutRegistersItsDecorationViews() {
    let layout = Self.wordGrid(ShadedFlowLayout())
    let source = WordsSource(["ant", "bee", "cat"])
    let view = Self.view(layout, source, columns: 5, rows: 3)
    let surface = MemorySurface(columns: 5, rows: 3)
    view.draw(into: surface)
    #expect(
      surface.text == """
        aaDbb
        ccDDD

        """)
    #expect(
      layout.layoutAttributesForDecorationView(ofKind: ShadedFlowLayout.kind, at: ip(0, 0))?.frame
        == Rect(x: 0, y: 0, width: 5, height: 2))
  }

  @Test("a bounds change asks shouldInvalidateLayout once and invalidates once")
  func aBoundsChangeAsksOnceAndInvalidatesOnce() {
    let layout = CountingFlowLayout()
    layout.itemSize = Size(width: 6, height: 1)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.sectionHeadersPinToVisibleBounds = true
    let source = WordsSource((0..<40).map { "w\($0)" })
    let view = Self.view(layout, source, columns: 6, rows: 4)
    let surface = MemorySurface(columns: 6, rows: 4)
    view.draw(into: surface)
    for step in 1...5 {
      layout.boundsChangeQuestions = 0
      layout.contexts = []
      view.scroll(rows: 1)
      view.draw(into: surface)
      #expect(layout.boundsChangeQuestions == 1, "step \(step)")
      #expect(layout.contexts.count == 1, "step \(step)")
    }
    // A change of size: asked once, invalidated once, with everything the flow computed.
    layout.boundsChangeQuestions = 0
    layout.contexts = []
    view.contentOffset = .zero
    layout.boundsChangeQuestions = 0
    layout.contexts = []
    view.frame.columns = 5
    #expect(layout.boundsChangeQuestions == 1)
    #expect(layout.contexts.count == 1)
    #expect(
      (layout.contexts.first as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutAttributes
        == true)
  }

  @Test("a layout that answers yes to every bounds change is invalidated once per scroll step")
  func aLayoutThatAlwaysSaysYesIsInvalidatedOncePerStep() {
    let layout = CountingFlowLayout()
    layout.alwaysInvalidates = true
    layout.itemSize = Size(width: 6, height: 1)
    layout.minimumLineSpacing = 0
    let view = Self.view(layout, WordsSource((0..<40).map { "w\($0)" }), columns: 6, rows: 4)
    let surface = MemorySurface(columns: 6, rows: 4)
    view.draw(into: surface)
    layout.boundsChangeQuestions = 0
    layout.contexts = []
    view.scroll(rows: 1)
    view.draw(into: surface)
    // Before: asked 3 times and invalidated 4 times (the view asked, then the layout's own
    // `bounds` setter asked again, and the view set the bounds once more before preparing).
    #expect(layout.boundsChangeQuestions == 1)
    #expect(layout.contexts.count == 1)
  }

  @Test("scrolling with pinned headers recomputes no section in 100 steps")
  func scrollingWithPinnedHeadersRecomputesNothing() {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 2, height: 1)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.sectionHeadersPinToVisibleBounds = true
    let source = TestSource([90, 90, 90, 90])
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 6, rows: 4), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    view.registerLetterViews()
    view.dataSource = source
    let surface = MemorySurface(columns: 6, rows: 4)
    view.draw(into: surface)
    let before = layout.geometryComputations
    for step in 1...100 {
      view.scroll(rows: 1)
      view.draw(into: surface)
      #expect(surface.text.hasPrefix("HHHHHH"), "step \(step): the pinned header shows")
    }
    #expect(view.contentOffset.y == 100)
    #expect(layout.geometryComputations == before)
  }

  @Test("a reload lets the geometry from before it go before the layout prepares again")
  func aReloadReleasesTheOldGeometry() {
    let layout = Self.wordGrid(HoldingFlowLayout())
    let source = WordsSource(["a", "b", "c"])
    let view = Self.view(layout, source)
    let surface = MemorySurface(columns: 6, rows: 3)
    view.draw(into: surface)
    layout.heldAtPrepare = []
    source.words.removeLast()
    view.reloadData()
    view.draw(into: surface)
    // No batch follows a reload, so nothing may fade out: a million sections' geometry was
    // held beside the new one while it was built.
    #expect(layout.heldAtPrepare == [false])
    #expect(!layout.holdsGeometryBeforeCountChange)
    #expect(layout.finalLayoutAttributesForDisappearingItem(at: ip(0, 2)) == nil)
    #expect(surface.text.hasPrefix("aa  bb\n"))
  }

  @Test("a batch keeps the geometry from before it until it is finalized, for its deleted items")
  func aBatchKeepsTheOldGeometryForItsDeletions() throws {
    let layout = Self.wordGrid(HoldingFlowLayout())
    let source = WordsSource(["a", "b", "c"])
    let view = Self.view(layout, source)
    let surface = MemorySurface(columns: 6, rows: 3)
    view.draw(into: surface)
    let wasAt = try #require(layout.layoutAttributesForItem(at: ip(0, 1))).frame
    layout.heldAtPrepare = []
    view.performBatchUpdates {
      source.words.remove(at: 1)
      view.deleteItems(at: [ip(0, 1)])
    }
    #expect(layout.heldAtPrepare == [true])
    let fade = try #require(layout.fades[ip(0, 1)])
    #expect(fade.frame == wasAt)
    #expect(fade.alpha == 0)
    #expect(!layout.holdsGeometryBeforeCountChange)
    view.draw(into: surface)
    #expect(surface.text.hasPrefix("aa  cc\n"))
  }

  @Test("a reload invalidates the data source counts, not everything")
  func aReloadInvalidatesTheCounts() throws {
    let layout = Self.wordGrid(CountingFlowLayout())
    let source = WordsSource(["a", "b"])
    let view = Self.view(layout, source)
    let surface = MemorySurface(columns: 6, rows: 3)
    view.draw(into: surface)
    layout.contexts = []
    source.words.append("c")
    view.reloadData()
    let context = try #require(layout.contexts.last)
    #expect(context.invalidateDataSourceCounts)
    #expect(!context.invalidateEverything)
    view.draw(into: surface)
    #expect(
      surface.text == """
        aa  bb
        cc

        """)
  }
}
