import Foundation
import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// `--follow` in the browser: the view follows the end while the user is there, stays put
/// (counting what is new) when they are not, and a rotated file is reopened without a key.
@Suite @MainActor struct FollowTests {
  /// A followed CSV on disk with a host that can reopen it, drawn into a 60 × 12 screen.
  @MainActor final class Followed {
    let directory: URL
    let path: String
    let host: BrowserHost
    let screen = MemorySurface(columns: 60, rows: 12)

    init(rows: Int) throws {
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("mosaic-follow-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      path = directory.appendingPathComponent("log.csv").path
      try ("id,message\n" + (1...rows).map { "\($0),line \($0)\n" }.joined())
        .write(toFile: path, atomically: false, encoding: .utf8)
      let path = path
      func open() throws -> BrowserScene {
        let source = try DataFile.open(
          path: path, name: "log.csv", options: ReadingOptions(follows: true))
        let scene = BrowserScene(
          source: source,
          configuration: try BrowserConfiguration(
            source: source, title: "message", layoutStyle: .list))
        scene.startFollowing()
        return scene
      }
      host = BrowserHost(browser: try open(), reopen: open)
      draw()
    }

    isolated deinit {
      host.browser?.source.cancel()
      try? FileManager.default.removeItem(at: directory)
    }

    func append(_ numbers: ClosedRange<Int>) throws {
      let handle = try #require(FileHandle(forWritingAtPath: path))
      handle.seekToEndOfFile()
      handle.write(Data(numbers.map { "\($0),line \($0)\n" }.joined().utf8))
      try handle.close()
    }

    func draw() {
      screen.clear(style: .plain)
      host.draw(into: screen)
    }

    func press(_ key: Key) {
      _ = host.handle(.key(key))
      draw()
    }

    var status: String { screen.lines.last!.trimmingCharacters(in: .whitespaces) }

    var focusedTitle: String? {
      guard let scene = host.browser, let record = scene.focusedRecord else { return nil }
      return scene.dataSource.text(record, scene.configuration.titleField)
    }

    /// Ticks as the run loop does until `condition` holds (ten seconds at most).
    func tick(until what: String, _ condition: () -> Bool) {
      let deadline = Date(timeIntervalSinceNow: 10)
      while !condition() && Date() < deadline {
        _ = host.tick()
        draw()
        usleep(20_000)
      }
      #expect(condition(), "never: \(what); screen:\n\(screen.text)")
    }
  }

  @Test func itOpensAtTheEndAndFollowsNewRecords() throws {
    let log = try Followed(rows: 30)
    #expect(log.focusedTitle == "line 30")
    #expect(log.status.contains("30/30"))
    #expect(log.status.contains("following"))
    try log.append(31...33)
    log.tick(until: "the new last record is focused") { log.focusedTitle == "line 33" }
    #expect(log.status.contains("33/33"), "\(log.status)")
    #expect(log.screen.text.contains("line 33"))
    #expect(!log.status.contains("new"))
  }

  @Test func awayFromTheEndTheViewStaysAndCountsWhatIsNew() throws {
    let log = try Followed(rows: 30)
    log.press(.home)
    #expect(log.focusedTitle == "line 1")
    try log.append(31...35)
    log.tick(until: "five new records are counted") { log.status.contains("following · 5 new") }
    #expect(log.focusedTitle == "line 1")
    #expect(log.status.contains("1/35"))
    // Back at the end, it follows again.
    log.press(.end)
    #expect(log.focusedTitle == "line 35")
    #expect(!log.status.contains("new"))
    try log.append(36...36)
    log.tick(until: "the end is followed again") { log.focusedTitle == "line 36" }
  }

  @Test func aRotatedFileIsReopenedWithoutAKey() throws {
    let log = try Followed(rows: 10)
    let first = log.host.browser
    try FileManager.default.moveItem(atPath: log.path, toPath: log.path + ".1")
    try "id,message\n1,fresh one\n2,fresh two\n".write(
      toFile: log.path, atomically: false, encoding: .utf8)
    log.tick(until: "the new file is shown") {
      log.host.browser !== first && log.status.contains("2/2")
    }
    #expect(log.focusedTitle == "fresh two")
    #expect(log.status.contains("following"))
    #expect(!log.status.contains("changed"))
  }

  @Test func aFileTruncatedToNothingIsReopenedOnceItHasAHeaderAgain() throws {
    let log = try Followed(rows: 10)
    try Data().write(to: URL(fileURLWithPath: log.path))
    log.tick(until: "the reload fails for now") { log.status.contains("reload failed") }
    try "id,message\n1,after\n".write(toFile: log.path, atomically: false, encoding: .utf8)
    log.tick(until: "the new content is shown") { log.focusedTitle == "after" }
    #expect(!log.status.contains("reload failed"))
  }

  @Test func aCopytruncatedLogIsFollowedFromItsStartWithoutAKey() throws {
    let log = try Followed(rows: 10)
    // logrotate's copytruncate: the file emptied in place, left empty a while, written again.
    let handle = try #require(FileHandle(forWritingAtPath: log.path))
    try handle.truncate(atOffset: 0)
    try handle.close()
    // As the run loop does: a tick only while the scene asks for ticks.
    func runLoop(until what: String, _ condition: () -> Bool) {
      let deadline = Date(timeIntervalSinceNow: 10)
      while !condition() && Date() < deadline {
        if log.host.wantsTicks { _ = log.host.tick() }
        log.draw()
        usleep(20_000)
      }
      #expect(condition(), "never: \(what); screen:\n\(log.screen.text)")
    }
    runLoop(until: "the truncation is seen") { log.status.contains("reload failed") }
    usleep(1_200_000)
    runLoop(until: "ticks go on while the log is empty") { log.host.wantsTicks }
    try "id,message\n1,after\n2,again\n".write(
      toFile: log.path, atomically: false, encoding: .utf8)
    runLoop(until: "the new records are shown") { log.focusedTitle == "again" }
    #expect(log.status.contains("file truncated: following from the start"), "\(log.status)")
    #expect(log.host.browser?.source.recordCount == 2)
  }
}
