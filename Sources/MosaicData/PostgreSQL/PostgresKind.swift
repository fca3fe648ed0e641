/// A PostgreSQL server, named by a connection string (`postgresql://…`, `postgres://…`, or
/// `key=value` pairs such as `host=db dbname=shop`) rather than a file.
///
/// No UIKit counterpart.
public struct PostgresKind: SourceKind {
  /// A PostgreSQL server.
  public init() {}

  /// "PostgreSQL".
  public var name: String { "PostgreSQL" }

  /// A database holds tables.
  public var holdsTables: Bool { true }

  /// Whether `locator` is a connection string.
  public func claims(locator: String) -> Bool {
    PostgresConnectionString.isConnectionString(locator)
  }

  /// The server's tables, or the records of `options.query` or `options.table`. A query that
  /// is not one `SELECT` is refused before connecting.
  ///
  /// - Throws: `DataError` naming the server (never its password).
  public func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput {
    if let query = options.query { try PostgresDatabase.checkQuery(query) }
    let tables = try PostgresTables(
      connectionString: input.path, statementTimeout: options.statementTimeout)
    if let query = options.query { return .records(try tables.records(ofQuery: query)) }
    if let table = options.table { return .records(try tables.records(ofTable: table)) }
    return .tables(tables)
  }
}
