/// One field summed up the way `mosaic describe` and the columns sheet show it: its inferred
/// type, how many values are present, missing and distinct, the range, and for a numeric field
/// the full `NumberSummary`.
///
/// No UIKit counterpart; the model of one row of a report. Made by `SourceProfile` (every field
/// of a source in one pass) from a `FieldProfiler` per field.
public struct FieldProfile: Equatable, Sendable {
  /// The field's index in the source.
  public var field: Int
  /// The field's name.
  public var name: String
  /// The type every present value reads as (`ValueType`).
  public var type: ValueType
  /// The values present (not missing).
  public var count: Int
  /// The values missing: empty, JSON `null`, SQL NULL, a missing-value token, or a record
  /// lacking the field.
  public var missing: Int
  /// The distinct present values (a lower bound when `isDistinctCapped`).
  public var distinct: Int
  /// Whether there were more distinct values than the profile keeps.
  public var isDistinctCapped: Bool
  /// The smallest value as its type orders them (numbers by value, dates by instant, text by
  /// bytes), as written; nil when none is present.
  public var minimum: String?
  /// The largest value, likewise.
  public var maximum: String?
  /// For an integer or decimal field, its numbers summed up.
  public var numbers: NumberSummary?

  /// A profile with every figure given.
  public init(
    field: Int, name: String, type: ValueType, count: Int, missing: Int, distinct: Int,
    isDistinctCapped: Bool, minimum: String?, maximum: String?, numbers: NumberSummary?
  ) {
    self.field = field
    self.name = name
    self.type = type
    self.count = count
    self.missing = missing
    self.distinct = distinct
    self.isDistinctCapped = isDistinctCapped
    self.minimum = minimum
    self.maximum = maximum
    self.numbers = numbers
  }
}
