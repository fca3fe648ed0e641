import CPseudoTerminal
import Foundation

/// Runs an executable as a subprocess, feeding it standard input and capturing its output and status.
///
/// For tests that check a command through its contract (status, stdout,
/// stderr). A run that outlives its timeout is killed and reported as timed
/// out, so a hang fails the test instead of blocking the suite.
///
/// The child runs in a session of its own (no controlling terminal, so it can never take the
/// test runner's), and at the deadline its whole process group is killed: SIGTERM, then
/// SIGKILL. Its output is read until both pipes close or the deadline passes, so a grandchild
/// that keeps a pipe open cannot hold the run either.
public struct ProcessRunner: Sendable {
  /// What a finished (or killed) run produced.
  public struct Result: Sendable, CustomStringConvertible {
    /// The exit status; for a process killed by a signal, 128 + the signal number.
    public var status: Int32
    /// Everything written to standard output.
    public var standardOutput: Data
    /// Everything written to standard error.
    public var standardError: Data
    /// Whether the run was killed for exceeding its timeout.
    public var timedOut: Bool
    /// Whether the run was killed for writing more standard output than the runner's limit.
    public var outputLimited = false

    /// Standard output decoded as UTF-8.
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error decoded as UTF-8.
    public var stderr: String { String(decoding: standardError, as: UTF8.self) }
    /// The lines of standard error, without the final newline.
    public var stderrLines: [String] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .dropLast(stderr.hasSuffix("\n") ? 1 : 0)
    }

    /// The status and both streams, each cut to its first 4,000 characters, for failure
    /// messages (a runaway output must not become a runaway log).
    public var description: String {
      let why = outputLimited ? " (output limit)" : timedOut ? " (timed out)" : ""
      return "status \(status)\(why)\nstdout: \(Self.cut(stdout))\nstderr: \(Self.cut(stderr))"
    }

    private static func cut(_ text: String) -> String {
      guard text.count > 4_000 else { return text }
      return "\(text.prefix(4_000))… (\(text.utf8.count) bytes in all)"
    }
  }

  /// The executable to run.
  public var executable: URL
  /// How long a run may take before it is killed.
  public var timeout: TimeInterval
  /// The most bytes of standard output a run may write before it is killed; nil for no limit.
  public var outputLimit: Int?

  /// Creates a runner for `executable`.
  public init(executable: URL, timeout: TimeInterval = 120, outputLimit: Int? = nil) {
    self.executable = executable
    self.timeout = timeout
    self.outputLimit = outputLimit
    _ = Self.ignoreBrokenPipes
  }

  /// Writing to a child that has already exited raises SIGPIPE, whose default
  /// action would kill the whole test process; ignored, the write just fails.
  private static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  /// Runs the executable with `arguments`, writing `input` to its standard input and then closing it.
  ///
  /// - Throws: when the process cannot be started.
  public func run(
    _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil,
    currentDirectory: URL? = nil
  ) throws -> Result {
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard mosaic_pipe(&inputPipe) == 0, mosaic_pipe(&outputPipe) == 0, mosaic_pipe(&errorPipe) == 0
    else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
    // The child's ends block, as a program expects of its standard streams.
    for descriptor in [inputPipe[0], outputPipe[1], errorPipe[1]] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer {
      argv.forEach { free($0) }
      envp?.forEach { free($0) }
    }
    var pid: pid_t = 0
    var spawned: Int32 = 0
    // A file just written (a copied binary) is "busy" while another thread's fork still holds
    // a copy of its write descriptor, until that child execs: wait that out, up to 2 s.
    for _ in 0..<100 {
      spawned = currentDirectory.map(\.path).withOptionalCString { directory in
        envp.withOptionalPointer { envp in
          mosaic_spawn(
            &pid, executable.path, argv, envp, directory, inputPipe[0], outputPipe[1],
            errorPipe[1])
        }
      }
      guard spawned == ETXTBSY else { break }
      usleep(20_000)
    }
    // The child has its copies; the parent keeps only its own ends.
    close(inputPipe[0])
    close(outputPipe[1])
    close(errorPipe[1])
    guard spawned == 0 else {
      [inputPipe[1], outputPipe[0], errorPipe[0]].forEach { close($0) }
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
    }
    var exchange = Exchange(
      input: [UInt8](input), inputDescriptor: inputPipe[1],
      outputDescriptors: [outputPipe[0], errorPipe[0]])
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32?
    var outputLimited = false
    // Until the child has exited and both pipes are closed (or the deadline): feed, drain, reap.
    while status == nil || !exchange.isDrained {
      if Date() > deadline { break }
      if let outputLimit, exchange.outputs[0].count > outputLimit {
        outputLimited = true
        break
      }
      exchange.step(milliseconds: 10)
      if status == nil { status = Self.reap(pid, blocking: false) }
    }
    var timedOut = false
    if status == nil || !exchange.isDrained {
      timedOut = !outputLimited
      // The whole group: a grandchild holding a pipe open goes too.
      kill(-pid, SIGTERM)
      let grace = Date().addingTimeInterval(2)
      while (status == nil || !exchange.isDrained) && Date() < grace {
        exchange.step(milliseconds: 10)
        if status == nil { status = Self.reap(pid, blocking: false) }
      }
      // A signal mask or handler can hold SIGTERM back; SIGKILL cannot be.
      kill(-pid, SIGKILL)
      if status == nil { status = Self.reap(pid, blocking: true) }
      let last = Date().addingTimeInterval(2)
      while !exchange.isDrained && Date() < last { exchange.step(milliseconds: 10) }
    }
    exchange.closeAll()
    return Result(
      status: status ?? 128 + SIGKILL, standardOutput: Data(exchange.outputs[0]),
      standardError: Data(exchange.outputs[1]), timedOut: timedOut, outputLimited: outputLimited)
  }

  /// The child's status (128 + n when signal n ended it), or nil while it runs.
  private static func reap(_ pid: pid_t, blocking: Bool) -> Int32? {
    var status: Int32 = 0
    while true {
      let waited = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if waited == -1 && errno == EINTR { continue }
      guard waited == pid else { return nil }
      break
    }
    // WIFSIGNALED, WTERMSIG and WEXITSTATUS are macros Swift cannot import.
    let signal = status & 0x7F
    return signal != 0 && signal != 0x7F ? 128 + signal : (status >> 8) & 0xFF
  }
}

