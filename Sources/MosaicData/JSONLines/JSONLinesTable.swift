import Foundation
import MosaicJSON

// @unchecked: scanning state is the indexing thread's alone; names are published under the indexer's lock.
/// A JSON Lines file (`.jsonl`, `.ndjson`), or a JSON file that is one array of objects:
/// memory-mapped, one record per non-blank line (or array element), record offsets indexed like
/// CSV records (the first at once, the rest in the background), each record parsed again when
/// its values are asked for.
///
/// Background indexing also checks every record, to learn field names (ordered by first
/// appearance) and to stop at the first malformed one. An array's elements are found by
/// scanning the mapped bytes (strings, escapes and nesting followed), so a 60 MB array shows its
/// first screen as soon as its first elements are read and is never held in memory whole.
/// No UIKit counterpart.
public final class JSONLinesTable: RecordSource, @unchecked Sendable {
  /// The file name as the user gave it.
  public let name: String
  /// Always nil: JSON Lines files define no groups.
  public var definedSections: [DefinedSection]? { nil }

  let file: MappedFile
  /// Record i is the line at offsets[i]..<offsets[i + 1] (before trimming); for an array, the
  /// element there, after the previous element's `,` and up to and including its own `,` or `]`.
  let offsets: OffsetTable
  let indexer: BackgroundIndexer
  /// The last lines, found by scanning back from the end while indexing has not reached them.
  let tail = RecordTail()
  /// Whether the records are the elements of one top-level array rather than lines.
  let isArray: Bool

  /// Field names published to readers, under the indexer's lock.
  private var names: [String] = []

  // Indexing thread only (internal for the array scanner's file).
  private var lineNumber = 1
  /// Whether the array's closing `]` has been read.
  var arrayIsClosed = false
  var knownNames: Set<String> = []
  var pendingNames: [String] = []

  /// Opens the file at `path` and indexes its first `synchronousRecords` lines before returning.
  ///
  /// - Throws: `DataError` when the file cannot be read or one of those lines is malformed.
  public convenience init(path: String, name: String? = nil, synchronousRecords: Int = 1000) throws
  {
    let displayName = name ?? path
    try self.init(
      file: MappedFile(path: path, name: displayName), name: displayName,
      synchronousRecords: synchronousRecords)
  }

  /// Reads JSON Lines text already in memory (tests).
  public convenience init(text: String, name: String, synchronousRecords: Int = 1000) throws {
    try self.init(
      file: MappedFile(bytes: Array(text.utf8)), name: name, synchronousRecords: synchronousRecords)
  }

  init(
    file: MappedFile, name: String, isArray: Bool = false, synchronousRecords: Int,
    paused: Bool = false
  ) throws {
    self.file = file
    self.name = name
    self.isArray = isArray
    var start = 0
    if file.count >= 3, file[0] == 0xEF, file[1] == 0xBB, file[2] == 0xBF { start = 3 }
    if isArray {
      // The records start after the `[` (the caller has seen it as the first non-space byte).
      start = file.firstIndex(of: UInt8(ascii: "["), in: start..<file.count) + 1
    }
    indexer = BackgroundIndexer(file: file, firstRecord: start, name: name)
    offsets = indexer.offsets
    try indexer.start(self, synchronousRecords: synchronousRecords, batchSize: 8192, paused: paused)
  }

  // MARK: RecordSource

  /// Keys seen so far in order of first appearance; grows while indexing runs.
  public var fieldNames: [String] { indexer.locked { names } }

  /// The number of lines indexed so far.
  public var recordCount: Int { offsets.count - 1 }

  /// Whether indexing has finished (or stopped at a malformed line or `cancel()`).
  public var isComplete: Bool { indexer.isComplete }

  /// Bytes indexed divided by the file's size.
  public var progress: Double { indexer.progress }

  /// The first malformed line found by background indexing.
  public var indexingError: DataError? { indexer.indexingError }

  /// Blocks until indexing has finished, then throws the indexing error if there is one.
  public func waitUntilComplete() throws { try indexer.waitUntilComplete() }

  /// Waits for the indexer to publish more than `count` records (or finish, or `timeout`).
  public func waitForRecords(beyond count: Int, timeout: TimeInterval) {
    indexer.waitForRecords(beyond: count, timeout: timeout)
  }

