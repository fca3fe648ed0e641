import Foundation

/// Finds the package's built executables, for tests that run them as subprocesses.
///
/// SwiftPM builds every executable product next to the test bundle
/// (`swift build --build-tests` and `swift test` both link them), so the
/// directory of the running test executable is the right place whatever the
/// configuration or `--scratch-path`. `MOSAIC_EXECUTABLE_DIR` overrides it.
public enum TestExecutable {
  /// The built executable `name` (e.g. `"mosaic"`), or nil when it cannot be found.
  public static func url(named name: String, filePath: String = #filePath) -> URL? {
    candidates(named: name, filePath: filePath).first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  /// Every place looked at, in order, for failure messages.
  public static func candidates(named name: String, filePath: String = #filePath) -> [URL] {
    var directories: [URL] = []
    if let override = ProcessInfo.processInfo.environment["MOSAIC_EXECUTABLE_DIR"] {
      directories.append(URL(fileURLWithPath: override))
    }
    // Linux: the test runner is <bin>/MosaicPackageTests.xctest itself.
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    // macOS: the runner is Xcode's xctest tool; the bundle is <bin>/X.xctest.
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(packageRoot(filePath: filePath).appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent(name) }
  }

  /// The package's root directory: the parent of `Tests/`, found from a test file's path.
  public static func packageRoot(filePath: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: filePath)
    while url.pathComponents.count > 1 {
      url.deleteLastPathComponent()
      if url.lastPathComponent == "Tests" { return url.deletingLastPathComponent() }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }
}
