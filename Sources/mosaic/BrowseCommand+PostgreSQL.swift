import MosaicApp
import MosaicData

extension BrowseCommand {
  /// The scene for a PostgreSQL connection string given as FILE (`postgresql://…`,
  /// `postgres://…`, or `key=value` pairs such as `host=db dbname=shop`): the table picker, or
  /// the browser of `--table` or `--query`; nil when FILE is not one. `r` reconnects: a fresh
  /// session, back at the same record.
  ///
  /// - Throws: `DataError` naming the server (never its password) when it cannot be reached, a
  ///   table that does not exist, or a `--query` that is not one `SELECT`.
  @MainActor func openPostgres(settings: BrowserSettings) throws -> (any BrowserContainer)? {
    guard let file, PostgresConnectionString.isConnectionString(file) else { return nil }
    if let query { try PostgresDatabase.checkQuery(query) }
    let timeout = statementTimeout ?? 30
    let connect = { try PostgresDatabase(connectionString: file, statementTimeout: timeout) }
    let database = try connect()
    if let query {
      let open = {
        try makeBrowser(connect().open(query: query), groupBy: groupBy, settings: settings)
      }
      return BrowserHost(
        browser: try makeBrowser(database.open(query: query), groupBy: groupBy, settings: settings),
        reopen: open)
    }
    if let table {
      let open = {
        try makeBrowser(connect().open(table: table), groupBy: groupBy, settings: settings)
      }
      return BrowserHost(
        browser: try makeBrowser(database.open(table: table), groupBy: groupBy, settings: settings),
        reopen: open)
    }
    return TablePickerScene(
      name: database.name, tables: database.tables,
      count: { try database.estimatedRowCount(of: $0) },
      open: { table in
        let open = {
          try makeBrowser(connect().open(table: table), groupBy: groupBy, settings: settings)
        }
        return BrowserHost(
          browser: try makeBrowser(
            database.open(table: table), groupBy: groupBy, settings: settings), reopen: open)
      })
  }
}
