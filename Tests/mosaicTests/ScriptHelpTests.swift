import Foundation
import MosaicTestSupport
import Testing

/// Every data script (`demo-data/*.py`) and tool script (`scripts/*`) answers `--help` with its
/// usage on standard output and status 0, quickly, doing nothing else: `make-rows.py --help`
/// must not start writing a million rows, and a script whose generator needs a package that is
/// not installed must still explain itself.
@Suite struct ScriptHelpTests {
  /// Every script of the repository, found afresh, so a new one is held to the same rule.
  static let scripts: [String] = {
    let root = TestExecutable.packageRoot()
    var paths: [String] = []
    for directory in ["demo-data", "scripts"] {
      let names =
        (try? FileManager.default.contentsOfDirectory(
          atPath: root.appendingPathComponent(directory).path)) ?? []
      for name in names.sorted()
      where name.hasSuffix(".py") || name.hasSuffix(".sh")
        || (directory == "scripts" && !name.contains(".")
          && !Self.isDirectory(root.appendingPathComponent("\(directory)/\(name)")))
      {
        paths.append("\(directory)/\(name)")
      }
    }
    return paths
  }()

  /// Whether `url` is a folder (scripts/peers holds the C grid's source, not a script).
  static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  @Test func theScriptsAreFound() {
    #expect(Self.scripts.contains("demo-data/make-rows.py"))
    #expect(Self.scripts.contains("scripts/limits.py"))
    #expect(!Self.scripts.contains("scripts/peers"))
    #expect(Self.scripts.contains("scripts/stress-terminal-tests.sh"))
    #expect(Self.scripts.contains("scripts/make-man-page.py"))
  }

  @Test(
    .enabled(
      if: CommandLookup.isInstalled("python3") && CommandLookup.isInstalled("bash"),
      "python3 and bash run the scripts"),
    arguments: scripts)
  func answersHelp(_ script: String) throws {
    let root = TestExecutable.packageRoot()
    let interpreter = script.hasSuffix(".py") ? "python3" : "bash"
    let result = try ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60, outputLimit: 1 << 20
    ).run(
      [interpreter, root.appendingPathComponent(script).path, "--help"],
      currentDirectory: root)
    #expect(!result.timedOut, "\(script) --help hung: \(result)")
    #expect(result.status == 0, "\(script) --help: \(result)")
    #expect(result.stdout.lowercased().hasPrefix("usage:"), "\(script) --help: \(result)")
    #expect(result.stdout.count < 20_000, "\(script) --help printed more than help")
    #expect(result.stderr == "", "\(script) --help: \(result)")
  }
}
