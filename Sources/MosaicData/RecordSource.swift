import Foundation
import MosaicJSON

/// A table of records read from a data file: ordered field names and records addressed by index.
///
/// The counterpart of the model object behind a `UICollectionViewDataSource`. Large files are
/// indexed on a background thread: `recordCount` grows until `isComplete`, and every member is
/// safe to call from any thread while that happens.
public protocol RecordSource: AnyObject, Sendable {
  /// The file name as the user gave it (used in errors and the title bar).
  var name: String { get }
  /// The field names in order. For JSON Lines this can grow while indexing runs.
  var fieldNames: [String] { get }
  /// The number of records indexed so far.
  var recordCount: Int { get }
  /// Whether indexing has finished (successfully or with `indexingError`).
  var isComplete: Bool { get }
  /// The fraction of the file indexed so far, 0...1.
  var progress: Double { get }
  /// Whether `progress` measures anything while indexing runs: false for a count that cannot
  /// know its end (a SQL statement's rows), which the status bar shows as counting, not 0%.
  var isProgressMeasured: Bool { get }
  /// A problem found by background indexing; records before it stay available.
  var indexingError: DataError? { get }
  /// Groups the file itself defines (JSON `{"sections": ...}`), or nil.
  var definedSections: [DefinedSection]? { get }

  /// The value of `field` in `record` as display text ("" when the record lacks the field).
  ///
  /// - Complexity: O(length of the record) for CSV, TSV and JSON Lines; O(1) for JSON.
  func value(_ record: Int, _ field: Int) -> String

  /// The typed value of `field` in `record`, or nil when the record lacks the field.
  func typedValue(_ record: Int, _ field: Int) -> DataValue?

  /// Blocks until indexing has finished, then throws `indexingError` if there is one.
  func waitUntilComplete() throws

  /// Blocks until more than `count` records are indexed, indexing has finished, or `timeout`
  /// seconds have passed, whichever comes first: how work that follows indexing (a sort, a
  /// count, a search) waits for more, woken by the indexer rather than checking on a timer.
  func waitForRecords(beyond count: Int, timeout: TimeInterval)

  /// What the source can do itself beyond giving records (`SourceCapabilities`): what the
  /// arranger, the search and the counts ask instead of testing the source's type.
  var capabilities: SourceCapabilities { get }

  /// Whether the records come from a stream (standard input, a pipe) still arriving, so neither
  /// the final count nor the progress is known.
  var isReadingInput: Bool { get }

  /// How the file changed on disk since it was opened, if it did. Looks at the file at most
  /// every 250 ms (a read past a truncated end is noticed at once), so it is cheap to ask often.
  func checkForChange() -> FileChange?

  /// Stops background indexing; the records indexed so far stay available.
  func cancel()

  /// The text of `field` in `record`, to read in pieces (nil when the record lacks the field):
  /// how cards read only the first bytes of a huge value.
  ///
  /// - Complexity: O(bytes of the record before the field); reading is O(bytes read).
  func fieldText(_ record: Int, _ field: Int) -> FieldText?

  /// The text of every field of `record`, by field index, in one pass over the record.
  ///
  /// - Complexity: O(length of the record), whatever the number of fields.
  func fieldTexts(_ record: Int) -> [FieldText?]

  /// The typed value of every field of `record`, by field index, in one pass over the record.
  ///
  /// - Complexity: O(length of the record), whatever the number of fields.
  func typedValues(_ record: Int) -> [DataValue?]

  /// The file's last records (at least `count` of them) while indexing has not reached them,
  /// found by scanning back from the end and readable at once, with their numbers estimated;
  /// nil once indexing has reached the end, or for a source that cannot tell where its last
  /// records start. Asked again, it gives the records found before (more when `count` is
  /// larger) with a newer estimate.
  ///
  /// - Complexity: O(bytes of the records found).
  func estimatedEnd(atLeast count: Int) -> EstimatedEnd?

  /// The index of the record read as `id` (one of an `estimatedEnd`'s records) once indexing
  /// has passed it, else nil.
  ///
  /// - Complexity: O(log records).
  func indexedRecord(ofEstimated id: Int) -> Int?

  /// The number of records the source expects to hold once indexing finishes, known at once
  /// (a database's statistics) while `recordCount` is still growing; nil when it cannot tell.
  var estimatedRecordCount: Int? { get }

  /// The number of records the source holds once indexing finishes, already known exactly while
  /// `recordCount` still grows with the records it can address (a database's `count(*)`,
  /// answered before the count that numbers its rows for paging); nil when not known so.
  var exactRecordCount: Int? { get }
}

/// A group of consecutive records that the data file defines itself.
public struct DefinedSection: Equatable, Sendable {
  /// The section's title.
  public let title: String
  /// The records in the section.
  public let records: Range<Int>

