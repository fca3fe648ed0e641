import MosaicApp
import MosaicCollection
import Testing

/// The registry `mosaic demo` lists and runs.
@Suite @MainActor struct DemoCatalogTests {
  @Test func everyDemoIsListedWithAOneLineSummary() {
    let names = Demo.allCases.map(\.rawValue)
    for name in ["grid", "million", "sheet", "tags", "sections", "horizontal"] {
      #expect(names.contains(name))
    }
    for demo in Demo.allCases {
      #expect(!demo.summary.isEmpty && !demo.summary.contains("\n") && demo.summary.count < 70)
    }
  }

  @Test(arguments: [Demo.sheet, .tags, .sections, .horizontal, .words, .updates])
  func everyDemoDrawsOnAnySizeAndQuitsOnQ(demo: Demo) {
    let scene = demo.makeScene()
    for (columns, rows) in [(80, 24), (120, 40), (10, 3), (1, 1), (0, 0)] {
      let surface = MemorySurface(columns: columns, rows: rows)
      scene.draw(into: surface)
      for key in [Key.down, .right, .pageDown, .end, .up, .left, .pageUp, .home] {
        _ = scene.handle(.key(key))
        scene.draw(into: surface)
      }
      if rows >= 3 && columns >= 20 {
        #expect(surface.text.contains(demo.rawValue), "the status bar names the demo")
      }
    }
    #expect(scene.handle(.key(.character("q"))) == .quit)
  }
}
