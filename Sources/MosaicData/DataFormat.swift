import Foundation
import MosaicJSON

/// The kinds of data file Mosaic reads, and how a file's kind is detected.
///
/// No UIKit counterpart.
public enum DataFormat: Equatable, Sendable {
  /// Delimited text with a header row: CSV (`,`), TSV (tab) or another single-byte separator.
  case delimited(separator: UInt8)
  /// One JSON document: an array of objects, or `{"sections": [{"title": ..., "items": [...]}]}`.
  case json
  /// JSON Lines: one object per line.
  case jsonLines

  /// Comma-separated values.
  public static let csv = DataFormat.delimited(separator: UInt8(ascii: ","))
  /// Tab-separated values.
  public static let tsv = DataFormat.delimited(separator: UInt8(ascii: "\t"))

  /// The format of a file: `.csv` (separator sniffed), `.tsv`/`.tab`, `.jsonl`/`.ndjson` decide
  /// by extension;
  /// `.json` is JSON unless its first line is a whole object and the next line starts another;
  /// otherwise the content decides: first non-space byte `[` → JSON, `{` → JSON Lines when a
  /// second line starts a new object (else JSON), anything else → delimited text with a sniffed
  /// separator.
  ///
  /// - Parameter prefix: The file's first bytes (64 KiB is plenty).
  public static func detect(path: String, prefix: UnsafeRawBufferPointer) -> DataFormat {
    let ext = (path as NSString).pathExtension.lowercased()
    // A `.csv` from a spreadsheet set to a European locale separates with `;`: sniffed too.
    if ext == "csv" { return .delimited(separator: sniffDelimiter(prefix)) }
    if let separator = delimiter(forExtension: ext) { return .delimited(separator: separator) }
    if ext == "jsonl" || ext == "ndjson" { return .jsonLines }
    var i = 0
    if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { i = 3 }
    while i < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[i]) { i += 1 }
    let first = i < prefix.count ? prefix[i] : 0
    if first == UInt8(ascii: "{") {
      return secondLineStartsObject(prefix, from: i) ? .jsonLines : .json
    }
    if first == UInt8(ascii: "[") || ext == "json" { return .json }
    return .delimited(separator: sniffDelimiter(prefix))
  }

  /// The format of a stream from its first bytes, or nil while more bytes could change the
  /// answer: a `{` needs its first line and the start of the next (JSON Lines or JSON), and
  /// delimited text needs its first line (to sniff the separator). Decides as `detect` does.
  ///
  /// - Parameter isComplete: Whether no more bytes will come (or the prefix is long enough).
  public static func detect(path: String, prefix: UnsafeRawBufferPointer, isComplete: Bool)
    -> DataFormat?
  {
    if isComplete { return detect(path: path, prefix: prefix) }
    let ext = (path as NSString).pathExtension.lowercased()
    if delimiter(forExtension: ext) != nil || ext == "jsonl" || ext == "ndjson" {
      return detect(path: path, prefix: prefix)
    }
    let space: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
    var i = 0
    if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { i = 3 }
    while i < prefix.count, space.contains(prefix[i]) { i += 1 }
    guard i < prefix.count else { return nil }
    if prefix[i] == UInt8(ascii: "[") { return .json }
    guard let nl = prefix[i...].firstIndex(of: 0x0A) else { return nil }
    if prefix[i] == UInt8(ascii: "{") {
      var j = nl + 1
      while j < prefix.count, space.contains(prefix[j]) { j += 1 }
      // A first line that is a whole object decides only once the next line starts.
      if j == prefix.count && secondLineStartsObject(prefix, from: i) == false {
        var last = nl - 1
        while last > i, [0x20, 0x09, 0x0D].contains(prefix[last]) { last -= 1 }
        if prefix[last] == UInt8(ascii: "}") { return nil }
      }
    }
    return detect(path: path, prefix: prefix)
  }

  /// The separator an extension implies (`csv` → `,`, `tsv`/`tab` → tab), or nil.
  static func delimiter(forExtension ext: String) -> UInt8? {
    switch ext.lowercased() {
    case "csv": return UInt8(ascii: ",")
    case "tsv", "tab": return UInt8(ascii: "\t")
    default: return nil
    }
  }

  /// Whether the line after the one at `start` begins (after spaces) with `{` and the first line
  /// ends with `}`, which is what JSON Lines looks like and pretty-printed JSON does not.
  private static func secondLineStartsObject(_ bytes: UnsafeRawBufferPointer, from start: Int)
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

  /// The separator a `--delimiter` value names: one ASCII punctuation character or space (`,`
  /// `;` `|` `:` …), `tab` or `\t` for a tab.
  ///
  /// - Throws: `SeparatorError`, whose description says what is wrong with `text`.
  public static func separator(named text: String) throws(SeparatorError) -> UInt8 {
    switch text.lowercased() {
    case "tab", "\\t", "\t": return 0x09
    case "comma": return UInt8(ascii: ",")
    case "semicolon": return UInt8(ascii: ";")
    case "pipe": return UInt8(ascii: "|")
    default: break
    }
    let bytes = Array(text.utf8)
    guard bytes.count == 1, let byte = bytes.first else { throw SeparatorError(text: text) }
    // Letters and digits would split values apart; a quote is what quotes fields.
    let isSymbol =
      (0x20...0x7E).contains(byte) && !UnicodeScalar(byte).properties.isAlphabetic
      && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    guard isSymbol, byte != UInt8(ascii: "\"") else { throw SeparatorError(text: text) }
    return byte
  }

  /// Why a `--delimiter` value names no separator.
  public struct SeparatorError: Error, CustomStringConvertible, Equatable {
    /// The value given.
    public let text: String

    /// The error for the `--delimiter` value `text`.
    public init(text: String) { self.text = text }
    /// One line saying what is wrong and what would do.
    public var description: String {
      "--delimiter takes one character such as , ; | or tab, not \"\(VisibleText.escaped(text))\""
    }
  }
}
