import Foundation
import MosaicTestSupport
import Testing

/// Runs a Python 3 program as a subprocess (with the runner's timeout): how export tests
/// compute the answers they expect, with Python's own csv, json and sqlite3 modules and not
/// Mosaic's code.
enum PythonScript {
  /// Whether `python3` is on the PATH.
  static var isAvailable: Bool { CommandLookup.isInstalled("python3") }

  /// Runs `program` with `arguments`, requiring it to exit 0, and returns its standard output.
  static func run(
    _ program: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(["python3", "-c", program] + arguments, input: Data())
    #expect(!result.timedOut, "python3 hung", sourceLocation: sourceLocation)
    #expect(result.status == 0, "python3 failed: \(result)", sourceLocation: sourceLocation)
    return result.stdout
  }
}
