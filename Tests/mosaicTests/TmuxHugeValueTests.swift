import Foundation
import MosaicTestSupport
import Testing

/// A huge value and a wide record in the real binary: each screen arrives within the watchdog,
/// which a read of the whole value, or work quadratic in the fields, would overrun many times.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxHugeValueTests {
  /// A temporary directory holding `name` with `text` written by `write`.
  static func file(_ name: String, _ write: (FileHandle) -> Void) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-values-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    write(handle)
    try handle.close()
    return url
  }

  func start(_ arguments: [String], redirection: String = "") throws -> TmuxSession {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let words = ([executable.path] + arguments).map(TmuxSession.shellQuoted)
    let command =
      "\(words.joined(separator: " ")) \(redirection); echo mosaic-exit=$?; exec sleep 600"
    return try TmuxSession(
      command: command, columns: 80, rows: 24, environment: ["TERM": "screen", "LANG": "C.UTF-8"])
  }

  @Test func anEightMegabyteValueShowsAtOnceOnItsCardAndInItsDetail() throws {
    // 8 MB of numbered lines in one quoted field, quotes doubled, then a field after it.
    let url = try Self.file("huge.csv") { handle in
      handle.write(Data("id,name,notes,size\n1,huge,\"".utf8))
      var block = ""
      for line in 0..<10_000 { block += "\(line) say \"\"lorem\"\" ipsum, dolor sit amet\n" }
      let data = Data(block.utf8)
      for _ in 0..<(8_000_000 / data.count) { handle.write(data) }
      handle.write(Data("end\",8\n2,small,\"a note\",1\n".utf8))
    }
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let tmux = try start([url.path, "--layout", "cards"])
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "size: 8")
    #expect(first.contains("┃ notes: 0 say \"lorem\" … ┃"), "\(first)")
    tmux.sendKeys("Enter")
    let detail = tmux.waitFor(text: "╭ huge")
    #expect(detail.contains("notes  0 say \"lorem\" ipsum, dolor sit amet"), "\(detail)")
    #expect(detail.contains("│        1 say \"lorem\" ipsum, dolor sit amet"), "\(detail)")
    tmux.sendKeys("End")
    // End goes to the last line wrapped so far, and follows the end as more is wrapped.
    // End glides: the wait is for the screen it ends on.
    let end = tmux.waitFor("a later line of the value") {
      !$0.contains("notes  0 say") && $0.contains(" say \"lorem\" ipsum") && $0.contains("+ ─╯")
    }
    #expect(end.contains("+ ─╯"), "\(end)")
    // Back to the cards before q: a program busy wrapping (and drawing the glide) under load can
    // read Esc and q in one go, which is Alt+q.
    tmux.sendKeys("Escape")
    tmux.waitFor("the cards") { !$0.contains("╭ huge") }
    tmux.sendKeys("q")
    let after = tmux.waitFor("mosaic to exit") { $0.contains("mosaic-exit=") }
    #expect(after.contains("mosaic-exit=0"))
  }

  @Test func aThirtyThousandFieldRecordOpensAndPrintsAtOnce() throws {
    let count = 30_000
    let url = try Self.file("wide.csv") { handle in
      handle.write(Data(((1...count).map { "f\($0)" }.joined(separator: ",") + "\n").utf8))
      handle.write(Data(((1...count).map { "value \($0)" }.joined(separator: ",") + "\n").utf8))
    }
    let output = url.deletingLastPathComponent().appendingPathComponent("out.jsonl")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let tmux = try start(
      [url.path, "--layout", "cards"], redirection: "> \(TmuxSession.shellQuoted(output.path))")
    defer { tmux.kill() }
    tmux.waitFor(text: "f2: value 2")
    tmux.sendKeys("Enter")
    let detail = tmux.waitFor(text: "f2      value 2")
    #expect(detail.contains("╭ value 1"), "\(detail)")
    tmux.sendKeys("End")
    tmux.waitFor(text: "f30000  value 30000")
    tmux.sendKeys("Escape")
    tmux.waitFor("the cards") { !$0.contains("╭ value 1") }
    tmux.sendKeys("y")
    let after = tmux.waitFor("mosaic to exit") { $0.contains("mosaic-exit=") }
    #expect(after.contains("mosaic-exit=0"))
    let line = try String(contentsOf: output, encoding: .utf8)
    #expect(line.hasPrefix("{\"f1\":\"value 1\",\"f2\":\"value 2\","))
    #expect(line.hasSuffix(",\"f30000\":\"value 30000\"}\n"))
  }
}
