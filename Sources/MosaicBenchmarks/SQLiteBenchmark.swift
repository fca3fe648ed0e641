import Foundation
import MosaicApp
import MosaicCollection
import MosaicData

/// Prints the figures of a SQLite table in the browser: opening it, the first screen, the
/// background count, Down and PgDn keys, End, a sort pushed down into SQL, and resident memory.
/// Everything is drawn into a 120 × 40 `MemorySurface`, as `mosaic-bench browser` does.
///
///     python3 demo-data/make-sqlite.py --rows 10000000 /tmp/orders-10m.db
///     swift run -c release mosaic-bench sqlite /tmp/orders-10m.db [TABLE] [SORT-FIELD]
@MainActor
enum SQLiteBenchmark {
  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench sqlite FILE.db [TABLE] [SORT-FIELD]")
      return
    }
    let tableName = arguments.count > 1 ? arguments[1] : "orders"
    // Keys move at once, as with --no-animation: the figures are the work, not a glide's length.
    ReducedMotion.apply(noAnimation: true, environment: [:])
    let sortName = arguments.count > 2 ? arguments[2] : "amount"
    do {
      try measure(path: path, tableName: tableName, sortName: sortName)
    } catch {
      print("sqlite benchmark: \(error)")
    }
  }

  static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.1f ms", seconds * 1000)
  }

  static func measure(path: String, tableName: String, sortName: String) throws {
    print("## SQLite: \(path), table \(tableName), 120 × 40\n")
    let screen = MemorySurface(columns: 120, rows: 40)
    var table: WindowedTable?
    let openTime = BenchmarkClock.time {
      table = try? SQLiteDatabase(path: path).open(table: tableName)
    }
    guard let table else {
      _ = try SQLiteDatabase(path: path).open(table: tableName)
      return
    }
    var scene: BrowserScene?
    let firstScreen =
      openTime
      + BenchmarkClock.time {
        scene = BrowserScene(
          source: table, configuration: try! BrowserConfiguration(source: table))
        scene!.draw(into: screen)
      }
    let browser = scene!
    print("| figure | value |")
    print("|---|---:|")
    print("| open (first window of 256 rows) | \(milliseconds(openTime)) |")
    print("| open → first frame | \(milliseconds(firstScreen)) |")
    print(
      String(format: "| resident memory at first frame | %.1f MB |", BenchmarkClock.residentMB()))
    // Down while the count still runs, as a user scrolling at once would.
    let downCount = 200
    let downCPU = keysCPU(.down, count: downCount, scene: browser, screen: screen)
    print(String(format: "| Down, CPU per key while counting | %.1f µs |", downCPU))
    let countTime = BenchmarkClock.time { try? table.waitUntilComplete() }
    let counted = table.recordCount.formatted(
      .number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    print("| rows counted in the background | \(counted) |")
    print("| count finished, after the first frame | \(milliseconds(countTime)) |")
    _ = browser.tick()
    let pageCPU = keysCPU(.pageDown, count: downCount, scene: browser, screen: screen)
    print(String(format: "| PgDn, CPU per key | %.1f µs |", pageCPU))
    let end = BenchmarkClock.time {
      _ = browser.handle(.key(.end))
      browser.draw(into: screen)
      while browser.isAnimating {
        browser.draw(into: screen)
      }
    }
    print("| End → last screen drawn | \(milliseconds(end)) |")
    let downAtEnd = keysCPU(.up, count: downCount, scene: browser, screen: screen)
    print(String(format: "| Up near the end, CPU per key | %.1f µs |", downAtEnd))
    print(String(format: "| resident memory after End | %.1f MB |", BenchmarkClock.residentMB()))
    if let field = table.fieldNames.firstIndex(of: sortName) {
      var sorted: (any RecordSource)?
      let sortTime = BenchmarkClock.time {
        sorted = try? table.arranged(
          sortKeys: [SortKey(field: field, descending: true)], filter: nil)
        try? sorted?.waitUntilComplete()
      }
      print("| sort by \(sortName) descending in SQL (row ids kept) | \(milliseconds(sortTime)) |")
      if let sorted {
        let filterTime = BenchmarkClock.time {
          let filtered = try? table.arranged(sortKeys: [], filter: RecordFilter(.text("gift")))
          try? filtered?.waitUntilComplete()
        }
        print(
          "| filter \"gift\" in any field in SQL (LIKE), counted | \(milliseconds(filterTime)) |")
        print(
          String(
            format: "| resident memory with the sorted row ids | %.1f MB |",
            BenchmarkClock.residentMB()))
        sorted.cancel()
      }
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(String(format: "| peak resident memory | %.1f MB |", Double(usage.ru_maxrss) / 1024))
    print()
  }

  /// The CPU per key, in µs, of `count` presses of `key`, each followed by a frame.
  static func keysCPU(_ key: Key, count: Int, scene: BrowserScene, screen: MemorySurface)
    -> Double
  {
    let start = TerminalBenchmark.threadNanoseconds()
    for _ in 0..<count {
      _ = scene.handle(.key(key))
      scene.draw(into: screen)
      while scene.isAnimating { scene.draw(into: screen) }
    }
    return Double(TerminalBenchmark.threadNanoseconds() - start) / Double(count) / 1000
  }
}
