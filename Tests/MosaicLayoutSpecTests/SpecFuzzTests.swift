import Foundation
import MosaicJSON
import MosaicLayout
import MosaicLayoutSpec
import MosaicTestSupport
import Testing

/// The layout spec reader and reporter over a fixed number of mutated specs: every input is
/// accepted and reported with exact cells, or rejected with one line naming the key (or the
/// line and column of a syntax error). Never a crash, a hang or a clamped cell.
///
/// The seed is printed; `MOSAIC_FUZZ_SEED=N swift test --filter SpecFuzzTests` replays it.
@Suite @MainActor struct SpecFuzzTests {
  static let inputCount = SeededGenerator.runCount(default: 1500)

  /// Valid specs touching every key: the contract's example, a horizontal one, per-item sizes.
  static let seeds: [String] = [
    """
    {"bounds": {"width": 320, "height": 480}, "scrollDirection": "vertical",
     "itemSize": {"width": 50, "height": 50}, "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
     "sectionInset": {"top": 0, "left": 0, "bottom": 0, "right": 0},
     "headerReferenceSize": {"width": 0, "height": 0}, "footerReferenceSize": {"width": 0, "height": 0},
     "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 16},
     "query": {"x": 0, "y": 0, "width": 320, "height": 480},
     "sections": [{"items": 7},
      {"itemSizes": [{"width": 40, "height": 20}, {"width": 90, "height": 35}],
       "inset": {"top": 5, "left": 10, "bottom": 5, "right": 10}, "minimumLineSpacing": 4,
       "minimumInteritemSpacing": 2, "headerSize": {"width": 0, "height": 30},
       "footerSize": {"width": 0, "height": 12}}]}
    """,
    """
    {"bounds": {"width": 400, "height": 120}, "scrollDirection": "horizontal",
     "itemSize": {"width": 60, "height": 30}, "headerReferenceSize": {"width": 24, "height": 0},
     "sections": [{"items": 1000}, {"items": 3, "footerSize": {"width": 8, "height": 0}}]}
    """,
    """
    {"bounds": {"width": 200, "height": 100}, "minimumInteritemSpacing": 0,
     "cellMetrics": {"pointsPerColumn": 1, "pointsPerRow": 1},
     "sections": [{"items": 4, "itemSizes": [{"width": 30, "height": 10}, {"width": 500, "height": 5},
       {"width": 0, "height": 0}, {"width": 70.25, "height": 1e-3}]}, {}]}
    """,
    // Near the ranges: one swapped number (a count, a size, the metric) crosses 2^53 cells.
    """
    {"bounds": {"width": 1e6, "height": 1e6}, "itemSize": {"width": 1e6, "height": 1e6},
     "minimumLineSpacing": 0, "cellMetrics": {"pointsPerColumn": 1, "pointsPerRow": 1},
     "query": {"x": 0, "y": 5e14, "width": 1e6, "height": 3e6},
     "sections": [{"items": 1e9, "headerSize": {"width": 0, "height": 1e6}}, {"items": 2}]}
    """,
    // Few enough items to report whole, their last rows just below 2^53.
    """
    {"bounds": {"width": 100, "height": 100}, "itemSize": {"width": 30, "height": 1e9},
     "minimumLineSpacing": 0, "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 0.0001},
     "sections": [{"items": 2000}, {"itemSizes": [{"width": 10, "height": 9e11}]}]}
    """,
  ]

  /// How many elements a spec may have for the whole report to be written and parsed.
  static let fullReportLimit = 20_000

  @Test func everyMutationIsAcceptedExactlyOrRejectedWithOneLine() throws {
    let runSeed = SeededGenerator.runSeed()
    let report = FuzzReport(target: "layout spec", seed: runSeed)
    print(report.banner)
    var mutator = FuzzMutator(seed: runSeed)
    let watchdog = FuzzWatchdog()
    defer { watchdog.stop() }
    var failures = 0
    var outcomes: [String: Int] = [:]
    for number in 0..<Self.inputCount where failures < 5 {
      let input = mutator.mutate(Array(Self.seeds[mutator.int(Self.seeds.count)].utf8))
      watchdog.tick(report.describe(input: number, input, limit: 200))
      let (outcome, problems) = Self.check(input)
      outcomes[outcome, default: 0] += 1
      if !problems.isEmpty {
        failures += 1
        Issue.record(
          "\(report.describe(input: number, input)): \(problems.joined(separator: "; "))")
      }
    }
    print("fuzz layout spec: \(outcomes.sorted { $0.key < $1.key })")
  }

