import Foundation
import MosaicTestSupport
import Testing

/// `mosaic demo` end to end in a real terminal (tmux): screens, keys, and the
/// terminal given back in cooked mode after every way out.
///
/// Skipped only where tmux is missing outside CI; under `CI=true` they run.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "tmux is not installed"))
struct TmuxDemoTests {
  /// A demo running in tmux, wrapped so that when it ends the pane shows its
  /// exit status and `stty -a` of the same terminal.
  final class DemoRun {
    let session: TmuxSession
    let pidFile: String

    init(
      _ arguments: [String], columns: Int = 120, rows: Int = 40,
      environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let executable = try #require(
        TestExecutable.url(named: "mosaic"),
        "mosaic not built; looked at \(TestExecutable.candidates(named: "mosaic").map(\.path))",
        sourceLocation: sourceLocation)
      pidFile =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("mosaic-tmux-\(UUID().uuidString).pid").path
      let quoted = ([executable.path] + arguments).map(TmuxSession.shellQuoted)
        .joined(separator: " ")
      // The inner shell writes its pid and becomes mosaic (exec), so the pid is mosaic's.
      let launch =
        "sh -c 'echo $$ > \"$0\"; exec \"$@\"' \(TmuxSession.shellQuoted(pidFile)) \(quoted)"
      // The wrapper shell traps SIGINT (a handler, which exec resets, not an ignore, which
      // mosaic would inherit) so that Ctrl-C, sent to the whole foreground group, ends only
      // mosaic and the shell lives on to report.
      let command =
        "trap : INT; \(launch); echo mosaic-exit-status=$?; stty -a; echo stty-done; exec sleep 600"
      var variables = ["LANG": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"]
      variables.merge(environment) { $1 }
      session = try TmuxSession(
        command: command, columns: columns, rows: rows, environment: variables,
        sourceLocation: sourceLocation)
    }

    deinit {
      session.kill()
      try? FileManager.default.removeItem(atPath: pidFile)
    }

