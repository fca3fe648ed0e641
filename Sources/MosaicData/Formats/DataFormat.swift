import Foundation
import MosaicJSON

/// A kind of input chosen by name rather than detected: `--delimiter ;` is delimited text split
/// at `;`, and tests and bundled data name the format of text they hand over.
///
/// No UIKit counterpart.
public struct DataFormat: Equatable, Sendable {
  /// The kind that reads it, with its parameters.
  public let kind: any SourceKind

  /// The format `kind` reads.
  public init(_ kind: any SourceKind) { self.kind = kind }

  /// Delimited text with a header row split at `separator`: CSV (`,`), TSV (tab) or another
  /// single-byte separator.
  public static func delimited(separator: UInt8) -> DataFormat {
    DataFormat(DelimitedKind(separator: separator))
  }
  /// One JSON document: an array of objects, or `{"sections": [{"title": ..., "items": [...]}]}`.
  public static let json = DataFormat(JSONKind())
  /// JSON Lines: one object per line.
  public static let jsonLines = DataFormat(JSONLinesKind())
  /// Comma-separated values.
  public static let csv = DataFormat.delimited(separator: UInt8(ascii: ","))
  /// Tab-separated values.
  public static let tsv = DataFormat.delimited(separator: UInt8(ascii: "\t"))

  /// Whether both name the same kind with the same parameters.
  public static func == (a: DataFormat, b: DataFormat) -> Bool { a.kind.isSame(as: b.kind) }

  /// The format of a file, as the registered kinds recognise it (`SourceKinds.detect`): `.csv`
  /// (separator sniffed), `.tsv`/`.tab`, `.jsonl`/`.ndjson` decide by extension; `.json` is JSON
  /// unless its first line is a whole object and the next line starts another; otherwise the
  /// content decides: first non-space byte `[` → JSON, `{` → JSON Lines when a second line
  /// starts a new object (else JSON), anything else → delimited text with a sniffed separator.
  ///
  /// - Parameter prefix: The file's first bytes (64 KiB is plenty).
  public static func detect(path: String, prefix: UnsafeRawBufferPointer) -> DataFormat {
    let probe = SourceProbe(path: path, prefix: prefix, isComplete: true, isStream: false)
    return SourceKinds.detect(probe).map(DataFormat.init)
      ?? .delimited(separator: DelimitedKind.sniffDelimiter(prefix))
  }

  /// The format of a stream from its first bytes, or nil while more bytes could change the
  /// answer: a `{` needs its first line and the start of the next (JSON Lines or JSON), and
  /// delimited text needs its first line (to sniff the separator). Decides as `detect` does.
  ///
  /// - Parameter isComplete: Whether no more bytes will come (or the prefix is long enough).
  public static func detect(path: String, prefix: UnsafeRawBufferPointer, isComplete: Bool)
    -> DataFormat?
  {
    let probe = SourceProbe(path: path, prefix: prefix, isComplete: isComplete, isStream: true)
    return SourceKinds.detect(probe).map(DataFormat.init)
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
