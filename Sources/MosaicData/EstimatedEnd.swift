/// The last records of a file that indexing has not reached yet, found by scanning back from
/// the file's end, with an estimate of where they stand: what `End` shows at once.
///
/// The records are read through their source like indexed ones, by the ids in `records`
/// (in file order, the last record last); those ids are not their numbers, which only indexing
/// can tell: `estimatedFirstIndex` guesses the first's from the bytes per record indexed so far,
/// and `RecordSource.indexedRecord(ofEstimated:)` gives each its true index once indexing has
/// passed it. UIKit: a flow layout's `estimatedItemSize` is the same idea for sizes; UIKit has
/// no counterpart for an estimated item count.
public struct EstimatedEnd: Equatable, Sendable {
  /// The ids by which the source reads the last records, in file order.
  public let records: Range<Int>
  /// The estimated index (0-based, in file order) of the record read as `records.lowerBound`.
  public let estimatedFirstIndex: Int

  /// Creates the end made of the records read as `records`, the first estimated to be the
  /// `estimatedFirstIndex`th.
  public init(records: Range<Int>, estimatedFirstIndex: Int) {
    self.records = records
    self.estimatedFirstIndex = estimatedFirstIndex
  }

  /// The estimated number of records in the file.
  public var estimatedCount: Int { estimatedFirstIndex + records.count }

  /// The estimated index (0-based) of the record read as `id`, which must be in `records`.
  public func estimatedIndex(of id: Int) -> Int {
    estimatedFirstIndex + id - records.lowerBound
  }
}
