import MosaicCollection
import MosaicLayout
import MosaicLayoutSpec
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The overlay on its own, over a collection view that is not the inspector scene's: outlines
/// in screen cells, clipped to the view; the panel's lines, width and toggles.
@Suite @MainActor struct InspectorOverlayTests {
  /// A 20 × 6-cell view of 5 items of 40 × 32 points (5 × 2 cells) under a 16-point header, at
  /// column 3, row 1 of a 30 × 10 surface. Three items fit on a 160-point line, spread to
  /// x = 0, 60, 120 (columns 0, 8, 15: 7.5 rounds up); the lines are at y = 16 and 64 (rows 1 and 4); the
  /// footer at y = 96 (row 6) is just below the view until it scrolls one row.
  @MainActor final class Fixture {
    let spec: LayoutSpec
    let specLayout: SpecLayout
    let dataSource: SpecPlaceholderDataSource
    let view: CollectionView
    let surface = MemorySurface(columns: 30, rows: 10)
    let overlay = InspectorOverlay(isShowingOutlines: true)

    init() throws {
      spec = try InspectorFixtures.spec(
        """
        {"bounds": {"width": 160, "height": 96}, "itemSize": {"width": 40, "height": 32},
         "minimumInteritemSpacing": 8, "minimumLineSpacing": 16,
         "headerReferenceSize": {"width": 0, "height": 16},
         "footerReferenceSize": {"width": 0, "height": 16}, "sections": [{"items": 5}]}
        """)
      specLayout = spec.makeLayout()
      view = CollectionView(
        frame: CellRect(column: 3, row: 1, columns: 20, rows: 6),
        collectionViewLayout: specLayout.layout, cellMetrics: spec.cellMetrics)
      dataSource = SpecPlaceholderDataSource(itemCounts: [5])
      dataSource.install(in: view)
    }

    /// Draws the view and the overlay over it, as a scene's frame does.
    func draw() {
      surface.clear(style: .plain)
      view.draw(into: surface)
      overlay.draw(over: view, into: surface)
    }
  }

