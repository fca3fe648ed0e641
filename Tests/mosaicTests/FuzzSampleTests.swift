import Foundation
import MosaicTestSupport
import Testing

/// A small sample of the loader and layout-spec fuzz inputs through the real binary: each run
/// ends with exit status 2 and one line naming the input, or is accepted (1 for a data file,
/// which then wants a terminal; 0 with a JSON report for a spec). Nothing raw on either channel.
///
/// The seed is printed; `MOSAIC_FUZZ_SEED=N` replays it.
@Suite struct FuzzSampleTests {
  static let samplesPerKind = SeededGenerator.runCount(default: 12)

  static let dataSeeds: [(name: String, text: String)] = [
    ("sample.csv", "name,note\nAnn,\"a, \"\"b\"\"\"\nBo,\"two\nlines\"\nCy,é 漢字\n"),
    ("sample.json", #"[{"name": "Ann", "n": 1.5, "t": [true, null]}, {"name": "Bo"}]"#),
    ("sample.jsonl", "{\"name\": \"Ann\", \"n\": 1}\n{\"name\": \"Bo\", \"x\": {\"y\": []}}\n"),
  ]

  static let specSeed = """
    {"bounds": {"width": 320, "height": 480}, "itemSize": {"width": 50, "height": 50},
     "cellMetrics": {"pointsPerColumn": 8, "pointsPerRow": 16},
     "sections": [{"items": 7}, {"itemSizes": [{"width": 40, "height": 20}],
      "headerSize": {"width": 0, "height": 30}}]}
    """

  @Test func mutatedDataFilesEndInOneLine() throws {
    let seed = SeededGenerator.runSeed()
    print(FuzzReport(target: "mosaic FILE", seed: seed).banner)
    var mutator = FuzzMutator(seed: seed)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, text) in Self.dataSeeds {
      let report = FuzzReport(target: "mosaic \(name)", seed: seed)
      let path = directory.appendingPathComponent(name).path
      for number in 0..<Self.samplesPerKind {
        let input = mutator.mutate(Array(text.utf8))
        try Data(input).write(to: URL(fileURLWithPath: path))
        let result = try MosaicExecutable.run([path])
        let what = "\(report.describe(input: number, input)) → \(result)"
        #expect(result.stdout == "", "\(what)")
        #expect(result.stderrLines.count == 1, "\(what)")
        HostileTextTests.expectClean(result.standardError, "stderr of \(what)")
        switch result.status {
        case 2: #expect(result.stderr.hasPrefix("mosaic: \(path)"), "\(what)")
        case 1:
          #expect(result.stderr.hasPrefix("mosaic: standard input is not a terminal"), "\(what)")
        default: Issue.record("unexpected status: \(what)")
        }
      }
    }
  }

  @Test func mutatedSpecsEndInOneLineOrAReport() throws {
    let seed = SeededGenerator.runSeed()
    let report = FuzzReport(target: "mosaic layout", seed: seed)
    print(report.banner)
    var mutator = FuzzMutator(seed: seed)
    for number in 0..<Self.samplesPerKind * 2 {
      let input = mutator.mutate(Array(Self.specSeed.utf8))
      // A valid spec may hold up to 10^12 items, and `mosaic layout` with no query prints every
      // one: a report still going after 4 MB is a valid spec's, which the in-process fuzzer
      // checks; here it is enough that it began as a report.
      let result = try ProcessRunner(
        executable: try #require(TestExecutable.url(named: "mosaic")), timeout: 60,
        outputLimit: 4 << 20
      ).run(["layout", "-"], input: Data(input))
      let what = "\(report.describe(input: number, input)) → \(result)"
      #expect(!result.timedOut, "\(what)")
      if result.outputLimited {
        #expect(result.stdout.hasPrefix("{"), "\(what)")
        #expect(result.stderr == "", "\(what)")
        continue
      }
      HostileTextTests.expectClean(result.standardOutput, "stdout of \(what)")
      HostileTextTests.expectClean(result.standardError, "stderr of \(what)")
      switch result.status {
      case 0:
        #expect(result.stderr == "", "\(what)")
        #expect(
          (try? JSONSerialization.jsonObject(with: result.standardOutput)) is [String: Any],
          "\(what)")
      case 2:
        #expect(result.stdout == "", "\(what)")
        #expect(result.stderrLines.count == 1, "\(what)")
        #expect(result.stderr.hasPrefix("mosaic layout: <stdin>: "), "\(what)")
      default: Issue.record("unexpected status: \(what)")
      }
    }
  }
}
