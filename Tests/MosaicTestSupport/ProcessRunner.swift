import Foundation

/// Runs an executable as a subprocess, feeding it standard input and capturing its output and status.
///
/// For tests that check a command through its contract (status, stdout,
/// stderr). A run that outlives its timeout is killed and reported as timed
/// out, so a hang fails the test instead of blocking the suite.
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

    /// Standard output decoded as UTF-8.
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error decoded as UTF-8.
    public var stderr: String { String(decoding: standardError, as: UTF8.self) }
    /// The lines of standard error, without the final newline.
    public var stderrLines: [String] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .dropLast(stderr.hasSuffix("\n") ? 1 : 0)
    }

    /// The status and both streams, for failure messages.
    public var description: String {
      "status \(status)\(timedOut ? " (timed out)" : "")\nstdout: \(stdout)\nstderr: \(stderr)"
    }
  }

  /// The executable to run.
  public var executable: URL
  /// How long a run may take before it is killed.
  public var timeout: TimeInterval

  /// Creates a runner for `executable`.
  public init(executable: URL, timeout: TimeInterval = 120) {
    self.executable = executable
    self.timeout = timeout
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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let inputPipe = Pipe()
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardInput = inputPipe
    process.standardOutput = outputPipe
    process.standardError = errorPipe

    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()

    // Drain both outputs and feed the input on their own threads, so a child
    // that fills one pipe while we block on another cannot deadlock the run.
    let group = DispatchGroup()
    let output = DataBox()
    let error = DataBox()
    DispatchQueue.global().async(group: group) {
      output.data = outputPipe.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: group) {
      error.data = errorPipe.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async {
      // A child that exits without reading its input makes this write fail
      // with EPIPE; that is the child's choice, not an error of the run.
      try? inputPipe.fileHandleForWriting.write(contentsOf: input)
      try? inputPipe.fileHandleForWriting.close()
    }

    var timedOut = false
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      process.terminate()
      if finished.wait(timeout: .now() + 5) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
    }
    group.wait()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Result(
      status: status, standardOutput: output.data, standardError: error.data, timedOut: timedOut)
  }
}

/// A mutable box the reader threads fill; each is written by one thread and read after `group.wait()`.
private final class DataBox: @unchecked Sendable {
  var data = Data()
}
