import Foundation
import MosaicTestSupport
import Testing

/// `cp .build/release/mosaic ~/bin/` gives a working program: nothing it needs lives in the
/// build folder.
@Suite struct CopiedBinaryTests {
  /// SwiftPM's resource-bundle accessor looks for `Mosaic_MosaicApp.resources` next to the
  /// executable, then at the absolute build path compiled into it, and is a fatal error when
  /// both are gone. A test cannot take the build folder away from itself, so it checks that
  /// the accessor is not in the binary at all: neither its bundle name nor its fatal message.
  @Test func theBinaryHoldsNoResourceBundleLookup() throws {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let binary = try Data(contentsOf: executable)
    for marker in ["Mosaic_MosaicApp.resources", "could not load resource bundle"] {
      #expect(binary.range(of: Data(marker.utf8)) == nil, "\(executable.path) holds \"\(marker)\"")
    }
  }

  /// The copy, run from an empty directory with no file, opens the bundled demo: without a
  /// terminal it gets as far as asking for one (exit 1), which it does only after the data
  /// opened.
  @Test func aCopyRunFromElsewhereOpensTheBundledDemo() throws {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-copy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("mosaic")
    try FileManager.default.copyItem(at: executable, to: copy)
    let result = try Self.runningFreshCopy {
      try ProcessRunner(executable: copy, timeout: 60).run(
        [], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
        currentDirectory: directory)
    }
    #expect(!result.timedOut, "\(result)")
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "mosaic: standard input is not a terminal; run mosaic in a terminal (or in tmux)"
      ], "\(result)")
  }

  /// Runs `body`, again after a moment while it fails with "Text file busy": a process another
  /// test spawned while the copy was being written inherits its open file for a moment, and
  /// Linux refuses to execute a file open for writing (Go's os/exec retries the same way).
  static func runningFreshCopy<T>(_ body: () throws -> T) throws -> T {
    var attempt = 0
    while true {
      do {
        return try body()
      } catch let error as NSError
        where error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) && attempt < 20
      {
        attempt += 1
        usleep(100_000)
      }
    }
  }
}
