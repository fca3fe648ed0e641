import Foundation

// @unchecked: the file, offsets and indexer are themselves thread-safe; the rest is set in init.
/// A CSV or TSV file: memory-mapped, its record offsets indexed (the first records at once, the
/// rest on a background thread), each field parsed only when it is asked for.
///
/// Quoting follows RFC 4180: a field that starts with `"` runs to the next lone `"`, `""` inside
/// it is one quote, and it may hold separators and newlines. Like Python's `csv` module, a quote
/// elsewhere is an ordinary character and text after a closing quote is kept. Lines may end in LF
/// or CRLF, a UTF-8 byte order mark is skipped, and blank lines are ignored. The header row names
/// the fields: a record with fewer fields has empty values for the rest, and fields past the
/// header's count are ignored. No UIKit counterpart.
public final class DelimitedTable: RecordSource, @unchecked Sendable {
  /// The file name as the user gave it.
  public let name: String
  /// The field separator byte (`,` or tab, or what sniffing found).
  public let delimiter: UInt8
  /// The header row's field names (an empty header cell is named `column N`), or `1`, `2`, …
  /// for a file without a header row.
  public let fieldNames: [String]
  /// Always nil: delimited files define no groups.
  public var definedSections: [DefinedSection]? { nil }

  let file: MappedFile
  /// Record i spans offsets[i]..<offsets[i + 1] (before trimming line breaks).
  let offsets: OffsetTable
  let indexer: BackgroundIndexer
  /// The last records, found by scanning back from the end while indexing has not reached them.
  let tail = RecordTail()
  private let fieldCount: Int

  static let quote = UInt8(ascii: "\"")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  /// How far ahead the indexer looks for the next quote: one `memchr` answers for many lines.
  static let quoteLookahead = 1 << 16

  /// Opens the file at `path`, reads its header and indexes its first `synchronousRecords`
  /// records before returning; the rest are indexed on a background thread.
  ///
  /// - Parameters:
  ///   - name: How errors name the file (defaults to `path`).
  ///   - delimiter: The separator; nil picks `,` for `.csv`, tab for `.tsv`, and sniffs otherwise.
  /// - Throws: `DataError` when the file cannot be read, is empty, or has an unterminated quoted
  ///   field among the records indexed before returning.
  public convenience init(
    path: String, name: String? = nil, delimiter: UInt8? = nil, synchronousRecords: Int = 1000
  ) throws {
    let displayName = name ?? path
    let file = try MappedFile(path: path, name: displayName)
    let separator =
      delimiter ?? DelimitedKind.delimiter(forExtension: (path as NSString).pathExtension)
      ?? DelimitedKind.sniffDelimiter(file.bytes)
    try self.init(
      file: file, name: displayName, delimiter: separator, synchronousRecords: synchronousRecords)
  }

  /// Reads delimited text already in memory (tests, bundled data); without `hasHeaderRow` the
  /// fields are named `1`, `2`, … after the first row's width and that row is a record.
  public convenience init(
    text: String, name: String, delimiter: UInt8 = UInt8(ascii: ","), hasHeaderRow: Bool = true,
    synchronousRecords: Int = 1000
  ) throws {
    try self.init(
      file: MappedFile(bytes: Array(text.utf8)), name: name, delimiter: delimiter,
      hasHeaderRow: hasHeaderRow, synchronousRecords: synchronousRecords)
  }

  init(
    file: MappedFile, name: String, delimiter: UInt8, hasHeaderRow: Bool = true,
    synchronousRecords: Int, paused: Bool = false
  ) throws {
    self.file = file
    self.name = name
    self.delimiter = delimiter
    var start = 0
    if file.count >= 3, file[0] == 0xEF, file[1] == 0xBB, file[2] == 0xBF { start = 3 }
    while start < file.count, file[start] == Self.newline || file[start] == Self.carriageReturn {
      start += 1
    }
    guard start < file.count else {
      throw DataError.malformed(
        file: name, line: 1, column: nil, reason: "empty file (no header row)")
    }
    let (headerEnd, unterminated) = Self.scanRecord(file, from: start, delimiter: delimiter)
    if unterminated {
      throw DataError.malformed(
        file: name, line: file.position(of: start).line, column: nil,
        reason: "unterminated quoted field")
    }
    var names: [String] = []
    Self.forEachField(file, Self.trimmed(file, start..<headerEnd), delimiter: delimiter) { raw in
      let text = Self.decode(file, raw)
      if hasHeaderRow {
        names.append(text.isEmpty ? "column \(names.count + 1)" : text)
      } else {
        // Without a header the first row is a record; its width names the fields by number.
        names.append("\(names.count + 1)")
      }
      return true
    }
    fieldNames = names
    fieldCount = names.count
    indexer = BackgroundIndexer(
      file: file, firstRecord: hasHeaderRow ? min(headerEnd + 1, file.count) : start, name: name)
    offsets = indexer.offsets
    try indexer.start(
      self, synchronousRecords: synchronousRecords, batchSize: 16_384, paused: paused)
  }

