/// A data file's records (placeholder until the browser issue).
public struct DataSet {
  /// Creates an empty data set.
  public init() {}
}
