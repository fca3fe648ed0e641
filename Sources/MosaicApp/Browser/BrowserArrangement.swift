import MosaicData

/// How the browser arranges the records on show: grouped into sections, sorted by keys, kept by
/// conditions, as the command line and the keys `s`, `[`, `]`, `&` and `F`'s Enter asked. The
/// one value that says what the user is looking at: the cards, the table, the status bar, `F`,
/// `I`, `y` and Ctrl-S all read the records it arranges.
///
/// UIKit has no counterpart; it is what a fetched results controller's section key path, sort
/// descriptors and predicate say together. The table's header reads `sortKeys` for its marks.
public struct BrowserArrangement: Equatable, Sendable {
  /// The field naming the sections, or nil.
  public var groupField: Int?
  /// The sort keys, most significant first; empty for file order.
  public var sortKeys: [SortKey]
  /// The records kept, or nil for all.
  public var filter: RecordFilter?

  /// An arrangement grouped by `groupField`, sorted by `sortKeys` and filtered by `filter`.
  public init(groupField: Int? = nil, sortKeys: [SortKey] = [], filter: RecordFilter? = nil) {
    self.groupField = groupField
    self.sortKeys = sortKeys
    self.filter = filter
  }

  /// An arrangement sorted by one field (nil: file order).
  public init(
    groupField: Int? = nil, sortField: Int?, sortDescending: Bool = false,
    filter: RecordFilter? = nil
  ) {
    self.init(
      groupField: groupField,
      sortKeys: sortField.map { [SortKey(field: $0, descending: sortDescending)] } ?? [],
      filter: filter)
  }

  /// The first sort key's field, or nil for file order.
  public var sortField: Int? { sortKeys.first?.field }
  /// Whether the first sort key is descending.
  public var sortDescending: Bool { sortKeys.first?.descending ?? false }

  /// The arrangement with `missing` (`--na`) on every sort key and on the filter: those values
  /// sort last and match `is missing`, wherever the arrangement runs.
  func with(missing: MissingValues) -> BrowserArrangement {
    var stamped = self
    for index in stamped.sortKeys.indices { stamped.sortKeys[index].missing = missing }
    stamped.filter?.missing = missing
    return stamped
  }

  /// Whether records change places or go missing from file order.
  var isRearranged: Bool { groupField != nil || !sortKeys.isEmpty || filter != nil }
}
