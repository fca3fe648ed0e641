import Foundation
import MosaicTestSupport
import Testing

/// The watchdogs themselves: a wait that never ends is cut at its source and fails the test
/// with a message, instead of hanging the run.
@Suite struct WatchdogTests {
  @Test func aReadThatNeverEndsIsUnblockedAndFailsTheTest() throws {
    let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
    defer { pty.close() }
    let started = Date()
    var count = 1
    withKnownIssue("the watchdog records that no key came") {
      Watchdog.guarding("a key that is never typed", limit: 0.5, unblock: { pty.hangUp() }) {
        var byte: UInt8 = 0
        count = read(pty.programDescriptor, &byte, 1)
      }
    }
    #expect(count <= 0, "the hang-up ended the read")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  @Test func aWatchdogCancelledInTimeDoesNothing() throws {
    let watchdog = Watchdog("nothing", limit: 0.2) { Issue.record("unblocked anyway") }
    #expect(!watchdog.cancel())
    usleep(400_000)
    #expect(!watchdog.hasFired)
  }

  @Test(.enabled(if: TmuxSession.shouldRun, "needs tmux"))
  func aTmuxSessionPastItsTimeLimitIsKilledAndFailsTheTest() throws {
    let session = try TmuxSession(command: "sleep 600", columns: 40, rows: 10, timeLimit: 1)
    defer { session.kill() }
    let started = Date()
    withKnownIssue("the session's watchdog records that it ran out of time") {
      session.waitFor("text that never comes", timeout: 60) { $0.contains("never") }
      session.kill()
    }
    #expect(Date().timeIntervalSince(started) < 30, "the wait ended when the server was killed")
  }
}
