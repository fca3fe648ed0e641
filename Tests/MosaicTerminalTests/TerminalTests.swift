import CNcurses
import Foundation
import MosaicCollection
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

/// Runs the real terminal backend on a pseudo-terminal: curses is one global
/// screen, so these tests run one at a time. Every test that can wait on the pty runs under a
/// `Watchdog` that hangs the pty up, which ends any read or write of the program side.
extension Curses {
  @Suite @MainActor struct TerminalTests {
    /// A scene that draws its event count and records what it is sent.
    final class RecordingScene: Scene {
      var events: [InputEvent] = []
      var draws = 0
      let quitAfter: Int
      /// Input to type after each event, as a person would, one report at a time.
      var script: [String] = []
      var pty: PseudoTerminal?
      /// Whether the run loop should wake up without input (to notice a signal).
      var wantsTicks = false
      var ticks = 0

      init(quitAfter: Int, pty: PseudoTerminal? = nil, script: [String] = []) {
        self.quitAfter = quitAfter
        self.pty = pty
        self.script = script
      }

      func tick() -> Bool {
        ticks += 1
        return false
      }

      func draw(into surface: any Surface) {
        draws += 1
        surface.clear(style: .plain)
        for (index, glyph) in "events \(events.count)".enumerated() {
          surface.put(glyph, width: 1, column: index, row: 0, style: .plain)
        }
      }

      func handle(_ event: InputEvent) -> SceneResponse {
        events.append(event)
        if !script.isEmpty { pty?.type(script.removeFirst()) }
        return events.count >= quitAfter ? .quit : .continue
      }
    }

    /// Starts a terminal on a fresh 80 × 24 pty, runs `body`, restores.
    func withTerminal(
      columns: Int = 80, rows: Int = 24, _ body: (Terminal, PseudoTerminal) throws -> Void
    ) throws {
      let pty = try #require(PseudoTerminal(columns: columns, rows: rows))
      defer { pty.close() }
      try Watchdog.guarding(
        "the terminal test on a pty to finish", limit: 60, unblock: { pty.hangUp() }
      ) {
        let terminal = Terminal(on: pty)
        try terminal.start()
        defer { terminal.restore() }
        try body(terminal, pty)
      }
    }

    /// Runs `scene` until it quits; a key that is never decoded would leave the loop blocked in
    /// a read, so a watchdog hangs the pty up, the read ends and the run throws.
    func run(
      _ scene: RecordingScene, on terminal: Terminal, pty: PseudoTerminal,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      try Watchdog.guarding(
        "the scene to quit", limit: 30, sourceLocation: sourceLocation, unblock: { pty.hangUp() }
      ) {
        try terminal.run(scene)
      }
    }

    @Test func decodesTypedKeysThroughCurses() throws {
      try withTerminal { terminal, pty in
        // The sequences xterm sends in keypad-transmit mode (as terminfo says).
        let typed = [
          "\u{1B}OA", "\u{1B}OB", "\u{1B}OD", "\u{1B}OC", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}OH",
          "\u{1B}OF", "\t", "\u{1B}[Z", "\r", "\u{7F}", "\u{0C}", "x", "é", "中",
        ]
        let expected: [Key] = [
          .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab, .enter,
          .backspace, .control("l"), .character("x"), .character("é"), .character("中"),
        ]
        pty.type(typed.joined())
        let scene = RecordingScene(quitAfter: expected.count)
        try run(scene, on: terminal, pty: pty)
        #expect(scene.events == expected.map(InputEvent.key))
        // One frame before the first key, then at most one per read (keys typed together are
        // handled together), none after the last (quit).
        #expect(terminal.frames >= 1 && terminal.frames <= expected.count)
        #expect(scene.draws == terminal.frames)
      }
    }

    @Test func escapeAloneIsEscape() throws {
      try withTerminal { terminal, pty in
        pty.type("\u{1B}")
        let scene = RecordingScene(quitAfter: 1)
        try run(scene, on: terminal, pty: pty)
        #expect(scene.events == [.key(.escape)])
      }
    }

    /// A scene whose first key takes a slow frame's time, and that quits on `z`.
    final class BusyScene: Scene {
      var events: [InputEvent] = []
      let pty: PseudoTerminal

      init(pty: PseudoTerminal) { self.pty = pty }

      func draw(into surface: any Surface) { surface.clear(style: .plain) }

      func handle(_ event: InputEvent) -> SceneResponse {
        events.append(event)
        if events.count == 1 {
          // While this key is handled, the user presses Esc, then `/` 70 ms later, then `z`.
          let pty = pty
          Thread {
            pty.type("\u{1B}")
            usleep(70_000)
            pty.type("/")
            usleep(100_000)
            pty.type("z")
          }.start()
          usleep(400_000)
        }
        return event == .key(.character("z")) ? .quit : .continue
      }
    }