  /// Stops background indexing; the lines indexed so far stay available.
  public func cancel() { indexer.cancel() }

  /// Whether the input is a stream still arriving.
  public var isReadingInput: Bool { indexer.isReadingInput }

  /// How the file changed on disk since it was opened, if it did.
  public func checkForChange() -> FileChange? { indexer.checkForChange() }

  /// The field as display text ("" when the line lacks it).
  ///
  /// - Complexity: O(length of the line).
  public func value(_ record: Int, _ field: Int) -> String {
    typedValue(record, field)?.text ?? ""
  }

  /// The field's value with its JSON type, or nil when the line lacks the field.
  public func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    let names = fieldNames
    guard field >= 0, field < names.count, hasRecord(record) else { return nil }
    // Only the wanted member is built; the rest of the line is skipped over.
    var parser = JSONParser(bytes: file.bytes, range: recordRange(record))
    return (try? parser.topLevelMember(names[field]))??.dataValue
  }

  // MARK: Lines

  /// The bytes of `record`'s line without its line break; empty for a line past the end of a
  /// file truncated underneath.
  func recordRange(_ record: Int) -> Range<Int> {
    if record >= RecordTail.idLimit / 2 {
      guard let span = tail.span(of: record), span.upperBound <= file.count else { return 0..<0 }
      return isArray ? elementRange(span) : DelimitedTable.trimmed(file, span)
    }
    let end = offsets[record + 1]
    guard end <= file.count else { return 0..<0 }
    if isArray { return elementRange(offsets[record]..<end) }
    return DelimitedTable.trimmed(file, offsets[record]..<end)
  }

  /// The parsed members of `record`, or nil when out of range.
  func members(_ record: Int) -> [(key: String, value: JSONValue)]? {
    guard hasRecord(record) else { return nil }
    var parser = JSONParser(bytes: file.bytes, range: recordRange(record))
    guard case .object(let members)? = try? parser.parseDocument() else { return [] }
    return members
  }
}

extension JSONLinesTable: RecordScanning {
  /// Indexes up to `limit` non-blank lines from `position`, validating each and collecting its
  /// keys; a malformed line stops indexing there.
  func scanRecords(from position: Int, limit: Int) -> (position: Int, error: DataError?) {
    if isArray { return scanElements(from: position, limit: limit) }
    // Growth is read before the size: a stream that had ended has no bytes past `end`.
    let isFinal = !file.isGrowing
    let end = file.count
    var i = position
    var added = 0
    // Locals, not properties, in the per-key closure: no dynamic exclusivity check per key.
    var known: Set<String> = []
    var pending: [String] = []
    swap(&known, &knownNames)
    swap(&pending, &pendingNames)
    defer {
      swap(&known, &knownNames)
      swap(&pending, &pendingNames)
    }
    while added < limit, i < end {
      let nl = file.firstIndex(of: DelimitedTable.newline, in: i..<end)
      // A stream's last line may not have all its bytes yet.
      if nl == end && !isFinal { break }
      let line = DelimitedTable.trimmed(file, i..<nl)
      let lineStart = i
      i = min(nl + 1, end)
      defer { lineNumber += 1 }
      if line.allSatisfy({ file[$0] == 0x20 || file[$0] == 0x09 }) { continue }
      var parser = JSONParser(bytes: file.bytes, range: line)
      do throws(JSONSyntaxError) {
        let isObject = try parser.validateDocument { key in
          if !known.contains(key) {
            known.insert(key)
            pending.append(key)
          }
        }
        guard isObject else {
          return (
            end,
            DataError.malformed(
              file: name, line: lineNumber, column: nil, reason: "not a JSON object")
          )
        }
      } catch {
        let failure = JSONFailure(error, end: line.upperBound)
        let column = file.string(lineStart..<failure.offset).unicodeScalars.count + 1
        return (
          end,
          DataError.malformed(file: name, line: lineNumber, column: column, reason: failure.reason)
        )
      }
      offsets.append(i)
      added += 1
    }
    return (min(i, end), nil)
  }

  /// Publishes the field names found so far.
  func publishBatch() {
    if names.count != pendingNames.count { names = pendingNames }
  }
}
