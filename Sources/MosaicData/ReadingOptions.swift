/// How to read a data file where its content alone cannot say: a forced format or separator
/// (`--delimiter`), and whether delimited text starts with a header row (`--no-header`).
///
/// No UIKit counterpart.
public struct ReadingOptions: Equatable, Sendable {
  /// The format to read, or nil to detect it from the extension and the first bytes.
  public var format: DataFormat?
  /// Whether the first row of delimited text names the fields; without one, the fields are
  /// named `1`, `2`, … and the first row is a record.
  public var hasHeaderRow: Bool

  /// Options that detect the format and read a header row unless told otherwise.
  public init(format: DataFormat? = nil, hasHeaderRow: Bool = true) {
    self.format = format
    self.hasHeaderRow = hasHeaderRow
  }
}
