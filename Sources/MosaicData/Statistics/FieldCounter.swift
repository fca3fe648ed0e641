import Foundation

/// Counts one field's values over some records: a `FieldStatisticsTask`'s total, and the count
/// of one batch by one of its threads, merged into the total batch after batch.
///
/// No UIKit counterpart. Values are kept in a dictionary up to `Limits.distinctValues` distinct
/// ones, in the order they are met: once it is full, new values only add to `uncountedCount`,
/// and the batches' counters are `closed` to the values the total keeps, so every value kept is
/// counted exactly. Values longer than `Limits.valueBytes` are counted by their first bytes, so a
/// field of huge values costs no more than a short one.
struct FieldCounter {
  /// A value as counted: its text, or the start of a longer one.
  struct Key: Hashable {
    /// The text ("" for empty), or its first bytes when `isCut`.
    var text: String
    /// Whether `text` is only the start of the value.
    var isCut: Bool
  }

  /// What is known of one value.
  struct Entry {
    /// The records holding it.
    var count: Int
    /// The first record holding it, which orders values of equal count.
    var first: Int
  }

  /// How much the counter keeps.
  let limits: FieldStatisticsTask.Limits
  /// The values kept.
  private(set) var table: [Key: Entry] = [:]
  /// The values counted.
  private(set) var count = 0
  /// The empty (or missing) values.
  private(set) var emptyCount = 0
  /// The values not kept because the table was full.
  private(set) var uncountedCount = 0
  /// Whether a distinct value was turned away.
  private(set) var isCapped = false
  /// The only values to keep, when the total is full: a batch's counter then keeps no others.
  var closed: [Key: Entry]?
  /// The values that read as numbers.
  private(set) var numberCount = 0
  private var sum = 0.0
  private var minimum = Double.infinity
  private var maximum = -Double.infinity
  private var minimumText = ""
  private var maximumText = ""
  /// Every number met, for the exact median, quantiles and deviation (8 bytes each).
  private var numbers: [Double] = []

  /// A counter keeping what `limits` allow.
  init(limits: FieldStatisticsTask.Limits) {
    self.limits = limits
  }

  /// Counts `field` of each of `records` in `source`.
  ///
  /// - Complexity: O(bytes of the records before and in the field).
  mutating func count(
    _ records: some Sequence<Int>, field: Int, of source: any RecordSource
  ) {
    if let table = source.capabilities.delimitedFields {
      // CSV and TSV: the field's bytes found without building the record's list of fields.
      for record in records {
        guard let raw = table.rawField(record, field) else {
          add(Key(text: "", isCut: false), record: record)
          continue
        }
        if raw.count <= limits.valueBytes {
          add(Key(text: DelimitedTable.decode(table.file, raw), isCut: false), record: record)
        } else {
          add(key(of: FieldText(delimited: table.file, raw)), record: record)
        }
      }
      return
    }
    for record in records {
      guard let text = source.fieldText(record, field) else {
        add(Key(text: "", isCut: false), record: record)
        continue
      }
      add(key(of: text), record: record)
    }
  }

  /// How a value is counted: whole, or by its first `Limits.valueBytes` bytes.
  func key(of text: FieldText) -> Key {
    if text.rawCount <= limits.valueBytes { return Key(text: text.string, isCut: false) }
    let start = text.prefix(maxBytes: limits.valueBytes)
    return Key(text: start.text, isCut: !start.isComplete)
  }

  /// Counts one value, held by `record`.
  mutating func add(_ key: Key, record: Int) {
    count += 1
    let isMissing = !key.isCut && limits.missing.isMissing(key.text)
    // Every missing value (empty, `NA`, `-`…) is one row of the frequency table.
    let key = isMissing ? Key(text: "", isCut: false) : key
    if isMissing { emptyCount += 1 }
    if !key.isCut, !isMissing, limits.countsNumbers, let number = NumberText.value(key.text) {
      numberCount += 1
      sum += number
      numbers.append(number)
      if number < minimum {
        minimum = number
        minimumText = key.text
      }
      if number > maximum {
        maximum = number
        maximumText = key.text
      }
    }
    if let index = table.index(forKey: key) {
      table.values[index].count += 1
    } else if let closed, closed[key] == nil {
      uncountedCount += 1
      isCapped = true
    } else if table.count < limits.distinctValues {
      table[key] = Entry(count: 1, first: record)
    } else {
      uncountedCount += 1
      isCapped = true
    }
  }

  /// Adds what `other` counted (over other records); new values are kept in the order they first
  /// appear while there is room.
  ///
  /// - Complexity: O(values kept by `other`), O(k log k) when the table overflows.
  mutating func merge(_ other: FieldCounter) {
    count += other.count
    emptyCount += other.emptyCount
    uncountedCount += other.uncountedCount
    isCapped = isCapped || other.isCapped
    numberCount += other.numberCount
    sum += other.sum
    numbers.append(contentsOf: other.numbers)
    if other.minimum < minimum {
      minimum = other.minimum
      minimumText = other.minimumText
    }
    if other.maximum > maximum {
      maximum = other.maximum
      maximumText = other.maximumText
    }
    var entries = Array(other.table)
    if table.count + entries.count > limits.distinctValues {
      // Room for only some: the first ones met in the file get it.
      entries.sort { $0.value.first < $1.value.first }
    }
    for (key, entry) in entries {
      if let index = table.index(forKey: key) {
        table.values[index].count += entry.count
        table.values[index].first = min(table.values[index].first, entry.first)
      } else if table.count < limits.distinctValues {
        table[key] = entry
      } else {
        uncountedCount += entry.count
        isCapped = true
      }
    }
  }

  /// Makes room for `count` distinct values at once: a total that will hold tens of thousands
  /// would otherwise be rehashed at each doubling as the batches are merged into it.
  mutating func reserveCapacity(_ count: Int) {
    table.reserveCapacity(min(count, limits.distinctValues))
  }

  /// Whether no more distinct values are kept.
  var isFull: Bool { table.count >= limits.distinctValues }

  /// The statistics counted, for `field` named `name`.
  ///
  /// - Complexity: O(k log k) for the k values kept.
  func statistics(field: Int, name: String) -> FieldStatistics {
    let sorted = table.sorted {
      $0.value.count != $1.value.count
        ? $0.value.count > $1.value.count : $0.value.first < $1.value.first
    }
    let missingKept = table.keys.reduce(0) {
      $0 + (!$1.isCut && limits.missing.isMissing($1.text) ? 1 : 0)
    }
    var values = numbers
    return FieldStatistics(
      field: field, fieldName: name, count: count, emptyCount: emptyCount,
      distinctCount: table.count - missingKept, isDistinctCountCapped: isCapped,
      frequencies: sorted.map {
        FieldStatistics.ValueCount(value: $0.key.text, count: $0.value.count, isCut: $0.key.isCut)
      },
      uncountedCount: uncountedCount,
      numbers: numberCount == 0
        ? nil
        : FieldStatistics.Numbers(
          count: numberCount, minimum: minimumText, maximum: maximumText,
          mean: sum / Double(numberCount), summary: NumberSummary(values: &values)))
  }
}