    @Test func escThenAKeyTypedDuringASlowFrameAreTwoKeys() throws {
      try withTerminal { terminal, pty in
        pty.type("x")
        let scene = BusyScene(pty: pty)
        try Watchdog.guarding("the scene to quit", limit: 30, unblock: { pty.hangUp() }) {
          try terminal.run(scene)
        }
        #expect(
          scene.events == [
            .key(.character("x")), .key(.escape), .key(.character("/")), .key(.character("z")),
          ])
      }
    }

    @Test func decodesMouseWheelAndPress() throws {
      try withTerminal { terminal, pty in
        // SGR mouse reports (1-based): a press of button 1 at column 5 row 3 and
        // its release, typed apart; then a click whose press and release arrive
        // together; wheel up; wheel down. Each press and release is reported.
        pty.type("\u{1B}[<0;5;3M")
        let scene = RecordingScene(
          quitAfter: 7, pty: pty,
          script: [
            "\u{1B}[<0;5;3m\u{1B}[<64;2;2M", "\u{1B}[<0;9;4M\u{1B}[<0;9;4m", "\u{1B}[<65;7;9M", "q",
          ])
        try run(scene, on: terminal, pty: pty)
        #expect(
          scene.events == [
            .mouse(MouseEvent(action: .press, column: 4, row: 2)),
            .mouse(MouseEvent(action: .release, column: 4, row: 2)),
            .mouse(MouseEvent(action: .wheelUp, column: 1, row: 1)),
            .mouse(MouseEvent(action: .press, column: 8, row: 3)),
            .mouse(MouseEvent(action: .release, column: 8, row: 3)),
            .mouse(MouseEvent(action: .wheelDown, column: 6, row: 8)),
            .key(.character("q")),
          ])
      }
    }

    @Test func reportsResizeWithTheNewSize() throws {
      try withTerminal(columns: 80, rows: 24) { terminal, pty in
        #expect(terminal.surface?.columns == 80)
        #expect(terminal.surface?.rows == 24)
        pty.resize(columns: 100, rows: 30)
        // curses learns of the new size from SIGWINCH, as from a real terminal. Test threads
        // block signals, so it goes to the process and another thread takes it; ticks make
        // the loop look again instead of sleeping in read until input comes.
        kill(getpid(), SIGWINCH)
        let scene = RecordingScene(quitAfter: 1)
        scene.wantsTicks = true
        try run(scene, on: terminal, pty: pty)
        #expect(scene.events == [.resize(columns: 100, rows: 30)])
        #expect(terminal.surface?.columns == 100)
        #expect(terminal.surface?.rows == 30)
      }
    }

    @Test func startsInCursesModesAndRestoresThemTwice() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      defer { pty.close() }
      let watchdog = Watchdog("curses to start and restore on a pty", limit: 60) { pty.hangUp() }
      defer {
        watchdog.cancel()
        watchdog.record()
      }
      func localModes() -> tcflag_t {
        var modes = termios()
        tcgetattr(pty.programDescriptor, &modes)
        return modes.c_lflag
      }
      #expect(localModes() & tcflag_t(ICANON) != 0)
      let terminal = Terminal(on: pty)
      try terminal.start()
      #expect(localModes() & tcflag_t(ICANON) == 0, "cbreak")
      #expect(localModes() & tcflag_t(ECHO) == 0, "noecho")
      terminal.present(RecordingScene(quitAfter: 1))
      pty.waitForOutput(containing: "events 0")
      let started = String(decoding: pty.writtenBytes, as: UTF8.self)
      #expect(started.contains("\u{1B}[?1049h"), "alternate screen")
      #expect(started.contains("\u{1B}[?25l"), "hidden cursor")
      #expect(started.contains("events 0"))
      terminal.restore()
      terminal.restore()
      #expect(!terminal.isStarted)
      #expect(localModes() & tcflag_t(ICANON) != 0, "canonical again")
      #expect(localModes() & tcflag_t(ECHO) != 0, "echo again")
      pty.waitForOutput(containing: "\u{1B}[?1049l")
      let restored = String(decoding: pty.writtenBytes, as: UTF8.self)
      #expect(restored.contains("\u{1B}[?1049l"), "main screen again")
    }

    /// A scene whose first frame closes the terminal, as when its window is closed.
    final class HangingUpScene: Scene {
      let pty: PseudoTerminal
      init(pty: PseudoTerminal) { self.pty = pty }
      func draw(into surface: any Surface) { pty.hangUp() }
      func handle(_ event: InputEvent) -> SceneResponse { .continue }
    }

    @Test func restoresWhenInputClosesAndRunThrows() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      defer { pty.close() }
      let terminal = Terminal(on: pty)
      // run starts the terminal itself, so it must also restore it on the way out by an error.
      // The hang-up itself ends the run; the watchdog only catches one that never arrives.
      Watchdog.guarding("the run to end after the hang-up", limit: 60, unblock: { pty.hangUp() }) {
        #expect(throws: TerminalError.inputClosed) { try terminal.run(HangingUpScene(pty: pty)) }
      }
      #expect(!terminal.isStarted)
      #expect(terminal.frames == 1)
    }

    @Test func refusesAnInputThatIsNotATerminal() throws {
      let devNull = open("/dev/null", O_RDWR)
      defer { close(devNull) }
      let terminal = Terminal(
        inputDescriptor: devNull, outputDescriptor: devNull, installsSignalHandlers: false)
      #expect(throws: TerminalError.notATerminal("standard input")) { try terminal.start() }
      #expect(!terminal.isStarted)
    }

    @Test func refusesAnUnknownTerminalType() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      defer { pty.close() }
      let terminal = Terminal(on: pty, type: "no-such-terminal-type")
      Watchdog.guarding("curses to refuse the terminal type", limit: 60, unblock: { pty.hangUp() })
      {
        #expect(throws: TerminalError.unknownTerminal("no-such-terminal-type")) {
          try terminal.start()
        }
      }
      #expect(!terminal.isStarted)
    }

    @Test func noColorTurnsColourOff() throws {
      setenv("NO_COLOR", "1", 1)
      defer { unsetenv("NO_COLOR") }
      try withTerminal { terminal, _ in #expect(!terminal.hasColors) }
    }

    @Test func coloursAreOnWhenTheTerminalHasThem() throws {
      unsetenv("NO_COLOR")
      try withTerminal { terminal, _ in #expect(terminal.hasColors) }
    }
  }
}
