import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicLayout

/// Self-sizing cells in the flow layout (`estimatedItemSize`): unmeasured items take the
/// estimate, a measurement arrives the UIKit way (should-invalidate, then a context), and the
/// frames are always those of a flow layout whose delegate answers the current sizes.
@Suite @MainActor struct FlowSelfSizingTests {
  /// Reports `size` as `path`'s measured size, as the runtime does after a cell's
  /// `preferredLayoutAttributesFitting(_:)`: asks whether it invalidates and, if so,
  /// invalidates with the layout's context, which it returns.
  @discardableResult
  static func measure(_ layout: FlowLayout, _ path: IndexPath, _ size: Size)
    -> InvalidationContext?
  {
    guard let original = layout.layoutAttributesForItem(at: path) else { return nil }
    let preferred = original.copy()
    preferred.size = size
    guard
      layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    else { return nil }
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    layout.invalidateLayout(with: context)
    return context
  }

  static func path(_ item: Int, _ section: Int = 0) -> IndexPath {
    IndexPath(item: item, section: section)
  }

  /// A list: one full-width row per line, 20 high by estimate, no spacing.
  static func list(rows: Int, bounds: Size = Size(width: 100, height: 60)) -> FlowFixture {
    FlowFixture(bounds: bounds, sections: [.init(items: rows)]) { layout in
      layout.estimatedItemSize = Size(width: 100, height: 20)
      layout.minimumLineSpacing = 0
    }
  }

  @Test("unmeasured items are placed with the estimate, as if it were the item size")
  func unmeasuredItemsTakeTheEstimate() {
    let fixture = FlowFixture(bounds: Size(width: 375, height: 200), sections: [.init(items: 8)]) {
      $0.estimatedItemSize = Size(width: 100, height: 30)
    }
    #expect(fixture.itemFrames().map(\.minX) == [0, 137.5, 275, 0, 137.5, 275, 0, 137.5])
    #expect(fixture.itemFrames().map(\.minY) == [0, 0, 0, 40, 40, 40, 80, 80])
    #expect(fixture.layout.contentSize == Size(width: 375, height: 110))
  }