  /// Creates a section titled `title` holding `records`.
  public init(title: String, records: Range<Int>) {
    self.title = title
    self.records = records
  }
}

extension RecordSource {
  /// Records in memory are never a stream.
  public var isReadingInput: Bool { false }

  /// Files are indexed through their bytes, whose share read measures the progress.
  public var isProgressMeasured: Bool { true }

  /// Records in memory are sorted, filtered, searched and counted by the caller.
  public var capabilities: SourceCapabilities { .none }

  /// For a source that cannot signal its own progress: returns at once when there are more
  /// records or no more will come, else when any background work says it has news
  /// (`BackgroundWork.didFinish()` / `didProgress()`), a fiftieth of a second at most.
  public func waitForRecords(beyond count: Int, timeout: TimeInterval) {
    guard !isComplete, recordCount <= count else { return }
    BackgroundWork.waitForNews(timeout: min(timeout, 0.02))
  }

  /// Records in memory never change underneath.
  public func checkForChange() -> FileChange? { nil }

  /// Nothing runs in the background for records in memory.
  public func cancel() {}

  /// Records in memory are all indexed: there is no end to estimate.
  public func estimatedEnd(atLeast count: Int) -> EstimatedEnd? { nil }

  /// Records in memory have no estimated end.
  public func indexedRecord(ofEstimated id: Int) -> Int? { nil }

  /// Records in memory are counted already.
  public var estimatedRecordCount: Int? { nil }

  /// Records in memory are counted as they are indexed.
  public var exactRecordCount: Int? { nil }

  /// The record's fields in order, as (field name, display value) pairs.
  ///
  /// - Complexity: O(length of the record).
  public func record(_ index: Int) -> [(field: String, value: String)] {
    let names = fieldNames
    let values = typedValues(index)
    return names.indices.map { (names[$0], $0 < values.count ? values[$0]?.text ?? "" : "") }
  }

  /// Reads one field at a time: right for sources whose `typedValue` is O(1).
  public func fieldText(_ record: Int, _ field: Int) -> FieldText? {
    typedValue(record, field).map { FieldText($0.text) }
  }

  /// One `fieldText` per field: right for sources whose `typedValue` is O(1).
  public func fieldTexts(_ record: Int) -> [FieldText?] {
    fieldNames.indices.map { fieldText(record, $0) }
  }

  /// One `typedValue` per field: right for sources whose `typedValue` is O(1).
  public func typedValues(_ record: Int) -> [DataValue?] {
    fieldNames.indices.map { typedValue(record, $0) }
  }

  /// The index of the field named `name` (exactly, else without regard to case), or nil.
  public func fieldIndex(named name: String) -> Int? {
    FieldLookup.index(of: name, in: fieldNames)
  }

  /// The indices of the fields named in `names` (e.g. from `--fields a,b,c`), in that order;
  /// each name matched exactly, else without regard to case.
  ///
  /// - Throws: `DataError.unknownField` for the first name the file lacks.
  public func fieldIndices(named names: [String]) throws -> [Int] {
    let known = fieldNames
    return try names.map { name in
      guard let index = FieldLookup.index(of: name, in: known) else {
        throw DataError.unknownField(file: self.name, field: name, known: known)
      }
      return index
    }
  }

  /// The record as one line of JSON (no newline): fields in order, numbers, booleans and nested
  /// values as they were in JSON input, everything else as strings. Fields the record lacks are
  /// left out.
  ///
  /// - Complexity: O(length of the record): its values are read in one pass.
  public func jsonLine(_ index: Int) -> String {
    jsonLine(index, fields: Array(fieldNames.indices))
  }

  /// The record as one line of JSON with only `fields`, in that order (the browser's columns on
  /// show), as `jsonLine(_:)` writes them.
  public func jsonLine(_ index: Int, fields: [Int]) -> String {
    let names = fieldNames
    let values = typedValues(index)
    var out = "{"
    var first = true
    for field in fields where field < values.count && field < names.count {
      guard let value = values[field] else { continue }
      if !first { out += "," }
      first = false
      out += JSONWriter.quoted(names[field])
      out += ":"
      out += value.jsonText
    }
    out += "}"
    return out
  }

  /// The records as JSON Lines, one line per record, each ending in a newline.
  public func jsonLines(_ records: [Int]) -> String {
    records.map { jsonLine($0) + "\n" }.joined()
  }

  /// The records as JSON Lines with only `fields`, in that order (every field when nil).
  public func jsonLines(_ records: [Int], fields: [Int]?) -> String {
    guard let fields else { return jsonLines(records) }
    return records.map { jsonLine($0, fields: fields) + "\n" }.joined()
  }
}
