import MosaicData

/// The texts of table rows read to measure the columns, kept by record until the row draws, so
/// a record read for its widths is not read again for its values: the columns are measured a
/// screen and a half ahead of what shows, and a Page Down otherwise read each new row twice.
///
/// An entry is taken (and forgotten) by the row that draws it. Entries are only handed out for
/// the source, file state and fields they were read for; past `limit` rows, or when any of
/// those changes, the cache starts over.
///
/// UIKit has no counterpart; it is the kind of cache an app keeps behind its data source
/// (`UICollectionViewDataSourcePrefetching` fills one ahead of the cells).
struct TableTextCache {
  /// What entries were read for: the source, what it last said of its file, the fields.
  struct Key: Equatable {
    /// The source, held and compared by identity: an `ObjectIdentifier` could name a later
    /// source made where a freed one was, and hand it the freed one's texts. Held strongly (the
    /// cache keeps one key, the scene's current source): a weak reference cost a side-table
    /// copy at each of a Page Down's few hundred lookups.
    var source: AnyObject
    var fileChange: FileChange?
    var fields: [Int]

    /// Keys are equal for the same source, file state and fields.
    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.source === rhs.source && lhs.fileChange == rhs.fileChange && lhs.fields == rhs.fields
    }
  }

  /// The most rows kept: a few screens of rows measured ahead and not yet drawn.
  static let limit = 512

  private var key: Key?
  private var texts: [Int: [String]] = [:]

  /// The rows kept now.
  var count: Int { texts.count }

  /// Keeps `texts`, the values of `record` read for `key`.
  mutating func store(_ texts: [String], of record: Int, for key: Key) {
    if self.key != key || self.texts.count >= Self.limit {
      self.texts.removeAll(keepingCapacity: true)
      self.key = key
    }
    self.texts[record] = texts
  }

  /// The texts of `record` kept for `key`, forgotten as they are handed out; nil if none.
  mutating func take(_ record: Int, for key: Key) -> [String]? {
    guard self.key == key else { return nil }
    return texts.removeValue(forKey: record)
  }
}
