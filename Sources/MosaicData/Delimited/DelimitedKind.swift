import Foundation

/// Delimited text with a header row: CSV, TSV, or another single-byte separator, sniffed from
/// the first lines unless the extension (`.tsv`, `.tab`) or `--delimiter` says.
///
/// Recognised by `.csv`, `.tsv` or `.tab`; anything no other kind claims is read as delimited
/// text too (the kind of last resort). No UIKit counterpart.
public struct DelimitedKind: SourceKind {
  /// The separator, or nil to take it from the extension or sniff it.
  public let separator: UInt8?

  /// Delimited text split at `separator` (nil: from the extension, else sniffed).
  public init(separator: UInt8? = nil) { self.separator = separator }

  /// "CSV", "TSV", or "delimited text" for another separator.
  public var name: String {
    switch separator {
    case UInt8(ascii: ",")?: "CSV"
    case 0x09?: "TSV"
    case nil: "CSV or TSV"
    default: "delimited text"
    }
  }

  /// `.csv` (separator sniffed, as a European spreadsheet's `.csv` separates with `;`),
  /// `.tsv`/`.tab` by extension; anything else as a last resort, once a stream's first line has
  /// ended (the separator is sniffed from it).
  public func recognise(_ probe: SourceProbe) -> SourceRecognition {
    let ext = probe.fileExtension
    if ext == "csv" {
      return .yes(
        DelimitedKind(separator: Self.sniffDelimiter(probe.prefix)), certainty: .fileExtension)
    }
    if let separator = Self.delimiter(forExtension: ext) {
      return .yes(DelimitedKind(separator: separator), certainty: .fileExtension)
    }
    if !probe.isComplete {
      let start = probe.firstContentIndex
      if start == probe.prefix.count || probe.prefix[start...].firstIndex(of: 0x0A) == nil {
        return .undecided(upTo: .fallback)
      }
    }
    return .yes(DelimitedKind(separator: Self.sniffDelimiter(probe.prefix)), certainty: .fallback)
  }

  /// A stream is opened once its header record has ended: a quoted header field may hold line
  /// breaks.
  public func isReadyToOpen(_ input: SourceInput) -> Bool {
    guard let file = input.file else { return true }
    let count = file.count
    let firstLineEnd = file.firstIndex(of: 0x0A, in: 0..<count)
    guard file.firstIndex(of: UInt8(ascii: "\""), in: 0..<firstLineEnd) < firstLineEnd else {
      return true
    }
    var start = 0
    if count >= 3, file[0] == 0xEF, file[1] == 0xBB, file[2] == 0xBF { start = 3 }
    while start < count, file[start] == 0x0A || file[start] == 0x0D { start += 1 }
    let separator = self.separator ?? Self.sniffDelimiter(file.bytes)
    let (end, unterminated) = DelimitedTable.scanRecord(
      file, from: start, to: count, delimiter: separator)
    return !unterminated && end != count
  }

  /// The records, indexed in the background after the first thousand.
  ///
  /// - Throws: `DataError` for an empty file or a malformed first record.
  public func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput {
    let file = try input.file ?? MappedFile(path: input.path, name: input.name)
    let separator =
      separator ?? Self.delimiter(forExtension: (input.path as NSString).pathExtension)
      ?? Self.sniffDelimiter(file.bytes)
    return .records(
      try DelimitedTable(
        file: file, name: input.name, delimiter: separator, hasHeaderRow: options.hasHeaderRow,
        synchronousRecords: 1000))
  }

  /// The separator an extension implies (`csv` → `,`, `tsv`/`tab` → tab), or nil.
  static func delimiter(forExtension ext: String) -> UInt8? {
    switch ext.lowercased() {
    case "csv": return UInt8(ascii: ",")
    case "tsv", "tab": return UInt8(ascii: "\t")
    default: return nil
    }
  }

  /// The separator of delimited text, from its first lines (at most 20, quote-aware): of `,`,
  /// tab, `;` and `|`, the one the header has that the most following lines have as often
  /// (then the one the header has most often; `,` on a tie or when none occurs). A European
  /// spreadsheet's `;` file with decimal commas is `;`; a `,` file with a stray `;` is `,`.
  static func sniffDelimiter(_ bytes: UnsafeRawBufferPointer) -> UInt8 {
    let candidates: [UInt8] = [UInt8(ascii: ","), 0x09, UInt8(ascii: ";"), UInt8(ascii: "|")]
    var lines: [[Int]] = []
    var counts = [Int](repeating: 0, count: candidates.count)
    var inQuotes = false
    var sawByte = false
    for b in bytes.prefix(1 << 16) {
      if b == UInt8(ascii: "\"") {
        inQuotes.toggle()
      } else if !inQuotes {
        if b == 0x0A {
          if sawByte { lines.append(counts) }
          counts = [Int](repeating: 0, count: candidates.count)
          sawByte = false
          if lines.count == 20 { break }
          continue
        }
        if let k = candidates.firstIndex(of: b) { counts[k] += 1 }
      }
      if b != 0x0D { sawByte = true }
    }
    // A last line without its newline counts only when it is the header (it may be cut short).
    if lines.isEmpty && sawByte { lines.append(counts) }
    guard let header = lines.first else { return candidates[0] }
    var best = 0
    var bestScore = (agreeing: -1, header: 0)
    for k in candidates.indices where header[k] > 0 {
      let agreeing = lines.dropFirst().filter { $0[k] == header[k] }.count
      if agreeing > bestScore.agreeing
        || (agreeing == bestScore.agreeing && header[k] > bestScore.header)
      {
        best = k
        bestScore = (agreeing, header[k])
      }
    }
    return candidates[best]
  }

}
