import Foundation
import MosaicTestSupport
import Testing

/// `mosaic` on input that is not a quiet regular file: standard input, slow pipes, FIFOs,
/// devices, and files that change underneath. Driven end to end in tmux.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxStreamTests {
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

  /// The resident memory in KiB of the `mosaic` process under the pane's shell, or nil.
  func residentKiB(_ tmux: TmuxSession) -> Int? {
    guard let shell = tmux.panePID() else { return nil }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries where Int(entry) != nil {
      guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        stat.contains("(mosaic)")
      else { continue }
      let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
      guard fields.count > 1, pid_t(fields[1]) == shell else { continue }
      let status = (try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
      return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
    return nil
  }

  @Test func anEndlessPipeShowsRecordsAtOnceQuitsOnQAndStaysSmall() throws {
    let scratch = try ScratchDirectory("mosaic-stream")
    let tmux = try start("yes a,b | \"$MOSAIC\" --layout cards -", directory: scratch.url.path)
    defer { tmux.kill() }
    let first = tmux.waitFor("records while the input is read", timeout: 5) {
      $0.contains("b: b") && $0.contains("reading input")
    }
    #expect(statusBar(first).contains("<stdin>"))
    Thread.sleep(forTimeInterval: 3)
    let resident = try #require(residentKiB(tmux), "no mosaic process found")
    #expect(resident < 200_000, "VmRSS \(resident) KiB after 3 s of `yes a,b`")
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aSlowWriterShowsTheFirstRecordsBeforeThePipeCloses() throws {
    let scratch = try ScratchDirectory("mosaic-stream")
    // The writer feeds a FIFO in the background, so the shell reports mosaic's own status.
    #expect(mkfifo(scratch.path("slow"), 0o600) == 0)
    let tmux = try start(
      "(echo name,n; echo first,1; echo second,2; sleep 60; echo late,3) > slow & "
        + "\"$MOSAIC\" - < slow",
      directory: scratch.url.path)
    defer { tmux.kill() }
    let screen = tmux.waitFor("the first records", timeout: 10) {
      $0.contains("first") && $0.contains("second")
    }
    #expect(statusBar(screen).contains("reading input"), "\(screen)")
    #expect(statusBar(screen).contains("1/2"), "\(screen)")
    #expect(!screen.contains("late"))
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aFIFOWithNoWriterSaysItIsWaitingAndQuitsOnQ() throws {
    let scratch = try ScratchDirectory("mosaic-stream")
    #expect(mkfifo(scratch.path("pipe.csv"), 0o600) == 0)
    let tmux = try start("\"$MOSAIC\" pipe.csv", directory: scratch.url.path)
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "waiting for input from pipe.csv", timeout: 10)
    #expect(statusBar(screen).contains("q quit"))
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func anEndlessLineFromAPipeEndsInOneLineWithBoundedMemory() throws {
    let scratch = try ScratchDirectory("mosaic-stream")
    #expect(mkfifo(scratch.path("endless.csv"), 0o600) == 0)
    // Text without a newline, for ever (a device of NUL bytes would be refused as binary).
    let tmux = try start(
      "(yes x | tr -d '\\n' > endless.csv &) ; \"$MOSAIC\" endless.csv",
      directory: scratch.url.path)
    defer { tmux.kill() }
    tmux.waitFor(text: "longer than 64 MiB without an end", timeout: 30)
    let resident = try #require(residentKiB(tmux), "no mosaic process found")
    #expect(resident < 150_000, "VmRSS \(resident) KiB reading an endless line")
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=2")
    #expect(tmux.capture().contains("mosaic: endless.csv:1: first line longer than 64 MiB"))
  }

  @Test func aDeviceOfNULBytesIsRefusedAsBinary() throws {
    let scratch = try ScratchDirectory("mosaic-stream")
    let tmux = try start("\"$MOSAIC\" /dev/zero", directory: scratch.url.path)
    defer { tmux.kill() }
    // A stream is refused the way its other errors are: in the status bar, then on exit.
    tmux.waitFor(text: "/dev/zero: binary file (a NUL byte at byte 0)", timeout: 10)
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=2")
    #expect(tmux.capture().contains("mosaic: /dev/zero: binary file"))
  }

  /// Writes `rows` CSV records (about 30 bytes each) to `path`.
  func writeCSV(_ path: String, rows: Int) throws {
    let handle = try #require(
      FileHandle(forWritingAtPath: path)
        ?? {
          _ = FileManager.default.createFile(atPath: path, contents: nil)
          return FileHandle(forWritingAtPath: path)
        }())
    defer { handle.closeFile() }
    handle.write("id,name,note\n".data(using: .utf8)!)
    var chunk = ""
    for row in 0..<rows {
      chunk += "\(row),name \(row),note \(row)\n"
      if chunk.utf8.count > 1 << 20 {
        handle.write(chunk.data(using: .utf8)!)
        chunk = ""
      }
    }
    handle.write(chunk.data(using: .utf8)!)
  }

  /// Presses End, searches and scrolls over a file truncated underneath, then reloads it.
  func browseTruncated(_ tmux: TmuxSession, status: String) {
    tmux.sendKeys("End")
    let end = tmux.waitFor("the change in the status bar") {
      self.statusBar($0).contains("file truncated on disk: r reloads")
    }
    #expect(!end.contains("\0"))
    tmux.sendKeys("/")
    tmux.sendLiteral("name 3")
    tmux.sendKeys("Enter")
    tmux.sendKeys("PageUp")
    tmux.sendKeys("Up")
    tmux.sendKeys("Home")
    tmux.waitFor(text: "name 0")
    tmux.sendKeys("?")
    tmux.waitFor(text: "reload the file")
    tmux.sendKeys("Escape")
    tmux.sendKeys("r")
    let reloaded = tmux.waitFor("the reloaded file") {
      let bar = self.statusBar($0)
      return !bar.contains("truncated") && bar.contains(status)
    }
    #expect(reloaded.contains("name 0"))
  }

  @Test func aFileTruncatedWhileIndexingSaysSoAndReloads() throws {
    let scratch = try ScratchDirectory("mosaic-stream")
    let path = scratch.path("big.csv")
    try writeCSV(path, rows: 4_000_000)
    let tmux = try start("\"$MOSAIC\" big.csv", directory: scratch.url.path)
    defer { tmux.kill() }
    tmux.waitFor(text: "indexing")
    #expect(truncate(path, 3000) == 0)
    // 3000 bytes hold the header, 150 whole records and the start of one more.
    browseTruncated(tmux, status: "/151")
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aFileTruncatedAfterIndexingSaysSoAndReloads() throws {
    let scratch = try ScratchDirectory("mosaic-stream")
    let path = scratch.path("small.csv")
    try writeCSV(path, rows: 20_000)
    let tmux = try start("\"$MOSAIC\" small.csv", directory: scratch.url.path)
    defer { tmux.kill() }
    tmux.waitFor(text: "1/20,000")
    #expect(truncate(path, 3000) == 0)
    browseTruncated(tmux, status: "/151")
    tmux.sendKeys("q")
    #expect(exitLine(tmux) == "mosaic-exit=0")
  }
}
