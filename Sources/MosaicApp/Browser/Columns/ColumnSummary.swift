import MosaicData

/// One row of the columns sheet: what a field's values come to, read from its `FieldStatistics`
/// (type, count, missing, distinct, minimum, maximum, mean) and its median, found from the
/// value counts.
///
/// UIKit has no counterpart; it is the model of one row of a report.
struct ColumnSummary: Equatable {
  /// The field's statistics.
  let statistics: FieldStatistics
  /// The type every present value reads as, by `mosaic describe`'s rule (`ValueType`): a
  /// number, date or boolean type only when every present value is one. Read from the distinct
  /// values; past the count's limit of them, numbers or text by `statistics.numbers` alone.
  let type: ValueType
  /// The earliest and the latest value, as written, of a column of dates (nil otherwise).
  let dateRange: ClosedRange<DateBound>?

  /// A date value as written, ordered by the instant it reads as.
  struct DateBound: Comparable {
    var seconds: Double
    var text: String
    static func < (a: DateBound, b: DateBound) -> Bool { a.seconds < b.seconds }
  }

  /// The summary of `statistics`, its type read from its distinct values.
  init(statistics: FieldStatistics) {
    self.statistics = statistics
    let present = statistics.count - statistics.emptyCount
    var numbers = 0
    var decimals = 0
    var dates = 0
    var dateTimes = 0
    var booleans = 0
    var earliest: DateBound?
    var latest: DateBound?
    for entry in statistics.frequencies where !entry.isCut && !entry.value.isEmpty {
      switch ValueReading(entry.value) {
      case .integer: numbers += entry.count
      case .decimal:
        numbers += entry.count
        decimals += entry.count
      case .date(let reading):
        if reading.hasTime { dateTimes += entry.count } else { dates += entry.count }
        let bound = DateBound(seconds: reading.seconds, text: entry.value)
        if earliest.map({ bound < $0 }) ?? true { earliest = bound }
        if latest.map({ $0 < bound }) ?? true { latest = bound }
      case .boolean: booleans += entry.count
      case .missing, .text: break
      }
    }
    var range: ClosedRange<DateBound>?
    if present == 0 {
      type = .empty
    } else if statistics.uncountedCount > 0 {
      // Too many distinct values to read each: numbers when every value counted as one.
      if let counted = statistics.numbers, counted.count == present {
        let whole = statistics.frequencies.allSatisfy { $0.value.isEmpty || Int($0.value) != nil }
        type = whole ? .integer : .decimal
      } else {
        type = .text
      }
    } else if numbers == present, statistics.numbers?.count == present {
      type = decimals > 0 ? .decimal : .integer
    } else if dates + dateTimes == present, let earliest, let latest {
      type = dateTimes > 0 ? .dateTime : .date
      range = earliest...latest
    } else if booleans == present {
      type = .boolean
    } else {
      type = .text
    }
    dateRange = range
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
