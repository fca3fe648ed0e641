import Foundation

/// A program running in a detached tmux session of a fixed size, for end-to-end tests of the
/// interactive commands: type keys, read the screen back as text, see how the program exited.
///
/// Each session has its own server (`tmux -L` with a private socket name and no user config),
/// so tests never touch a user's tmux and can run side by side; `kill()` (also run on deinit)
/// always stops that server. Panes stay on screen after their program exits, so its exit status
/// can be read.
public final class TmuxSession {
  /// Why a session could not be used.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, as one line.
    public var description: String
  }

  /// The private socket name.
  public let socket: String
  /// The temporary directory holding the config file.
  private let directory: URL
  private var isKilled = false

  /// Whether tmux can be run here.
  public static var isAvailable: Bool { tmuxPath != nil }

  /// The tmux executable, looked up on `PATH`.
  static let tmuxPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/tmux" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Starts `command` (the executable and its arguments) in a new `columns` × `rows` session,
  /// in `directory` when given, with `environment` added to the program's.
  ///
  /// - Throws: `Failure` when tmux is missing or will not start.
  public init(
    _ command: [String], columns: Int = 80, rows: Int = 24, currentDirectory: URL? = nil,
    environment: [String: String] = [:]
  ) throws {
    guard Self.tmuxPath != nil else { throw Failure(description: "tmux is not installed") }
    socket = "mosaic-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let config = directory.appendingPathComponent("tmux.conf")
    // remain-on-exit is set before the program starts, so even a program that exits at once
    // leaves its pane (and exit status) behind.
    try Data(
      """
      set -g remain-on-exit on
      set -g default-terminal screen
      set -g status off
      set -g escape-time 0

      """.utf8
    ).write(to: config)
    var arguments = [
      "-f", config.path, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
    ]
    if let currentDirectory { arguments += ["-c", currentDirectory.path] }
    for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
      arguments += ["-e", "\(key)=\(value)"]
    }
    arguments.append(command.map(Self.shellQuoted).joined(separator: " "))
    let (status, output) = try tmux(arguments)
    guard status == 0 else {
      kill()
      throw Failure(description: "tmux new-session failed (\(status)): \(output)")
    }
  }

  deinit { kill() }

  /// Runs `tmux -u -L socket arguments…` and returns its status and combined output.
  @discardableResult
  public func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    if environment["LANG"] == nil { environment["LANG"] = "C.UTF-8" }
    // Not Foundation's Process: its exit monitoring can hang beside a zombie (SpawnedCommand).
    return try SpawnedCommand.run(
      Self.tmuxPath ?? "/usr/bin/tmux", ["-u", "-L", socket] + arguments,
      environment: environment.map { "\($0.key)=\($0.value)" })
  }

  /// Types `keys`, each a tmux key name (`"j"`, `"Down"`, `"Escape"`, `"PageDown"`).
  public func send(_ keys: String...) throws {
    let (status, output) = try tmux(["send-keys", "-t", "0"] + keys)
    guard status == 0 else { throw Failure(description: "tmux send-keys failed: \(output)") }
  }

  /// The screen as text, one line per row, trailing spaces removed.
  public func capture() throws -> String {
    let (status, output) = try tmux(["capture-pane", "-p", "-t", "0"])
    guard status == 0 else { throw Failure(description: "tmux capture-pane failed: \(output)") }
    return output.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed.removeLast() }
        return String(trimmed)
      }
      .joined(separator: "\n")
  }

  /// Polls the screen until `condition` holds, for at most `timeout` seconds; returns the
  /// screen that satisfied it, or throws with the last screen seen.
  @discardableResult
  public func waitForScreen(
    timeout: TimeInterval = 10, _ what: String = "the expected screen",
    until condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while true {
      screen = try capture()
      if condition(screen) { return screen }
      if Date() >= deadline { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw Failure(description: "timed out waiting for \(what); screen:\n\(screen)")
  }

  /// Polls until the screen contains `text`.
  @discardableResult
  public func waitForText(_ text: String, timeout: TimeInterval = 10) throws -> String {
    try waitForScreen(timeout: timeout, "\"\(text)\"") { $0.contains(text) }
  }

  /// The exit status of the program once it has exited, or nil while it runs.
  public func exitStatus() throws -> Int32? {
    let (_, output) = try tmux([
      "display-message", "-p", "-t", "0", "#{pane_dead} #{pane_dead_status}",
    ])
    let fields = output.split(whereSeparator: \.isWhitespace)
    // tmux marks the pane dead when the pty closes and learns the status only when it reaps
    // the child, a moment later; until then the status is empty.
    guard fields.first == "1", fields.count > 1 else { return nil }
    return Int32(fields[1]) ?? -1
  }

  /// Polls until the program exits, for at most `timeout` seconds, and returns its status.
  public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status = try exitStatus() { return status }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw Failure(description: "timed out waiting for the program to exit")
  }

  /// Stops the session's server and removes its files; safe to call twice.
  public func kill() {
    guard !isKilled else { return }
    isKilled = true
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
  }

  /// `argument` quoted for the shell tmux runs the command with.
  static func shellQuoted(_ argument: String) -> String {
    "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
