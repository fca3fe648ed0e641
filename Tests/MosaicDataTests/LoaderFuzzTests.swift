import Foundation
import MosaicData
import MosaicJSON
import MosaicTestSupport
import Testing

/// Each loader over a fixed number of mutated inputs (byte flips, truncation, quotes, brackets,
/// extreme numbers, control bytes, invalid UTF-8, deep nesting): every input is accepted, or
/// rejected with one line naming the file and the line. Never a crash or a hang.
///
/// The seed is printed; `MOSAIC_FUZZ_SEED=N swift test --filter LoaderFuzzTests` replays it.
@Suite struct LoaderFuzzTests {
  /// One loader and the valid inputs its mutations start from.
  struct Target: Sendable, CustomTestStringConvertible {
    var name: String
    var fileName: String
    /// The format to force, or nil to let detection choose.
    var format: DataFormat?
    var seeds: [String]
    var testDescription: String { name }
  }

  /// Inputs per target: a few seconds in a debug build (`MOSAIC_FUZZ_COUNT` for a longer hunt).
  static let inputCount = SeededGenerator.runCount(default: 1200)

  static let csv = """
    name,region,population,note
    Norway,Europe,5400000,"fjords, ""quoted"" and more"
    Japan,Asia,125000000,"two
    lines"
    Åland,Europe,30000,é 漢字 👨‍👩‍👧‍👦
    ,,,
    Chad,Africa,1.7e7,
    """
  static let tsv = "name\tregion\tscore\nAnn\tNorth\t1.5\n\"Bo\tB\"\tSouth\t-2\nCy\t\t\n"
  static let json = """
    [{"name": "Ann", "age": 31, "tags": ["a", "b"], "ok": true, "none": null},
     {"name": "Bo", "age": 1e3, "nested": {"k": [1, {"x": "\\u00e9\\n"}]}},
     {"name": "Cy"}]
    """
  static let jsonSections = """
    {"sections": [{"title": "Metals", "items": [{"name": "Iron", "number": 26}]},
     {"title": "Gases", "items": [{"name": "Neon", "number": 10}, {"name": "Argon"}]}]}
    """
  static let jsonLines = """
    {"name": "Ann", "age": 31, "tags": ["a"]}
    {"name": "Bo", "city": "Oslo", "score": -0.5e-3}

    {"name": "Cy", "nested": {"deep": [[[]]]}, "text": "tab\\there \\ud83d\\ude00"}
    """

  /// More records than the loaders index before returning, so mutations near the end are
  /// found by background indexing.
  static let longCSV = "id,name,score\n" + (0..<1100).map { "\($0),row \($0),\($0 % 7)\n" }.joined()
  static let longJSONLines = (0..<1100).map { "{\"id\": \($0), \"name\": \"row \($0)\"}\n" }
    .joined()

  static let targets: [Target] = [
    Target(name: "csv", fileName: "fuzz.csv", format: .csv, seeds: [csv, csv, longCSV]),
    Target(name: "tsv", fileName: "fuzz.tsv", format: .tsv, seeds: [tsv]),
    Target(name: "json", fileName: "fuzz.json", format: .json, seeds: [json, jsonSections]),
    Target(
      name: "jsonl", fileName: "fuzz.jsonl", format: .jsonLines,
      seeds: [jsonLines, jsonLines, longJSONLines]),
    Target(
      name: "detected", fileName: "fuzz.data", format: nil,
      seeds: [csv, tsv, json, jsonSections, jsonLines]),
  ]

