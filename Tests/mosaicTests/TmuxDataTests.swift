import Foundation
import MosaicTestSupport
import Testing

/// The data options end to end: the built `mosaic` in tmux on a large JSON array, a `;` CSV,
/// a file without a header row, a file that grows while it is followed, and a binary file.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxDataTests {
  /// Runs `shell` (`$MOSAIC` names the built executable) in `directory`; see `MosaicPane`.
  func start(_ shell: String, directory: String) throws -> TmuxSession {
    try MosaicPane.start(shell: shell, directory: directory)
  }

  /// The line `mosaic-exit=N` once mosaic has ended.
  func exitLine(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    MosaicPane.exitLine(tmux, sourceLocation: sourceLocation)
  }

  /// The last non-blank line of the screen: the status bar.
  func statusBar(_ screen: String) -> String { MosaicPane.statusBar(screen) }

  @Test func aLargeJSONArrayShowsItsFirstScreenWhileTheRestIsIndexed() throws {
    let scratch = try ScratchDirectory("mosaic-data")
    // About 25 MB: one array of 200,000 objects, a string with brackets in each.
    let handle = try #require(
      {
        _ = FileManager.default.createFile(atPath: scratch.path("orders.json"), contents: nil)
        return FileHandle(forWritingAtPath: scratch.path("orders.json"))
      }())
    handle.write(Data("[\n".utf8))
    var chunk = ""
    for i in 0..<200_000 {
      let name = i == 0 ? "first-of-many" : "order \(i)"
      chunk +=
        #"  {"name": "\#(name)", "city": "Oslo", "note": "a ] and a } and \"quotes\"", "#
        + #""tags": ["x", {"deep": [1, 2]}], "amount": \#(i).5}"# + (i < 199_999 ? ",\n" : "\n")
      if chunk.utf8.count > 1 << 20 {
        handle.write(Data(chunk.utf8))
        chunk = ""
      }
    }
    handle.write(Data((chunk + "]\n").utf8))
    try handle.close()
    let tmux = try start("\"$MOSAIC\" --layout list orders.json", directory: scratch.url.path)
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "first-of-many", timeout: 10)
    #expect(first.contains("order 1"))
    let done = tmux.waitFor("all 200,000 records", timeout: 30) {
      self.statusBar($0).contains("/200,000")
    }
    #expect(!statusBar(done).contains("!"), "\(statusBar(done))")
    tmux.sendKeys("End")
    tmux.waitFor(text: "order 199999", timeout: 10)
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aSemicolonCSVIsSplitAtItsSemicolons() throws {
    let scratch = try ScratchDirectory("mosaic-data")
    try scratch.write("name;price;weight\nbolt;1,50;0,2\nnut;0,75;0,1\n", to: "prices.csv")
    let tmux = try start("\"$MOSAIC\" --layout list prices.csv", directory: scratch.url.path)
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "price: 1,50", timeout: 10)
    #expect(screen.contains("bolt"))
    #expect(screen.contains("weight: 0,2"))
    #expect(statusBar(screen).contains("1/2"))
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aForcedDelimiterAndNoHeaderNumberTheFields() throws {
    let scratch = try ScratchDirectory("mosaic-data")
    try scratch.write("alpha|1|x\nbeta|2|y\ngamma|3|z\n", to: "plain.txt")
    let tmux = try start(
      "\"$MOSAIC\" --delimiter '|' --no-header --title 1 --layout list plain.txt",
      directory: scratch.url.path)
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "gamma", timeout: 10)
    // The first row is a record, not the names of the fields.
    #expect(screen.contains("alpha"))
    #expect(screen.contains("2: 1"))
    #expect(statusBar(screen).contains("1/3"))
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aFollowedFileShowsRecordsAsTheyAreAppended() throws {
    let scratch = try ScratchDirectory("mosaic-data")
    try scratch.write(
      "time,event\n" + (1...40).map { "\($0),event \($0)\n" }.joined(), to: "app.csv")
    let tmux = try start(
      "\"$MOSAIC\" --follow --title event --layout list app.csv", directory: scratch.url.path)
    defer { tmux.kill() }
    let opened = tmux.waitFor(text: "event 40", timeout: 10)
    #expect(statusBar(opened).contains("40/40"), "\(statusBar(opened))")
    #expect(statusBar(opened).contains("following"))
    let handle = try #require(FileHandle(forWritingAtPath: scratch.path("app.csv")))
    handle.seekToEndOfFile()
    handle.write(Data("41,event 41\n42,event 42\n".utf8))
    let followed = tmux.waitFor(text: "event 42", timeout: 10)
    #expect(statusBar(followed).contains("42/42"), "\(statusBar(followed))")
    // Away from the end the view stays and counts what arrives.
    tmux.sendKeys("Home")
    tmux.waitFor(text: "event 1 ", timeout: 10)
    handle.write(Data("43,event 43\n44,event 44\n45,event 45\n".utf8))
    try handle.close()
    let away = tmux.waitFor("three new records counted", timeout: 10) {
      self.statusBar($0).contains("following · 3 new")
    }
    #expect(statusBar(away).contains("1/45"), "\(statusBar(away))")
    #expect(!away.contains("event 45"))
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aFollowedLogRotatedByRenamingIsReopened() throws {
    let scratch = try ScratchDirectory("mosaic-data")
    try scratch.write(
      "{\"level\": \"info\", \"msg\": \"old one\"}\n{\"level\": \"info\", \"msg\": \"old two\"}\n",
      to: "app.jsonl")
    let tmux = try start(
      "\"$MOSAIC\" --follow --title msg --layout list app.jsonl", directory: scratch.url.path)
    defer { tmux.kill() }
    tmux.waitFor(text: "old two", timeout: 10)
    try FileManager.default.moveItem(
      atPath: scratch.path("app.jsonl"), toPath: scratch.path("app.jsonl.1"))
    try scratch.write("{\"level\": \"warn\", \"msg\": \"new one\"}\n", to: "app.jsonl")
    let reopened = tmux.waitFor(text: "new one", timeout: 10)
    #expect(!reopened.contains("old two"))
    #expect(statusBar(reopened).contains("1/1"), "\(statusBar(reopened))")
    #expect(statusBar(reopened).contains("following"))
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aBinaryFileIsRefusedWithOneLine() throws {
    let scratch = try ScratchDirectory("mosaic-data")
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
    png += (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Data(png).write(to: URL(fileURLWithPath: scratch.path("photo.png")))
    let tmux = try start("\"$MOSAIC\" photo.png", directory: scratch.url.path)
    defer { tmux.kill() }
    #expect(exitLine(tmux) == "mosaic-exit=2")
    let screen = tmux.capture()
    #expect(
      screen.contains(
        "mosaic: photo.png: binary file (a NUL byte at byte 8), not CSV, TSV, JSON or JSON Lines"),
      "\(screen)")
    // Nothing of the file reached the terminal.
    #expect(!screen.contains("PNG"))
  }
}
