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
    let start = now()
    let source: any RecordSource
    do {
      source = try DataFile.open(path: path)
    } catch {
      print("\(error)")
      return
    }
    let opened = now()
    // The first screen: every field of the first 100 records.
    var bytes = 0
    for record in 0..<min(100, source.recordCount) {
      for field in source.fieldNames.indices { bytes += source.value(record, field).utf8.count }
    }
    let firstScreen = now()
    let rssAtFirstScreen = residentMB()
    do { try source.waitUntilComplete() } catch { print("indexing stopped: \(error)") }
    let indexed = now()
    let fileMB =
      Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
    print(
      "data: \(path) (\(String(format: "%.1f", fileMB)) MB, \(source.recordCount) records, \(source.fieldNames.count) fields)"
    )
    report("open (header + first 1000 records indexed)", opened - start)
    report("first 100 records' values read (first screen)", firstScreen - start)
    print(String(format: "  resident memory at first screen   %7.1f MB", rssAtFirstScreen))
    report("full index", indexed - start)
    print(String(format: "  resident memory after full index  %7.1f MB", residentMB()))

    let searchStart = now()
    let matches = RecordSearch.matches(of: query, in: source)
    report("search \"\(query)\" (\(matches.count) matches)", now() - searchStart)
    let rareStart = now()
    let rare = RecordSearch.matches(of: "qqqzzz", in: source)
    report("search \"qqqzzz\" (\(rare.count) matches)", now() - rareStart)
    let slowStart = now()
    let slow = RecordSearch.matches(of: "é", in: source)
    report("search \"é\" (non-ASCII path, \(slow.count) matches)", now() - slowStart)

    if arguments.count > 2, let group = source.fieldIndex(named: arguments[2]) {
      let t = now()
      let arranger = Arranger(source: source, groupBy: group)
      arranger.waitUntilComplete()
      report("group by \(arguments[2]) (\(arranger.index.numberOfSections) groups)", now() - t)
    }
    if arguments.count > 3, let sort = source.fieldIndex(named: arguments[3]) {
      let t = now()
      let arranger = Arranger(source: source, sortBy: sort)
      arranger.waitUntilComplete()
      report("sort by \(arguments[3])", now() - t)
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

  private static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  private static func report(_ what: String, _ seconds: Double) {
    print(
      "  \(what.padding(toLength: 50, withPad: " ", startingAt: 0)) \(String(format: "%9.4f s", seconds))"
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
