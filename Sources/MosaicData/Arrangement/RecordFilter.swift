/// Which records are kept: the conditions on show, all of which a record must meet (`&` adds
/// one, the frequency table's Enter adds one, Backspace on an empty prompt takes the last away).
///
/// UIKit has no counterpart; it is what an `NSCompoundPredicate` of `and` would say to a fetched
/// results controller. The same value drives the in-memory filter (the `Arranger`) and a store's
/// own (`ArrangingSource`, e.g. SQL `WHERE` with bound parameters), so a filter means the same
/// thing wherever it runs.
public struct RecordFilter: Equatable, Hashable, Sendable {
  /// The shorthands of one test: what `&` meant before it read expressions.
  public enum Match: Equatable, Hashable, Sendable {
    /// Contains the text, ignoring case (what `/` search matches).
    case text(String)
    /// Matches the regular expression somewhere in the value: POSIX extended (`grep -E`) plus
    /// `\d`, ignoring case unless it has a capital letter, `^` and `$` at line breaks.
    case regularExpression(String)
    /// Equals the value exactly (`==`); "" keeps records lacking it (`is missing`).
    case value(String)
  }

  /// The conditions, in the order they were added; a record is kept when it meets every one.
  public var conditions: [RecordCondition]
  /// The values besides empty ones that are missing (`--na`): `is missing` matches them, and
  /// every other test finds them unknown, as it does an empty value.
  public var missing: MissingValues

  /// A filter keeping the records that meet every one of `conditions`.
  public init(conditions: [RecordCondition], missing: MissingValues = .empty) {
    self.conditions = conditions
    self.missing = missing
  }

  /// A filter keeping the records whose `field` (any field when nil) satisfies `match`.
  public init(_ match: Match, field: Int? = nil, missing: MissingValues = .empty) {
    conditions = [Self.condition(match, field: field)]
    self.missing = missing
  }

  /// The condition `match` says of `field` (any field when nil).
  public static func condition(_ match: Match, field: Int? = nil) -> RecordCondition {
    switch match {
    case .text(let text): return .test(FieldTest(field: field, .contains(text)))
    case .regularExpression(let pattern): return .test(FieldTest(field: field, .matches(pattern)))
    case .value(let value) where value.isEmpty: return .test(FieldTest(field: field, .isMissing))
    case .value(let value):
      return .test(FieldTest(field: field, .compare(.identical, ConditionLiteral(value))))
    }
  }

  /// Every condition as one (`and` of them).
  public var condition: RecordCondition {
    conditions.count == 1 ? conditions[0] : .and(conditions)
  }

  /// Why the filter cannot run, on one line (`bad pattern: …` for a regular expression that does
  /// not compile, `pattern too complex` for one past the memory budget); nil when it can.
  public var problem: String? {
    for test in condition.tests {
      guard case .matches(let pattern) = test.predicate else { continue }
      do {
        _ = try PosixRegex(pattern)
      } catch {
        return error.description
      }
    }
    return nil
  }
}
