import Foundation
import MosaicData

/// Prints the field statistics' figures (the browser's `F` and `I`): for each field named, the
/// time to count every record on all cores and on one, the distinct values kept, and the memory
/// the count took.
enum StatsBenchmark {
  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench stats FILE [FIELD…]   (default fields: city id customer)")
      print("  e.g. python3 demo-data/make-rows.py > /tmp/rows.csv")
      print("       swift run -c release mosaic-bench stats /tmp/rows.csv city id customer")
      return
    }
    let source: any RecordSource
    do {
      source = try DataFile.open(path: path)
      try source.waitUntilComplete()
    } catch {
      print("\(error)")
      return
    }
    let names = arguments.count > 1 ? Array(arguments.dropFirst()) : ["city", "id", "customer"]
    let cores = FieldStatisticsTask.Limits().workers
    print("stats: \(path) (\(source.recordCount) records, \(cores) workers)")
    for name in names {
      guard let field = source.fieldIndex(named: name) else {
        print("  no field \(name)")
        continue
      }
      // The first count pages the file in; the figures are the second and third.
      _ = FieldStatistics.compute(source: source, field: field)
      let before = BenchmarkClock.residentMB()
      var statistics: FieldStatistics?
      let cpuBefore = BenchmarkClock.cpuSeconds()
      let all = BenchmarkClock.time {
        statistics = FieldStatistics.compute(source: source, field: field)
      }
      let cpu = BenchmarkClock.cpuSeconds() - cpuBefore
      let after = BenchmarkClock.residentMB()
      var one = FieldStatisticsTask.Limits()
      one.workers = 1
      let single = BenchmarkClock.time {
        _ = FieldStatistics.compute(source: source, field: field, limits: one)
      }
      guard let statistics else { continue }
      let distinct =
        "\(statistics.distinctCount)\(statistics.isDistinctCountCapped ? "+" : "") distinct"
      BenchmarkClock.report("\(name): count on \(cores) cores (\(distinct))", all, width: 50)
      BenchmarkClock.report("\(name): CPU time of that count", cpu, width: 50)
      BenchmarkClock.report("\(name): count on 1 core", single, width: 50)
      print(
        String(
          format: "  %@ resident after the count  %7.1f MB (%+.1f MB)",
          (name as NSString).padding(toLength: 20, withPad: " ", startingAt: 0), after,
          after - before))
    }
  }
}