  /// Runs `input` through the reader and reporter as `mosaic layout` does; returns how it
  /// ended (accepted, syntax, key, too large) and what is wrong.
  static func check(_ input: [UInt8]) -> (String, [String]) {
    let spec: LayoutSpec
    do {
      spec = try LayoutSpec(json: input)
    } catch {
      let outcome: String
      if case .invalidJSON = error { outcome = "syntax" } else { outcome = "key" }
      return (outcome, problems(with: error, input: input, tooLargeAllowed: false))
    }
    let report = LayoutReport(spec: spec)
    do {
      try report.validate()
    } catch {
      return ("too large", problems(with: error, input: input, tooLargeAllowed: true))
    }
    return ("accepted", problems(withAccepted: report))
  }

  /// A rejection must be one clean line naming a key path, or the place of a syntax error.
  static func problems(with error: LayoutSpecError, input: [UInt8], tooLargeAllowed: Bool)
    -> [String]
  {
    let line = error.description
    var found: [String] = []
    if line.unicodeScalars.contains(where: VisibleText.mustEscape) {
      found.append("not one clean line: \(line.debugDescription)")
    }
    switch error {
    case .invalidJSON(let number, let column, let reason):
      let lines = input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      if !(1...lines).contains(number) || column < 1 || reason.isEmpty {
        found.append("a syntax error at an impossible place: \(line)")
      }
    case .invalid(let path, let reason):
      if path.isEmpty || reason.isEmpty { found.append("no key path or reason: \(line)") }
    case .tooLarge(let path, _):
      if !tooLargeAllowed { found.append("too large before the layout ran: \(line)") }
      if !(path.hasPrefix("sections[") || path.hasPrefix("cellMetrics.")) {
        found.append("too large names neither a section nor a metric: \(line)")
      }
      if !line.hasPrefix("layout too large: ") { found.append("wrong prefix: \(line)") }
    }
    return found
  }

  /// An accepted spec reports only exact cells: small reports are written whole and parsed
  /// back, larger ones are sampled through the layout's item lookup.
  static func problems(withAccepted report: LayoutReport) -> [String] {
    var found: [String] = []
    let spec = report.spec
    let metrics = spec.cellMetrics
    func checkExact(_ frame: Rect, _ cells: CellRect?, _ what: String) {
      guard let exact = metrics.exactCellRect(for: frame) else {
        found.append("\(what) at \(frame) has cells beyond 2^53 after validate()")
        return
      }
      if let cells, cells != exact { found.append("\(what): \(cells) is not exactly \(exact)") }
    }
    let size = report.contentSize
    if !size.width.isFinite || !size.height.isFinite {
      found.append("content size \(size) is not finite")
    }
    let itemCount = spec.sections.reduce(0) { $0 + $1.items }
    if itemCount <= fullReportLimit {
      var elements = 0
      report.forEachElement { element in
        elements += 1
        checkExact(element.frame, element.cells, "element \(elements)")
      }
      do {
        guard case .object(let members) = try JSONParser.parse(Array(report.json.utf8)),
          members.map(\.key) == ["contentSize", "elements"]
        else { return found + ["the report is not the contract's object"] }
      } catch {
        found.append("the report is not valid JSON: \(error.reason)")
      }
    } else {
      let layout = report.specLayout.layout
      for (section, sectionSpec) in spec.sections.enumerated() where sectionSpec.items > 0 {
        for item in Set([0, sectionSpec.items / 2, sectionSpec.items - 1]) {
          guard
            let attributes = layout.layoutAttributesForItem(
              at: IndexPath(item: item, section: section))
          else {
            found.append("no attributes for item \(item) of section \(section)")
            continue
          }
          // With a query only what it lists is printed, so only that must be exact.
          if let query = spec.query, !attributes.frame.intersects(query) { continue }
          checkExact(attributes.frame, nil, "item \(item) of section \(section)")
        }
      }
    }
    return found
  }
}
