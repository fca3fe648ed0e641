import Foundation
import MosaicTestSupport
import Testing

/// The built `mosaic` in a tmux pane, the way every end-to-end suite starts it: `TERM=screen`,
/// a UTF-8 locale, and a shell that prints `mosaic-exit=STATUS` when mosaic ends and keeps the
/// pane open so the last screen can still be read.
enum MosaicPane {
  /// Starts the built `mosaic` with `arguments` in the package directory.
  static func start(
    _ arguments: [String], columns: Int = 100, rows: Int = 30,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> TmuxSession {
    let executable = try #require(
      TestExecutable.url(named: "mosaic"), sourceLocation: sourceLocation)
    let words = ([executable.path] + arguments).map(TmuxSession.shellQuoted)
    return try start(
      command: words.joined(separator: " "), directory: TestExecutable.packageRoot().path,
      columns: columns, rows: rows)
  }

  /// Runs `shell` (where `$MOSAIC` names the built executable) in `directory`.
  static func start(
    shell: String, directory: String, columns: Int = 100, rows: Int = 24,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> TmuxSession {
    let executable = try #require(
      TestExecutable.url(named: "mosaic"), sourceLocation: sourceLocation)
    return try start(
      command: "MOSAIC=\(TmuxSession.shellQuoted(executable.path)); \(shell)",
      directory: directory, columns: columns, rows: rows)
  }

  private static func start(command: String, directory: String, columns: Int, rows: Int) throws
    -> TmuxSession
  {
    try TmuxSession(
      command: "cd \(TmuxSession.shellQuoted(directory)) && \(command); "
        + "echo mosaic-exit=$?; exec sleep 600",
      columns: columns, rows: rows,
      // The prompts' history is kept out of the home: the folder named does not exist.
      environment: [
        "TERM": "screen", "LANG": "C.UTF-8", "XDG_STATE_HOME": "/nonexistent/mosaic-tests",
      ])
  }

  /// The line `mosaic-exit=N` once mosaic has ended (the wait fails the test after 10 s).
  static func exitLine(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation)
    -> String
  {
    let screen = tmux.waitFor("mosaic to exit", timeout: 10, sourceLocation: sourceLocation) {
      $0.contains("mosaic-exit=")
    }
    return screen.split(separator: "\n").first { $0.contains("mosaic-exit=") }.map(String.init)
      ?? ""
  }

  /// The last non-blank line of the screen: the status bar.
  static func statusBar(_ screen: String) -> String {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map(String.init) ?? ""
  }
}
