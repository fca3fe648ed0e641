import Foundation
import MosaicCollection
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

/// Synchronized output (DEC private mode 2026): the terminal's answer to the start-up query is
/// read like any input, never taken for a key, and decides whether frames are bracketed.
@Suite struct SynchronizedOutputReportTests {
  @Test(arguments: [("1", 1), ("2", 2), ("0", 0), ("4", 4)])
  func aModeReportIsRecordedAndIsNoKey(_ state: String, _ value: Int) {
    var parser = InputParser()
    let events = parser.feed(Array("\u{1B}[?2026;\(state)$yq".utf8), at: 0)
    #expect(events == [.key(.character("q"))])
    #expect(parser.modeReports[2026] == value)
  }

  @Test func aReportSplitAcrossReadsIsRecordedWhole() {
    var parser = InputParser()
    #expect(parser.feed(Array("\u{1B}[?2026;".utf8), at: 0).isEmpty)
    #expect(parser.modeReports.isEmpty)
    #expect(parser.feed(Array("2$y".utf8), at: 1).isEmpty)
    #expect(parser.modeReports[2026] == 2)
  }

  @Test func otherSequencesWithIntermediatesAreStillIgnored() {
    var parser = InputParser()
    #expect(parser.feed(Array("\u{1B}[2026;2$y\u{1B}[?2026;2 y".utf8), at: 0).isEmpty)
    #expect(parser.modeReports.isEmpty)
  }
}

extension Curses {
  /// In a pty: the query goes out once at start; frames are bracketed only after the terminal
  /// answers that it knows the mode.
  @Suite @MainActor struct SynchronizedOutputTests {
    /// A scene that quits on `q` and types `next` into the terminal on its first event.
    final class Scene1: Scene {
      let pty: PseudoTerminal
      var next: String?

      init(pty: PseudoTerminal, next: String) {
        self.pty = pty
        self.next = next
      }

      func draw(into surface: any Surface) {
        surface.clear(style: .plain)
        surface.put("s", width: 1, column: 0, row: 0, style: .plain)
      }

      func handle(_ event: InputEvent) -> SceneResponse {
        if let next {
          self.next = nil
          pty.type(next)
        }
        return event == .key(.character("q")) ? .quit : .continue
      }
    }

    /// Runs a scene whose terminal first sends `answer` (then a key), and returns what was
    /// written to the terminal and whether the terminal synchronized its output at the end.
    func run(answering answer: String) throws -> (written: [UInt8], synchronizes: Bool) {
      let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
      defer { pty.close() }
      var synchronizes = false
      try Watchdog.guarding("the scene to quit", limit: 60, unblock: { pty.hangUp() }) {
        let terminal = Terminal(on: pty)
        pty.type(answer + "x")
        try terminal.run(Scene1(pty: pty, next: "q"))
        synchronizes = terminal.synchronizesOutput
      }
      pty.waitForQuiet()
      return (pty.writtenBytes, synchronizes)
    }

    func count(_ text: String, in bytes: [UInt8]) -> Int {
      let needle = Array(text.utf8)
      guard bytes.count >= needle.count else { return 0 }
      return (0...(bytes.count - needle.count)).filter {
        bytes[$0..<($0 + needle.count)].elementsEqual(needle)
      }.count
    }

    @Test func aTerminalThatKnowsTheModeGetsEveryFrameAfterItsAnswerBracketed() throws {
      let (written, synchronizes) = try run(answering: "\u{1B}[?2026;2$y")
      #expect(synchronizes)
      #expect(count("\u{1B}[?2026$p", in: written) == 1, "one query")
      // The first frame goes out before the answer can have come; the one after it is whole.
      let begins = count("\u{1B}[?2026h", in: written)
      #expect(begins == 1)
      // Each begin is ended, and the restore ends once more, in case a signal cut a frame.
      #expect(count("\u{1B}[?2026l", in: written) == begins + 1)
    }

    @Test(arguments: ["\u{1B}[?2026;0$y", ""])
    func aTerminalThatDoesNotKnowItOrNeverAnswersGetsPlainFrames(_ answer: String) throws {
      let (written, synchronizes) = try run(answering: answer)
      #expect(!synchronizes)
      #expect(count("\u{1B}[?2026$p", in: written) == 1, "one query")
      #expect(count("\u{1B}[?2026h", in: written) == 0)
    }
  }
}
