import MosaicApp
import MosaicData

extension BrowseCommand {
  /// The scene for a SQLite FILE (recognised by its header, whatever its name): the table
  /// picker, or the browser of `--table` or `--query`; nil for any other file.
  ///
  /// - Throws: `DataError` for a database that cannot be read, an unknown table, a query SQLite
  ///   rejects, or `--table`/`--query` given with a file that is no database.
  @MainActor func openDatabase(settings: BrowserSettings) throws -> (any BrowserContainer)? {
    let isDatabase =
      file.map { $0 != "-" && !DataFile.isStream(path: $0) && SQLiteDatabase.isDatabase(path: $0) }
      ?? false
    guard isDatabase, let file else {
      if table != nil || query != nil {
        let option = table != nil ? "--table" : "--query"
        throw DataError.unreadable(
          file: file.map { $0 == "-" ? "<stdin>" : $0 } ?? "the bundled demo",
          reason: "\(option) needs a SQLite database (a file starting \"SQLite format 3\")")
      }
      return nil
    }
    let database = try SQLiteDatabase(path: file, name: file)
    if let query {
      let open = {
        try makeBrowser(database.open(query: query), groupBy: groupBy, settings: settings)
      }
      return BrowserHost(browser: try open(), reopen: open)
    }
    if let table {
      let open = {
        try makeBrowser(database.open(table: table), groupBy: groupBy, settings: settings)
      }
      return BrowserHost(browser: try open(), reopen: open)
    }
    return TablePickerScene(
      name: file, tables: database.tables, count: { try database.rowCount(of: $0) },
      open: { table in
        let open = {
          try makeBrowser(database.open(table: table), groupBy: groupBy, settings: settings)
        }
        return BrowserHost(browser: try open(), reopen: open)
      })
  }
}
