import Foundation
import MosaicTestSupport
import Testing

/// Input as terminals send it, end to end: raw bytes into the real binary in tmux (`send-keys
/// -H`), and the keys after them still working.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxInputTests {
  typealias DemoRun = TmuxDemoTests.DemoRun

  /// The demo's status line.
  func status(_ screen: String) -> String {
    screen.split(separator: "\n").last { $0.contains("mosaic demo") }.map(String.init) ?? ""
  }

  /// Sends raw bytes, then Down, and waits for the focus to reach `item` of section 0: the
  /// bytes did not quit, and the key after them works.
  func sendThenDown(
    _ run: DemoRun, _ hex: String, reaching item: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    TmuxPane(session: run.session).send(hex: hex)
    run.session.sendKeys("Down")
    run.session.waitFor(
      "Down after \(hex) to focus item \(item)", sourceLocation: sourceLocation
    ) { self.status($0).contains("item \(item) of section 0") }
  }

  @Test func altKeysUnknownSequencesPastesAndInvalidBytesDoNotQuit() throws {
    let run = try DemoRun(["demo", "grid"], environment: ["TERM": "xterm-256color"])
    run.session.waitFor(text: "item 0 of section 0")
    // Six cards a row at 120 columns: each Down adds 6.
    let cases = [
      "1b 78",  // Alt+x
      "1b 71",  // Alt+q
      "1b 5b 39 39 3b 39 39 58",  // an unknown CSI
      "1b 5b 31 35 7e",  // F5
      "1b 5b 3f 31 3b 32 63",  // a private report
      "1b 4f 50",  // F1 as SS3
      "1b 5b 32 30 30 7e 71 1b 1b 5b 41 1b 5b 32 30 31 7e",  // a paste of q, Esc, Esc [ A
      "80", "9b", "ff", "c3",  // invalid UTF-8 bytes
    ]
    for (index, hex) in cases.enumerated() { sendThenDown(run, hex, reaching: 6 * (index + 1)) }
    // "c3 71" is an invalid lead then q: q survives and quits.
    TmuxPane(session: run.session).send(hex: "c3 71")
    let (status, screen) = run.waitForExit()
    #expect(status == 0)
    TmuxPane.expectCooked(screen)
    TmuxPane(session: run.session).expectModesRestored()
  }

  @Test func homeAndEndInEveryFormUnderXterm256color() throws {
    // tmux sends End as ESC [ 4 ~, which xterm-256color's terminfo does not name.
    let run = try DemoRun(["demo", "grid"], environment: ["TERM": "xterm-256color"])
    run.session.waitFor(text: "item 0 of section 0")
    run.session.sendKeys("End")
    run.session.waitFor(text: "item 99 of section 99")
    run.session.sendKeys("Home")
    run.session.waitFor(text: "item 0 of section 0")
    for (end, home) in [
      ("1b 5b 38 7e", "1b 5b 37 7e"), ("1b 4f 46", "1b 4f 48"), ("1b 5b 46", "1b 5b 48"),
    ] {
      TmuxPane(session: run.session).send(hex: end)
      run.session.waitFor(text: "item 99 of section 99")
      TmuxPane(session: run.session).send(hex: home)
      run.session.waitFor(text: "item 0 of section 0")
    }
    run.session.sendKeys("q")
    #expect(run.waitForExit().status == 0)
  }

  @Test func aPasteIsTypedIntoTheSearchPromptAndIgnoredElsewhere() throws {
    let file = TestExecutable.packageRoot().appendingPathComponent("demo-data/countries.csv")
    let run = try DemoRun([file.path], columns: 80, rows: 24, environment: ["TERM": "screen"])
    run.session.waitFor(text: "Afghanistan")
    // Over the cards a paste does nothing: its q and y (quit, print) are not keys.
    let pane = TmuxPane(session: run.session)
    pane.send(hex: "1b 5b 32 30 30 7e 71 79 1b 5b 32 30 31 7e")
    run.session.sendKeys("/")
    run.session.waitFor(text: "/▏")
    // Pasted into the prompt: typed, the newline and tab dropped.
    pane.send(hex: "1b 5b 32 30 30 7e 6e 6f 0a 72 09 77 1b 5b 32 30 31 7e")
    run.session.waitFor(text: "/norw▏ 1/1")
    run.session.waitFor(text: "Norway")
    run.session.sendKeys("Enter")
    run.session.sendKeys("q")
    let (status, screen) = run.waitForExit()
    #expect(status == 0)
    TmuxPane.expectCooked(screen)
  }

  @Test func ctrlZThenFgRedrawsAndTheFirstArrowWorks() throws {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    // An interactive shell, for job control.
    let session = try TmuxSession(
      command: "exec bash --norc --noprofile -i",
      environment: [
        "LANG": "C.UTF-8", "TERM": "xterm-256color", "PS1": "$ ",
        "SWIFT_BACKTRACE": "interactive=no",
      ])
    defer { session.kill() }
    session.waitFor(text: "$")
    session.sendLiteral(TmuxSession.shellQuoted(executable.path) + " demo grid")
    session.sendKeys("Enter")
    session.waitFor(text: "item 0 of section 0")
    session.sendKeys("C-z")
    let stopped = session.waitFor(text: "Stopped")
    #expect(!stopped.contains("Section 0 ·"), "the alternate screen is left:\n\(stopped)")
    TmuxPane(session: session).expectModesRestored()
    session.sendLiteral("fg")
    session.sendKeys("Enter")
    // The whole screen is drawn again, and the first arrow key moves the focus.
    session.waitFor(text: "Section 0 · 100 items")
    session.sendKeys("Down")
    session.waitFor(text: "item 6 of section 0")
    session.sendKeys("Right")
    session.waitFor(text: "item 7 of section 0")
    session.sendKeys("q")
    session.waitFor("the prompt") { $0.split(separator: "\n").last?.hasPrefix("$") == true }
    session.sendLiteral("echo mosaic-exit=$?; stty -a; echo stty-done")
    session.sendKeys("Enter")
    // The output's own line: the typed command line ends in "stty-done" too, and under load it
    // can be the whole screen for a while (stress run: the wait ended before stty printed).
    let screen = session.waitFor("stty's output") {
      $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "stty-done" }
    }
    #expect(screen.contains("mosaic-exit=0"), "\(screen)")
    TmuxPane.expectCooked(screen)
    TmuxPane(session: session).expectModesRestored()
  }

  @Test func aTerminalWithoutCursorAddressingGetsOneLineAndStatus1() throws {
    let run = try DemoRun(["demo", "grid"], environment: ["TERM": "dumb"])
    let (status, screen) = run.waitForExit()
    #expect(status == 1)
    let lines = screen.split(separator: "\n").filter { $0.contains("dumb") }
    #expect(
      lines == [
        #"mosaic demo: terminal type "dumb" (TERM) cannot move the cursor; try TERM=xterm-256color"#
      ], "\(screen)")
    TmuxPane.expectCooked(screen)
  }
}
