import Foundation
import MosaicApp
import MosaicCollection
import MosaicData

#if canImport(Glibc)
  import Glibc
#endif

/// Prints the whole-file figures of issue 11 item 4 (search counts, grouping by a field of a
/// million values, the first sorted screen), each measured in a process of its own so its peak
/// memory is its own: wall seconds, CPU seconds (less swayed by a busy machine) and peak
/// resident memory, beside the target.
@MainActor
enum AllRowsBenchmark {
  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench allrows FILE [GROUP-FIELD|-] [SORT-FIELD|-] [QUERY…]")
      print("  e.g. python3 demo-data/make-rows.py > /tmp/rows.csv")
      print("       swift run -c release mosaic-bench allrows /tmp/rows.csv id amount e gift")
      print("       (- leaves grouping or sorting out: allrows /tmp/rows-10m.csv - - e gift)")
      return
    }
    let group = arguments.count > 1 ? arguments[1] : "id"
    let sort = arguments.count > 2 ? arguments[2] : "amount"
    let queries = arguments.count > 3 ? Array(arguments[3...]) : ["e", "gift"]
    print("## Work over all rows: \(path), \(ParallelCores.count) cores\n")
    print("| work | seconds | CPU seconds | peak MB | result |")
    print("|---|---:|---:|---:|---|")
    for query in queries { child(["search", path, query]) }
    if group != "-" {
      child(["group", path, group])
      child(["grouped-screen", path, group])
    }
    if sort != "-" {
      child(["sort", path, sort])
      child(["screen", path, sort])
    }
    print()
  }

  /// Runs one measurement in a new process of this benchmark and prints its row.
  private static func child(_ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["allrows-one"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      print("| \(arguments.joined(separator: " ")) | could not run: \(error) | | | |")
      return
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    print(String(decoding: output, as: UTF8.self), terminator: "")
  }

  /// One measurement (in the child process): the file is opened and indexed whole first; the
  /// figures cover the work alone, the peak memory the whole process.
  static func one(arguments: [String]) {
    guard arguments.count == 3 else { return }
    let (what, path, argument) = (arguments[0], arguments[1], arguments[2])
    let source: any RecordSource
    do {
      source = try DataFile.open(path: path)
      try source.waitUntilComplete()
    } catch {
      print("| \(what) \(argument) | \(error) | | | |")
      return
    }
    let records = source.recordCount.groupedDigits(separator: ",")
    let wall = BenchmarkClock.now()
    let cpu = BenchmarkClock.cpuSeconds()
    let label: String
    let result: String
    switch what {
    case "search":
      let matches = RecordSearch.matches(of: argument, in: source)
      label =
        "search \"\(argument)\", counting every match (\(records) records; target ≤ 0.1 s per 1M)"
      result = "\(matches.count.groupedDigits(separator: ",")) matches"
    case "group":
      guard let field = source.fieldIndex(named: argument) else { return }
      let arranger = Arranger(source: source, groupBy: field)
      arranger.waitUntilComplete()
      label = "group by \(argument) (target ≤ 1 s, ≤ 150 MB)"
      result = "\(arranger.index.numberOfSections.groupedDigits(separator: ",")) groups"
    case "grouped-screen":
      label = "group by \(argument): the browser's last grouped screen drawn"
      result = groupedScreen(source, field: argument) ?? "no browser"
    case "sort":
      guard let field = source.fieldIndex(named: argument) else { return }
      let arranger = Arranger(source: source, sortBy: field)
      arranger.waitUntilComplete()
      label = "sort by \(argument), Arranger to the end"
      let index = arranger.index
      result = index.totalCount > 0 ? "first: record \(index.record(section: 0, item: 0) + 1)" : ""
    case "screen":
      guard let field = source.fieldIndex(named: argument) else { return }
      label = "sort by \(argument): ] to the sorted first screen drawn (target ≤ 0.5 s)"
      result = sortedScreen(source, field: field) ?? "no browser"
    default:
      return
    }
    let seconds = BenchmarkClock.now() - wall
    let used = BenchmarkClock.cpuSeconds() - cpu
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let peak = Double(usage.ru_maxrss) / 1024
    print(
      "| \(label) | \(String(format: "%.3f", seconds)) | \(String(format: "%.3f", used)) | \(String(format: "%.0f", peak)) | \(result) |"
    )
  }

  /// Opens a browser scene grouped by `field` (`--group-by`) and ticks until the grouping is
  /// done and drawn on a 120 × 40 `MemorySurface`; returns the status bar's position words.
  private static func groupedScreen(_ source: any RecordSource, field: String) -> String? {
    guard let configuration = try? BrowserConfiguration(source: source, groupBy: field) else {
      return nil
    }
    let scene = BrowserScene(source: source, configuration: configuration)
    let screen = MemorySurface(columns: 120, rows: 40)
    scene.draw(into: screen)
    SceneSettling.settle(scene)
    screen.clear(style: .plain)
    scene.draw(into: screen)
    let line = screen.lines.last ?? ""
    // The position words: "1/1,000,000" once every record is in a group.
    return line.split(separator: " ").first {
      $0.contains("/") && $0.allSatisfy { $0.isNumber || $0 == "/" || $0 == "," }
    }.map(String.init)
  }

  /// Presses `]` in a browser scene whose focus is on `field`, then ticks until the sorted
  /// first screen is drawn on a 120 × 40 `MemorySurface`; returns the status bar's words.
  private static func sortedScreen(_ source: any RecordSource, field: Int) -> String? {
    guard let configuration = try? BrowserConfiguration(source: source) else { return nil }
    let scene = BrowserScene(source: source, configuration: configuration)
    let screen = MemorySurface(columns: 120, rows: 40)
    scene.draw(into: screen)
    let first = configuration.cardFields.first ?? configuration.titleField
    let count = source.fieldNames.count
    for _ in 0..<(((field - first) % count + count) % count) { _ = scene.handle(.key(.tab)) }
    _ = scene.handle(.key(.character("]")))
    SceneSettling.settle(scene)
    screen.clear(style: .plain)
    scene.draw(into: screen)
    return ArrangeBenchmark.status(screen)
  }
}