  @Test func outlinesAreDrawnAtTheElementsCells() throws {
    let fixture = try Fixture()
    fixture.draw()
    let expected = """

         ─H0─────────────────
         ┌0.0┐   ┌0.1┐  ┌0.2┐
         └───┘   └───┘  └───┘

         ┌0.3┐   ┌0.4┐
         └───┘   └───┘



      """
    let diff = Snapshot.diff(fixture.surface, expected)
    #expect(diff == nil, "\(diff ?? "")")
    // Outlines are dim; the placeholders' own text under them shows nowhere else.
    #expect(
      fixture.surface.attributeLines == [
        String(repeating: ".", count: 30),
        "...DDDDDDDDDDDDDDDDDDDD.......",
        "...DDDDD...DDDDD..DDDDD.......",
        "...DDDDD...DDDDD..DDDDD.......",
        String(repeating: ".", count: 30),
        "...DDDDD...DDDDD..............",
        "...DDDDD...DDDDD..............",
        String(repeating: ".", count: 30),
        String(repeating: ".", count: 30),
        String(repeating: ".", count: 30),
      ])
  }

  /// Every element's outline starts at the cells `mosaic layout` reports for it, moved by the
  /// view's frame and scroll offset.
  @Test func outlinesAgreeWithTheLayoutReport() throws {
    let fixture = try Fixture()
    fixture.view.scroll(rows: 1)
    fixture.draw()
    let report = LayoutReport(spec: fixture.spec)
    let offsetRow = fixture.spec.cellMetrics.row(forY: fixture.view.contentOffset.y)
    #expect(offsetRow == 1)
    var checked = 0
    for element in report.elements {
      let column = element.cells.column + 3
      let row = element.cells.row - offsetRow + 1
      guard (1..<7).contains(row) else { continue }
      let label: String
      switch element.kind {
      case .cell: label = "\(element.section).\(element.item ?? -1)"
      case .header: label = "H\(element.section)"
      case .footer: label = "F\(element.section)"
      }
      let corner: Character = element.cells.rows == 1 ? "─" : "┌"
      let line = Array(fixture.surface.lines[row])
      #expect(line[column] == corner, "\(label) at \(element.cells)")
      #expect(String(line[(column + 1)...].prefix(label.count)) == label, "\(label)")
      checked += 1
    }
    #expect(checked == 6)  // the header scrolled out; 5 items and the footer remain
  }

  /// Scrolled so the header leaves the top: nothing is drawn outside the view's frame.
  @Test func outlinesAreClippedToTheView() throws {
    let fixture = try Fixture()
    fixture.view.scroll(rows: 1)
    fixture.draw()
    let frame = fixture.view.frame
    for row in 0..<fixture.surface.rows {
      for column in 0..<fixture.surface.columns
      where !frame.contains(column: column, row: row) {
        #expect(fixture.surface[column, row] == .blank(), "cell \(column),\(row)")
      }
    }
    #expect(fixture.surface.lines[6].hasPrefix("   ─F0───"))
  }

  /// The focused item's outline is reverse as well as dim; the others only dim.
  @Test func theFocusedItemsOutlineIsReversed() throws {
    let fixture = try Fixture()
    fixture.view.focusItem(at: IndexPath(item: 1, section: 0))
    fixture.draw()
    let attributes = fixture.surface.attributeLines
    #expect(attributes[2] == "...DDDDD...*****..DDDDD.......")
    #expect(attributes[3] == "...DDDDD...*****..DDDDD.......")
  }

  /// Four 21-point items spread over a 104-point line are 6.67 points apart: the panel shows
  /// the frame rounded for people, not `27.666666666666668`.
  @Test func panelRoundsFractionsForPeople() throws {
    let spec = try InspectorFixtures.spec(
      """
      {"bounds": {"width": 104, "height": 96}, "itemSize": {"width": 21, "height": 20.125},
       "minimumInteritemSpacing": 0, "sections": [{"items": 4}]}
      """)
    let specLayout = spec.makeLayout()
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 13, rows: 6),
      collectionViewLayout: specLayout.layout, cellMetrics: spec.cellMetrics)
    let dataSource = SpecPlaceholderDataSource(itemCounts: [4])
    dataSource.install(in: view)
    view.draw(into: MemorySurface(columns: 13, rows: 6))
    view.focusItem(at: IndexPath(item: 1, section: 0))
    let lines = InspectorOverlay().panelLines(for: view)
    #expect(lines[1] == "frame     27.67,0 21×20.13", "\(lines)")
    #expect(lines[4] == "content   104×20.13", "\(lines)")
    #expect(InspectorOverlay.format(-0.004) == "0")
    #expect(InspectorOverlay.format(-1.5) == "-1.5")
    #expect(InspectorOverlay.format(2.05) == "2.05")
    #expect(InspectorOverlay.format(1e20) == "1e+20")
  }

  @Test func panelWithoutFocus() throws {
    let fixture = try Fixture()
    fixture.draw()
    let lines = fixture.overlay.panelLines(for: fixture.view)
    #expect(
      lines == [
        "focus     none",
        "frame     -",
        "cells     -",
        "offset    0,0",
        "content   160×112",
        "bounds    0,0 160×96",
        "visible   6 (5 cells, 1 suppl.)",
        "layout    FlowLayout",
        "views     6 live, 0 queued",
        "created   6 views",
        "configure 6 calls",
        "frames    1",
      ])
  }

  /// The recycling counters as the view scrolls down one row (the footer arrives) and back (the
  /// header returns, the footer's view is queued).
  @Test func panelCountsRecycling() throws {
    let fixture = try Fixture()
    fixture.draw()
    fixture.view.scroll(rows: 1)
    fixture.draw()
    fixture.view.scroll(rows: -1)
    fixture.draw()
    let lines = fixture.overlay.panelLines(for: fixture.view)
    #expect(InspectorFixtures.panelValue("views", lines) == "6 live, 1 queued")
    #expect(InspectorFixtures.panelValue("created", lines) == "7 views")
    #expect(InspectorFixtures.panelValue("configure", lines) == "8 calls")
    #expect(InspectorFixtures.panelValue("frames", lines) == "3")
  }

  /// The panel is boxed at the surface's top-right corner, level with the view's top row, and
  /// never wider than the surface: on 30 columns it takes all of them and cuts its lines.
  @Test func panelIsNeverWiderThanTheScreen() throws {
    let fixture = try Fixture()
    fixture.overlay.isShowingOutlines = false
    fixture.overlay.isShowingPanel = true
    fixture.view.focusItem(at: IndexPath(item: 4, section: 0))
    fixture.draw()
    let lines = fixture.surface.lines
    #expect(lines[1] == "╭ inspector ─────────────────╮")
    #expect(lines[2] == "│ focus     0.4              │")
    #expect(lines[3] == "│ frame     60,64 40×32      │")
    #expect(lines[4] == "│ cells     8,4 5×2          │")
    #expect(lines[8] == "│ visible   6 (5 cells, 1 s… │")
  }

  @Test func panelSitsBesideTheViewWhenThereIsRoom() throws {
    let fixture = try Fixture()
    let wide = MemorySurface(columns: 70, rows: 16)
    fixture.overlay.isShowingPanel = true
    fixture.view.draw(into: wide)
    fixture.overlay.draw(over: fixture.view, into: wide)
    // The view ends at column 23; 46 columns remain, so the panel is its full 42 at the right.
    #expect(wide.lines[1].hasSuffix(" ╭ inspector " + String(repeating: "─", count: 29) + "╮"))
    #expect(Array(wide.lines[1])[28] == "╭")
    #expect(
      wide.lines[14] == String(repeating: " ", count: 28) + "╰" + String(repeating: "─", count: 40)
        + "╯")
  }

  @Test func toggles() {
    let overlay = InspectorOverlay()
    #expect(!overlay.isShowingPanel && !overlay.isShowingOutlines)
    #expect(overlay.handle(.key(.character("i"))))
    #expect(overlay.isShowingPanel)
    #expect(overlay.handle(.key(.character("o"))))
    #expect(overlay.isShowingOutlines)
    #expect(overlay.handle(.key(.character("i"))))
    #expect(!overlay.isShowingPanel)
    #expect(!overlay.handle(.key(.character("x"))))
    #expect(!overlay.handle(.key(.down)))
    #expect(!overlay.handle(.resize(columns: 10, rows: 10)))
  }

  @Test(arguments: [
    (ElementCategory.cell, nil as String?, IndexPath(item: 12, section: 0), "0.12"),
    (.cell, nil, IndexPath(item: 0, section: 3), "3.0"),
    (.supplementaryView, ElementKind.sectionHeader, IndexPath(item: 0, section: 0), "H0"),
    (.supplementaryView, ElementKind.sectionFooter, IndexPath(item: 0, section: 7), "F7"),
    (.supplementaryView, "badge", IndexPath(item: 0, section: 2), "badge 2"),
  ])
  func labels(_ category: ElementCategory, _ kind: String?, _ indexPath: IndexPath, _ label: String)
  {
    #expect(InspectorOverlay.label(category: category, kind: kind, indexPath: indexPath) == label)
  }
}
