import Foundation
import MosaicTestSupport
import Testing

/// The subprocess helper itself: input, both outputs, status, and the hang guard.
@Suite struct ProcessRunnerTests {
  @Test func feedsInputAndCapturesALargeOutputWithoutDeadlock() throws {
    // 2 MB through cat: far more than a pipe buffer in each direction.
    let input = String(repeating: "0123456789abcdef\n", count: 120_000)
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/cat"))
      .run([], input: Data(input.utf8))
    #expect(result.status == 0)
    #expect(result.stdout == input)
    #expect(result.stderr == "")
    #expect(!result.timedOut)
  }

  @Test func capturesStandardErrorAndTheExitStatus() throws {
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/sh"))
      .run(["-c", "echo out; echo err >&2; exit 3"])
    #expect(result.status == 3)
    #expect(result.stdout == "out\n")
    #expect(result.stderrLines == ["err"])
  }

  @Test func aHangIsKilledAndReported() throws {
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/sleep"), timeout: 0.5)
      .run(["600"])
    #expect(result.timedOut)
    // SIGTERM first; SIGKILL when the child outlives the grace period (a
    // signal mask inherited from the test runner can hold SIGTERM back).
    #expect([128 + SIGTERM, 128 + SIGKILL].contains(result.status))
  }

  @Test func aGrandchildThatKeepsTheOutputOpenIsKilledWithItsParent() throws {
    // The shell exits at once, but the sleep it left behind holds standard output open.
    let started = Date()
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/sh"), timeout: 1)
      .run(["-c", "sleep 60 & echo $!"])
    #expect(Date().timeIntervalSince(started) < 10, "the run waited for the grandchild")
    #expect(result.timedOut, "its output never ended")
    #expect(result.status == 0, "the shell itself exited normally")
    let grandchild = try #require(
      pid_t(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    // Killed with its process group; once reparented, init reaps it.
    var alive = true
    for _ in 0..<200 where alive {
      alive = kill(grandchild, 0) == 0
      if alive { usleep(10_000) }
    }
    #expect(!alive, "the grandchild \(grandchild) still runs")
  }

  @Test func aChildThatIgnoresItsInputDoesNotBreakTheRun() throws {
    let input = Data(repeating: 65, count: 1 << 20)
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/true")).run(
      [], input: input)
    #expect(result.status == 0)
    #expect(!result.timedOut)
  }
}
