import Foundation
import MosaicApp
import MosaicCollection
import MosaicData

#if canImport(Glibc)
  import Glibc
#endif

/// Prints what huge values and wide records cost the browser, as the user meets them: the first
/// screen, Enter on a record (its detail view drawn), End in the detail, `y` (the JSON Lines
/// text), typing a search query, and peak memory. Files from demo-data/make-huge-values.py.
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
    let start = now()
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
    let firstScreen = now() - start
    let firstScreenMB = residentMB()
    while scene.wantsTicks {
      _ = scene.tick()
      usleep(1000)
    }
    print("values: \(path), record \(record), 120 × 40")
    report("first screen (open + draw)", firstScreen)
    print(String(format: "  resident memory at first screen     %8.1f MB", firstScreenMB))
    scene.collectionView.focusItem(at: IndexPath(item: record, section: 0))
    scene.draw(into: screen)
    report("Enter: detail view drawn", time { press(.enter, scene, screen) })
    report("End in the detail view", time { press(.end, scene, screen) })
    report("PgUp in the detail view", time { press(.pageUp, scene, screen) })
    press(.escape, scene, screen)
    var bytes = 0
    let copy = time {
      _ = scene.handle(.key(.character("y")))
      bytes = scene.output?.utf8.count ?? 0
    }
    report("y: JSON Lines text (\(bytes) bytes)", copy)
    // A fresh scene for the search: `y` quit the last one.
    if let source = try? DataFile.open(path: path),
      let configuration = try? BrowserConfiguration(source: source)
    {
      let searcher = BrowserScene(source: source, configuration: configuration)
      try? source.waitUntilComplete()
      searcher.draw(into: screen)
      let typed = time {
        press(.character("/"), searcher, screen)
        for scalar in query.unicodeScalars {
          press(.character(Character(scalar)), searcher, screen)
        }
        while searcher.wantsTicks {
          _ = searcher.tick()
          usleep(100)
        }
        searcher.draw(into: screen)
      }
      report("search typed (\(query.unicodeScalars.count) keys)", typed)
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

  private static func time(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return now() - start
  }

  private static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  private static func report(_ what: String, _ seconds: Double) {
    print(
      "  \(what.padding(toLength: 36, withPad: " ", startingAt: 0)) \(String(format: "%8.4f s", seconds))"
    )
  }

  /// The current resident set size from /proc/self/statm.
  private static func residentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1e6
  }
}
