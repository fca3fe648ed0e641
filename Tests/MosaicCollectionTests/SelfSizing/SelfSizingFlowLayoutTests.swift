import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// Self-sizing cells under the flow layout, as a UIKit client sets them up: `estimatedItemSize`
/// (or `automaticSize`) on a `UICollectionViewFlowLayout`, cells overriding
/// `preferredLayoutAttributesFitting(_:)`.
@Suite("Self-sizing cells in a flow layout") @MainActor struct SelfSizingFlowLayoutTests {
  /// A one-column flow layout (8 columns wide, no spacing) estimating every item at
  /// `estimate` rows, or with `automaticSize` and an `itemSize` of that height.
  private static func layout(estimate: Double = 2, automatic: Bool = false) -> FlowLayout {
    let layout = FlowLayout()
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    layout.sectionInset = .zero
    layout.itemSize = Size(width: 8, height: estimate)
    layout.estimatedItemSize =
      automatic ? FlowLayout.automaticSize : Size(width: 8, height: estimate)
    return layout
  }

  private static func expect(
    _ surface: MemorySurface, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let diff = Snapshot.diff(surface, expected) {
      Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
  }

  @Test("cells get their measured heights on the first frame", arguments: [false, true])
  func measuredOnTheFirstFrame(automatic: Bool) {
    let source = LinesSource(["a", "b\nb\nb", "c\nc", "d"])
    let view = selfSizingView(Self.layout(automatic: automatic), source, rows: 8)
    let surface = MemorySurface(columns: 8, rows: 8)
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      a
      b
      b
      b
      c
      c
      d

      """)
    #expect(view.contentSize.height == 7)
  }

  @Test("End with estimates shows the last item whole at the bottom, Home the first at the top")
  func endAndHomeWithEstimates() {
    let source = LinesSource([])
    source.itemCount = 1_000
    source.textOfItem = numberedLines
    let view = selfSizingView(Self.layout(), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.draw(into: surface)
    _ = view.handle(.key(.end))
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      -
      -
      #999
      -
      -
      -
      """)
    _ = view.handle(.key(.home))
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      #0
      #1
      -
      #2
      -
      -
      """)
  }

  @Test("a cell whose content changes and is reloaded measures again")
  func reloadMeasuresAgain() {
    let source = LinesSource(["a", "b", "c"])
    let view = selfSizingView(Self.layout(), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.draw(into: surface)
    Self.expect(surface, "a\nb\nc\n\n\n")
    source.texts[1] = "b\nb\nb"
    view.reloadItems(at: [IndexPath(item: 1, section: 0)])
    view.draw(into: surface)
    Self.expect(surface, "a\nb\nb\nb\nc\n")
  }

  @Test("without estimatedItemSize no cell is measured")
  func noEstimateNoMeasurement() {
    let source = LinesSource(["a", "b\nb\nb", "c\nc", "d"])
    let layout = Self.layout()
    layout.estimatedItemSize = .zero
    let view = selfSizingView(layout, source, rows: 8)
    let surface = MemorySurface(columns: 8, rows: 8)
    view.draw(into: surface)
    #expect(source.measurements == 0)
    #expect(
      surface.lines[1] == "        ", "b stays at its item size of two rows, cut to its first")
  }

  @Test("the first screen of ten million estimated items measures only the visible cells")
  func tenMillionItems() {
    let source = LinesSource([])
    source.itemCount = 10_000_000
    source.textOfItem = numberedLines
    let view = selfSizingView(Self.layout(estimate: 3), source)
    let surface = MemorySurface(columns: 8, rows: 6)
    view.draw(into: surface)
    Self.expect(
      surface,
      """
      #0
      #1
      -
      #2
      -
      -
      """)
    #expect(source.measurements == view.indexPathsForVisibleItems.count)
    #expect(view.statistics.selfSizingPasses <= 8)
  }
}
