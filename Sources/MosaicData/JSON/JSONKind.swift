/// One JSON document: an array of objects (indexed lazily, like JSON Lines), or
/// `{"sections": [{"title": …, "items": […]}]}` read whole.
///
/// Recognised by a first `[`, a first `{` that does not start JSON Lines, or `.json`. No UIKit
/// counterpart.
public struct JSONKind: SourceKind {
  /// A JSON document.
  public init() {}

  /// "JSON".
  public var name: String { "JSON" }

  /// A document is parsed whole: a stream is opened once it has ended.
  public var readsWholeInput: Bool { true }

  /// By its first non-space byte, else by `.json`; a stream starting `{` waits for its second
  /// line (it may be JSON Lines).
  public func recognise(_ probe: SourceProbe) -> SourceRecognition {
    let bytes = probe.prefix
    let start = probe.firstContentIndex
    let named = probe.fileExtension == "json"
    guard start < bytes.count else {
      if !probe.isComplete { return .undecided(upTo: .content) }
      return named ? .yes(self, certainty: .content) : .no
    }
    if bytes[start] == UInt8(ascii: "{") {
      if JSONLinesKind.secondLineStartsObject(bytes, from: start) { return .no }
      if !probe.isComplete && JSONLinesKind.firstLineAwaitsNext(bytes, from: start) {
        return .undecided(upTo: .content)
      }
      return .yes(self, certainty: .content)
    }
    return bytes[start] == UInt8(ascii: "[") || named ? .yes(self, certainty: .content) : .no
  }

  /// The document's records. A followed file is refused: nothing can be appended after a
  /// document's closing bracket.
  ///
  /// - Throws: `DataError` for malformed JSON, `--follow` or `--no-header`.
  public func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput {
    if input.isFollowed {
      throw DataError.unreadable(
        file: input.name,
        reason: "--follow needs records appended at the end: CSV, TSV or JSON Lines, not a JSON "
          + "document")
    }
    let file = try input.file ?? MappedFile(path: input.path, name: input.name)
    let source: any RecordSource =
      JSONLinesTable.startsArray(file.bytes)
      ? try JSONLinesTable(file: file, name: input.name, isArray: true, synchronousRecords: 1000)
      : try JSONTable(file: file, name: input.name)
    return .records(try JSONLinesKind.refusingNoHeader(source, options: options))
  }
}
