/// What one field's values add up to over a source's records: how many, how many empty, how
/// many distinct, the numbers' range and mean, and each value's count (the browser's frequency
/// table `F` and field summary `I`).
///
/// UIKit has no counterpart; it is the model behind a report screen. Computed by
/// `FieldStatisticsTask` (in the background) or `FieldStatistics.compute` (at once). A field with
/// more distinct values than `FieldStatisticsTask.Limits.distinctValues` keeps the first ones it meets: the
/// others are counted together in `uncountedCount`, and `distinctCount` is then a lower bound
/// (`isDistinctCountCapped`), so a field of a million unique values costs bounded memory.
public struct FieldStatistics: Equatable, Sendable {
  /// One value and the number of records holding it.
  public struct ValueCount: Equatable, Sendable {
    /// The value; "" stands for empty values and records lacking the field. A value longer than
    /// `FieldStatisticsTask.Limits.valueBytes` is its first bytes only (`isCut`).
    public var value: String
    /// The records holding it.
    public var count: Int
    /// Whether `value` is the start of longer values, all counted as one.
    public var isCut: Bool

    /// A value held by `count` records.
    public init(value: String, count: Int, isCut: Bool = false) {
      self.value = value
      self.count = count
      self.isCut = isCut
    }
  }

  /// The range and mean of the values that read as numbers.
  public struct Numbers: Equatable, Sendable {
    /// The values that read as finite numbers.
    public var count: Int
    /// The smallest, as written in the file.
    public var minimum: String
    /// The largest, as written in the file.
    public var maximum: String
    /// The arithmetic mean.
    public var mean: Double
    /// The median, deviation, percentiles and histogram (`NumberSummary`), when counted.
    public var summary: NumberSummary?

    /// Numbers summed up.
    public init(
      count: Int, minimum: String, maximum: String, mean: Double, summary: NumberSummary? = nil
    ) {
      self.count = count
      self.minimum = minimum
      self.maximum = maximum
      self.mean = mean
      self.summary = summary
    }
  }

  /// The field's index in the source.
  public var field: Int
  /// The field's name.
  public var fieldName: String
  /// The values counted: one per record.
  public var count: Int
  /// The records whose value is missing: empty, or one of the `Limits.missing` tokens.
  public var emptyCount: Int
  /// The distinct non-empty values (a lower bound when `isDistinctCountCapped`).
  public var distinctCount: Int
  /// Whether the field had more distinct values than were kept.
  public var isDistinctCountCapped: Bool
  /// The values kept (empty included, as ""), most common first; values of equal count in the
  /// order they first appear in the file.
  public var frequencies: [ValueCount]
  /// The records whose value was not kept (the field has too many distinct values).
  public var uncountedCount: Int
  /// The numbers among the values, or nil when none reads as a number.
  public var numbers: Numbers?

  /// Statistics with every figure given.
  public init(
    field: Int, fieldName: String, count: Int, emptyCount: Int, distinctCount: Int,
    isDistinctCountCapped: Bool, frequencies: [ValueCount], uncountedCount: Int, numbers: Numbers?
  ) {
    self.field = field
    self.fieldName = fieldName
    self.count = count
    self.emptyCount = emptyCount
    self.distinctCount = distinctCount
    self.isDistinctCountCapped = isDistinctCountCapped
    self.frequencies = frequencies
    self.uncountedCount = uncountedCount
    self.numbers = numbers
  }

  /// The fraction of the values counted that `count` is, 0...1 (0 when nothing was counted).
  public func share(_ count: Int) -> Double {
    self.count > 0 ? Double(count) / Double(self.count) : 0
  }

  /// The `limit` most common non-empty values.
  public func mostCommon(_ limit: Int) -> [ValueCount] {
    Array(frequencies.lazy.filter { !$0.value.isEmpty }.prefix(limit))
  }

  /// Counts `field` of the records of `source` that `filter` keeps (every record when nil) now, on the calling thread (and the others the
  /// counter splits the records over); waits for indexing to finish first.
  ///
  /// - Complexity: O(bytes of the records), spread over the machine's cores.
  public static func compute(
    source: any RecordSource, field: Int, filter: RecordFilter? = nil,
    limits: FieldStatisticsTask.Limits = .init()
  ) -> FieldStatistics {
    let task = FieldStatisticsTask(
      source: source, field: field, filter: filter, limits: limits, start: false)
    task.run()
    return task.result!
  }
}
