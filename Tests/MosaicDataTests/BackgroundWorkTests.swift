import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// Work that finishes in the background says so through `BackgroundWork`, which is how the run
/// loop learns to wake: a sort, a count and a save each call the observer when they end.
@Suite(.serialized) struct BackgroundWorkTests {
  @Test func finishedJobsCallTheObserver() throws {
    let calls = CallCounter()
    BackgroundWork.setObserver { calls.add() }
    defer { BackgroundWork.setObserver(nil) }
    let csv = "n\n" + (0..<70_000).map { "\(($0 * 7919) % 70_000)\n" }.joined()
    let source = try DataFile.open(text: csv, name: "n.csv", format: .csv)
    try source.waitUntilComplete()
    let before = calls.value
    // Above the synchronous limit: sorted on a background thread.
    let arranger = Arranger(source: source, groupBy: nil, sortKeys: [SortKey(field: 0)])
    arranger.waitUntilComplete()
    #expect(calls.value(reaching: before + 1) > before, "a finished sort did not say so")
    let afterSort = calls.value
    _ = FieldStatisticsTask(source: source, field: 0).waitUntilDone()
    #expect(calls.value(reaching: afterSort + 1) > afterSort, "a finished count did not say so")
    let afterCount = calls.value
    let path = NSTemporaryDirectory() + "mosaic-work-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let saver = ViewSaver(source: source, index: arranger.index, format: .csv, path: path)
    #expect(saver.waitUntilDone(timeout: 60) == .saved(70_000))
    #expect(calls.value(reaching: afterCount + 1) > afterCount, "a finished save did not say so")
    let saved = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(saved.count == 70_001)
    #expect(saved[1] == "0" && saved.last == "69999")
  }

  /// A waiter reads the news count before looking at its work: news that comes after the
  /// reading and before the wait ends the wait at once, so no finish is slept through. (That a
  /// wait without news lasts its timeout is not tested: other suites' jobs bring news.)
  @Test func newsSinceTheReadingEndsTheWaitAtOnce() {
    let seen = BackgroundWork.newsCount
    BackgroundWork.didFinish()
    let start = Date()
    BackgroundWork.waitForNews(after: seen, timeout: 30)
    #expect(Date().timeIntervalSince(start) < 5, "news before the wait was missed")
  }
}
