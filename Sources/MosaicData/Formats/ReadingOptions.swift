/// How to read a data file where its content alone cannot say: a forced format or separator
/// (`--delimiter`), whether delimited text starts with a header row (`--no-header`), whether
/// to follow the file as it grows (`--follow`), and for a database which table or query to
/// open (`--table`, `--query`) and how long a statement may run (`--statement-timeout`).
///
/// No UIKit counterpart.
public struct ReadingOptions: Equatable, Sendable {
  /// The format to read, or nil to detect it from the extension and the first bytes.
  public var format: DataFormat?
  /// Whether the first row of delimited text names the fields; without one, the fields are
  /// named `1`, `2`, … and the first row is a record.
  public var hasHeaderRow: Bool
  /// Whether to follow the file as it grows (`--follow`, less's `+F`): records appended to it
  /// are indexed as they come, and indexing never ends.
  public var follows: Bool

  /// The table or view of a database to open, or nil.
  public var table: String?
  /// The `SELECT` whose rows to open from a database, or nil.
  public var query: String?
  /// How long a database server may run one statement, in seconds.
  public var statementTimeout: Double

  /// Options that detect the format and read a header row unless told otherwise.
  public init(
    format: DataFormat? = nil, hasHeaderRow: Bool = true, follows: Bool = false,
    table: String? = nil, query: String? = nil, statementTimeout: Double = 30
  ) {
    self.format = format
    self.hasHeaderRow = hasHeaderRow
    self.follows = follows
    self.table = table
    self.query = query
    self.statementTimeout = statementTimeout
  }
}
