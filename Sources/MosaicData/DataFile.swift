import Foundation

/// Opens data files as record sources, choosing the reader by extension and content.
///
/// No UIKit counterpart.
public enum DataFile {
  /// Opens `path` as a record source. Large delimited and JSON Lines files return after their
  /// first records are indexed and keep indexing in the background.
  ///
  /// - Parameters:
  ///   - name: How errors and titles name the file (defaults to `path`).
  ///   - format: Overrides detection.
  /// - Throws: `DataError` naming the file and line of the problem.
  public static func open(path: String, name: String? = nil, format: DataFormat? = nil) throws
    -> any RecordSource
  {
    let displayName = name ?? path
    let file = try MappedFile(path: path, name: displayName)
    let chosen =
      format
      ?? DataFormat.detect(
        path: path,
        prefix: UnsafeRawBufferPointer(rebasing: file.bytes.prefix(1 << 16)))
    return try open(file: file, name: displayName, format: chosen)
  }

  /// Reads `text` as a record source of the given format (tests, bundled data).
  public static func open(text: String, name: String, format: DataFormat) throws
    -> any RecordSource
  {
    try open(file: MappedFile(bytes: Array(text.utf8)), name: name, format: format)
  }

  static func open(file: MappedFile, name: String, format: DataFormat) throws -> any RecordSource {
    switch format {
    case .delimited(let separator):
      return try DelimitedTable(
        file: file, name: name, delimiter: separator, synchronousRecords: 1000)
    case .json:
      return try JSONTable(file: file, name: name)
    case .jsonLines:
      return try JSONLinesTable(file: file, name: name, synchronousRecords: 1000)
    }
  }
}