/// The parent's ends of the three pipes, fed and drained with poll on one thread, so a child
/// that fills one pipe while we write another cannot deadlock the run.
private struct Exchange {
  var input: [UInt8]
  var inputDescriptor: Int32
  /// Standard output and standard error; -1 once closed.
  var outputDescriptors: [Int32]
  var outputs: [[UInt8]] = [[], []]

  var isDrained: Bool { outputDescriptors.allSatisfy { $0 < 0 } }

  /// Waits up to `milliseconds` for a pipe to be ready, then writes and reads what it can.
  mutating func step(milliseconds: Int32) {
    var descriptors = outputDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    descriptors.append(pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0))
    guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    for index in outputDescriptors.indices where descriptors[index].revents != 0 {
      let count = read(outputDescriptors[index], &buffer, buffer.count)
      if count > 0 {
        outputs[index].append(contentsOf: buffer[0..<count])
      } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
        close(outputDescriptors[index])
        outputDescriptors[index] = -1
      }
    }
    if inputDescriptor >= 0 && descriptors[2].revents != 0 { feed() }
  }

  /// Writes what the pipe takes of the input; closes it when all is written or the child is
  /// gone (EPIPE: a child that exits without reading its input chose so, it is no error).
  private mutating func feed() {
    while !input.isEmpty {
      let count = input.withUnsafeBytes { write(inputDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        input.removeFirst(count)
      } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
        return
      } else {
        break
      }
    }
    close(inputDescriptor)
    inputDescriptor = -1
  }

  mutating func closeAll() {
    if inputDescriptor >= 0 { close(inputDescriptor) }
    outputDescriptors.filter { $0 >= 0 }.forEach { close($0) }
    inputDescriptor = -1
    outputDescriptors = [-1, -1]
  }
}

extension Optional where Wrapped == String {
  /// The string as a C string for `body`, or nil.
  fileprivate func withOptionalCString<T>(_ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let self else { return body(nil) }
    return self.withCString { body($0) }
  }
}

extension Optional where Wrapped == [UnsafeMutablePointer<CChar>?] {
  /// The array's storage for `body`, or nil.
  fileprivate func withOptionalPointer<T>(
    _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> T
  ) -> T {
    guard let self else { return body(nil) }
    return self.withUnsafeBufferPointer { body($0.baseAddress) }
  }
}
