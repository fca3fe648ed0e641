/// The formats a view is written in by `--output`: what each one is called, and which file
/// extensions choose it.
///
/// UIKit has no counterpart; it is the type identifier a share sheet's activity writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// Comma-separated values, quoted as RFC 4180 says, with a header row.
  case csv
  /// Tab-separated values with a header row; tabs, line breaks and backslashes in values are
  /// written `\t`, `\n`, `\r` and `\\`, so every record is one line of exactly one value a field.
  case tsv
  /// JSON Lines: one object a line, as the browser's `y` prints a record.
  case jsonl
  /// One JSON array, an object a line.
  case json

  /// The format a file name's extension asks for (`.csv`, `.tsv`/`.tab`, `.jsonl`/`.ndjson`,
  /// `.json`, in any case), or nil.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "csv": self = .csv
    case "tsv", "tab": self = .tsv
    case "jsonl", "ndjson": self = .jsonl
    case "json": self = .json
    default: return nil
    }
  }

  /// The extensions `init(pathExtension:)` knows, for messages and help.
  public static let knownExtensions = [".csv", ".tsv", ".tab", ".jsonl", ".ndjson", ".json"]
}
