/// A SQLite database file, recognised by its header whatever its name: its tables to choose
/// from, or the one `--table` or `--query` names.
///
/// No UIKit counterpart.
public struct SQLiteKind: SourceKind {
  /// A SQLite database.
  public init() {}

  /// "SQLite".
  public var name: String { "SQLite" }

  /// A database holds tables.
  public var holdsTables: Bool { true }

  /// By the header every SQLite 3 file starts with; never a stream (SQLite reads a file).
  public func recognise(_ probe: SourceProbe) -> SourceRecognition {
    guard !probe.isStream, probe.prefix.starts(with: BinaryContent.sqliteHeader) else {
      return .no
    }
    return .yes(self, certainty: .signature)
  }

  /// The database's tables, or the records of `options.query` or `options.table`.
  ///
  /// - Throws: `DataError` for a file SQLite cannot read, an unknown table, a rejected query.
  public func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput {
    let database = try SQLiteDatabase(path: input.path, name: input.name)
    if let query = options.query { return .records(try database.open(query: query)) }
    if let table = options.table { return .records(try database.open(table: table)) }
    return .tables(database)
  }
}

extension SQLiteDatabase: TableStore {
  /// The table named `table` as records.
  public func records(ofTable table: String) throws -> any RecordSource {
    try open(table: table)
  }

  /// The rows of `query` as records.
  public func records(ofQuery query: String) throws -> any RecordSource {
    try open(query: query)
  }

  /// A file is opened again through the same connection's schema.
  public func reopened() throws -> any TableStore { self }
}
