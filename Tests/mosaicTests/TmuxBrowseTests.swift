import Foundation
import MosaicTestSupport
import Testing

/// `mosaic [FILE]` end to end in a real terminal (tmux): keys in, screens out, exit status.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TmuxBrowseTests {
  /// A program in tmux and the file its shell writes the exit status to.
  ///
  /// The status is read from the file, not from tmux's `pane_dead_status`, which tmux 3.3
  /// sometimes never fills in when the pane's pty closes before the child is reaped.
  struct Run {
    let tmux: TmuxSession
    let statusFile: URL

    /// Waits for the exit status and expects 0, showing the last screen when it does not come.
    func expectExit(sourceLocation: SourceLocation = #_sourceLocation) throws {
      let deadline = Date().addingTimeInterval(15)
      while Date() < deadline {
        if let text = try? String(contentsOf: statusFile, encoding: .utf8) {
          #expect(text == "0\n", "exit status \(text)", sourceLocation: sourceLocation)
          return
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      Issue.record(
        "mosaic did not exit; screen:\n\(try tmux.capture())", sourceLocation: sourceLocation)
    }

    /// Stops tmux and removes the status file.
    func kill() {
      tmux.kill()
      try? FileManager.default.removeItem(at: statusFile)
    }
  }

  /// Starts the built `mosaic` with `arguments` in a tmux session (80 × 24 by default), through
  /// a shell that applies `redirection` (e.g. `> out`) and records the exit status.
  func start(
    _ arguments: [String], columns: Int = 80, rows: Int = 24, directory: URL? = nil,
    redirection: String = ""
  ) throws -> Run {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let statusFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-status-\(UUID().uuidString)")
    // The status is written whole by a rename, so a reader never sees half of it.
    let script = "s=$1; shift; \"$@\" \(redirection); echo $? > \"$s.tmp\"; mv \"$s.tmp\" \"$s\""
    let tmux = try TmuxSession(
      ["/bin/sh", "-c", script, "sh", statusFile.path, executable.path] + arguments,
      columns: columns, rows: rows,
      currentDirectory: directory ?? TestExecutable.packageRoot(),
      environment: ["TERM": "screen", "LANG": "C.UTF-8"])
    return Run(tmux: tmux, statusFile: statusFile)
  }

  @Test func browseSearchOpenAndQuit() throws {
    let run = try start(["demo-data/countries.csv", "--group-by", "region"])
    defer { run.kill() }
    let tmux = run.tmux
    let first = try tmux.waitForText("Afghanistan")
    #expect(first.contains("─ Asia ─"))
    #expect(first.contains("countries.csv  1/249  Asia"))
    #expect(first.contains("┏"))
    try tmux.send("/")
    for key in ["n", "o", "r", "w"] { try tmux.send(key) }
    try tmux.waitForText("/norw▏ 1/1")
    try tmux.waitForText("Norway")
    try tmux.send("Enter")
    try tmux.waitForText("/norw 1/1")
    try tmux.send("Enter")
    let detail = try tmux.waitForText("Kingdom of Norway")
    #expect(detail.contains("╭ Norway"))
    #expect(detail.contains("capital"))
    #expect(detail.contains("Oslo"))
    try tmux.send("Escape")
    let back = try tmux.waitForScreen { !$0.contains("╭ Norway") && $0.contains("Norway") }
    #expect(back.contains("─ Europe ─"))
    try tmux.send("q")
    try run.expectExit()
    // The terminal is restored: the cards were on the alternate screen, which is gone.
    let after = try tmux.capture()
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
    let run = try start(
      ["demo-data/countries.csv", "--stats"],
      redirection: "> '\(output.path)' 2> '\(output.path).stats'")
    defer { run.kill() }
    let tmux = run.tmux
    try tmux.waitForText("Afghanistan")
    try tmux.send("Space")
    try tmux.send("Right")
    try tmux.send("Space")
    try tmux.waitForText("✓ Albania")
    try tmux.send("y")
    try run.expectExit()
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
    let run = try start([], directory: FileManager.default.temporaryDirectory)
    defer { run.kill() }
    let tmux = run.tmux
    let screen = try tmux.waitForText("Hydrogen")
    #expect(screen.contains("─ Nonmetals ─"))
    #expect(screen.contains("elements.json  1/118  Nonmetals"))
    try tmux.send("?")
    let help = try tmux.waitForText("Keys")
    #expect(help.contains("search, next/previous"))
    try tmux.send("Escape")
    try tmux.waitForScreen { !$0.contains("Keys") }
    try tmux.send("v")
    try tmux.waitForScreen { $0.contains(" Hydrogen  number: 1") }
    try tmux.send("Escape")
    try run.expectExit()
  }

  @Test func fitsA40ColumnTerminal() throws {
    let run = try start(["demo-data/countries.csv", "--group-by", "region"], columns: 40)
    defer { run.kill() }
    let screen = try run.tmux.waitForText("Afghanistan")
    let status = try #require(screen.split(separator: "\n").last { !$0.isEmpty })
    #expect(status.contains("1/249"), "\(status)")
    #expect(status.contains("? help"), "\(status)")
    try run.tmux.send("q")
    try run.expectExit()
  }
}
