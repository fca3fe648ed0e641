import Foundation
import MosaicApp
import MosaicData

extension BrowseCommand {
  /// The scene for FILE, opened through the registered kinds (`SourceKinds.open`): the browser
  /// of a file's records (`r` reopens it), the table picker of a database (or the browser of
  /// `--table` or `--query`), or a stream's browser once its first records are in.
  ///
  /// - Throws: `DataError` naming the input when it cannot be opened.
  @MainActor func openHost(file: String, settings: BrowserSettings) throws
    -> any BrowserContainer
  {
    let options = readingOptions
    switch try SourceKinds.open(file, options: options) {
    case .records(let source):
      let browser = try makeBrowser(source, groupBy: groupBy, settings: settings)
      // Standard input cannot be read again.
      guard file != "-" else { return BrowserHost(browser: browser) }
      return BrowserHost(browser: browser) {
        try makeBrowser(
          Self.records(SourceKinds.open(file, options: options), name: file), groupBy: groupBy,
          settings: settings)
      }
    case .tables(let store):
      return TablePickerScene(
        name: store.name, tables: store.tables, count: { try store.rowCount(of: $0) },
        open: { table in
          let open = {
            try makeBrowser(
              store.reopened().records(ofTable: table), groupBy: groupBy, settings: settings)
          }
          return BrowserHost(
            browser: try makeBrowser(
              store.records(ofTable: table), groupBy: groupBy, settings: settings),
            reopen: open)
        })
    case .arriving(let spool):
      return BrowserHost(name: spool.name, waitingStatus: { spool.waitingStatus }) {
        try spool.openSource(options: options).map {
          try makeBrowser($0, groupBy: groupBy, settings: settings)
        }
      }
    }
  }

  /// The records `opened` holds, reopened as they were first opened.
  ///
  /// - Throws: `DataError` when the input no longer opens as records (it became a database).
  static func records(_ opened: OpenedInput, name: String) throws -> any RecordSource {
    guard case .records(let source) = opened else {
      throw DataError.unreadable(file: name, reason: "no longer opens as the same records")
    }
    return source
  }

  /// The error for `--table` or `--query` given without FILE.
  func tableNeedsFile() -> DataError? {
    guard table != nil || query != nil else { return nil }
    return DataError.unreadable(
      file: "the bundled demo",
      reason: "\(table != nil ? "--table" : "--query") needs a SQLite database (a file starting "
        + "\"SQLite format 3\")")
  }
}
