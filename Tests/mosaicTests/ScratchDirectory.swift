import Foundation

/// A directory of its own under the system's temporary directory for one test's files, removed
/// with everything in it when the value is released.
final class ScratchDirectory {
  /// The directory.
  let url: URL

  /// Makes a new, empty directory whose name starts with `prefix`.
  init(_ prefix: String) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of the file `name` in the directory.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` as UTF-8 to the file `name` in the directory.
  func write(_ text: String, to name: String) throws {
    try text.write(toFile: path(name), atomically: false, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
