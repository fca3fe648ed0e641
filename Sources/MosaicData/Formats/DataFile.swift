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
    try open(path: path, name: name, options: ReadingOptions(format: format))
  }

  /// Opens `path` as a record source read as `options` say, recognised among the registered
  /// kinds (`SourceKinds`). A file whose first block is not UTF-8 text (a NUL byte, invalid
  /// UTF-8) is refused, whatever the format. A followed file keeps indexing as it grows: a
  /// record counts once its line has ended.
  ///
  /// - Throws: `DataError` naming the file and line of the problem, or why it is not text, or
  ///   that it is a database (open those with `SourceKinds.open`).
  public static func open(path: String, name: String? = nil, options: ReadingOptions) throws
    -> any RecordSource
  {
    try SourceKinds.openRecords(path: path, name: name ?? path, options: options)
  }

  /// Puts the SIGBUS handler that keeps a read past the end of a truncated mapped file from
  /// killing the process back on top of handlers installed since (the terminal's, which
  /// restores the screen on a crash and is chained to for any other fault). Mapping a file
  /// installs it; call this after installing another SIGBUS handler.
  public static func guardMappedFiles() {
    MappingFaultGuard.install()
  }

  /// Whether `path` is a stream (a pipe, FIFO, socket or character device) to open with
  /// `StreamSpool` rather than map; `-` means standard input.
  public static func isStream(path: String) -> Bool {
    var info = stat()
    let found = path == "-" ? fstat(STDIN_FILENO, &info) : stat(path, &info)
    guard found == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
  }

  /// Reads `text` as a record source of the given format (tests, bundled data).
  public static func open(text: String, name: String, format: DataFormat) throws
    -> any RecordSource
  {
    try open(file: MappedFile(bytes: Array(text.utf8)), name: name, format: format)
  }

  static func open(
    file: MappedFile, name: String, format: DataFormat, hasHeaderRow: Bool = true
  ) throws -> any RecordSource {
    let input = SourceInput(path: name, name: name, file: file)
    let options = ReadingOptions(format: format, hasHeaderRow: hasHeaderRow)
    guard case .records(let source) = try format.kind.open(input, options: options) else {
      throw DataError.unreadable(file: name, reason: "is a \(format.kind.name) database")
    }
    return source
  }
}
