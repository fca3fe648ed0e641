import MosaicApp
import MosaicCollection
import Testing

/// The registry `mosaic demo` lists and runs.
@Suite @MainActor struct DemoCatalogTests {
  @Test func everyDemoIsListedWithAOneLineSummary() {
    let names = Demo.allCases.map(\.rawValue)
    for name in ["grid", "million", "sheet", "tags", "sections", "horizontal", "remote"] {
      #expect(names.contains(name))
    }
    for demo in Demo.allCases {
      #expect(!demo.summary.isEmpty && !demo.summary.contains("\n") && demo.summary.count < 70)
    }
  }

  /// `mosaic demo` lists the demos with their summaries in one column, whatever the names.
  @Test func theListLinesUpTheSummaries() {
    let lines = Demo.catalog.split(separator: "\n").map(String.init)
    #expect(lines.count == Demo.allCases.count)
    let width = Demo.allCases.map(\.rawValue.count).max()!
    for (line, demo) in zip(lines, Demo.allCases) {
      #expect(line.hasPrefix(demo.rawValue + " "))
      #expect(String(line.dropFirst(width + 2)) == demo.summary, "\(line)")
      #expect(!line.contains("\t"))
    }
  }

  /// Every demo answers `?` with a panel of its keys over the screen; the status bar says so;
  /// any key that does not scroll the panel closes it without acting, and `q` then quits.
  @Test(arguments: Demo.allCases)
  func everyDemoAnswersQuestionMarkWithItsKeys(demo: Demo) {
    let scene = demo.makeScene()
    let surface = MemorySurface(columns: 120, rows: 40)
    _ = scene.handle(.resize(columns: 120, rows: 40))
    scene.draw(into: surface)
    let bottom = surface.lines.suffix(2).joined(separator: "\n")
    #expect(bottom.contains("? keys"), "the bottom lines say how to get the keys: \(bottom)")
    let before = surface.text
    #expect(scene.handle(.key(.character("?"))) == .continue)
    scene.draw(into: surface)
    let help = surface.text
    #expect(help.contains("\(demo.rawValue): keys"), "\(help)")
    #expect(help.contains("this help") && help.contains("quit"), "\(help)")
    #expect(help.contains("←↓↑→"), "the collection view's keys are listed too")
    #expect(scene.handle(.key(.escape)) == .continue, "Esc closes the help, not the demo")
    scene.draw(into: surface)
    #expect(!surface.text.contains("\(demo.rawValue): keys"))
    if demo != .million {  // its counters line counts frames
      #expect(surface.text == before, "closing the help changed nothing else")
    }
    #expect(scene.handle(.key(.character("q"))) == .quit)
  }

  @Test(arguments: [
    Demo.sheet, .tags, .sections, .horizontal, .words, .updates, .remote, .diffable,
  ])
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
