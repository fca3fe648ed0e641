import MosaicData

/// One row of the columns sheet: what a field's values come to, read from its `FieldStatistics`
/// (type, count, missing, distinct, minimum, maximum, mean) and its median, found from the
/// value counts.
///
/// UIKit has no counterpart; it is the model of one row of a report.
struct ColumnSummary: Equatable {
  /// The type the values read as.
  enum Kind: String {
    /// Every value is a whole number.
    case integer
    /// Every value is a number, some with a fraction or exponent.
    case decimal
    /// Some value is not a number.
    case text
    /// Every value is missing.
    case empty
  }

  /// The field's statistics.
  let statistics: FieldStatistics

  /// The type the present values read as: numbers only when every one is a number.
  var kind: Kind {
    let present = statistics.count - statistics.emptyCount
    guard present > 0 else { return .empty }
    guard let numbers = statistics.numbers, numbers.count == present else { return .text }
    let whole = statistics.frequencies.allSatisfy { $0.value.isEmpty || Int($0.value) != nil }
    return whole ? .integer : .decimal
  }

  /// The median of the values that read as numbers (the mean of the two middle ones for an
  /// even count, as Python's `statistics.median`); nil when there are none, or when the field
  /// has more distinct values than were counted one by one (the median would be a guess).
  var median: Double? {
    guard statistics.uncountedCount == 0, let numbers = statistics.numbers, numbers.count > 0
    else { return nil }
    var values: [(number: Double, count: Int)] = []
    for entry in statistics.frequencies where !entry.isCut {
      if let number = NumberText.value(entry.value) { values.append((number, entry.count)) }
    }
    values.sort { $0.number < $1.number }
    let total = values.reduce(0) { $0 + $1.count }
    guard total > 0 else { return nil }
    // The values at 0-based places `low` and `high` of the sorted list.
    let low = (total - 1) / 2
    let high = total / 2
    var seen = 0
    var lowValue: Double?
    for value in values {
      seen += value.count
      if lowValue == nil, seen > low { lowValue = value.number }
      if seen > high, let lowValue { return (lowValue + value.number) / 2 }
    }
    return nil
  }
}
