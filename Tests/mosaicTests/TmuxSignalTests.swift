import Foundation
import MosaicTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every signal whose default action ends the process, sent to a running demo: the terminal is
/// given back (cooked mode, main screen, cursor, no mouse reporting) and mosaic dies by that
/// signal, promptly.
@Suite(.enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxSignalTests {
  typealias DemoRun = TmuxDemoTests.DemoRun

  static let signals: [Int32] = {
    var signals: [Int32] = [
      SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE, SIGIO,
      SIGSYS, SIGABRT,
      // Crash signals sent by kill: Swift's backtracer prints and returns, the guard ends it.
      SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
    ]
    #if os(Linux)
      signals += [SIGSTKFLT, SIGPWR, __libc_current_sigrtmin(), __libc_current_sigrtmax()]
    #endif
    return signals
  }()

  @Test(arguments: signals)
  func signalRestoresTheTerminalAndEndsTheProcess(signal: Int32) throws {
    let run = try DemoRun(["demo", "grid"], environment: ["TERM": "xterm-256color"])
    run.session.waitFor(text: "item 0 of section 0")
    let pid = try #require(run.pid())
    kill(pid, signal)
    let (status, screen) = run.waitForExit()
    #expect(status == 128 + Int(signal), "signal \(signal): status \(String(describing: status))")
    TmuxPane.expectCooked(screen)
    #expect(!screen.contains("Section 0 ·"), "the demo's screen is still shown:\n\(screen)")
    TmuxPane(session: run.session).expectModesRestored()
  }

  @Test func aCrashPrintsABacktraceWithoutHoldingTheTerminal() throws {
    // As a user runs it: no SWIFT_BACKTRACE, so Swift's backtracer would be interactive and
    // wait 30 s for a key on the terminal.
    let started = Date()
    let run = try DemoRun(
      ["demo", "grid"], environment: ["MOSAIC_DEBUG_TRAP": "1", "SWIFT_BACKTRACE": ""])
    let (status, screen) = run.waitForExit()
    #expect(Date().timeIntervalSince(started) < 15, "the crash held the terminal")
    #expect(
      status == 128 + Int(SIGILL) || status == 128 + Int(SIGTRAP),
      "status \(String(describing: status))")
    #expect(screen.contains("Backtrace took"), "a backtrace on standard error:\n\(screen)")
    #expect(!screen.contains("Press space"), "\(screen)")
    TmuxPane.expectCooked(screen)
    TmuxPane(session: run.session).expectModesRestored()
  }
}
