import Foundation
import MosaicTestSupport
import Testing

/// `End` while a big file is indexed, in the real binary in tmux: the last record at once, its
/// number marked as an estimate, then the same record with its true number once indexing ends.
/// Indexing is slowed (`MOSAIC_SLOW_INDEXING`) so the keys surely come while it runs.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxBigFileTests {
  /// The status bar's `position/total` and whether they are marked as estimates.
  func position(_ screen: String) -> (here: Int, total: Int, estimated: Bool)? {
    let bar = MosaicPane.statusBar(screen)
    guard let match = bar.firstMatch(of: /(≈?)([0-9][0-9,]*)\/(≈?)([0-9][0-9,]*)/) else {
      return nil
    }
    func number(_ text: Substring) -> Int? { Int(text.filter(\.isNumber)) }
    guard let here = number(match.2), let total = number(match.4) else { return nil }
    return (here, total, !match.1.isEmpty && !match.3.isEmpty)
  }

  @Test(arguments: ["table", "list"])
  func endDuringIndexingShowsTheLastRecordEstimatedThenExact(layout: String) throws {
    let rows = try MillionRows.path()
    let tmux = try MosaicPane.start(
      shell: "MOSAIC_SLOW_INDEXING=0.2 \"$MOSAIC\" \(TmuxSession.shellQuoted(rows)) --layout "
        + layout,
      directory: TestExecutable.packageRoot().path, columns: 120, rows: 20)
    defer { tmux.kill() }
    tmux.waitFor("the first screen while indexing") {
      $0.contains("Grace") || $0.contains("Ada")
        ? MosaicPane.statusBar($0).contains("indexing") : false
    }
    tmux.sendKeys("End")
    let end = tmux.waitFor("the last record, its number estimated") {
      guard let shown = self.position($0) else { return false }
      return shown.estimated && shown.here == shown.total
    }
    #expect(MosaicPane.statusBar(end).contains("indexing"), "\(end)")
    // The last record's id, on screen, before indexing has reached it.
    #expect(end.contains("1000000"), "\(end)")
    tmux.sendKeys("Up")
    let up = tmux.waitFor("one record up, still estimated") {
      guard let shown = self.position($0) else { return false }
      return shown.estimated && shown.here == shown.total - 1
    }
    #expect(up.contains("999999"), "\(up)")
    let exact = tmux.waitFor("the true number once indexed", timeout: 120) {
      guard let shown = self.position($0) else { return false }
      return !shown.estimated
    }
    let shown = try #require(position(exact))
    #expect(shown.here == 999_999 && shown.total == 1_000_000, "\(exact)")
    #expect(!MosaicPane.statusBar(exact).contains("indexing"), "\(exact)")
    tmux.sendKeys("q")
    #expect(MosaicPane.exitLine(tmux) == "mosaic-exit=0")
  }
}