  // MARK: RecordSource

  /// The number of records indexed so far (the header is not a record).
  public var recordCount: Int { offsets.count - 1 }

  /// Whether the whole file has been indexed (or indexing stopped at an error or `cancel()`).
  public var isComplete: Bool { indexer.isComplete }

  /// Bytes indexed divided by the file's size.
  public var progress: Double { indexer.progress }

  /// An unterminated quoted field found by background indexing; records before it are available.
  public var indexingError: DataError? { indexer.indexingError }

  /// Blocks until indexing has finished, then throws the indexing error if there is one.
  public func waitUntilComplete() throws { try indexer.waitUntilComplete() }

  /// Waits for the indexer to publish more than `count` records (or finish, or `timeout`).
  public func waitForRecords(beyond count: Int, timeout: TimeInterval) {
    indexer.waitForRecords(beyond: count, timeout: timeout)
  }

  /// Stops background indexing; the records indexed so far stay available.
  public func cancel() { indexer.cancel() }

  /// Whether the input is a stream still arriving.
  public var isReadingInput: Bool { indexer.isReadingInput }

  /// How the file changed on disk since it was opened, if it did.
  public func checkForChange() -> FileChange? { indexer.checkForChange() }

  /// The field's text, with quotes removed and `""` turned into `"`.
  ///
  /// - Complexity: O(length of the record).
  public func value(_ record: Int, _ field: Int) -> String {
    guard let raw = rawField(record, field) else { return "" }
    return Self.decode(file, raw)
  }

