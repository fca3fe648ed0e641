import Foundation
import MosaicTestSupport
import Testing

/// The generated million-row CSV (demo-data/make-rows.py), shared at /tmp/rows.csv and made
/// there when missing.
enum MillionRows {
  static let location = "/tmp/rows.csv"

  static func path() throws -> String {
    if FileManager.default.fileExists(atPath: location) { return location }
    let script = TestExecutable.packageRoot().appendingPathComponent("demo-data/make-rows.py")
    let partial = location + ".\(getpid()).partial"
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/sh")).run(
      ["-c", "python3 \(TmuxSession.shellQuoted(script.path)) > \(partial)"], input: Data())
    try #require(result.status == 0, "make-rows.py failed")
    // Renamed into place whole, so a test running beside this one never reads half a file;
    // another run may have made it meanwhile, and either copy is the same file.
    if rename(partial, location) != 0 { try? FileManager.default.removeItem(atPath: partial) }
    return location
  }

  /// How many records have a value containing `text`, ignoring case, as "110,770": counted
  /// by Python's csv module, not by mosaic.
  static func count(containing text: String) throws -> String {
    let program = """
      import csv, sys
      needle = sys.argv[2].lower()
      with open(sys.argv[1], newline="") as f:
          rows = csv.reader(f)
          next(rows)
          print(f"{sum(any(needle in v.lower() for v in r) for r in rows):,}")
      """
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env")).run(
      ["python3", "-c", program, location, text], input: Data())
    #expect(result.status == 0, "\(result)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
