/// One field to sort records by and its direction; a list of them sorts by the first, breaking
/// its ties by the second, and so on, the ties left keeping file order.
///
/// Each key orders its values as a single sort does: numbers first in numeric order, then text
/// compared case- and diacritic-insensitively, then empty values; descending reverses the numbers
/// and the text, empty (and missing) values staying last.
///
/// UIKit: NSSortDescriptor.
public struct SortKey: Hashable, Sendable {
  /// The field whose values are compared.
  public var field: Int
  /// Whether larger numbers and later text come first.
  public var descending: Bool
  /// Which values are missing besides empty ones (`--na`): they sort with the empty values,
  /// last either way.
  public var missing: MissingValues
  /// The type the user set for the field (the table's `t`), nil for the inferred one: `.text`
  /// sorts every value as text (`10` before `9`); the other types sort as inferred.
  public var type: ValueType?

  /// A key sorting by `field`, ascending unless `descending`, `missing` values last.
  public init(
    field: Int, descending: Bool = false, missing: MissingValues = .empty, type: ValueType? = nil
  ) {
    self.field = field
    self.descending = descending
    self.missing = missing
    self.type = type
  }

  /// Whether the key sorts every value as text.
  var sortsAsText: Bool { type == .text }
}
