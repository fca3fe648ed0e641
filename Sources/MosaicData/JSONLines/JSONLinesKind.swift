/// JSON Lines: one object per line, indexed lazily like delimited text.
///
/// Recognised by `.jsonl` or `.ndjson`, or by a first line that is a whole object with another
/// object starting on the next. No UIKit counterpart.
public struct JSONLinesKind: SourceKind {
  /// JSON Lines.
  public init() {}

  /// "JSON Lines".
  public var name: String { "JSON Lines" }

  /// By extension, else by a first line `{…}` followed by a line starting `{` (pretty-printed
  /// JSON has no `}` ending its first line); a stream waits for the next line to start.
  public func recognise(_ probe: SourceProbe) -> SourceRecognition {
    let ext = probe.fileExtension
    if ext == "jsonl" || ext == "ndjson" { return .yes(self, certainty: .fileExtension) }
    let bytes = probe.prefix
    let start = probe.firstContentIndex
    guard start < bytes.count else { return probe.isComplete ? .no : .undecided(upTo: .content) }
    guard bytes[start] == UInt8(ascii: "{") else { return .no }
    if Self.secondLineStartsObject(bytes, from: start) { return .yes(self, certainty: .content) }
    if probe.isComplete { return .no }
    return Self.firstLineAwaitsNext(bytes, from: start) ? .undecided(upTo: .content) : .no
  }

  /// The records, indexed in the background after the first thousand.
  ///
  /// - Throws: `DataError` for a malformed line among the first, or `--no-header`.
  public func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput {
    let file = try input.file ?? MappedFile(path: input.path, name: input.name)
    let source = try JSONLinesTable(file: file, name: input.name, synchronousRecords: 1000)
    return .records(try Self.refusingNoHeader(source, options: options))
  }

  /// `source`, unless `--no-header` was given: JSON names its fields itself.
  ///
  /// - Throws: `DataError.unreadable` saying that `--no-header` does not apply.
  static func refusingNoHeader(_ source: any RecordSource, options: ReadingOptions) throws
    -> any RecordSource
  {
    guard !options.hasHeaderRow else { return source }
    source.cancel()
    throw DataError.unreadable(
      file: source.name, reason: "--no-header is for CSV and TSV files; JSON names its fields")
  }

  /// Whether a stream's first line (from `start`) has not ended, or is a whole object with
  /// nothing yet after it: the next line decides between JSON Lines and JSON.
  static func firstLineAwaitsNext(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
    guard let nl = bytes[start...].firstIndex(of: 0x0A) else { return true }
    var j = nl + 1
    while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
    guard j == bytes.count else { return false }
    var last = nl - 1
    while last > start, [0x20, 0x09, 0x0D].contains(bytes[last]) { last -= 1 }
    return bytes[last] == UInt8(ascii: "}")
  }

  /// Whether the line after the one at `start` begins (after spaces) with `{` and the first line
  /// ends with `}`, which is what JSON Lines looks like and pretty-printed JSON does not.
  static func secondLineStartsObject(_ bytes: UnsafeRawBufferPointer, from start: Int)
    -> Bool
  {
    guard let nl = bytes[start...].firstIndex(of: 0x0A) else { return false }
    var last = nl - 1
    while last > start, [0x20, 0x09, 0x0D].contains(bytes[last]) { last -= 1 }
    guard bytes[last] == UInt8(ascii: "}") else { return false }
    var j = nl + 1
    while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
    return j < bytes.count && bytes[j] == UInt8(ascii: "{")
  }

}
