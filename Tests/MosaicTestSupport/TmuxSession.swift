import CPseudoTerminal
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A program running in a private tmux server, for end-to-end tests of the
/// terminal UI: start it, send keys, wait for text on the screen, capture it.
///
/// Each session has its own server socket (`tmux -L`), so tests never touch a
/// user's tmux and can run side by side; the server is killed by `kill()` and,
/// as a safety net, when the session is deinitialised. Waits poll
/// `capture-pane` against a deadline; nothing sleeps a fixed time.
///
/// Nothing here can hang a test: every tmux command is killed after `commandLimit` seconds,
/// and a `Watchdog` kills the whole server (and so the program under test) when the session
/// outlives `timeLimit`; either records a failure naming what was waited for.
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
  /// The server's process id once known, for the watchdog to kill when tmux stops answering.
  private let server = ServerProcess()
  private var watchdog: Watchdog?
  /// Seconds one tmux command may take before it is killed (and the server with it).
  public static let commandLimit: TimeInterval = 20

  /// Starts `command` (run by `/bin/sh -c`) in a new detached session of `columns` × `rows`.
  ///
  /// - Parameters:
  ///   - environment: variables set for the command (`LANG`, `TERM`… as tmux gives them
  ///     otherwise); `XDG_STATE_HOME` names a folder that does not exist unless set here.
  ///   - timeLimit: seconds the session may live; past them its server is killed and the test
  ///     fails, instead of waiting on a program that will never answer.
  /// - Throws: when tmux is missing or will not start.
  public init(
    command: String, columns: Int = 120, rows: Int = 40, environment: [String: String] = [:],
    timeLimit: TimeInterval = 180, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    _ = try #require(Self.executable, "tmux is not installed", sourceLocation: sourceLocation)
    socket = "mosaic-terminal-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    // mosaic keeps its prompts' history under XDG_STATE_HOME: a folder that does not exist
    // keeps every test's typing out of the home, unless the test names its own.
    let isolated = ["XDG_STATE_HOME": "/nonexistent/mosaic-tests"].merging(environment) { $1 }
    let assignments = isolated.sorted { $0.key < $1.key }
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
    let pid = try? run(["display-message", "-p", "#{pid}"]).text
    server.pid = pid.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let server = self.server
    watchdog = Watchdog("the tmux session running `\(command)` to end", limit: timeLimit) {
      server.kill()
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

  /// The server's process id, shared with the watchdog's thread.
  private final class ServerProcess: @unchecked Sendable {
    private let lock = NSLock()
    private var storedPID: pid_t?

    var pid: pid_t? {
      get { lock.withLock { storedPID } }
      set { lock.withLock { storedPID = newValue } }
    }

    /// Kills the server and with it every program in its panes (they lose their terminal).
    func kill() {
      if let pid { _ = Glibc.kill(pid, SIGKILL) }
    }
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
      if let watchdog, watchdog.hasFired {
        // The server is gone; no screen will come. Say so once, where the test is.
        watchdog.record(sourceLocation: sourceLocation)
        return screen
      }
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
    watchdog?.cancel()
    watchdog?.record()
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
    guard let status else {
      // A client that does not answer means a server that does not: kill both.
      server.kill()
      let command = arguments.joined(separator: " ")
      Issue.record(
        Comment(
          rawValue: "tmux \(command) did not answer within \(Int(Self.commandLimit)) s; "
            + "the client and the tmux server were killed"))
      return Output(status: 124, text: String(decoding: data, as: UTF8.self))
    }
    return Output(status: status, text: String(decoding: data, as: UTF8.self))
  }

  /// Runs `path` with `arguments` (stdin /dev/null, stdout and stderr to `outputPath`) and
  /// waits for it, at most `commandLimit` seconds; nil when it had to be killed.
  ///
  /// Not Foundation's `Process`: on Linux it never reports the end of `tmux new-session`,
  /// whose forked server keeps the descriptor Process watches. The client starts with no
  /// signal blocked (the test runner's threads block some, and a tmux server with SIGTERM
  /// blocked ignores kill-server), in a session of its own.
  private static func spawnAndWait(_ path: String, _ arguments: [String], outputPath: String)
    throws -> Int32?
  {
    let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
    let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    defer {
      close(input)
      close(output)
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = mosaic_spawn(&pid, path, argv, nil, nil, input, output, output)
    guard result == 0 else { throw TmuxError.spawnFailed(result) }
    let deadline = Date().addingTimeInterval(commandLimit)
    var status: Int32 = 0
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited == -1 && errno != EINTR { return nil }
      if Date() > deadline {
        Glibc.kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return nil
      }
      usleep(1_000)
    }
    // WEXITSTATUS, which Swift cannot import as a macro.
    return (status >> 8) & 0xFF
  }

  /// `value` in single quotes for `/bin/sh`.
  public static func shellQuoted(_ value: String) -> String {
    "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