  /// The field's text as `.string`, or nil when the field is past the header's count.
  public func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    guard field >= 0, field < fieldCount, hasRecord(record) else { return nil }
    return .string(value(record, field))
  }

  // MARK: Records and fields

  /// The bytes of `record` without surrounding line breaks; `record` must be below a count read.
  /// Empty for a record past the end of a file truncated underneath: its bytes are gone.
  func recordRange(_ record: Int) -> Range<Int> {
    if record >= RecordTail.idLimit / 2 {
      guard let span = tail.span(of: record), span.upperBound <= file.count else { return 0..<0 }
      return Self.trimmed(file, span)
    }
    let end = offsets[record + 1]
    guard end <= file.count else { return 0..<0 }
    return Self.trimmed(file, offsets[record]..<end)
  }

  /// The raw bytes of one field (quotes included), or nil when absent.
  func rawField(_ record: Int, _ field: Int) -> Range<Int>? {
    guard field >= 0, field < fieldCount, hasRecord(record) else { return nil }
    var index = 0
    var found: Range<Int>?
    Self.forEachField(file, recordRange(record), delimiter: delimiter) { raw in
      if index == field {
        found = raw
        return false
      }
      index += 1
      return true
    }
    return found
  }

  /// Every field of `record` as text, up to the header's count.
  func values(_ record: Int) -> [String] {
    var out: [String] = []
    out.reserveCapacity(fieldCount)
    Self.forEachField(file, recordRange(record), delimiter: delimiter) { raw in
      out.append(Self.decode(file, raw))
      return out.count < fieldCount
    }
    while out.count < fieldCount { out.append("") }
    return out
  }

  static func trimmed(_ file: MappedFile, _ range: Range<Int>) -> Range<Int> {
    var a = range.lowerBound
    var b = range.upperBound
    while a < b, file[a] == newline || file[a] == carriageReturn { a += 1 }
    while b > a, file[b - 1] == newline || file[b - 1] == carriageReturn { b -= 1 }
    return a..<b
  }

  /// Calls `body` with each field's raw byte range until it returns false.
  static func forEachField(
    _ file: MappedFile, _ range: Range<Int>, delimiter: UInt8, _ body: (Range<Int>) -> Bool
  ) {
    var fieldStart = range.lowerBound
    var i = fieldStart
    let end = range.upperBound
    var inQuotes = false
    while i < end {
      let b = file[i]
      if inQuotes {
        if b == quote {
          if i + 1 < end, file[i + 1] == quote {
            i += 2
            continue
          }
          inQuotes = false
        }
      } else if b == delimiter {
        if !body(fieldStart..<i) { return }
        fieldStart = i + 1
      } else if b == quote, i == fieldStart {
        inQuotes = true
      }
      i += 1
    }
    _ = body(fieldStart..<end)
  }

  /// A raw field as text: a quoted field loses its quotes and `""` becomes `"`; text after the
  /// closing quote is kept.
  static func decode(_ file: MappedFile, _ raw: Range<Int>) -> String {
    guard !raw.isEmpty, file[raw.lowerBound] == quote else { return file.string(raw) }
    let inner = raw.lowerBound + 1
    let close = file.firstIndex(of: quote, in: inner..<raw.upperBound)
    if close == raw.upperBound - 1 { return file.string(inner..<close) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = inner
    while i < raw.upperBound {
      let b = file[i]
      if b == quote {
        if i + 1 < raw.upperBound, file[i + 1] == quote {
          out.append(quote)
          i += 2
          continue
        }
        i += 1
        while i < raw.upperBound {
          out.append(file[i])
          i += 1
        }
        break
      }
      out.append(b)
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: Indexing

  /// Finds the end of the record starting at `start`: the offset of its terminating newline (or
  /// the file's end) and whether the file ended inside a quoted field.
  static func scanRecord(
    _ file: MappedFile, from start: Int, to end: Int? = nil, delimiter: UInt8
  ) -> (Int, Bool) {
    let end = end ?? file.count
    var i = start
    // Outside quotes only quotes and line breaks matter: jump to the next of either with
    // `memchr`. A quote opens a quoted field only at a field's start (the record's, or after a
    // separator); elsewhere it is an ordinary character.
    var nl = file.firstIndex(of: newline, in: i..<end)
    while true {
      let q = file.firstIndex(of: quote, in: i..<nl)
      if q == nl { return (nl, false) }
      guard q == start || file[q - 1] == delimiter else {
        i = q + 1
        continue
      }
      // Inside a quoted field: jump from quote to quote; `""` stays inside.
      var j = q + 1
      while true {
        let close = file.firstIndex(of: quote, in: j..<end)
        if close == end { return (end, true) }
        if close + 1 < end, file[close + 1] == quote {
          j = close + 2
          continue
        }
        i = close + 1
        break
      }
      // The line break found before may have been inside the field.
      if i > nl { nl = file.firstIndex(of: newline, in: i..<end) }
    }
  }
}

extension DelimitedTable: RecordScanning {
  /// Indexes up to `limit` records from `position`: a line without a quote is a whole record,
  /// otherwise the record runs to the newline after its quoted fields close. An unterminated
  /// quoted field stops indexing at that record.
  func scanRecords(from position: Int, limit: Int) -> (position: Int, error: DataError?) {
    // Growth is read before the size: a stream that had ended has no bytes past `end`.
    let isFinal = !file.isGrowing
    let end = file.count
    let offsets = self.offsets
    return scanLines(from: position, below: end, end: end, isFinal: isFinal, limit: limit) {
      offsets.append($0)
    }
  }

  /// Finds the ends of the records that start at `position` or after it and below `bound`
  /// (the last may end past `bound`) in a file that no longer grows, into `ends`.
  func scanRecordEnds(
    from position: Int, below bound: Int, into ends: inout [Int]
  ) -> (position: Int, error: DataError?)? {
    let end = file.count
    return scanLines(from: position, below: min(bound, end), end: end, isFinal: true) {
      ends.append($0)
    }
  }

  /// The first line start at or after `offset`: a guess at a record start, which is one unless
  /// it falls inside a quoted field that holds a line break.
  func firstLineStart(atOrAfter offset: Int) -> Int { file.lineStart(atOrAfter: offset) }

  /// The record scanner shared by the sequential and the parallel indexing: passes each record's
  /// end (the next one's start) to `emit`, for up to `limit` records starting below `bound`.
  @inline(__always)
  private func scanLines(
    from position: Int, below bound: Int, end: Int, isFinal: Bool, limit: Int = .max,
    emit: (Int) -> Void
  ) -> (position: Int, error: DataError?) {
    var i = position
    var added = 0
    // The next quote at or after `i`, found ahead for many lines at once (most lines have
    // none); `Int.max` when there is none before `searched`.
    var quote = -1
    var searched = 0
    while added < limit, i < bound {
      let nl = file.firstIndex(of: Self.newline, in: i..<end)
      if quote < i || (quote == .max && nl > searched) {
        searched = min(end, max(nl, i + Self.quoteLookahead))
        quote = file.firstIndex(of: Self.quote, in: i..<searched)
        if quote == searched { quote = .max }
      }
      if quote >= nl {
        // No quote on the line, so the line is the whole record.
        if nl == end && !isFinal { break }
        if nl == i || (nl == i + 1 && file[i] == Self.carriageReturn) {
          i = nl + 1
          continue
        }
        i = min(nl + 1, end)
      } else {
        let (terminator, unterminated) = Self.scanRecord(
          file, from: i, to: end, delimiter: delimiter)
        if (unterminated || terminator == end) && !isFinal { break }
        if unterminated {
          let line = file.position(of: i).line
          return (
            end,
            DataError.malformed(
              file: name, line: line, column: nil, reason: "unterminated quoted field")
          )
        }
        i = min(terminator + 1, end)
      }
      emit(i)
      added += 1
    }
    return (min(i, end), nil)
  }
}
