import ArgumentParser

/// A size in terminal cells given on the command line as `WIDTHxHEIGHT`, e.g. `24x6`.
struct CellSizeArgument: ExpressibleByArgument, Hashable {
  /// The width in columns, at least 1.
  var columns: Int
  /// The height in rows, at least 1.
  var rows: Int

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      columns >= 1, rows >= 1
    else { return nil }
    self.columns = columns
    self.rows = rows
  }

  static var defaultCompletionKind: CompletionKind { .default }
}
