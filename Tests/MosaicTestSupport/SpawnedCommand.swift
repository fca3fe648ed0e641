import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a short command with `posix_spawn` and `waitpid`, its output captured in a file.
///
/// For helpers that run many quick commands from tests running in parallel (tmux): Foundation's
/// `Process.waitUntilExit()` on Linux can miss a child's exit when several are started at once
/// and then waits forever beside a zombie; a plain `waitpid` on the child's own pid cannot.
public enum SpawnedCommand {
  /// Runs `path` with `arguments` and `environment` (NAME=value strings) and returns its exit
  /// status (128 + signal when killed) and its standard output and error, interleaved.
  ///
  /// - Throws: when the command cannot be started.
  public static func run(_ path: String, _ arguments: [String], environment: [String]) throws
    -> (status: Int32, output: String)
  {
    let outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-spawn-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: outputURL) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Nothing else of the test process is inherited: a tmux server outlives its client and
    // would hold other tests' pipes open, so their readers never saw the end of them.
    for descriptor in openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // A clean signal state: the test runner's threads block and ignore signals that a tmux
    // server needs (it reaps its panes' programs on SIGCHLD).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw CocoaError(
        .fileReadUnknown,
        userInfo: [
          NSLocalizedDescriptionKey: "cannot run \(path): \(String(cString: strerror(spawned)))"
        ])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7f == 0
    let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    return (code, output)
  }

  /// The descriptors open in this process now.
  static func openDescriptors() -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.compactMap { Int32($0) }.filter { fcntl($0, F_GETFD) >= 0 }
  }
}
