import Foundation
import Testing

@testable import MosaicData

/// A database's window cache is bounded in bytes, not only in windows: rows of fat values keep
/// a few windows, thin rows many.
@Suite struct WindowCacheTests {
  /// `count` rows of one value of `bytes` bytes each, in memory.
  final class FatQuery: RowWindowQuery, @unchecked Sendable {
    let name = "fat.db (rows)"
    let fieldNames = ["id", "blob"]
    let count: Int
    let bytes: Int

    init(count: Int, bytes: Int) {
      self.count = count
      self.bytes = bytes
    }

    func rows(_ positions: Range<Int>) throws -> [[DataValue]] {
      positions.clamped(to: 0..<count).map { position in
        [.number("\(position)"), .string(String(repeating: "x", count: bytes))]
      }
    }

    func countRows(progress: (Int, Double?) -> Bool) throws -> Int { count }
    func interrupt() {}
    func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RowWindowQuery)? {
      nil
    }
  }

  @Test func fatRowsAreKeptWithinTheByteBudget() throws {
    // 4,096 rows of 100 KB: 16 windows of 25 MB, 400 MB in all — what a search over them reads.
    let table = try WindowedTable(query: FatQuery(count: 4096, bytes: 100_000))
    try table.waitUntilComplete()
    for record in stride(from: 0, to: 4096, by: 64) {
      #expect(table.value(record, 1).utf8.count == 100_000)
      #expect(
        table.cachedBytes <= WindowCache.defaultByteBudget || table.cachedWindowCount == 1,
        "\(table.cachedBytes) bytes in \(table.cachedWindowCount) windows at record \(record)")
    }
    #expect(table.cachedWindowCount <= 3)
    // What was let go is read again when asked.
    #expect(table.value(0, 0) == "0")
  }

  @Test func thinRowsKeepTheWindowLimit() throws {
    let table = try WindowedTable(query: FatQuery(count: 20_000, bytes: 10))
    try table.waitUntilComplete()
    for record in stride(from: 0, to: 20_000, by: 256) { _ = table.value(record, 1) }
    #expect(table.cachedWindowCount == WindowedTable.cachedWindows)
    #expect(table.cachedBytes < WindowCache.defaultByteBudget)
  }

  @Test func oneWindowOverTheBudgetStaysWhileItIsRead() {
    var cache = WindowCache(windowLimit: 4, byteBudget: 1_000)
    let fat: [[DataValue]] = [[.string(String(repeating: "y", count: 5_000))]]
    cache.insert(fat, for: 7)
    #expect(cache.count == 1)
    #expect(cache.rows(of: 7) == fat)
    cache.insert([[.null]], for: 8)
    // The newer window stays; the fat one went to bring the cache within its budget.
    #expect(cache.rows(of: 7) == nil)
    #expect(cache.rows(of: 8) == [[.null]])
  }

  @Test func theWindowOnShowStaysWhileABackgroundSearchReadsFatRows() {
    var cache = WindowCache(windowLimit: 32, byteBudget: 10_000)
    func fat(_ window: Int) -> [[DataValue]] {
      [[.string(String(repeating: "z", count: 6_000)), .number("\(window)")]]
    }
    // The screen shows window 0; a search then reads 39 fat windows past it.
    cache.insert(fat(0), for: 0, fromScreen: true)
    for window in 1..<40 { cache.insert(fat(window), for: window) }
    #expect(cache.rows(of: 0) == fat(0), "still on show")
    #expect(cache.count == 2, "the one on show and the one read last")
    // The screen moves on to window 39: window 0 is no longer on show and may go.
    _ = cache.rows(of: 39, fromScreen: true)
    cache.insert(fat(40), for: 40)
    #expect(cache.rows(of: 0) == nil)
    #expect(cache.rows(of: 39) == fat(39) && cache.rows(of: 40) == fat(40))
  }
}
