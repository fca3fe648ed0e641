import Foundation
import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The host around the browser: waiting for a stream, failing with a message, and reloading a
/// file that changed on disk.
@Suite @MainActor struct BrowserHostTests {
  /// A browser over `text` read as CSV.
  static func browser(_ text: String, name: String = "test.csv") throws -> BrowserScene {
    let source = try DataFile.open(text: text, name: name, format: .csv)
    try source.waitUntilComplete()
    return BrowserScene(source: source, configuration: try BrowserConfiguration(source: source))
  }

  static func draw(_ host: BrowserHost) -> MemorySurface {
    let screen = MemorySurface(columns: 60, rows: 12)
    host.draw(into: screen)
    return screen
  }

  @Test func itSaysItIsWaitingUntilTheInputCanBeOpenedAndQuitsOnQMeanwhile() throws {
    var ready = false
    let host = BrowserHost(name: "<stdin>", waitingStatus: { "waiting for input" }) {
      ready ? try Self.browser(FixtureRows.text(5), name: "<stdin>") : nil
    }
    let waiting = Self.draw(host)
    #expect(waiting.text.contains("waiting for input from <stdin>"))
    #expect(waiting.lines.last!.contains("q quit"))
    #expect(host.wantsTicks)
    #expect(host.handle(.key(.down)) == .continue)
    // A stray Esc never ends the wait, as it never quits the cards.
    #expect(host.handle(.key(.escape)) == .continue)
    #expect(host.handle(.key(.character("q"))) == .quit)
    ready = true
    #expect(host.tick())
    #expect(Self.draw(host).text.contains("r0"))
    #expect(host.browser != nil)
    // The browser's copies reach the run loop through the host.
    #expect(host.takeClipboardText() == nil)
    _ = host.handle(.key(.character("c")))
    #expect(host.takeClipboardText() == "0")
  }

  @Test func aStreamThatCannotBeOpenedShowsWhyAndAnyKeyQuits() throws {
    let problem = DataError.malformed(file: "<stdin>", line: 1, column: nil, reason: "too long")
    let host = BrowserHost(name: "<stdin>", waitingStatus: { "waiting for input" }) {
      throw problem
    }
    #expect(host.failure == problem)
    #expect(!host.wantsTicks)
    #expect(Self.draw(host).text.contains("<stdin>:1: too long"))
    #expect(host.handle(.key(.down)) == .quit)
  }

  @Test func rReloadsKeepingTheFocusedRecordAndTheLayout() throws {
    var reopened = 0
    let first = try Self.browser(FixtureRows.text(50))
    let host = BrowserHost(browser: first) {
      reopened += 1
      return try Self.browser(FixtureRows.text(40))
    }
    _ = Self.draw(host)
    _ = host.handle(.key(.character("v")))
    for _ in 0..<7 { _ = host.handle(.key(.down)) }
    let focused = try #require(first.focusedRecord)
    #expect(focused > 0)
    _ = host.handle(.key(.character("r")))
    #expect(reopened == 1)
    let fresh = try #require(host.browser)
    #expect(fresh !== first)
    #expect(fresh.focusedRecord == focused)
    #expect(fresh.layoutStyle == first.layoutStyle)
    #expect(fresh.canReload)
  }

  @Test func rDoesNothingWithoutAWayToReopen() throws {
    let only = try Self.browser(FixtureRows.text(5))
    let host = BrowserHost(browser: only)
    _ = host.handle(.key(.character("r")))
    #expect(host.browser === only)
    _ = host.handle(.key(.character("?")))
    #expect(!Self.draw(host).text.contains("reload"))
  }

  @Test func aFailedReloadKeepsTheBrowserAndSaysWhy() throws {
    let only = try Self.browser(FixtureRows.text(5))
    let host = BrowserHost(browser: only) {
      throw DataError.unreadable(file: "test.csv", reason: "No such file or directory")
    }
    _ = host.handle(.key(.character("r")))
    #expect(host.browser === only)
    let bar = Self.draw(host).lines.last!
    #expect(bar.contains("reload failed: test.csv: No such file"), "\(bar)")
  }

  @Test func aFileTruncatedUnderneathIsReportedAndItsLostCardsAreEmpty() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-host-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FixtureRows.text(20_000).write(toFile: path, atomically: false, encoding: .utf8)
    let open = {
      let source = try DataFile.open(path: path, name: "t.csv")
      try source.waitUntilComplete()
      return BrowserScene(source: source, configuration: try BrowserConfiguration(source: source))
    }
    let host = BrowserHost(browser: try open(), reopen: open)
    #expect(Self.draw(host).lines.last!.contains("1/20,000"))
    // 100 bytes hold the header, 10 whole records and the start of one more.
    #expect(truncate(path, 100) == 0)
    _ = host.handle(.key(.end))
    let screen = Self.draw(host)
    #expect(screen.lines.last!.contains("file truncated on disk: r reloads"), "\(screen.text)")
    #expect(!screen.text.contains("r19999"))
    _ = host.handle(.key(.character("r")))
    let reloaded = Self.draw(host).lines.last!
    #expect(reloaded.contains("/11") && !reloaded.contains("truncated"), "\(reloaded)")
  }
}