  @Test(arguments: targets.enumerated().map { $0 })
  func everyMutationIsAcceptedOrRejectedWithOneLine(_ index: Int, _ target: Target) throws {
    let runSeed = SeededGenerator.runSeed()
    let report = FuzzReport(target: target.name, seed: runSeed)
    print(report.banner)
    var mutator = FuzzMutator(seed: runSeed &+ UInt64(index))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(target.fileName).path
    let watchdog = FuzzWatchdog()
    defer { watchdog.stop() }
    var failures = 0
    var outcomes: [String: Int] = [:]
    for number in 0..<Self.inputCount where failures < 5 {
      let seed = Array(target.seeds[mutator.int(target.seeds.count)].utf8)
      let input = mutator.mutate(seed)
      watchdog.tick(report.describe(input: number, input, limit: 200))
      try Data(input).write(to: URL(fileURLWithPath: path))
      let (outcome, problems) = Self.check(path: path, target: target, input: input)
      outcomes[outcome, default: 0] += 1
      if !problems.isEmpty {
        failures += 1
        Issue.record(
          "\(report.describe(input: number, input)): \(problems.joined(separator: "; "))")
      }
    }
    print("fuzz \(target.name): \(outcomes.sorted { $0.key < $1.key })")
  }

  /// Opens `path` as `target`; returns how it ended (accepted, rejected on opening, rejected
  /// while indexing) and what is wrong with that, if anything.
  static func check(path: String, target: Target, input: [UInt8]) -> (String, [String]) {
    let source: any RecordSource
    do {
      source = try DataFile.open(path: path, name: target.fileName, format: target.format)
    } catch let error as DataError {
      return ("rejected", problems(with: error, target: target, input: input))
    } catch {
      return ("rejected", ["open threw \(type(of: error)), not a DataError: \(error)"])
    }
    var found: [String] = []
    var outcome = "accepted"
    do {
      try source.waitUntilComplete()
    } catch let error as DataError {
      outcome = "rejected while indexing"
      found += problems(with: error, target: target, input: input)
    } catch {
      found.append("indexing threw \(type(of: error)), not a DataError: \(error)")
    }
    // What the browser does with an accepted file: read values, print records with `y`.
    let names = source.fieldNames
    for record in 0..<min(source.recordCount, 40) {
      for field in names.indices {
        _ = source.value(record, field)
        _ = source.typedValue(record, field)
      }
      let line = source.jsonLine(record)
      if line.unicodeScalars.contains(where: VisibleText.mustEscape) {
        found.append("record \(record)'s JSON line holds a raw control character")
      }
      do {
        guard case .object = try JSONParser.parse(Array(line.utf8)) else {
          found.append("record \(record)'s JSON line is not an object: \(line)")
          continue
        }
      } catch {
        found.append("record \(record)'s JSON line does not parse (\(error.reason)): \(line)")
      }
    }
    return (outcome, found)
  }

  /// What is wrong with a rejection's message: it must be one line, with no control
  /// character, naming the file, and for malformed content a line the input has.
  static func problems(with error: DataError, target: Target, input: [UInt8]) -> [String] {
    let message = error.description
    var found: [String] = []
    if message.unicodeScalars.contains(where: VisibleText.mustEscape) {
      found.append("the message is not one clean line: \(message.debugDescription)")
    }
    if !message.hasPrefix("\(target.fileName):") {
      found.append("the message does not start with the file name: \(message)")
    }
    if error.reason.isEmpty { found.append("the message has no reason: \(message)") }
    switch error {
    case .malformed(_, let line, let column, _):
      let lines = input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      if !(1...lines).contains(line) {
        found.append("line \(line) is not one of the input's \(lines) lines: \(message)")
      }
      if let column, column < 1 { found.append("column \(column) < 1: \(message)") }
      if !message.hasPrefix("\(target.fileName):\(line):") {
        found.append("the message does not name line \(line): \(message)")
      }
    case .unreadable:
      // Only an empty file cannot be read at all, or one whose first block is not text.
      let binary = input.withUnsafeBytes { BinaryContent.problem(in: $0, isWhole: true) }
      if !input.isEmpty && binary == nil {
        found.append("a non-empty text file was unreadable: \(message)")
      }
      if let binary, message != "\(target.fileName): \(binary)" {
        found.append("binary input refused with another message: \(message)")
      }
    case .unknownField:
      found.append("no option was given, yet: \(message)")
    }
    return found
  }
}
