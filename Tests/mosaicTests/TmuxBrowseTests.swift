import Foundation
import MosaicTestSupport
import Testing

/// `mosaic [FILE]` end to end in a real terminal (tmux): keys in, screens out, exit status.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxBrowseTests {
  /// Starts the built `mosaic` with `arguments` in a tmux session (80 × 24 by default), in
  /// `directory` (the package by default), with `redirection` applied (e.g. `> out`). When it
  /// exits, the shell prints `mosaic-exit=STATUS` and keeps the pane open.
  ///
  /// The user's configuration file and `MOSAIC_LAYOUT`/`MOSAIC_SMOOTH_SCROLL` are kept out
  /// (`XDG_CONFIG_HOME` names no folder) unless `environment` sets them, and so is the
  /// prompts' history (`XDG_STATE_HOME` names no folder: nothing is written to the home).
  func start(
    _ arguments: [String], columns: Int = 80, rows: Int = 24, directory: URL? = nil,
    redirection: String = "", environment: [String: String] = [:]
  ) throws -> TmuxSession {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let words = ([executable.path] + arguments).map(TmuxSession.shellQuoted)
    let place = (directory ?? TestExecutable.packageRoot()).path
    let command =
      "cd \(TmuxSession.shellQuoted(place)) && \(words.joined(separator: " ")) \(redirection); "
      + "echo mosaic-exit=$?; exec sleep 600"
    let isolated = [
      "TERM": "screen", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": "/nonexistent/mosaic-tests",
      "XDG_STATE_HOME": "/nonexistent/mosaic-tests",
      "MOSAIC_LAYOUT": "", "MOSAIC_SMOOTH_SCROLL": "",
    ]
    return try TmuxSession(
      command: command, columns: columns, rows: rows,
      environment: isolated.merging(environment) { $1 })
  }

  /// Waits until mosaic has exited and expects status 0; returns the screen then.
  @discardableResult
  func expectExit(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation)
    -> String
  {
    let screen = tmux.waitFor("mosaic to exit", sourceLocation: sourceLocation) {
      $0.contains("mosaic-exit=")
    }
    #expect(screen.contains("mosaic-exit=0"), "\(screen)", sourceLocation: sourceLocation)
    return screen
  }

  @Test func browseSearchOpenAndQuit() throws {
    let tmux = try start(["demo-data/countries.csv", "--group-by", "region", "--layout", "cards"])
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "Afghanistan")
    #expect(first.contains("─ Asia ─"))
    #expect(first.contains("countries.csv  1/249  Asia"))
    #expect(first.contains("┏"))
    tmux.sendKeys("/")
    for key in ["n", "o", "r", "w"] { tmux.sendKeys(key) }
    tmux.waitFor(text: "/norw▏ 1/1")
    tmux.waitFor(text: "Norway")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "/norw 1/1")
    tmux.sendKeys("Enter")
    let detail = tmux.waitFor(text: "Kingdom of Norway")
    #expect(detail.contains("╭ Norway"))
    #expect(detail.contains("capital"))
    #expect(detail.contains("Oslo"))
    tmux.sendKeys("Escape")
    let back = tmux.waitFor("the screen") { !$0.contains("╭ Norway") && $0.contains("Norway") }
    #expect(back.contains("─ Europe ─"))
    tmux.sendKeys("q")
    let after = expectExit(tmux)
    // The terminal is restored: the cards were on the alternate screen, which is gone.
    #expect(!after.contains("Norway") && !after.contains("┏"), "\(after)")
  }

  @Test func yPrintsTheSelectionAsJSONLinesAfterTheTerminalIsRestored() throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-y-\(UUID().uuidString).jsonl")
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(atPath: output.path + ".stats")
    }
    // Standard output is a file, as in `mosaic data.csv > picked.jsonl`: the UI uses /dev/tty.
    let tmux = try start(
      ["demo-data/countries.csv", "--stats", "--layout", "cards"],
      redirection:
        "> \(TmuxSession.shellQuoted(output.path)) 2> \(TmuxSession.shellQuoted(output.path + ".stats"))"
    )
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tmux.sendKeys("Space")
    tmux.sendKeys("Right")
    tmux.sendKeys("Space")
    tmux.waitFor(text: "✓ Albania")
    tmux.sendKeys("y")
    expectExit(tmux)
    let lines = try String(contentsOf: output, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("{\"name\":\"Afghanistan\",") == true, "\(lines)")
    #expect(lines.last?.hasPrefix("{\"name\":\"Albania\",") == true, "\(lines)")
    let stats = try String(
      contentsOf: URL(fileURLWithPath: output.path + ".stats"), encoding: .utf8)
    #expect(stats.hasPrefix("{\"frames\":"), "\(stats)")
    #expect(stats.contains("\"configureCalls\":"))
  }

  @Test func withoutAFileTheBundledDemoOpensFromAnyDirectory() throws {
    let tmux = try start([], directory: FileManager.default.temporaryDirectory)
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "Hydrogen")
    #expect(screen.contains("─ Nonmetals ─"))
    #expect(screen.contains("elements.json  1/118  Nonmetals"))
    tmux.sendKeys("?")
    let help = tmux.waitFor(text: "Keys")
    #expect(help.contains("search, next/previous"))
    tmux.sendKeys("Escape")
    tmux.waitFor("the screen") { !$0.contains("Keys") }
    tmux.sendKeys("v")
    tmux.waitFor("the screen") { $0.contains(" Hydrogen  number: 1") }
    tmux.sendKeys("q")
    expectExit(tmux)
  }

  @Test func fitsA40ColumnTerminal() throws {
    let tmux = try start(["demo-data/countries.csv", "--group-by", "region"], columns: 40)
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "Afghanistan")
    let status = try #require(screen.split(separator: "\n").last { !$0.isEmpty })
    #expect(status.contains("1/249"), "\(status)")
    #expect(status.contains("? help"), "\(status)")
    tmux.sendKeys("q")
    expectExit(tmux)
  }
}
