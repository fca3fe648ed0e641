import CSQLite
import Foundation

// @unchecked: filled by one thread (the count's), then only read, by the sort's threads.
/// The sort keys' columns of a table's kept rows, read once in row id order and held compactly
/// (each column's texts in one buffer), as a record source the in-memory sort (`SortKeys`)
/// reads: so a SQLite table sorts as a file does, by the same rules, in seconds.
///
/// No UIKit counterpart. A number stored as a number is held as its shortest exact text, so it
/// sorts by its exact value (as `CAST(… AS REAL)` did); text and NULL as the browser shows them.
final class SQLiteSortColumns: RecordSource, FieldBytesSource, @unchecked Sendable {
  /// Each kept row's id, in row id order; empty while they are `firstRowid`, the next id, and
  /// so on (a whole table without gaps: 80 MB fewer on ten million rows).
  private var rowidList: [Int64] = []
  /// The first row's id, when `rowidList` is empty.
  private var firstRowid: Int64 = 0
  /// The rows read.
  private(set) var count = 0
  /// Each column's texts, one after another.
  private var bytes: [[UInt8]]
  /// Where each row's text ends in its column's `bytes`; empty for a column whose every value
  /// is a number stored as one (no text to find: 80 MB fewer on ten million rows).
  private var ends: [[Int]]
  /// Each column's numbers stored as numbers (NaN where the value is held as text instead):
  /// writing ten million of them as text for the sort to read back cost seconds.
  private var numbers: [[Double]]

  /// Columns for `keyCount` keys, empty.
  init(keyCount: Int) {
    bytes = Array(repeating: [], count: keyCount)
    ends = Array(repeating: [], count: keyCount)
    numbers = Array(repeating: [], count: keyCount)
  }

  /// The id of the row at `position`.
  func rowid(_ position: Int) -> Int64 {
    rowidList.isEmpty ? firstRowid + Int64(position) : rowidList[position]
  }

  /// Reads every row of `statement` (its row id in column 0, then a value per key, in row id
  /// order), calling `progress` with the last row id read every `every` rows; false when
  /// `progress` said stop.
  ///
  /// The rows go into local arrays, stored once the scan ends: appending to this object's own
  /// arrays row by row cost an exclusivity check each (a sixth of the scan's CPU).
  func read(
    _ statement: SQLiteStatement, every: Int, progress: (Int64) -> Bool
  ) throws -> Bool {
    var rowids: [Int64] = []
    var first: Int64 = 0
    var count = 0
    var bytes = self.bytes
    var ends = self.ends
    var numbers = self.numbers
    let keys = bytes.indices
    var hasText = Array(repeating: false, count: keys.count)
    defer {
      rowidList = rowids
      firstRowid = first
      self.count = count
      self.bytes = bytes
      self.ends = ends
      self.numbers = numbers
    }
    while try statement.step() {
      let id = statement.int64(0)
      if count == 0 {
        first = id
      } else if !rowids.isEmpty {
        rowids.append(id)
      } else if id != first &+ Int64(count) {
        // Not the next id: every id is kept from here on.
        rowids.reserveCapacity(count * 2)
        for position in 0..<count { rowids.append(first + Int64(position)) }
        rowids.append(id)
      }
      for key in keys {
        let column = key + 1
        // A REAL's text is the shortest that reads back as itself, and an INTEGER's reads as
        // the nearest double, as Double(Int64) rounds: either sorts as that number. The text of
        // an infinity is not a number, and an integer past 2^53 keeps its exact text for
        // `value`.
        let type = statement.type(column)
        var number = Double.nan
        if type == SQLITE_FLOAT {
          number = statement.double(column)
          if !number.isFinite { number = .nan }
        } else if type == SQLITE_INTEGER {
          let integer = statement.int64(column)
          if integer.magnitude <= 1 << 53 { number = Double(integer) }
        }
        numbers[key].append(number)
        if number.isNaN {
          if !hasText[key] {
            // The column's first value that is not a number: every row before it had no text.
            hasText[key] = true
            ends[key] = Array(repeating: 0, count: count)
          }
          statement.withDisplayBytes(column) { bytes[key].append(contentsOf: $0) }
        }
        if hasText[key] { ends[key].append(bytes[key].count) }
      }
      count += 1
      if count % every == 0, !progress(id) { return false }
    }
    return true
  }

