#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps Swift's crash reports from holding the terminal.
///
/// On a crash the Swift runtime runs `swift-backtrace`, which, when standard input was a
/// terminal at process start, waits up to 30 s for a key ("Press space to interact…") before
/// the process may die. The runtime reads its settings from `SWIFT_BACKTRACE` once, as the
/// process loads, so the only way to change them is to run the program again with the
/// variable set: `makeNonInteractive()` re-executes the binary once, at the very start of
/// `main`, with `interactive=no` (and the report on standard error, away from the data that
/// `y` prints). A backtrace is still printed; only the prompt goes.
public enum CrashReports {
  /// The setting added to `SWIFT_BACKTRACE`, or nil when none is needed: standard input is no
  /// terminal (the runtime is not interactive then), or the user chose for themselves.
  static func settings(adding current: String?, inputIsTerminal: Bool) -> String? {
    guard inputIsTerminal else { return nil }
    let current = current ?? ""
    let keys = current.split(separator: ",").map { $0.split(separator: "=").first ?? "" }
    if keys.contains("interactive") || current.contains("enable=no") { return nil }
    var added = ["interactive=no"]
    if !keys.contains("output-to") { added.append("output-to=stderr") }
    return ([current].filter { !$0.isEmpty } + added).joined(separator: ",")
  }

  /// Re-executes this program with non-interactive crash reports, when they would be
  /// interactive; returns (doing nothing) when they are not or the program cannot be found.
  ///
  /// Call first thing in `main`, before any input is read or file opened.
  public static func makeNonInteractive() {
    let current = getenv("SWIFT_BACKTRACE").map { String(cString: $0) }
    guard let value = settings(adding: current, inputIsTerminal: isatty(STDIN_FILENO) == 1)
    else { return }
    setenv("SWIFT_BACKTRACE", value, 1)
    #if os(Linux)
      execv("/proc/self/exe", CommandLine.unsafeArgv)
    #endif
    // Still here (no /proc, or exec failed): run on with interactive reports.
  }
}
