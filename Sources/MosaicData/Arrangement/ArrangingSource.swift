/// A record source whose store can sort and filter its records itself (a database: SQL
/// `ORDER BY` and `WHERE`), so the browser asks it rather than reading every record.
///
/// UIKit has no counterpart; it is the fetch request a Core Data fetched results controller
/// hands to the store. A source that does not adopt this is arranged in memory by `Arranger`.
public protocol ArrangingSource: RecordSource {
  /// The same records, those `filter` keeps, ordered by `sortKeys` as `Arranger` orders them
  /// (by each key in turn, the next breaking the ties of the one before: numbers before text
  /// before empty; descending reverses the numbers and the text, empty values staying last;
  /// the ties left in the store's own order), as a new source; nil when the store cannot do it
  /// and the caller should arrange in memory. No keys keep the store's order. `.text` ignores
  /// case, a `.regularExpression` is POSIX extended with smart case (see `RecordFilter`).
  ///
  /// - Complexity: should be O(1) or a query the store answers with an index; the new source
  ///   fetches its rows in windows as they are asked for, like this one.
  /// - Throws: `DataError` when the store rejects the query.
  func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RecordSource)?
}
