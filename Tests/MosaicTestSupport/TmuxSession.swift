import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program running in a detached tmux session of a fixed size, for end-to-end tests of the
/// interactive commands: type keys, read the screen back as text, see how the program exited.
///
/// Each session has its own server (`tmux -L` with a private socket name and no user config),
/// so tests never touch a user's tmux and can run side by side; `kill()` (also run on deinit)
/// always stops that server. Panes stay on screen after their program exits, and a shell
/// around the program records its exit status.
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
  /// The file the program's exit status is written to when it ends.
  private let statusPath: String
  private var isKilled = false
  /// The tmux server's process id, once known.
  private var serverPID: pid_t?
  /// The process id of the shell running the program, once known.
  private var panePID: pid_t?
  /// The server's socket file, once known.
  private var socketPath: String?

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
    statusPath = directory.appendingPathComponent("status").path
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let config = directory.appendingPathComponent("tmux.conf")
    // remain-on-exit is set before the program starts, so even a program that exits at once
    // leaves its last screen behind.
    try Data(
      """
      set -g remain-on-exit on
      set -g default-shell /bin/sh
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
    // The shell tmux runs the command with records its exit status.
    arguments.append(
      command.map(Self.shellQuoted).joined(separator: " ") + "; echo $? > "
        + Self.shellQuoted(statusPath))
    let (status, output) = try tmux(arguments)
    guard status == 0 else {
      kill()
      throw Failure(description: "tmux new-session failed (\(status)): \(output)")
    }
    let ids = try tmux(["display-message", "-p", "-t", "0", "#{pid} #{pane_pid} #{socket_path}"])
      .output.split(whereSeparator: \.isWhitespace)
    if ids.count == 3 {
      (serverPID, panePID, socketPath) = (pid_t(ids[0]), pid_t(ids[1]), String(ids[2]))
    }
  }

  deinit { kill() }

  /// Runs `tmux -u -L socket arguments…` and returns its status and combined output; a tmux
  /// client that takes more than `timeout` seconds is killed.
  @discardableResult
  public func tmux(_ arguments: [String], timeout: TimeInterval = 10) throws -> (
    status: Int32, output: String
  ) {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    if environment["LANG"] == nil { environment["LANG"] = "C.UTF-8" }
    // A file, not a pipe: the server the first client starts must not hold our read end open.
    let outputPath = directory.appendingPathComponent("output-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    let status = try Self.run(
      Self.tmuxPath ?? "/usr/bin/tmux", ["tmux", "-u", "-L", socket] + arguments,
      environment: environment, outputPath: outputPath, timeout: timeout)
    let data = FileManager.default.contents(atPath: outputPath) ?? Data()
    return (status, String(decoding: data, as: UTF8.self))
  }

  /// Spawns `path` with `arguments` (the first is the program's name), its output and errors
  /// into the file at `outputPath`, and waits at most `timeout` seconds for its exit status.
  ///
  /// Not Foundation's `Process`: a child inherits the spawning thread's signal mask, and the
  /// test runner's threads block SIGHUP, SIGINT and SIGTERM, so the tmux server and the program
  /// under test would not die of the signals that end them in real use. posix_spawn starts the
  /// child with no signal blocked and the default actions, and `waitpid` on its own pid cannot
  /// miss the exit.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String], outputPath: String,
    timeout: TimeInterval
  ) throws -> Int32 {
    let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard output >= 0 else { throw Failure(description: "cannot create \(outputPath)") }
    defer { close(output) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaulted = sigset_t()
    sigemptyset(&defaulted)
    for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD] {
      sigaddset(&defaulted, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaulted)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, output, 2)

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
    }

    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited < 0 && errno != EINTR {
        throw Failure(description: "waitpid failed for \(path)")
      }
      if Date() >= deadline {
        signalProcess(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        throw Failure(description: "\(arguments.joined(separator: " ")) took over \(timeout) s")
      }
      usleep(10_000)
    }
    // Exited normally: the status is in the second byte; killed: 128 + the signal.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
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

  /// The exit status of the program once it has exited (128 + the signal for a program killed
  /// by one), or nil while it runs.
  ///
  /// Read from the file the shell around the program writes when it ends: tmux's own
  /// `pane_dead_status` sometimes never arrives once the pane is dead.
  public func exitStatus() throws -> Int32? {
    guard let data = FileManager.default.contents(atPath: statusPath),
      let text = String(data: data, encoding: .utf8), text.hasSuffix("\n")
    else { return nil }
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
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
  ///
  /// Should the server not go (its program ignoring SIGHUP), the server and the program, both
  /// started by this session, are killed by their process ids.
  public func kill() {
    guard !isKilled else { return }
    isKilled = true
    _ = try? tmux(["kill-server"], timeout: 5)
    for pid in [panePID, serverPID].compactMap({ $0 }) where signalProcess(pid, 0) == 0 {
      signalProcess(pid, SIGKILL)
    }
    // A server killed outright leaves its socket file behind.
    if let socketPath { unlink(socketPath) }
    try? FileManager.default.removeItem(at: directory)
  }

  /// `argument` quoted for the shell tmux runs the command with.
  static func shellQuoted(_ argument: String) -> String {
    "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// `kill(2)`, out of reach of `TmuxSession.kill()`'s name.
@discardableResult
private func signalProcess(_ pid: pid_t, _ signal: Int32) -> Int32 {
  kill(pid, signal)
}