  @Test("automaticSize estimates with itemSize")
  func automaticSizeUsesItemSize() {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 60), sections: [.init(items: 3)]) {
      $0.estimatedItemSize = FlowLayout.automaticSize
      $0.itemSize = Size(width: 100, height: 7)
      $0.minimumLineSpacing = 0
    }
    #expect(fixture.itemFrames().map(\.minY) == [0, 7, 14])
    let context = Self.measure(fixture.layout, Self.path(0), Size(width: 100, height: 9))
    #expect(context != nil)
    #expect(fixture.itemFrames().map(\.minY) == [0, 9, 16])
  }

  @Test("a measured height moves the rows after it, and only them")
  func measuredHeightMovesLaterRows() {
    let fixture = Self.list(rows: 5)
    Self.measure(fixture.layout, Self.path(2), Size(width: 100, height: 45))
    #expect(fixture.itemFrames().map(\.minY) == [0, 20, 40, 85, 105])
    #expect(fixture.itemFrames()[2].height == 45)
    #expect(fixture.layout.contentSize.height == 125)
  }

  @Test("an item shorter than its line is centred in the line's thickness")
  func shorterItemIsCentredInItsLine() {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 60), sections: [.init(items: 4)]) {
      $0.estimatedItemSize = Size(width: 40, height: 20)
      $0.minimumLineSpacing = 0
    }
    Self.measure(fixture.layout, Self.path(0), Size(width: 40, height: 30))
    // Line 0 is now 30 thick: item 1 (still 20) sits 5 below its top.
    #expect(fixture.itemFrames().map(\.minY) == [0, 5, 30, 30])
    // A single item that differs takes the per-item path's last-line rule: the last line of
    // two, as full as the first, stays justified.
    #expect(fixture.itemFrames().map(\.minX) == [0, 60, 0, 60])
  }

  @Test("a measurement is applied without computing the layout again")
  func measurementIsIncremental() {
    let fixture = Self.list(rows: 1000)
    _ = fixture.layout.contentSize
    let before = fixture.layout.geometryComputations
    Self.measure(fixture.layout, Self.path(500), Size(width: 100, height: 50))
    #expect(fixture.layout.contentSize.height == 1000 * 20 + 30)
    #expect(fixture.layout.geometryComputations == before)
  }

  @Test("measured sizes survive a bounds change and go when the counts change")
  func measurementsSurviveBoundsButNotCounts() {
    let fixture = Self.list(rows: 4)
    Self.measure(fixture.layout, Self.path(1), Size(width: 100, height: 50))
    fixture.bounds.size.height = 90
    #expect(fixture.itemFrames().map(\.minY) == [0, 20, 70, 90])
    let context = FlowLayoutInvalidationContext()
    context.invalidateDataSourceCounts = true
    fixture.layout.invalidateLayout(with: context)
    #expect(fixture.itemFrames().map(\.minY) == [0, 20, 40, 60])
  }

  @Test("a section its delegate sizes keeps those sizes: measurements do not invalidate it")
  func delegateSizedSectionIgnoresMeasurements() {
    let fixture = FlowFixture(
      bounds: Size(width: 100, height: 60),
      sections: [.init(itemSizes: [Size(width: 100, height: 10), Size(width: 100, height: 10)])]
    ) { $0.estimatedItemSize = Size(width: 100, height: 20) }
    #expect(Self.measure(fixture.layout, Self.path(0), Size(width: 100, height: 30)) == nil)
    #expect(fixture.itemFrames().map(\.minY) == [0, 20])
  }

  @Test("no estimate, no self-sizing: a preferred size does not invalidate")
  func noEstimateNoSelfSizing() {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 60), sections: [.init(items: 2)])
    #expect(Self.measure(fixture.layout, Self.path(0), Size(width: 50, height: 70)) == nil)
  }

  @Test("a measured width other than the estimate's reflows the section")
  func measuredWidthReflows() {
    let fixture = FlowFixture(bounds: Size(width: 100, height: 60), sections: [.init(items: 4)]) {
      $0.estimatedItemSize = Size(width: 40, height: 20)
      $0.minimumLineSpacing = 0
      $0.minimumInteritemSpacing = 0
    }
    Self.measure(fixture.layout, Self.path(0), Size(width: 90, height: 20))
    // Item 0 now fills its own line; 1 and 2 share the next, 3 is alone on the last.
    #expect(fixture.itemFrames().map(\.minY) == [0, 20, 20, 40])
  }

  @Test("the offset adjustment is the change in extent when the item begins above the view")
  func offsetAdjustmentAboveTheView() throws {
    let fixture = Self.list(rows: 10)
    fixture.bounds.origin.y = 60
    let above = try #require(
      Self.measure(fixture.layout, Self.path(2), Size(width: 100, height: 35)))
    #expect(above.contentOffsetAdjustment == Point(x: 0, y: 15))
    #expect(above.contentSizeAdjustment == Size(width: 0, height: 15))
    // Row 3 now spans 75..<95, across the view's top (60 + 15): no adjustment.
    let across = try #require(
      Self.measure(fixture.layout, Self.path(3), Size(width: 100, height: 10)))
    #expect(across.contentOffsetAdjustment == .zero)
    #expect(across.contentSizeAdjustment == Size(width: 0, height: -10))
    // Row 2 spans 40..<75, cut by the view's top at 60: it begins above, so it grows upwards.
    let cut = try #require(
      Self.measure(fixture.layout, Self.path(2), Size(width: 100, height: 45)))
    #expect(cut.contentOffsetAdjustment == Point(x: 0, y: 10))
    #expect(cut.contentSizeAdjustment == Size(width: 0, height: 10))
  }

  @Test("horizontally the adjustments are on the x axis")
  func horizontalAdjustments() throws {
    let fixture = FlowFixture(bounds: Size(width: 60, height: 100), sections: [.init(items: 6)]) {
      $0.scrollDirection = .horizontal
      $0.estimatedItemSize = Size(width: 20, height: 100)
      $0.minimumLineSpacing = 0
    }
    fixture.bounds.origin.x = 40
    let context = try #require(
      Self.measure(fixture.layout, Self.path(1), Size(width: 25, height: 100)))
    #expect(context.contentOffsetAdjustment == Point(x: 5, y: 0))
    #expect(context.contentSizeAdjustment == Size(width: 5, height: 0))
    #expect(fixture.layout.contentSize == Size(width: 125, height: 100))
  }

  @Test("ten million estimated items prepare without per-item storage and correct in place")
  func tenMillionEstimatedItems() {
    let fixture = FlowFixture(
      bounds: Size(width: 960, height: 640), sections: [.init(items: 10_000_000)]
    ) {
      $0.estimatedItemSize = Size(width: 960, height: 16)
      $0.minimumLineSpacing = 0
    }
    let layout = fixture.layout
    #expect(layout.storageBytes < 4096)
    #expect(layout.contentSize.height == 160_000_000)
    Self.measure(layout, Self.path(5_000_000), Size(width: 960, height: 48))
    Self.measure(layout, Self.path(17), Size(width: 960, height: 8))
    #expect(layout.contentSize.height == 160_000_000 + 32 - 8)
    #expect(
      layout.layoutAttributesForItem(at: Self.path(9_999_999))?.frame
        == Rect(x: 0, y: 160_000_000 - 16 + 24, width: 960, height: 16))
    let found = layout.layoutAttributesForElements(
      in: Rect(x: 0, y: 80_000_000 - 8, width: 960, height: 640))
    #expect(found.first?.indexPath == Self.path(5_000_000))
    #expect(found.first?.frame == Rect(x: 0, y: 80_000_000 - 8, width: 960, height: 48))
    // One tree of block sums: 8 bytes per 64 lines, plus two chunks of 64 lines.
    #expect(layout.storageBytes < 10_000_000 / 64 * 8 + 8192)
  }

  @Test(
    "over thousands of lines, queries anywhere find the reference's elements",
    arguments: [ScrollDirection.vertical, .horizontal])
  func manyLinesMatchTheReference(direction: ScrollDirection) {
    var random = SeededGenerator(seed: 99)
    let rows = 5000
    let vertical = Self.list(rows: rows, bounds: Size(width: 100, height: 300))
    vertical.layout.minimumLineSpacing = 2
    let subject = direction == .vertical ? vertical : vertical.transposed()
    subject.layout.estimatedItemSize =
      direction == .vertical ? Size(width: 100, height: 20) : Size(width: 20, height: 100)
    var sizes = [[Size]](
      repeating: [Size](repeating: subject.layout.estimatedItemSize, count: rows), count: 1)
    for step in 0..<300 {
      let item = random.below(rows)
      let thickness = Double(1 + random.below(60))
      let size =
        direction == .vertical
        ? Size(width: 100, height: thickness) : Size(width: thickness, height: 100)
      if Self.measure(subject.layout, Self.path(item), size) != nil { sizes[0][item] = size }
      guard step % 10 == 0 else { continue }
      let reference = Self.reference(of: subject, sizes: sizes)
      let extent = reference.layout.contentSize
      #expect(subject.layout.contentSize == extent)
      for _ in 0..<20 {
        let along = Double(random.below(Int(max(extent.width, extent.height))))
        let rect =
          direction == .vertical
          ? Rect(x: 0, y: along, width: 100, height: 300)
          : Rect(x: along, y: 0, width: 300, height: 100)
        #expect(
          Self.describe(subject.layout.layoutAttributesForElements(in: rect))
            == Self.describe(reference.layout.layoutAttributesForElements(in: rect)),
          "step \(step) rect \(rect)")
      }
    }
  }

  // MARK: The property: always the reference's frames

  /// The fixture's sections with the current sizes as per-item delegate sizes: the reference.
  static func reference(of fixture: FlowFixture, sizes: [[Size]]) -> FlowFixture {
    let old = fixture.layout
    var sections = fixture.sections
    for index in sections.indices { sections[index].itemSizes = sizes[index] }
    return FlowFixture(bounds: fixture.bounds.size, sections: sections) { l in
      l.scrollDirection = old.scrollDirection
      l.minimumLineSpacing = old.minimumLineSpacing
      l.minimumInteritemSpacing = old.minimumInteritemSpacing
      l.sectionInset = old.sectionInset
      l.headerReferenceSize = old.headerReferenceSize
      l.footerReferenceSize = old.footerReferenceSize
    }
  }

  static func describe(_ attributes: [LayoutAttributes]) -> [String] {
    attributes.map { "\($0.representedElementCategory) \($0.indexPath) \($0.frame)" }
  }

  /// A length on a half-point grid in `range` (sums stay exact in binary64).
  func halves(_ range: ClosedRange<Int>, _ random: inout SeededGenerator) -> Double {
    Double(range.lowerBound + random.below(range.upperBound - range.lowerBound + 1)) / 2
  }

  @Test(
    "after every measurement, in any order, every frame is the reference's",
    arguments: 0..<60)
  func framesMatchTheReference(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
    let vertical = random.below(3) > 0
    let width = halves(80...800, &random)
    let estimate = Size(width: halves(0...160, &random), height: halves(2...60, &random))
    var sections: [FlowFixture.Section] = []
    for _ in 0...random.below(3) {
      var section = FlowFixture.Section(items: random.below(5) == 0 ? 0 : 1 + random.below(70))
      if random.below(2) == 0 {
        section.inset = EdgeInsets(
          top: halves(0...20, &random), left: halves(0...20, &random),
          bottom: halves(0...20, &random), right: halves(0...20, &random))
      }
      if random.below(2) == 0 { section.header = Size(width: 9, height: halves(0...30, &random)) }
      if random.below(2) == 0 { section.footer = Size(width: 9, height: halves(0...30, &random)) }
      if random.below(4) == 0 { section.lineSpacing = halves(0...20, &random) }
      sections.append(section)
    }
    let lineSpacing = random.below(8) == 0 ? -halves(1...6, &random) : halves(0...20, &random)
    let interitemSpacing = random.below(8) == 0 ? -halves(1...6, &random) : halves(0...20, &random)
    let bounds = Size(width: width, height: halves(100...600, &random))
    let vSubject = FlowFixture(bounds: bounds, sections: sections) { l in
      l.estimatedItemSize = estimate
      l.minimumLineSpacing = lineSpacing
      l.minimumInteritemSpacing = interitemSpacing
    }
    let subject = vertical ? vSubject : vSubject.transposed()
    subject.layout.estimatedItemSize = vertical ? estimate : estimate.transposed
    var sizes = subject.sections.map {
      [Size](repeating: subject.layout.estimatedItemSize, count: $0.items)
    }
    let estimated = subject.layout.estimatedItemSize
    var order: [IndexPath] = []
    for (s, section) in subject.sections.enumerated() {
      for item in 0..<section.items { order.append(IndexPath(item: item, section: s)) }
    }
    order.shuffle(using: &random)
    order += order.prefix(order.count / 3)  // some are measured twice
    for (step, path) in order.enumerated() {
      var size = estimated
      let thickness = halves(0...80, &random)
      switch random.below(10) {
      case 0: break  // measured exactly at the estimate
      case 1:
        size = Size(width: halves(0...200, &random), height: thickness)  // another length
      default:
        if vertical { size.height = thickness } else { size.width = thickness }
      }
      let reference = Self.reference(of: subject, sizes: sizes)
      let before = reference.layout.contentSize
      let context = Self.measure(subject.layout, path, size)
      if context != nil { sizes[path.section][path.item] = size }
      let after = Self.reference(of: subject, sizes: sizes)
      let message = "seed \(seed) step \(step) \(path) \(size) \(subject)"
      #expect(subject.layout.contentSize == after.layout.contentSize, "\(message)")
      if let context {
        let change = after.layout.contentSize
        let adjustment =
          vertical ? change.height - before.height : change.width - before.width
        #expect(
          context.contentSizeAdjustment
            == (vertical
              ? Size(width: 0, height: adjustment) : Size(width: adjustment, height: 0)),
          "\(message)")
      }
      let extent = after.layout.contentSize
      var rects = [Rect(x: -50, y: -50, width: extent.width + 100, height: extent.height + 100)]
      for _ in 0..<3 {
        let x = Double(random.below(Int(extent.width) + 1))
        let y = Double(random.below(Int(extent.height) + 1))
        rects.append(
          Rect(x: x, y: y, width: halves(1...400, &random), height: halves(1...400, &random)))
      }
      for rect in rects {
        let got = Self.describe(subject.layout.layoutAttributesForElements(in: rect))
        let want = Self.describe(after.layout.layoutAttributesForElements(in: rect))
        #expect(got == want, "\(message) rect \(rect)")
        if got != want { return }
      }
      if step % 4 == 0 {
        #expect(
          Self.describe(subject.allElements()) == Self.describe(after.allElements()),
          "\(message)")
      }
    }
  }
}
