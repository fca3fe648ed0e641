/// A PostgreSQL session as a `TableStore`: reopening connects again, so `r` gets a fresh
/// session back at the same record.
///
/// No UIKit counterpart.
final class PostgresTables: TableStore {
  let connectionString: String
  let statementTimeout: Double
  let database: PostgresDatabase

  /// Connects to the server `connectionString` names.
  init(connectionString: String, statementTimeout: Double) throws {
    self.connectionString = connectionString
    self.statementTimeout = statementTimeout
    database = try PostgresDatabase(
      connectionString: connectionString, statementTimeout: statementTimeout)
  }

  var name: String { database.name }
  var tables: [SQLiteDatabase.Table] { database.tables }

  /// The catalog's estimate: counting a server's table may take minutes.
  func rowCount(of table: String) throws -> Int { try database.estimatedRowCount(of: table) }

  func records(ofTable table: String) throws -> any RecordSource {
    try database.open(table: table)
  }

  func records(ofQuery query: String) throws -> any RecordSource {
    try database.open(query: query)
  }

  func reopened() throws -> any TableStore {
    try PostgresTables(connectionString: connectionString, statementTimeout: statementTimeout)
  }
}
