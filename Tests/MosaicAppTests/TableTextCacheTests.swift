import MosaicData
import Testing

@testable import MosaicApp

/// The texts the table keeps from measuring until a row draws: handed out once, and only for
/// what they were read for.
@Suite struct TableTextCacheTests {
  final class Source {}

  static func key(_ source: Source, fields: [Int] = [0, 1], change: FileChange? = nil)
    -> TableTextCache.Key
  {
    TableTextCache.Key(source: source, fileChange: change, fields: fields)
  }

  @Test func aRowsTextsAreHandedOutOnceForWhatTheyWereReadFor() {
    let source = Source()
    let other = Source()
    var cache = TableTextCache()
    cache.store(["a", "1"], of: 7, for: Self.key(source))
    cache.store(["b", "2"], of: 8, for: Self.key(source))
    #expect(cache.take(7, for: Self.key(source, fields: [1, 0])) == nil, "other fields")
    #expect(cache.take(7, for: Self.key(other)) == nil, "another source")
    #expect(cache.take(7, for: Self.key(source)) == ["a", "1"])
    #expect(cache.take(7, for: Self.key(source)) == nil, "taken: the row keeps its own")
    #expect(cache.take(9, for: Self.key(source)) == nil, "never read")
    cache.store(["c", "3"], of: 9, for: Self.key(other))
    #expect(cache.count == 1, "a new source starts over")
    #expect(cache.take(8, for: Self.key(source)) == nil)
  }

  @Test func aFileChangeOrTooManyRowsStartOver() {
    let source = Source()
    var cache = TableTextCache()
    cache.store(["a"], of: 1, for: Self.key(source))
    #expect(cache.take(1, for: Self.key(source, change: .truncated)) == nil)
    for record in 0..<TableTextCache.limit { cache.store(["x"], of: record, for: Self.key(source)) }
    #expect(cache.count == TableTextCache.limit)
    cache.store(["y"], of: -1, for: Self.key(source))
    #expect(cache.count == 1, "a long scroll does not keep every row it measured")
    #expect(cache.take(-1, for: Self.key(source)) == ["y"])
  }

  @Test func aFreedSourcesTextsAreNeverHandedToAnother() {
    var cache = TableTextCache()
    do {
      let gone = Source()
      cache.store(["a"], of: 1, for: Self.key(gone))
    }
    // New sources may be made where the freed one was: none of them is handed its texts.
    for _ in 0..<100 {
      let source = Source()
      #expect(cache.take(1, for: Self.key(source)) == nil)
    }
  }
}
