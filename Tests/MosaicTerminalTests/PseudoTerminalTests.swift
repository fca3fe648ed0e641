import Foundation
import MosaicCollection
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

/// The test pseudo-terminal itself: a hang-up or close always reaches the program side, and
/// closing never pulls a descriptor from under a thread that still uses it.
extension Curses {
  @Suite struct PseudoTerminalTests {
    /// What a program thread saw, read after the thread is known to have finished.
    final class Outcome: @unchecked Sendable {
      var readCount = 1
      var error: (any Error)?
      var wasStartedAfterwards = true
      var events: [InputEvent] = []
    }

    /// Runs a terminal and a `RecordingScene` on the main actor (where the run loop lives) from
    /// a program thread, which waits for it, so the test's thread stays free to type and wait.
    static func runOnMainActor(_ descriptor: Int32, quitAfter: Int, outcome: Outcome) {
      let done = DispatchSemaphore(value: 0)
      Task { @MainActor in
        let scene = TerminalTests.RecordingScene(quitAfter: quitAfter)
        let terminal = Terminal(
          inputDescriptor: descriptor, outputDescriptor: descriptor,
          terminalType: "xterm-256color", installsSignalHandlers: false)
        do { try terminal.run(scene) } catch { outcome.error = error }
        outcome.wasStartedAfterwards = terminal.isStarted
        outcome.events = scene.events
        done.signal()
      }
      done.wait()
    }

    @Test func aHangUpEndsAReadThatIsAlreadyBlocked() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      defer { pty.close() }
      let outcome = Outcome()
      let finished = DispatchSemaphore(value: 0)
      let descriptor = pty.programDescriptor
      Thread {
        var byte: UInt8 = 0
        outcome.readCount = read(descriptor, &byte, 1)
        finished.signal()
      }.start()
      // Give the read time to block: the hang-up must reach a reader already waiting.
      usleep(200_000)
      pty.hangUp()
      let ended = finished.wait(timeout: .now() + 10) == .success
      #expect(ended, "the program's read still blocks 10 s after the hang-up")
      if ended { #expect(outcome.readCount <= 0, "end of input or an error, not a byte") }
    }

    @Test func typedKeysReachAProgramRunningOnItsOwnThread() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      defer { pty.close() }
      let outcome = Outcome()
      pty.startProgram { descriptor in
        Self.runOnMainActor(descriptor, quitAfter: 3, outcome: outcome)
      }
      #expect(pty.waitForOutput(containing: "events 0"), "the first frame")
      pty.type("a")
      // curses sends only what changed ("1" over "0"); a quiet spell means the frame is out.
      pty.waitForQuiet(quiet: 0.05)
      pty.type("bc")
      #expect(pty.waitForProgram(limit: 30), "the scene quits after three keys")
      #expect(outcome.error == nil)
      #expect(!outcome.wasStartedAfterwards)
      #expect(
        outcome.events == [.key(.character("a")), .key(.character("b")), .key(.character("c"))])
    }

    @Test func closeHangsUpAndWaitsForTheProgramBeforeClosingItsDescriptor() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      let outcome = Outcome()
      // A scene that never quits: only the hang-up in close() can end the run.
      pty.startProgram { descriptor in
        Self.runOnMainActor(descriptor, quitAfter: .max, outcome: outcome)
      }
      #expect(pty.waitForOutput(containing: "events 0"))
      pty.close()
      // close() returned, so the program thread has finished: its outcome is settled.
      #expect(pty.isHungUp)
      #expect(outcome.error as? TerminalError == .inputClosed)
      #expect(!outcome.wasStartedAfterwards, "the run restored the terminal on its way out")
      #expect(pty.waitForProgram(limit: 0))
    }

    /// A slow reader takes its chunk every 10 ms: 200 bytes at 2,000 bytes a second (20 a
    /// chunk) arrive whole, in about 0.1 s, not at once; closing it meanwhile is not held up.
    @Test func aSlowReaderReadsAtItsRateAndClosesAtOnce() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      pty.setReadRate(bytesPerSecond: 2000)
      var text = Array((String(repeating: "x", count: 199) + "!").utf8)
      let start = Date()
      #expect(write(pty.programDescriptor, &text, text.count) == text.count)
      #expect(pty.waitForOutput(containing: "x!", limit: 10), "every chunk arrives")
      #expect(Date().timeIntervalSince(start) >= 0.08, "read at the rate, not at once")
      var more = Array(String(repeating: "y", count: 200).utf8)
      _ = write(pty.programDescriptor, &more, more.count)
      let closing = Date()
      pty.close()
      #expect(Date().timeIntervalSince(closing) < 5, "closed without reading the rest first")
    }

    @Test func aClosedTerminalsReaderNeverTakesTheNextOnesOutput() throws {
      // Closed pseudo-terminals free descriptor numbers that the next one is given; output
      // written to the new one must all arrive there.
      for round in 0..<50 {
        let old = try #require(PseudoTerminal(columns: 80, rows: 24))
        old.type("x")
        old.close()
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        defer { pty.close() }
        var text = Array("round \(round) done".utf8)
        #expect(write(pty.programDescriptor, &text, text.count) == text.count)
        #expect(pty.waitForOutput(containing: "round \(round) done", limit: 10), "round \(round)")
      }
    }
  }
}
