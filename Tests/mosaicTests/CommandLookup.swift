import Foundation

/// Finds programs the way a shell does, so tests that need one can skip cleanly without it.
enum CommandLookup {
  /// Whether `command` is an executable file in a directory of the `PATH`.
  static func isInstalled(_ command: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(command)")
    }
  }
}
