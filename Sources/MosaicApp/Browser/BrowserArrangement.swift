import MosaicData

/// How the browser arranges the records on show: grouped into sections, sorted, filtered, as the
/// command line and the keys `s`, `[`, `]` and `&` asked.
///
/// UIKit has no counterpart; it is what a fetched results controller's section key path, sort
/// descriptors and predicate say together. The table's header reads `sortField` and
/// `sortDescending` for its mark.
public struct BrowserArrangement: Equatable, Sendable {
  /// The field naming the sections, or nil.
  public var groupField: Int?
  /// The field sorted by, or nil for file order.
  public var sortField: Int?
  /// Whether the sort is descending (largest numbers first, empty values still last).
  public var sortDescending = false
  /// The records kept, or nil for all.
  public var filter: RecordFilter?

  /// An arrangement grouped by `groupField`, sorted by `sortField` and filtered by `filter`.
  public init(
    groupField: Int? = nil, sortField: Int? = nil, sortDescending: Bool = false,
    filter: RecordFilter? = nil
  ) {
    self.groupField = groupField
    self.sortField = sortField
    self.sortDescending = sortField != nil && sortDescending
    self.filter = filter
  }

  /// Whether records change places or go missing from file order.
  var isRearranged: Bool { groupField != nil || sortField != nil || filter != nil }
}
