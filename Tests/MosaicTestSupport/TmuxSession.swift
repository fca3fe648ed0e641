import Foundation
import Testing

/// A program running in a private tmux server, for end-to-end tests of the
/// terminal UI: start it, send keys, wait for text on the screen, capture it.
///
/// Each session has its own server socket (`tmux -L`), so tests never touch a
/// user's tmux and can run side by side; the server is killed by `kill()` and,
/// as a safety net, when the session is deinitialised. Waits poll
/// `capture-pane` against a deadline; nothing sleeps a fixed time.
public final class TmuxSession {
  /// Whether tmux can be run here.
  public static var isAvailable: Bool { executable != nil }

  /// Whether the tests run under CI (`CI=true`), where they must not be skipped.
  public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// Whether tmux tests should run: always under CI (and fail without tmux), else only with tmux.
  public static var shouldRun: Bool { isAvailable || isCI }

  /// The tmux executable on `PATH`, if any.
  public static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("tmux")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }()

  /// What a tmux command printed and its exit status.
  public struct Output {
    /// The exit status.
    public var status: Int32
    /// Standard output.
    public var text: String
  }

  /// The private server's socket name.
  public let socket: String
  private var isKilled = false

  /// Starts `command` (run by `/bin/sh -c`) in a new detached session of `columns` × `rows`.
  ///
  /// - Parameter environment: variables set for the command (`LANG`, `TERM`… as tmux gives them otherwise).
  /// - Throws: when tmux is missing or will not start.
  public init(
    command: String, columns: Int = 120, rows: Int = 40, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    _ = try #require(Self.executable, "tmux is not installed", sourceLocation: sourceLocation)
    socket = "mosaic-terminal-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let assignments = environment.sorted { $0.key < $1.key }
      .map { "\($0.key)=\(Self.shellQuoted($0.value))" }
    let shellCommand = (["env"] + assignments + ["/bin/sh", "-c", Self.shellQuoted(command)])
      .joined(separator: " ")
    let started = try run([
      "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", shellCommand,
    ])
    if started.status != 0 {
      kill()
      Issue.record("tmux new-session failed: \(started.text)", sourceLocation: sourceLocation)
      throw TmuxError.startFailed
    }
  }

  deinit { kill() }

  /// Why a session could not be used.
  public enum TmuxError: Error {
    /// `tmux new-session` failed.
    case startFailed
    /// tmux could not be started (the posix_spawn error).
    case spawnFailed(Int32)
  }

  /// The screen as text, one line per row (trailing blanks trimmed by tmux).
  public func capture() -> String {
    (try? run(["capture-pane", "-p"]).text) ?? ""
  }

  /// Sends tmux key names (`Down`, `PageDown`, `C-c`, `q`…).
  ///
  /// After an `Escape` the next key waits a tenth of a second, as a person's would: the
  /// program knows a lone Esc only by the pause after it, and an Esc followed at once by a key
  /// is what a terminal sends for Alt+key.
  public func sendKeys(_ keys: String...) {
    _ = try? run(["send-keys"] + keys)
    if keys.last == "Escape" { usleep(100_000) }
  }

  /// Types `text` into the pane literally (`send-keys -l`), e.g. a raw mouse report.
  public func sendLiteral(_ text: String) {
    _ = try? run(["send-keys", "-l", text])
  }

  /// Runs one tmux command against this server (a copy-mode move, `display-message -p`…) and
  /// returns what it printed.
  @discardableResult
  public func command(_ arguments: String...) -> String {
    (try? run(arguments).text) ?? ""
  }

  /// Resizes the session's window.
  public func resize(columns: Int, rows: Int) {
    _ = try? run(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The process id of the pane's first process (the shell that runs the command).
  public func panePID() -> pid_t? {
    guard let text = try? run(["display-message", "-p", "#{pane_pid}"]).text else { return nil }
    return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Polls the screen until `predicate` holds on a settled screen or `timeout` seconds pass;
  /// returns the last screen, and records an issue (with that screen) when the deadline passed.
  ///
  /// A screen counts once two captures 30 ms apart agree: a program paints a frame in several
  /// writes, and a capture taken mid-paint can hold the awaited line but not the rest.
  @discardableResult
  public func waitFor(
    _ description: String, timeout: TimeInterval = 15,
    sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool
  ) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = capture()
    while true {
      if predicate(screen) {
        usleep(30_000)
        let again = capture()
        // A screen that keeps changing (a progress line) is taken as it is at the deadline.
        if again == screen || (Date() > deadline && predicate(again)) { return again }
        screen = again
        continue
      }
      if Date() > deadline {
        Issue.record(
          "timed out after \(timeout) s waiting for \(description); screen:\n\(screen)",
          sourceLocation: sourceLocation)
        return screen
      }
      usleep(20_000)
      screen = capture()
    }
  }

  /// Polls the screen until it contains `text`; see `waitFor(_:timeout:_:)`.
  @discardableResult
  public func waitFor(
    text: String, timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    waitFor("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) {
      $0.contains(text)
    }
  }

  /// Kills the private server and everything running in it; safe to call twice.
  public func kill() {
    guard !isKilled else { return }
    isKilled = true
    _ = try? run(["kill-server"])
  }

  @discardableResult
  private func run(_ arguments: [String]) throws -> Output {
    // Output goes to a file, not a pipe: the server that new-session forks
    // inherits the client's descriptors, and a pipe would never reach EOF.
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket)-\(UUID().uuidString).out").path
    defer { unlink(outputPath) }
    // -u: the screen is UTF-8 whatever the test runner's locale.
    let status = try Self.spawnAndWait(
      Self.executable!.path, ["-u", "-L", socket] + arguments, outputPath: outputPath)
    let data = FileManager.default.contents(atPath: outputPath) ?? Data()
    return Output(status: status, text: String(decoding: data, as: UTF8.self))
  }

  /// Runs `path` with `arguments` (stdin /dev/null, stdout and stderr to `outputPath`) and
  /// waits for it with waitpid.
  ///
  /// Not Foundation's `Process`: on Linux it never reports the end of `tmux new-session`,
  /// whose forked server keeps the descriptor Process watches.
  private static func spawnAndWait(_ path: String, _ arguments: [String], outputPath: String)
    throws -> Int32
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // The test runner's threads block signals, and a spawned process inherits that mask:
    // a tmux server with SIGTERM blocked ignores kill-server. Start it with none blocked
    // and the usual signals at their default actions.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGHUP, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard result == 0 else { throw TmuxError.spawnFailed(result) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WEXITSTATUS, which Swift cannot import as a macro.
    return (status >> 8) & 0xFF
  }

  /// `value` in single quotes for `/bin/sh`.
  public static func shellQuoted(_ value: String) -> String {
    "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
