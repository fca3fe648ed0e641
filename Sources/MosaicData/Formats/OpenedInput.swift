/// What opening an input gives: its records, a database's tables to choose from, or a stream
/// whose records are yet to arrive.
///
/// No UIKit counterpart.
public enum OpenedInput {
  /// One table of records.
  case records(any RecordSource)
  /// A database's tables, one to choose (`ReadingOptions.table` or `query` chooses at once).
  case tables(any TableStore)
  /// A stream being spooled: `StreamSpool.openSource(options:)` gives its records once its
  /// first bytes tell the kind.
  case arriving(StreamSpool)
}
