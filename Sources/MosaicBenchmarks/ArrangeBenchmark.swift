import Foundation
import MosaicApp
import MosaicCollection
import MosaicData

/// Prints the sort and filter figures on a large file (make one with demo-data/make-rows.py):
/// the Arranger alone (MosaicData), and through the browser scene from the key to the first
/// screen drawn with the new arrangement on a 120 × 40 `MemorySurface`.
@MainActor
enum ArrangeBenchmark {
  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench arrange FILE [SORT-FIELD] [TEXT] [REGEX]")
      print("  e.g. python3 demo-data/make-rows.py > /tmp/rows.csv")
      print(
        "       swift run -c release mosaic-bench arrange /tmp/rows.csv amount gift 'gift|fragile'")
      return
    }
    let sortName = arguments.count > 1 ? arguments[1] : "amount"
    let text = arguments.count > 2 ? arguments[2] : "gift"
    let pattern = arguments.count > 3 ? arguments[3] : "gift|fragile"
    let source: any RecordSource
    do {
      source = try DataFile.open(path: path)
      try source.waitUntilComplete()
    } catch {
      print("arrange benchmark: \(error)")
      return
    }
    guard let sortField = source.fieldIndex(named: sortName) else {
      print("arrange benchmark: no field \(sortName)")
      return
    }
    print(
      "## Sort and filter: \(path), \(source.recordCount.groupedDigits(separator: ",")) records, \(ParallelCores.count) cores\n"
    )
    print("| work | seconds | records kept |")
    print("|---|---:|---:|")
    func arrange(
      _ label: String, sortBy: Int? = nil, descending: Bool = false, filter: RecordFilter? = nil,
      sortKeys: [SortKey]? = nil
    ) {
      let start = BenchmarkClock.now()
      let arranger =
        sortKeys.map { Arranger(source: source, sortKeys: $0, filter: filter) }
        ?? Arranger(source: source, sortBy: sortBy, descending: descending, filter: filter)
      arranger.waitUntilComplete()
      let seconds = BenchmarkClock.now() - start
      print(
        "| \(label) | \(String(format: "%.3f", seconds)) | \(arranger.index.totalCount.groupedDigits(separator: ",")) |"
      )
    }
    arrange("Arranger: sort by \(sortName)", sortBy: sortField)
    arrange("Arranger: sort by \(sortName), descending", sortBy: sortField, descending: true)
    if let city = source.fieldIndex(named: "city") {
      arrange("Arranger: sort by city (text)", sortBy: city)
      // Two keys: the second sorts only what the first leaves tied (here nearly every record,
      // then nearly none).
      arrange(
        "Arranger: sort by city, then \(sortName) descending",
        sortKeys: [SortKey(field: city), SortKey(field: sortField, descending: true)])
      arrange(
        "Arranger: sort by \(sortName), then city",
        sortKeys: [SortKey(field: sortField), SortKey(field: city)])
    }
    arrange("Arranger: filter \"\(text)\" (text, any field)", filter: RecordFilter(.text(text)))
    arrange(
      "Arranger: filter /\(pattern)/ (regex, any field)",
      filter: RecordFilter(.regularExpression(pattern)))
    arrange(
      "Arranger: filter /^ada/ (regex, any field)", filter: RecordFilter(.regularExpression("^ada"))
    )

    // Through the browser: the key, then ticks and frames until the new arrangement is drawn.
    let configuration: BrowserConfiguration
    do {
      configuration = try BrowserConfiguration(source: source)
    } catch {
      print("arrange benchmark: \(error)")
      return
    }
    func scene() -> (BrowserScene, MemorySurface) {
      let scene = BrowserScene(source: source, configuration: configuration)
      let screen = MemorySurface(columns: 120, rows: 40)
      scene.draw(into: screen)
      return (scene, screen)
    }
    func settle(_ scene: BrowserScene, _ screen: MemorySurface) -> Double {
      let start = BenchmarkClock.now()
      SceneSettling.settle(scene)
      screen.clear(style: .plain)
      scene.draw(into: screen)
      return BenchmarkClock.now() - start
    }
    let first = configuration.cardFields.first ?? configuration.titleField
    let count = source.fieldNames.count
    let tabs = ((sortField - first) % count + count) % count
    do {
      let (scene, screen) = scene()
      for _ in 0..<tabs { _ = scene.handle(.key(.tab)) }
      let start = BenchmarkClock.now()
      _ = scene.handle(.key(.character("]")))
      _ = settle(scene, screen)
      let seconds = BenchmarkClock.now() - start
      print(
        "| browser: ] (sorted first screen drawn) | \(String(format: "%.3f", seconds)) | \(status(screen)) |"
      )
    }
    for (label, typed, regex) in [("& \(text)", text, false), ("& /\(pattern)/", pattern, true)] {
      let (scene, screen) = scene()
      _ = scene.handle(.key(.character("&")))
      if regex { _ = scene.handle(.key(.tab)) }
      let start = BenchmarkClock.now()
      _ = scene.handle(.paste(typed))
      _ = settle(scene, screen)
      let seconds = BenchmarkClock.now() - start
      print(
        "| browser: \(label) (count on screen) | \(String(format: "%.3f", seconds)) | \(status(screen)) |"
      )
    }
    print()
  }

  /// The arrangement's words on the status bar of `screen`.
  static func status(_ screen: MemorySurface) -> String {
    let line = screen.lines.last ?? ""
    guard let start = line.firstIndex(where: { $0 == "↑" || $0 == "↓" || $0 == "&" }) else {
      return line.trimmingCharacters(in: .whitespaces)
    }
    return String(line[start...]).components(separatedBy: "  ").first ?? ""
  }
}

/// The cores the work is spread over.
enum ParallelCores {
  static var count: Int { ProcessInfo.processInfo.activeProcessorCount }
}
