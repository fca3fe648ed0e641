import Foundation
import MosaicTestSupport
import Testing

/// The built `mosaic` executable, run as a subprocess.
enum MosaicExecutable {
  /// Runs `mosaic` with `arguments` and `input` on standard input, in `environment` (nil:
  /// the tests' own).
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ProcessRunner.Result {
    let executable = try #require(
      TestExecutable.url(named: "mosaic"),
      "mosaic not built; looked at \(TestExecutable.candidates(named: "mosaic").map(\.path))",
      sourceLocation: sourceLocation)
    let result = try ProcessRunner(executable: executable).run(
      arguments, input: Data(input.utf8), environment: environment)
    #expect(!result.timedOut, "mosaic \(arguments) hung", sourceLocation: sourceLocation)
    return result
  }

  /// Writes `text` to a new temporary file and returns its path.
  static func temporaryFile(_ text: String, name: String = "spec.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaicTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// The repository's `demo-data` directory.
  static var demoData: URL {
    TestExecutable.packageRoot().appendingPathComponent("demo-data")
  }
}
