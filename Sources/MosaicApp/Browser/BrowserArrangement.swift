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

  /// The arrangement with `missing` (`--na`) on every sort key and on the filter, and the
  /// types the user set (`t`) on the keys and the conditions: missing values sort last and
  /// match `is missing`, a field typed as text sorts and compares as text, wherever the
  /// arrangement runs.
  func with(missing: MissingValues, types: [Int: ValueType] = [:]) -> BrowserArrangement {
    var stamped = self
    for index in stamped.sortKeys.indices {
      stamped.sortKeys[index].missing = missing
      stamped.sortKeys[index].type = types[stamped.sortKeys[index].field]
    }
    stamped.filter?.missing = missing
    let textFields = Set(types.filter { $0.value == .text }.keys)
    if let filter = stamped.filter {
      // From the conditions as typed: a field typed back from text compares numbers again.
      stamped.filter?.conditions = filter.conditions.map {
        $0.comparingAsText(fields: textFields)
      }
    }
    return stamped
  }

  /// Whether records change places or go missing from file order.
  var isRearranged: Bool { groupField != nil || !sortKeys.isEmpty || filter != nil }
}
