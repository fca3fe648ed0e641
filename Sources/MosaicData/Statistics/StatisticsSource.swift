/// A record source whose store computes a field's statistics itself (a database: `GROUP BY`
/// for the frequencies, aggregates for the numbers), so `F` and `I` ask one query instead of
/// reading every record.
///
/// UIKit has no counterpart; it is the aggregate fetch request (`NSExpression` with `count:`,
/// `min:`, `average:`) a Core Data store answers without materialising objects.
public protocol StatisticsSource: RecordSource {
  /// The statistics of `field` over this source's records (those its own arrangement keeps),
  /// narrowed further by `filter` when it is given, as `FieldStatistics.compute` would count
  /// them: the same figures, frequencies most common first with ties in the order the values
  /// first appear in the records, at most `limits.distinctValues` of them. Nil when the store
  /// cannot answer (the caller then counts in memory).
  ///
  /// - Complexity: one or a few queries the store answers; stops soon after `cancellation`
  ///   is raised, returning nil or throwing.
  /// - Throws: `DataError` when the store fails.
  func storeStatistics(
    field: Int, filter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics?
}
