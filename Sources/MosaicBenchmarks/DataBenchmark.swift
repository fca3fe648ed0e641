import Foundation
import MosaicData

#if canImport(Glibc)
  import Glibc
#endif

/// Prints MosaicData's large-file figures: first records, full index, memory, search, grouping
/// and sorting, for a file given on the command line (make one with demo-data/make-rows.py).
enum DataBenchmark {
  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench data FILE [QUERY] [GROUP-FIELD] [SORT-FIELD]")
      print("       mosaic-bench data FILE --dump STEP   (every STEP-th record as JSON Lines)")
      print("  e.g. python3 demo-data/make-rows.py > /tmp/rows.csv")
      print("       swift run -c release mosaic-bench data /tmp/rows.csv lovelace city amount")
      return
    }
    if arguments.count > 2, arguments[1] == "--dump", let step = Int(arguments[2]), step > 0 {
      dump(path, step: step)
      return
    }
    let query = arguments.count > 1 ? arguments[1] : "lovelace"
    let start = BenchmarkClock.now()
    let source: any RecordSource
    do {
      source = try DataFile.open(path: path)
    } catch {
      print("\(error)")
      return
    }
    let opened = BenchmarkClock.now()
    // The first screen: every field of the first 100 records.
    var bytes = 0
    for record in 0..<min(100, source.recordCount) {
      for field in source.fieldNames.indices { bytes += source.value(record, field).utf8.count }
    }
    let firstScreen = BenchmarkClock.now()
    let rssAtFirstScreen = BenchmarkClock.residentMB()
    do { try source.waitUntilComplete() } catch { print("indexing stopped: \(error)") }
    let indexed = BenchmarkClock.now()
    let fileMB =
      Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
    print(
      "data: \(path) (\(String(format: "%.1f", fileMB)) MB, \(source.recordCount) records, \(source.fieldNames.count) fields)"
    )
    BenchmarkClock.report("open (header + first 1000 records indexed)", opened - start, width: 50)
    BenchmarkClock.report(
      "first 100 records' values read (first screen)", firstScreen - start, width: 50)
    print(String(format: "  resident memory at first screen   %7.1f MB", rssAtFirstScreen))
    BenchmarkClock.report("full index", indexed - start, width: 50)
    print(
      String(format: "  resident memory after full index  %7.1f MB", BenchmarkClock.residentMB()))

    let searchStart = BenchmarkClock.now()
    let matches = RecordSearch.matches(of: query, in: source)
    BenchmarkClock.report(
      "search \"\(query)\" (\(matches.count) matches)", BenchmarkClock.now() - searchStart,
      width: 50)
    let rareStart = BenchmarkClock.now()
    let rare = RecordSearch.matches(of: "qqqzzz", in: source)
    BenchmarkClock.report(
      "search \"qqqzzz\" (\(rare.count) matches)", BenchmarkClock.now() - rareStart, width: 50)
    let slowStart = BenchmarkClock.now()
    let slow = RecordSearch.matches(of: "é", in: source)
    BenchmarkClock.report(
      "search \"é\" (non-ASCII path, \(slow.count) matches)", BenchmarkClock.now() - slowStart,
      width: 50)

    if arguments.count > 2, let group = source.fieldIndex(named: arguments[2]) {
      let t = BenchmarkClock.now()
      let arranger = Arranger(source: source, groupBy: group)
      arranger.waitUntilComplete()
      BenchmarkClock.report(
        "group by \(arguments[2]) (\(arranger.index.numberOfSections) groups)",
        BenchmarkClock.now() - t, width: 50)
    }
    if arguments.count > 3, let sort = source.fieldIndex(named: arguments[3]) {
      let t = BenchmarkClock.now()
      let arranger = Arranger(source: source, sortBy: sort)
      arranger.waitUntilComplete()
      BenchmarkClock.report("sort by \(arguments[3])", BenchmarkClock.now() - t, width: 50)
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(
      String(format: "  peak resident memory (getrusage)  %7.1f MB", Double(usage.ru_maxrss) / 1024)
    )
    _ = bytes
  }

  /// Prints every `step`-th record as JSON Lines, to check the parser against another reader.
  private static func dump(_ path: String, step: Int) {
    do {
      let source = try DataFile.open(path: path)
      try source.waitUntilComplete()
      print(source.recordCount)
      for record in stride(from: 0, to: source.recordCount, by: step) {
        print(source.jsonLine(record))
      }
    } catch {
      print("\(error)")
    }
  }

}
