import Foundation
import MosaicTestSupport
import Testing

/// `mosaic inspect` through the built executable: interactively in tmux, and its errors.
@Suite @MainActor struct InspectorCommandTests {
  /// The built `mosaic`, or a failed requirement naming where it was looked for.
  static func executable(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(
      TestExecutable.url(named: "mosaic"),
      "mosaic not built; looked at \(TestExecutable.candidates(named: "mosaic").map(\.path))",
      sourceLocation: sourceLocation)
  }

  /// Writes `text` to a new temporary file and returns its path.
  static func temporaryFile(_ text: String, name: String = "spec.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaicAppTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Runs `mosaic arguments` with pipes for its streams.
  static func run(_ arguments: [String]) throws -> ProcessRunner.Result {
    let result = try ProcessRunner(executable: try executable(), timeout: 60).run(arguments)
    #expect(!result.timedOut, "mosaic \(arguments) hung")
    return result
  }

  /// Starts `arguments` (the executable first) in an 80 × 24 tmux session from the package's
  /// root; when the program ends, the shell prints its exit status under it and waits.
  static func session(_ arguments: [String]) throws -> TmuxSession {
    let command =
      "cd \(TmuxSession.shellQuoted(TestExecutable.packageRoot().path)) && "
      + arguments.map(TmuxSession.shellQuoted).joined(separator: " ")
      + "; echo \"exit status $?\"; sleep 60"
    return try TmuxSession(command: command, columns: 80, rows: 24)
  }

  /// The contract's example in an 80 × 24 tmux pane: the panel shows at once, `j` focuses the
  /// first item and the panel follows, `o` outlines, `i` hides the panel, `q` quits with
  /// status 0.
  @Test(.enabled(if: TmuxSession.shouldRun))
  func interactiveSession() throws {
    let session = try Self.session([
      try Self.executable().path, "inspect", "demo-data/layout-example.json",
    ])
    defer { session.kill() }
    // The status bar is drawn last; once it shows, the whole first frame has arrived.
    let first = session.waitFor("the first frame", timeout: 20) {
      $0.contains("╭ inspector") && $0.contains("? help")
    }
    #expect(first.contains("│0.0 │  │0.1  │"))
    #expect(first.contains("focus     none"))
    #expect(first.contains("layout-example.json  bounds 320×480  2 sections, 9 items"))
    session.sendKeys("j")
    session.waitFor(text: "focus     0.0")
    session.sendKeys("l")
    // Rows arrive top to bottom: wait for every line looked at, not just the first.
    session.waitFor("0.1's frame and cells") {
      $0.contains("focus     0.1") && $0.contains("frame     67.5,0 50×50")
        && $0.contains("cells     8,0 7×3")
    }
    session.sendKeys("o")
    session.waitFor("the outlines") { $0.contains("┌0.1──┐") && $0.contains("┌H1───") }
    session.sendKeys("i")
    session.waitFor("the panel hidden") { !$0.contains("inspector") }
    session.sendKeys("q")
    session.waitFor(text: "exit status 0")
  }

  /// A long spec scrolls: End moves the offset the panel and the status bar show.
  @Test(.enabled(if: TmuxSession.shouldRun))
  func interactiveScrolling() throws {
    let path = try Self.temporaryFile(
      #"{"bounds": {"width": 320, "height": 480}, "sections": [{"items": 100}]}"#,
      name: "long.json")
    let session = try Self.session([try Self.executable().path, "inspect", path])
    defer { session.kill() }
    session.waitFor(text: "offset 0,0", timeout: 20)
    session.sendKeys("End")
    // 20 lines of 60 points less 10: 1190 points, in a 23-row (368-point) view.
    session.waitFor("the end of the content") {
      $0.contains("offset    0,832") && $0.contains("focus     0.99")
        && $0.contains("long.json  bounds 320×480  1 section, 100 items  offset 0,832")
    }
    session.sendKeys("Escape")
    session.waitFor(text: "exit status 0")
  }

  /// With the spec on standard input, keys come from the terminal itself.
  @Test(.enabled(if: TmuxSession.shouldRun))
  func specOnStandardInput() throws {
    let session = try Self.session([
      "/bin/sh", "-c", "exec \"$0\" inspect - < demo-data/layout-example.json",
      try Self.executable().path,
    ])
    defer { session.kill() }
    session.waitFor(text: "<stdin>  bounds 320×480", timeout: 20)
    session.sendKeys("j")
    session.waitFor(text: "focus     0.0")
    session.sendKeys("q")
    session.waitFor(text: "exit status 0")
  }

  /// A bad spec fails as `mosaic layout` does: status 2, nothing on stdout, one line naming the
  /// key path, before the terminal is touched.
  @Test func specErrorExitsTwoWithOneLine() throws {
    let path = try Self.temporaryFile(
      """
      {"bounds": {"width": 320, "height": 480},
       "sections": [{"items": 1}, {"itemSizes": [{"width": -1, "height": 20}]}]}
      """)
    let result = try Self.run(["inspect", path])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrLines == [
        "mosaic inspect: \(path): sections[1].itemSizes[0].width: must be a finite number >= 0"
      ])
  }

  @Test func invalidJSONAndMissingFiles() throws {
    let path = try Self.temporaryFile("{\"bounds\": ")
    let invalid = try Self.run(["inspect", path])
    #expect(invalid.status == 2)
    #expect(invalid.stderrLines.count == 1)
    #expect(
      invalid.stderrLines.first?.hasPrefix("mosaic inspect: \(path): invalid JSON at line 1")
        == true)
    let missing = try Self.run(["inspect", "/nonexistent/spec.json"])
    #expect(missing.status == 2)
    #expect(
      missing.stderrLines == [
        "mosaic inspect: /nonexistent/spec.json: cannot read: No such file or directory"
      ])
    let none = try Self.run(["inspect"])
    #expect(none.status == 2)
    #expect(none.stderrLines.count == 1)
  }

  /// A good spec without a terminal: one line saying so, status 1, the terminal untouched.
  @Test func withoutATerminal() throws {
    let example = TestExecutable.packageRoot().appendingPathComponent(
      "demo-data/layout-example.json")
    let result = try Self.run(["inspect", example.path])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrLines == [
        "mosaic inspect: standard input is not a terminal; run mosaic in a terminal (or in tmux)"
      ])
  }
}
