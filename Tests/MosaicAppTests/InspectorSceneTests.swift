import MosaicCollection
import MosaicLayout
import MosaicLayoutSpec
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// `mosaic inspect`'s scene, headless: what it draws on an in-memory surface for known specs.
@Suite @MainActor struct InspectorSceneTests {
  /// The contract's example on 80 × 24 with item 1.1 focused: the region is the spec's 40 × 30
  /// cells cut to 23 rows, its right edge drawn, the panel beside it. Each placeholder sits on
  /// the cells layout-spec.md lists (0.1 at 8,0 7×3; header 1 at 0,7 40×2; 1.0 at 1,10 5×1;
  /// 1.1 at 7,9 11×2; the footer is 0 rows high), and the panel gives 1.1's frame and cells.
  @Test func exampleSpecScreen() throws {
    let (scene, surface) = InspectorFixtures.scene(
      try InspectorFixtures.exampleSpec(), name: "layout-example.json")
    scene.collectionView.focusItem(at: IndexPath(item: 1, section: 1))
    scene.draw(into: surface)
    let expected = """
      ┌────┐  ┌─────┐  ┌────┐  ┌─────┐  ┌────┐│╭ inspector ──────────────────────────╮
      │0.0 │  │0.1  │  │0.2 │  │0.3  │  │0.4 │││ focus     1.1                       │
      └────┘  └─────┘  └────┘  └─────┘  └────┘││ frame     52,145 90×35              │
                                              ││ cells     7,9 11×2                  │
      ┌────┐  ┌─────┐                         ││ offset    0,0                       │
      │0.5 │  │0.6  │                         ││ content   320×197                   │
      └────┘  └─────┘                         ││ bounds    0,0 320×368               │
      ╔ header 1 ════════════════════════════╗││ visible   11 (9 cells, 2 suppl.)    │
      ╚══════════════════════════════════════╝││ layout    FixedSizeFlowLayout       │
             [1.1      ]                      ││ views     11 live, 0 queued         │
       [1.0] [         ]                      ││ created   11 views                  │
                                              ││ configure 11 calls                  │
                                              ││ frames    2                         │
                                              │╰─────────────────────────────────────╯
                                              │
                                              │
                                              │
                                              │
                                              │
                                              │
                                              │
                                              │
                                              │
       layout-example.json  bounds 320×480  2 sections, 9 items  offset 0,0  ? help
      """
    let diff = Snapshot.diff(surface, expected)
    #expect(diff == nil, "\(diff ?? "")")
    // The focused item, and only it, is in reverse video inside the region.
    let attributes = surface.attributeLines
    for row in 0..<23 {
      let inFocus = (9...10).contains(row)
      let expectedRow =
        inFocus
        ? String(repeating: ".", count: 7) + String(repeating: "R", count: 11)
          + String(repeating: ".", count: 22)
        : nil
      if let expectedRow {
        #expect(String(attributes[row].prefix(40)) == expectedRow, "row \(row)")
      } else {
        #expect(!attributes[row].prefix(40).contains("R"), "row \(row)")
      }
    }
  }

