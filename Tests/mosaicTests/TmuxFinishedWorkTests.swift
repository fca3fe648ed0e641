import CSQLite
import Foundation
import MosaicTestSupport
import Testing

/// Hostile questions end to end (issue 24 items 2, 5 and 14): work that ends in the background
/// reaches the screen without a key, a regular expression over fat records never holds the
/// screen or `q`, and a followed log rotated by copytruncate is followed from its start.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxFinishedWorkTests {
  /// The last non-blank line of the screen: the status bar.
  func statusBar(_ screen: String) -> String { MosaicPane.statusBar(screen) }

  /// Writes a table `t` of `rows` rows (`id, name, city`) to a new database at `path`.
  func writeDatabase(_ path: String, rows: Int) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else {
      throw CocoaError(.fileWriteUnknown)
    }
    defer { sqlite3_close(db) }
    let script = """
      PRAGMA journal_mode = OFF; BEGIN;
      CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
      INSERT INTO t SELECT i, 'name ' || i,
        CASE i % 3 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Oslo' ELSE 'Lima' END FROM n;
      COMMIT;
      """
    guard sqlite3_exec(db, script, nil, nil, nil) == SQLITE_OK else {
      throw CocoaError(.fileWriteUnknown)
    }
  }

  @Test func aSearchThatEndsInTheBackgroundSaysSoWithoutAKey() throws {
    let scratch = try ScratchDirectory("mosaic-search-end")
    try writeDatabase(scratch.path("big.db"), rows: 400_000)
    let tmux = try MosaicPane.start(
      shell: "\"$MOSAIC\" --table t big.db", directory: scratch.url.path, columns: 100, rows: 20)
    defer { tmux.kill() }
    tmux.waitFor(text: "name 1 ")
    tmux.waitFor("the count", timeout: 60) { statusBar($0).contains("400,000") }
    // No row holds "zebra": the search reads every row, then says so. No key is pressed after
    // Enter: the end of the search alone must reach the screen.
    tmux.sendKeys("/")
    tmux.sendLiteral("zebra")
    tmux.sendKeys("Enter")
    let ended = tmux.waitFor("the search's end on the status bar", timeout: 90) {
      statusBar($0).contains("/zebra no match")
    }
    #expect(!statusBar(ended).contains("searching"))
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux) == "mosaic-exit=0")
  }

  @Test func aFilterOfEveryFatRecordLeavesTheScreenAndQAnswering() throws {
    let scratch = try ScratchDirectory("mosaic-fat-regex")
    // 20,000 records of 3,000 `a`s then `!`: `(a+)+$` matches none of them, and a backtracking
    // engine would try every way to split the run of `a`s.
    let fat = String(repeating: "a", count: 3000) + "!"
    let body = (1...20_000).map { "\($0),\(fat)\n" }.joined()
    try ("id,text\n" + body).write(
      toFile: scratch.path("fat.csv"), atomically: false, encoding: .utf8)
    let tmux = try MosaicPane.start(
      shell: "\"$MOSAIC\" fat.csv", directory: scratch.url.path, columns: 100, rows: 20)
    defer { tmux.kill() }
    tmux.waitFor("the file read whole", timeout: 30) { screen in
      screen.contains("aaaa") && statusBar(screen).contains("20,000")
        && !statusBar(screen).contains("indexing")
    }
    // Each key typed filters again: none may hold the screen while the records are matched.
    tmux.sendKeys("&", "Tab")
    tmux.sendLiteral("(a+)+$")
    tmux.sendKeys("Enter")
    let asked = Date()
    tmux.sendKeys("q")
    let exit = tmux.waitFor("mosaic to quit on q", timeout: 20) { $0.contains("mosaic-exit=") }
    let took = Date().timeIntervalSince(asked)
    #expect(exit.contains("mosaic-exit=0"), "\(exit)")
    // Generous for a shared machine: the point is that `q` waits for no filter (before, each
    // key typed matched every record on the drawing thread, seconds each in a debug build).
    #expect(took < 3, "q took \(took) s to quit while the filter ran")
  }

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

  @Test func aCopytruncatedLogIsFollowedFromItsStart() throws {
    let scratch = try ScratchDirectory("mosaic-copytruncate")
    let path = scratch.path("app.csv")
    let old = (1...300_000).map { "\($0),old line \($0) \(String(repeating: "x", count: 60))\n" }
    try scratch.write("id,message\n" + old.joined(), to: "app.csv")
    let tmux = try MosaicPane.start(
      shell: "\"$MOSAIC\" --follow app.csv", directory: scratch.url.path, columns: 100, rows: 20)
    defer { tmux.kill() }
    tmux.waitFor("the end of the old log", timeout: 30) { $0.contains("old line 300000") }
    // Every record visited once, as a reader paging through the log would.
    tmux.sendKeys("Home")
    tmux.waitFor(text: "old line 1 ")
    tmux.sendKeys("End")
    tmux.waitFor(text: "old line 300000")
    let before = try #require(residentKiB(tmux), "no mosaic process found")
    // logrotate's copytruncate: copied aside, emptied in place, empty a while, written again.
    try FileManager.default.copyItem(atPath: path, toPath: path + ".1")
    #expect(truncate(path, 0) == 0)
    Thread.sleep(forTimeInterval: 1.5)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.write(Data("id,message\n1,new line 1\n2,new line 2\n".utf8))
    try handle.close()
    let screen = tmux.waitFor("the new records", timeout: 15) {
      $0.contains("new line 2") && !$0.contains("old line")
    }
    #expect(statusBar(screen).contains("file truncated: following from the start"), "\(screen)")
    #expect(statusBar(screen).contains("2/2"), "\(screen)")
    let after = try #require(residentKiB(tmux), "no mosaic process found")
    // The old log's index and pages are let go with it.
    #expect(after < before, "VmRSS \(before) KiB before the rotation, \(after) KiB after")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux) == "mosaic-exit=0")
  }
}
