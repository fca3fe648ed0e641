import Foundation
import MosaicTestSupport
import Testing

/// `mosaic inspect` through the built executable: interactively in tmux, and its errors.
@Suite struct InspectorCommandTests {
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

  /// The contract's example in an 80 × 24 tmux pane: the panel shows at once, `j` focuses the
  /// first item and the panel follows, `o` outlines, `i` hides the panel, `End` scrolls, `q`
  /// quits with status 0.
  @Test(.enabled(if: TmuxSession.isAvailable))
  func interactiveSession() throws {
    let session = try TmuxSession(
      [try Self.executable().path, "inspect", "demo-data/layout-example.json"],
      currentDirectory: TestExecutable.packageRoot())
    defer { session.kill() }
    // The status bar is drawn last; once it shows, the whole first frame has arrived.
    let first = try session.waitForScreen(timeout: 20) {
      $0.contains("╭ inspector") && $0.contains("? help")
    }
    #expect(first.contains("│0.0 │  │0.1  │"))
    #expect(first.contains("focus     none"))
    #expect(first.contains("layout-example.json  bounds 320×480  2 sections, 9 items"))
    try session.send("j")
    try session.waitForText("focus     0.0")
    try session.send("l")
    let moved = try session.waitForText("focus     0.1")
    #expect(moved.contains("frame     67.5,0 50×50"))
    #expect(moved.contains("cells     8,0 7×3"))
    try session.send("o")
    let outlined = try session.waitForText("┌0.1──┐")
    #expect(outlined.contains("┌H1───"))
    try session.send("i")
    try session.waitForScreen("the panel hidden") { !$0.contains("inspector") }
    try session.send("q")
    let status = try session.waitForExit()
    #expect(status == 0, "exit status \(status); screen:\n\((try? session.capture()) ?? "")")
  }

  /// A long spec scrolls: End moves the offset the panel and the status bar show.
  @Test(.enabled(if: TmuxSession.isAvailable))
  func interactiveScrolling() throws {
    let path = try Self.temporaryFile(
      #"{"bounds": {"width": 320, "height": 480}, "sections": [{"items": 100}]}"#,
      name: "long.json")
    let session = try TmuxSession([try Self.executable().path, "inspect", path])
    defer { session.kill() }
    try session.waitForText("offset 0,0", timeout: 20)
    try session.send("End")
    // 20 lines of 60 points less 10: 1190 points, in a 23-row (368-point) view.
    let end = try session.waitForText("offset    0,832")
    #expect(end.contains("focus     0.99"))
    #expect(end.contains("long.json  bounds 320×480  1 section, 100 items  offset 0,832"))
    try session.send("Escape")
    let status = try session.waitForExit()
    #expect(status == 0, "exit status \(status); screen:\n\((try? session.capture()) ?? "")")
  }

  /// With the spec on standard input, keys come from the terminal itself.
  @Test(.enabled(if: TmuxSession.isAvailable))
  func specOnStandardInput() throws {
    let example = TestExecutable.packageRoot().appendingPathComponent(
      "demo-data/layout-example.json")
    let session = try TmuxSession([
      "/bin/sh", "-c", "exec \"$0\" inspect - < \"$1\"", try Self.executable().path,
      example.path,
    ])
    defer { session.kill() }
    try session.waitForText("<stdin>  bounds 320×480", timeout: 20)
    try session.send("j")
    try session.waitForText("focus     0.0")
    try session.send("q")
    let status = try session.waitForExit()
    #expect(status == 0, "exit status \(status); screen:\n\((try? session.capture()) ?? "")")
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
