@preconcurrency import Foundation
import MosaicApp
import MosaicCollection
import MosaicData

#if canImport(Glibc)
  // `stdout` is a C global var; it is only set up here, on the main thread, before any other.
  @preconcurrency import Glibc
#endif

/// Prints what huge values and wide records cost the browser, as the user meets them: the first
/// screen, Enter on a record (its detail view drawn), End in the detail, `y` (the JSON Lines
/// text), typing a search query, and peak memory. Files from demo-data/make-huge-values.py.
@MainActor
enum ValuesBenchmark {
  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench values FILE [RECORD] [QUERY]")
      print("  e.g. python3 demo-data/make-huge-values.py huge-csv 50 > /tmp/huge.csv")
      print("       swift run -c release mosaic-bench values /tmp/huge.csv")
      print("  QUERY is typed key by key, one key per Unicode scalar (default: a + 200 U+0301)")
      return
    }
    let record = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
    let query =
      arguments.count > 2
      ? arguments[2] : "a" + String(repeating: "\u{301}", count: 200)
    // Each figure as soon as it is known, even into a pipe: a slow step may be cut by a timeout.
    setvbuf(stdout, nil, _IOLBF, 0)
    let screen = MemorySurface(columns: 120, rows: 40)
    let start = BenchmarkClock.now()
    let scene: BrowserScene
    do {
      let source = try DataFile.open(path: path)
      scene = BrowserScene(
        source: source, configuration: try BrowserConfiguration(source: source))
    } catch {
      print("values benchmark: \(error)")
      return
    }
    scene.draw(into: screen)
    let firstScreen = BenchmarkClock.now() - start
    let firstScreenMB = BenchmarkClock.residentMB()
    SceneSettling.settle(scene)
    print("values: \(path), record \(record), 120 × 40")
    BenchmarkClock.report("first screen (open + draw)", firstScreen, width: 36)
    print(String(format: "  resident memory at first screen     %8.1f MB", firstScreenMB))
    scene.collectionView.focusItem(at: IndexPath(item: record, section: 0))
    scene.draw(into: screen)
    BenchmarkClock.report(
      "Enter: detail view drawn", BenchmarkClock.time { press(.enter, scene, screen) }, width: 36)
    BenchmarkClock.report(
      "End in the detail view", BenchmarkClock.time { press(.end, scene, screen) }, width: 36)
    BenchmarkClock.report(
      "PgUp in the detail view", BenchmarkClock.time { press(.pageUp, scene, screen) }, width: 36)
    press(.escape, scene, screen)
    var bytes = 0
    let copy = BenchmarkClock.time {
      _ = scene.handle(.key(.character("y")))
      bytes = scene.output?.utf8.count ?? 0
    }
    BenchmarkClock.report("y: JSON Lines text (\(bytes) bytes)", copy, width: 36)
    // A fresh scene for the search: `y` quit the last one.
    if let source = try? DataFile.open(path: path),
      let configuration = try? BrowserConfiguration(source: source)
    {
      let searcher = BrowserScene(source: source, configuration: configuration)
      try? source.waitUntilComplete()
      searcher.draw(into: screen)
      let typed = BenchmarkClock.time {
        press(.character("/"), searcher, screen)
        for scalar in query.unicodeScalars {
          press(.character(Character(scalar)), searcher, screen)
        }
        SceneSettling.settle(searcher)
        searcher.draw(into: screen)
      }
      BenchmarkClock.report("search typed (\(query.unicodeScalars.count) keys)", typed, width: 36)
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(
      String(
        format: "  peak resident memory (getrusage)     %8.1f MB", Double(usage.ru_maxrss) / 1024))
  }

  /// Hands `key` to `scene` and draws the frame it leads to.
  private static func press(_ key: Key, _ scene: BrowserScene, _ screen: MemorySurface) {
    _ = scene.handle(.key(key))
    scene.draw(into: screen)
  }

}