  /// Specs sized per item: the tag cloud, and generated ones scrolling either way with headers,
  /// footers and per-section insets.
  nonisolated static let perItemSpecs: [String: String] = {
    func sizes(_ count: Int, _ seed: Int) -> String {
      (0..<count).map { i in
        let width = 20 + (i * 37 + seed) % 90
        let height = 12 + (i * 13 + seed) % 40
        return #"{"width": \#(width), "height": \#(height).5}"#
      }.joined(separator: ", ")
    }
    func generated(_ direction: String) -> String {
      #"""
      {"bounds": {"width": 300, "height": 200}, "scrollDirection": "\#(direction)",
       "headerReferenceSize": {"width": 20, "height": 24}, "footerReferenceSize": {"width": 8, "height": 8},
       "minimumLineSpacing": 6, "minimumInteritemSpacing": 3,
       "sections": [{"itemSizes": [\#(sizes(23, 0))], "inset": {"top": 4, "left": 9, "bottom": 4, "right": 9}},
                    {"items": 7},
                    {"itemSizes": [\#(sizes(31, 5))], "minimumLineSpacing": 2}]}
      """#
    }
    return [
      "tag cloud": "layout-tag-cloud.json", "vertical": generated("vertical"),
      "horizontal": generated("horizontal"),
    ]
  }()

  /// For every item of a spec sized per item, focused in turn (the view scrolls to it): the
  /// panel's frame and cells are what `mosaic layout` reports, and the item is drawn in reverse
  /// video at those cells less the scroll offset.
  @Test(arguments: perItemSpecs.keys.sorted())
  func panelAgreesWithTheLayoutReportForEveryItem(_ name: String) throws {
    let source = try #require(Self.perItemSpecs[name])
    var spec =
      source.hasSuffix(".json")
      ? try InspectorFixtures.spec(file: source) : try InspectorFixtures.spec(source)
    spec.query = nil  // every element, not only those in the spec's query
    let report = LayoutReport(spec: spec)
    let (scene, surface) = InspectorFixtures.scene(spec, columns: 100, rows: 12)
    let view = scene.collectionView
    let cells = report.elements.filter { $0.kind == .cell }
    #expect(cells.count == spec.sections.reduce(0) { $0 + $1.items })
    for element in cells {
      let indexPath = IndexPath(item: element.item ?? -1, section: element.section)
      view.focusItem(at: indexPath)
      scene.draw(into: surface)
      let lines = scene.inspector.panelLines(for: view)
      let name = "item \(element.section).\(element.item ?? -1)"
      #expect(
        InspectorFixtures.panelValue("focus", lines) == "\(element.section).\(indexPath.item)")
      #expect(
        InspectorFixtures.panelValue("frame", lines)
          == InspectorFixtures.pointRect(element.frame), "\(name)")
      #expect(InspectorFixtures.panelValue("cells", lines) == element.cells.description, "\(name)")
      let offset = view.contentOffset
      let column = element.cells.column - spec.cellMetrics.column(forX: offset.x)
      let row = element.cells.row - spec.cellMetrics.row(forY: offset.y)
      #expect(view.frame.contains(column: column, row: row), "\(name) not on screen")
      if view.frame.contains(column: column, row: row) {
        #expect(
          element.cells.isEmpty || surface[column, row].style.attributes.contains(.reverse),
          "\(name) at \(element.cells) offset \(offset)\n\(surface.text)")
      }
    }
  }

  /// 100 items of 50 × 50 in a 320-point-wide view, five to a 60-point line: 20 lines, content
  /// 1190 points high. On 80 × 24 the view is 23 rows (368 points), so End scrolls to
  /// 1190 − 368 = 822 rounded up to whole 16-point rows: 832.
  @Test func scrollingUpdatesTheOffsetShown() throws {
    let spec = try InspectorFixtures.spec(
      #"{"bounds": {"width": 320, "height": 480}, "sections": [{"items": 100}]}"#)
    let (scene, surface) = InspectorFixtures.scene(spec, name: "long.json")
    func offsetShown() -> String? {
      InspectorFixtures.panelValue("offset", scene.inspector.panelLines(for: scene.collectionView))
    }
    #expect(offsetShown() == "0,0")
    #expect(scene.handle(.key(.end)) == .continue)
    scene.draw(into: surface)
    #expect(offsetShown() == "0,832")
    #expect(surface.text.contains("offset    0,832"))
    #expect(surface.lines[23].contains("offset 0,832"))
    #expect(
      InspectorFixtures.panelValue("focus", scene.inspector.panelLines(for: scene.collectionView))
        == "0.99")
    _ = scene.handle(.key(.home))
    scene.draw(into: surface)
    #expect(surface.text.contains("offset    0,0 "))
    // Page Down scrolls by the view's 23 rows.
    _ = scene.handle(.key(.pageDown))
    scene.draw(into: surface)
    #expect(surface.text.contains("offset    0,368"), "\(surface.text)")
  }

  /// A terminal narrower than the spec shows part of it and scrolls sideways to the rest: the
  /// frames stay those of the 320-point-wide layout.
  @Test func aSmallerTerminalScrollsOverTheRest() throws {
    let (scene, surface) = InspectorFixtures.scene(
      try InspectorFixtures.exampleSpec(), columns: 20, rows: 10)
    let view = scene.collectionView
    #expect(view.frame == CellRect(column: 0, row: 0, columns: 20, rows: 9))
    _ = scene.handle(.key(.character("i")))
    for _ in 0..<5 { _ = scene.handle(.key(.right)) }  // focus 0.0, then 0.1 … 0.4
    scene.draw(into: surface)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
    // 0.4 spans x 270…320; the least scroll that shows it leaves its right edge at the view's.
    #expect(view.contentOffset == Point(x: 320 - 160, y: 0))
    #expect(view.contentSize == Size(width: 320, height: 197))
    // Its cells 34,0 6×3 less the 20-column offset.
    #expect(
      InspectorFixtures.region(surface, column: 14, columns: 6, rows: 0..<3)
        == "┌────┐\n│0.4 │\n└────┘")
  }

  /// A terminal larger than the spec leaves the view at the spec's size, edges drawn, and puts
  /// the panel beside it.
  @Test func aLargerTerminalShowsTheSpecsRegion() throws {
    let (scene, surface) = InspectorFixtures.scene(
      try InspectorFixtures.exampleSpec(), columns: 100, rows: 40)
    #expect(scene.collectionView.frame == CellRect(column: 0, row: 0, columns: 40, rows: 30))
    #expect(scene.collectionView.bounds == Rect(x: 0, y: 0, width: 320, height: 480))
    let lines = surface.lines.map { Array($0) }
    for row in 0..<30 { #expect(lines[row][40] == "│", "row \(row)") }
    #expect(String(lines[30][0..<41]) == String(repeating: "─", count: 40) + "┘")
    #expect(String(lines[0][58...]) == "╭ inspector ─────────────────────────────╮")
  }

  /// `i` hides the panel, `o` outlines, `?` swaps the status bar for the keys, `q` and Escape
  /// quit; navigation keys move the focus.
  @Test func keys() throws {
    let (scene, surface) = InspectorFixtures.scene(
      try InspectorFixtures.exampleSpec(), name: "layout-example.json")
    #expect(surface.text.contains("inspector"))
    #expect(scene.handle(.key(.character("i"))) == .continue)
    scene.draw(into: surface)
    #expect(!surface.text.contains("inspector"))
    #expect(scene.handle(.key(.character("o"))) == .continue)
    scene.draw(into: surface)
    #expect(surface.lines[0].hasPrefix("┌0.0─┐  ┌0.1──┐"))
    #expect(surface.lines[7].hasPrefix("┌H1──"))
    #expect(surface.lines[12].hasPrefix("F1 "))
    #expect(scene.handle(.key(.character("?"))) == .continue)
    scene.draw(into: surface)
    // The same kind of panel as the browser's and the demos' help: a box over the view.
    #expect(surface.text.contains(": keys"), "\(surface.text)")
    #expect(surface.lines.contains { $0.contains("│ o") && $0.contains("outline") })
    _ = scene.handle(.key(.character("x")))
    scene.draw(into: surface)
    #expect(!surface.text.contains(": keys"), "any key closes the help")
    _ = scene.handle(.key(.character("j")))
    _ = scene.handle(.key(.character("j")))
    #expect(scene.collectionView.indexPathForFocusedItem == IndexPath(item: 5, section: 0))
    #expect(scene.handle(.resize(columns: 60, rows: 20)) == .continue)
    #expect(scene.handle(.key(.character("q"))) == .quit)
    #expect(scene.handle(.key(.escape)) == .quit)
  }

  /// A horizontal spec pages sideways even when the terminal is shorter than the spec, because
  /// the view's layout is still a flow layout with the spec's scroll direction.
  @Test func aHorizontalSpecPagesSideways() throws {
    let (scene, surface) = InspectorFixtures.scene(
      try InspectorFixtures.spec(file: "layout-horizontal.json"), columns: 60, rows: 8)
    let view = scene.collectionView
    #expect(view.frame == CellRect(column: 0, row: 0, columns: 60, rows: 7))
    _ = scene.handle(.key(.home))
    _ = scene.handle(.key(.pageDown))
    scene.draw(into: surface)
    #expect(view.contentOffset.x >= 480, "\(view.contentOffset)")
    #expect(view.contentSize.height == 192)
  }

  /// Degenerate specs and screens draw and take keys without trapping: no sections, bounds
  /// smaller than a cell, a million items, screens down to 1 × 1.
  @Test(arguments: [
    #"{"bounds": {"width": 320, "height": 480}, "sections": []}"#,
    #"{"bounds": {"width": 1, "height": 1}, "sections": [{"items": 3}]}"#,
    #"{"bounds": {"width": 320, "height": 480}, "sections": [{"items": 1000000}]}"#,
    #"{"bounds": {"width": 640, "height": 96}, "scrollDirection": "horizontal", "itemSize": {"width": 0, "height": 0}, "sections": [{"items": 5}, {"items": 0}]}"#,
  ])
  func degenerateSpecsAndScreens(_ json: String) throws {
    let spec = try InspectorFixtures.spec(json)
    let scene = SpecInspectorScene(spec: spec, name: "spec.json")
    for (columns, rows) in [(1, 1), (2, 2), (10, 3), (80, 24), (0, 0)] {
      let surface = MemorySurface(columns: columns, rows: rows)
      scene.draw(into: surface)
      for key: Key in [.down, .end, .pageUp, .right, .character("o"), .home, .enter] {
        _ = scene.handle(.key(key))
        scene.draw(into: surface)
      }
      #expect(scene.collectionView.frame.columns <= columns, "\(columns)×\(rows)")
      #expect(scene.collectionView.frame.rows <= max(0, rows - 1), "\(columns)×\(rows)")
      if rows > 1 && columns > 10 {
        #expect(surface.lines[rows - 1].hasPrefix(" spec.json"), "\(columns)×\(rows)")
      }
    }
  }
}