  /// Adds `other`'s rows after these (`other` read the row ids after these ones).
  func append(_ other: SQLiteSortColumns) {
    guard other.count > 0 else { return }
    if count == 0 {
      firstRowid = other.firstRowid
    }
    let follows = count == 0 || other.firstRowid == firstRowid &+ Int64(count)
    if !rowidList.isEmpty || !other.rowidList.isEmpty || !follows {
      var ids = rowidList
      if ids.isEmpty, count > 0 { ids = (0..<count).map { firstRowid + Int64($0) } }
      ids.reserveCapacity(count + other.count)
      for position in 0..<other.count { ids.append(other.rowid(position)) }
      rowidList = ids
    }
    for key in bytes.indices {
      numbers[key].append(contentsOf: other.numbers[key])
      // A column's ends are kept once it has text (then one a row): both parts alike.
      let (hasText, otherHasText) = (!ends[key].isEmpty, !other.ends[key].isEmpty)
      guard hasText || otherHasText else { continue }
      if !hasText { ends[key] = Array(repeating: 0, count: count) }
      let base = bytes[key].count
      if otherHasText {
        ends[key].append(contentsOf: other.ends[key].lazy.map { $0 + base })
      } else {
        ends[key].append(contentsOf: repeatElement(base, count: other.count))
      }
      bytes[key].append(contentsOf: other.bytes[key])
    }
    count += other.count
  }

  /// The positions of the first `count` rows in the order of a sort by key 0 alone
  /// (`descending` or not), found without sorting the rest: nil unless every value of that key
  /// is a number stored as one, whose order is then its number's, the ties in row id order, as
  /// `sorted(by:)` orders them.
  ///
  /// - Complexity: O(n log count).
  func firstRows(_ count: Int, descending: Bool) -> [Int32]? {
    guard let numbers = numbers.first, !numbers.contains(where: \.isNaN) else { return nil }
    let flip: UInt64 = descending ? ~0 : 0
    guard count > 0 else { return [] }
    // A heap of the rows kept so far, the last of them in order at its root: a later row goes
    // in only if its key is smaller than the root's (on equal keys the earlier row comes
    // first), and the root goes out. Rows already in order cost one comparison each.
    var heap: [(key: UInt64, position: Int32)] = []
    heap.reserveCapacity(count)
    func after(_ a: (key: UInt64, position: Int32), _ b: (key: UInt64, position: Int32)) -> Bool {
      a.key != b.key ? a.key > b.key : a.position > b.position
    }
    for (position, number) in numbers.enumerated() {
      let item = (key: SortKeys.orderedBits(number) ^ flip, position: Int32(position))
      if heap.count < count {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
          let parent = (child - 1) / 2
          guard after(heap[child], heap[parent]) else { break }
          heap.swapAt(child, parent)
          child = parent
        }
        continue
      }
      guard item.key < heap[0].key else { continue }
      heap[0] = item
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { break }
        let right = left + 1
        let larger = right < heap.count && after(heap[right], heap[left]) ? right : left
        guard after(heap[larger], heap[parent]) else { break }
        heap.swapAt(larger, parent)
        parent = larger
      }
    }
    return heap.sorted { after($1, $0) }.map(\.position)
  }

  func number(_ record: Int, _ field: Int) -> Double? {
    let number = numbers[field][record]
    return number.isNaN ? nil : number
  }

  /// The positions of the rows (in row id order) ordered by `keys` (fields are key columns),
  /// ties in row id order; nil when `isCancelled` turned true. `provisional` is given the
  /// order's first rows ahead of the rest when there is one key (and enough rows for it to
  /// matter).
  func sorted(
    by keys: [SortKey], provisional: ((ProvisionalOrder) -> Void)? = nil,
    isCancelled: @escaping @Sendable () -> Bool
  ) -> [Int32]? {
    var order = (0..<Int32(count)).map { $0 }
    guard
      SortKeys.sort(
        &order, groups: [0, Int32(order.count)], source: self, keys: keys,
        isCancelled: isCancelled, provisional: provisional)
    else { return nil }
    return order
  }

  func withFieldBytes<R>(_ record: Int, _ field: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if ends[field].isEmpty { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
    let start = record == 0 ? 0 : ends[field][record - 1]
    let end = ends[field][record]
    return bytes[field].withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
  }

  // MARK: RecordSource

  var name: String { "sort keys" }
  var fieldNames: [String] { bytes.indices.map { "key \($0)" } }
  var recordCount: Int { count }
  var isComplete: Bool { true }
  var progress: Double { 1 }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }
  /// Sorted and grouped from its key bytes.
  var capabilities: SourceCapabilities { SourceCapabilities(fieldBytes: self) }

  func value(_ record: Int, _ field: Int) -> String {
    if let number = number(record, field) { return "\(number)" }
    return withFieldBytes(record, field) { String(decoding: $0, as: UTF8.self) }
  }

  func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    .string(value(record, field))
  }

  func waitUntilComplete() throws {}
}

extension SQLiteStatement {
  /// Calls `body` with column `index`'s text as the browser shows it (`value(_:)`'s text), a
  /// number stored as a number as its shortest exact text (so it keeps its exact value).
  func withDisplayBytes<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    switch type(index) {
    case SQLITE_INTEGER:
      var text = String(int64(index))
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    case SQLITE_FLOAT:
      var text = "\(double(index))"
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    case SQLITE_NULL:
      return body(UnsafeRawBufferPointer(start: nil, count: 0))
    case SQLITE_TEXT:
      return withTextBytes(index, body)
    default:
      var text = value(index).text
      return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
  }
}