    /// mosaic's process id, once it has started.
    func pid() -> pid_t? {
      guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8) else { return nil }
      return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits for mosaic to end and returns its exit status as the shell saw it
    /// (128 + n for signal n) and the screen after it, with `stty -a` on it.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) -> (
      status: Int?, screen: String
    ) {
      let screen = session.waitFor(text: "stty-done", sourceLocation: sourceLocation)
      let line = screen.split(separator: "\n").first { $0.hasPrefix("mosaic-exit-status=") }
      return (line.flatMap { Int($0.dropFirst("mosaic-exit-status=".count)) }, screen)
    }
  }

  /// Checks that the screen's `stty -a` shows a terminal in cooked mode with echo,
  /// and that the demo's screen is gone (the alternate screen was left).
  func expectRestored(_ screen: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let words = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    #expect(words.contains("icanon"), "stty -a: icanon\n\(screen)", sourceLocation: sourceLocation)
    #expect(words.contains("echo"), "stty -a: echo\n\(screen)", sourceLocation: sourceLocation)
    #expect(!words.contains("-icanon"), sourceLocation: sourceLocation)
    #expect(!words.contains("-echo"), sourceLocation: sourceLocation)
    #expect(
      !screen.contains("Section 0 ·") && !screen.contains("┌────"),
      "the demo's screen is still shown:\n\(screen)", sourceLocation: sourceLocation)
  }

  /// The status line (last non-blank row of the demo's screen).
  func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { $0.contains("mosaic demo") }.map(String.init) ?? ""
  }

  @Test func gridShowsSectionsAndFollowsKeys() throws {
    let run = try DemoRun(["demo", "grid"])
    var screen = run.session.waitFor(text: "Section 0 · 100 items")
    #expect(screen.contains("Item 0"))
    #expect(screen.contains("Item 11"))
    #expect(statusLine(screen).contains("item 0 of section 0"))
    // Six cards a row at 120 columns: Down moves the focus one row, to item 6.
    run.session.sendKeys("Down")
    screen = run.session.waitFor(text: "item 6 of section 0")
    // Paging, End and Home glide: the focus (in the status line) moves at once and the cards
    // follow, so each wait is for the screen the glide ends on.
    run.session.sendKeys("PageDown")
    screen = run.session.waitFor("the focus to move a page and the first cards to scroll away") {
      !self.statusLine($0).contains("item 6 of") && self.statusLine($0).contains("of section")
        && !$0.contains(" Item 0 ")
    }
    run.session.sendKeys("End")
    screen = run.session.waitFor("the last card, its footer and its pinned header") {
      $0.contains("item 99 of section 99") && $0.contains("Item 9,999")
        && $0.contains("end of section 99") && $0.contains("Section 99 · 100 items")
    }
    run.session.sendKeys("Home")
    screen = run.session.waitFor("the first card") {
      $0.contains("item 0 of section 0") && $0.contains("Item 0 ")
    }
    run.session.sendKeys("q")
    let (status, after) = run.waitForExit()
    #expect(status == 0)
    expectRestored(after)
  }

  @Test func statsPrintOneJSONLineOnExit() throws {
    // Animated (TmuxUpdatesTests counts the single frame of an unanimated End).
    let run = try DemoRun(["demo", "grid", "--stats"])
    run.session.waitFor(text: "Item 0")
    run.session.sendKeys("End")
    run.session.waitFor(text: "item 99 of section 99")
    run.session.sendKeys("q")
    let (status, screen) = run.waitForExit()
    #expect(status == 0)
    // tmux wraps long lines; rejoin the rows that begin with the JSON object.
    let json = try #require(
      screen.split(separator: "\n").first { $0.hasPrefix("{\"frames\":") },
      "no stats line:\n\(screen)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Int])
    #expect(
      Set(object.keys)
        == ["frames", "viewsCreated", "maxLiveViews", "maxVisibleElements", "configureCalls"])
    // The first frame, then End's glide: a frame per 60 fps slot for its 0.2 s (fewer on a slow
    // machine, never more); q quits without one.
    let frames = try #require(object["frames"])
    #expect(frames >= 2 && frames <= 2 + 13, "\(frames) frames")
    // Views are recycled: a screenful, not ten thousand.
    let maxLive = try #require(object["maxLiveViews"])
    #expect(maxLive > 0 && maxLive <= 200)
    #expect(try #require(object["viewsCreated"]) <= 2 * maxLive)
  }

  @Test func millionShowsItsLastItem() throws {
    let run = try DemoRun(["demo", "million"])
    run.session.waitFor(text: "1,000,000 items")
    run.session.sendKeys("End")
    let screen = run.session.waitFor(text: "Item 999,999")
    #expect(statusLine(screen).contains("item 999,999"))
    run.session.sendKeys("Escape")
    let (status, after) = run.waitForExit()
    #expect(status == 0)
    expectRestored(after)
  }

  /// The remote demo's answers come from a background queue: with no key pressed, each one
  /// wakes the run loop and the placeholders fill in; a page down lands on records prefetched.
  @Test func remoteFillsInItsCardsWithoutAKeyPressed() throws {
    let run = try DemoRun(["demo", "remote"])
    run.session.waitFor(text: "100,000 records")
    let filled = run.session.waitFor("the first screen's records to arrive") {
      $0.contains("Customer 0 ") && $0.contains("Customer 2 ") && !$0.contains("loading…")
    }
    #expect(filled.contains("prefetched 36"), "\(filled)")
    run.session.sendKeys("PageDown")
    run.session.waitFor("the next screen, prefetched, filled") {
      $0.contains("Customer 50 ") && !$0.contains("loading…")
    }
    run.session.sendKeys("q")
    let (status, after) = run.waitForExit()
    #expect(status == 0)
    expectRestored(after)
  }

  @Test func resizeKeepsTheFocusedItemInView() throws {
    let run = try DemoRun(["demo", "grid"])
    run.session.waitFor(text: "Item 0")
    for _ in 0..<5 { run.session.sendKeys("Down") }
    var screen = run.session.waitFor(text: "item 30 of section 0")
    run.session.resize(columns: 60, rows: 20)
    // At 60 columns three cards fit a row; the focused card must still be on screen.
    screen = run.session.waitFor("the grid to re-lay out for 60 columns") { screen in
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return rows.allSatisfy { $0.count <= 60 } && screen.contains("Item 30 ")
        && screen.contains("item 30 of section 0")
    }
    #expect(screen.contains("Item 30 "))
    run.session.sendKeys("q")
    let (status, after) = run.waitForExit()
    #expect(status == 0)
    expectRestored(after)
  }

  @Test func mouseClickFocusesAndWheelScrolls() throws {
    let run = try DemoRun(["demo", "grid"], environment: ["TERM": "screen"])
    run.session.waitFor(text: "Item 0")
    // X10 mouse reports, as TERM=screen's kmous (ESC [ M) says: button byte, then column and
    // row, each + 33 (1-based + 32). Press and release at column 45, row 6: the third card of
    // the second row, item 8.
    func report(_ button: Int, column: Int, row: Int) -> String {
      "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button)))
        + String(UnicodeScalar(UInt8(33 + column)))
        + String(UnicodeScalar(UInt8(33 + row)))
    }
    run.session.sendLiteral(report(0, column: 45, row: 6) + report(3, column: 45, row: 6))
    run.session.waitFor(text: "item 8 of section 0")
    // Wheel down (button 64 + 1) scrolls three rows: the first card row's top edge goes.
    run.session.sendLiteral(report(65, column: 10, row: 10))
    let screen = run.session.waitFor("the wheel to scroll") { screen in
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return rows.count > 1 && rows[1].hasPrefix("└")
    }
    #expect(statusLine(screen).contains("item 8 of section 0"), "scrolling keeps the focus")
    run.session.sendKeys("q")
    #expect(run.waitForExit().status == 0)
  }

  @Test func drawsUnicodeUnderAnASCIILocale() throws {
    // The demo falls back to C.UTF-8 when the environment's locale is not UTF-8.
    let run = try DemoRun(["demo", "grid"], environment: ["LANG": "C", "LC_ALL": "C"])
    // Wait for the whole first frame, not just its first line: a capture can land mid-paint.
    let screen = run.session.waitFor("the first frame") { $0.contains("§0 · #1 ") }
    #expect(screen.contains("Section 0 · 100 items"))
    #expect(screen.contains("┌────"))
    #expect(screen.contains("§0 · #1 "))
    run.session.sendKeys("q")
    #expect(run.waitForExit().status == 0)
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let run = try DemoRun(["demo", "grid"])
    run.session.waitFor(text: "Item 0")
    let pid = try #require(run.pid())
    kill(pid, SIGTERM)
    let (status, screen) = run.waitForExit()
    #expect(status == 128 + Int(SIGTERM), "killed by SIGTERM, not exited")
    expectRestored(screen)
  }

  @Test func sighupRestoresTheTerminal() throws {
    let run = try DemoRun(["demo", "grid"])
    run.session.waitFor(text: "Item 0")
    let pid = try #require(run.pid())
    kill(pid, SIGHUP)
    let (status, screen) = run.waitForExit()
    #expect(status == 128 + Int(SIGHUP))
    expectRestored(screen)
  }

  @Test func controlCRestoresTheTerminal() throws {
    let run = try DemoRun(["demo", "grid"])
    run.session.waitFor(text: "Item 0")
    // cbreak keeps ISIG, so Ctrl-C is SIGINT from the terminal itself.
    run.session.sendKeys("C-c")
    let (status, screen) = run.waitForExit()
    #expect(status == 128 + Int(SIGINT))
    expectRestored(screen)
  }

  @Test func runtimeTrapRestoresTheTerminal() throws {
    let run = try DemoRun(["demo", "grid"], environment: ["MOSAIC_DEBUG_TRAP": "1"])
    let (status, screen) = run.waitForExit()
    // A Swift trap is SIGILL (x86-64) or SIGTRAP (arm64); either way a signal, not an exit.
    #expect(
      status == 128 + Int(SIGILL) || status == 128 + Int(SIGTRAP),
      "status \(String(describing: status))")
    expectRestored(screen)
  }

  /// Every demo answers `?` in the real program: its keys in a panel over the screen, closed by
  /// Esc without quitting, and `q` then quits with status 0.
  @Test(arguments: ["grid", "sheet", "tags", "words", "updates", "remote"])
  func everyDemoAnswersQuestionMark(_ name: String) throws {
    let run = try DemoRun(["demo", name], columns: 100, rows: 32)
    run.session.waitFor(text: "? keys")
    run.session.sendKeys("?")
    let help = run.session.waitFor(text: "\(name): keys")
    #expect(help.contains("this help") && help.contains("quit"), "\(help)")
    run.session.sendKeys("Escape")
    run.session.waitFor("the help to close") {
      !$0.contains("\(name): keys") && $0.contains("? keys")
    }
    run.session.sendKeys("q")
    let (status, screen) = run.waitForExit()
    #expect(status == 0, "\(screen)")
    expectRestored(screen)
  }
}
