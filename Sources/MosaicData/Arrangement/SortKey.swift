/// One field to sort records by and its direction; a list of them sorts by the first, breaking
/// its ties by the second, and so on, the ties left keeping file order.
///
/// Each key orders its values as a single sort does: numbers first in numeric order, then text
/// compared case- and diacritic-insensitively, then empty values; descending reverses the numbers
/// and the text, empty values staying last.
///
/// UIKit: NSSortDescriptor.
public struct SortKey: Hashable, Sendable {
  /// The field whose values are compared.
  public var field: Int
  /// Whether larger numbers and later text come first.
  public var descending: Bool

  /// A key sorting by `field`, ascending unless `descending`.
  public init(field: Int, descending: Bool = false) {
    self.field = field
    self.descending = descending
  }
}
