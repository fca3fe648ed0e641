/// A condition a record meets or not: a tree of tests on fields joined by `and`, `or` and
/// `not`, as the `&` prompt's expression language and `--filter` write it
/// (`carrier = 'UA' and arr_delay > 60`).
///
/// UIKit has no counterpart; it is what an `NSCompoundPredicate` of comparison predicates says.
/// The same tree is evaluated over a file's records (`ConditionEvaluator`) and written as SQL
/// with bound parameters (`ConditionSQL`), so a condition means the same thing on every source.
/// Logic is SQL's: a test on a missing value is unknown, `not` of unknown is unknown, and a
/// record is kept only when its condition is true.
public indirect enum RecordCondition: Hashable, Sendable {
  /// One test of one field (or of any field).
  case test(FieldTest)
  /// Every condition holds.
  case and([RecordCondition])
  /// At least one condition holds.
  case or([RecordCondition])
  /// The condition does not hold.
  case not(RecordCondition)

  /// The tests in the tree, in reading order.
  public var tests: [FieldTest] {
    switch self {
    case .test(let test): return [test]
    case .and(let children), .or(let children): return children.flatMap(\.tests)
    case .not(let child): return child.tests
    }
  }
}

/// One test in a condition: a predicate applied to one field's value, or to every field's (the
/// test then holds when it holds for any of them).
///
/// UIKit has no counterpart; it is one `NSComparisonPredicate`.
public struct FieldTest: Hashable, Sendable {
  /// The field tested, or nil for any field.
  public var field: Int?
  /// What the value must satisfy.
  public var predicate: FieldPredicate

  /// A test of `field` (any field when nil) by `predicate`.
  public init(field: Int?, _ predicate: FieldPredicate) {
    self.field = field
    self.predicate = predicate
  }
}

/// What a value must satisfy. A literal that reads as a number makes a comparison numeric (a
/// value that is not a number then fails it); otherwise values compare as text ignoring case,
/// except `==`, which is exact.
///
/// UIKit has no counterpart; it is an `NSComparisonPredicate`'s operator and right-hand side.
public enum FieldPredicate: Hashable, Sendable {
  /// `=` `==` `!=` `<` `<=` `>` `>=`.
  case compare(ComparisonOperator, ConditionLiteral)
  /// `contains 'text'`: the text somewhere in the value, ignoring case.
  case contains(String)
  /// `~ 'regex'`: a POSIX extended regular expression matching somewhere in the value, ignoring
  /// case unless it has a capital letter (what `&`'s regular expressions do).
  case matches(String)
  /// `in ('a', 'b')`: equal (as `=`) to one of the literals.
  case isIn([ConditionLiteral])
  /// `between a and b`: at least the first and at most the second (as `>=` and `<=`).
  case between(ConditionLiteral, ConditionLiteral)
  /// `is missing`: empty, JSON `null`, SQL NULL, or absent from the record.
  case isMissing
}

/// A comparison operator of the expression language.
///
/// UIKit has no counterpart; it is `NSComparisonPredicate.Operator`.
public enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
  /// `=`: equal, as numbers when the literal is one, else as text ignoring case.
  case equal = "="
  /// `==`: the same text exactly (case and all; `1.0` is not `1`): the frequency table's Enter.
  case identical = "=="
  /// `!=` (or `<>`): not equal, as `=` compares.
  case notEqual = "!="
  /// `<`.
  case less = "<"
  /// `<=`.
  case lessOrEqual = "<="
  /// `>`.
  case greater = ">"
  /// `>=`.
  case greaterOrEqual = ">="
}

/// A literal of the expression language: its text, and its value as a number when it reads as
/// one (`60`, `'60'`, `-1.5e3`).
///
/// UIKit has no counterpart; it is an `NSExpression` of a constant value.
public struct ConditionLiteral: Hashable, Sendable {
  /// The text, as written (quotes removed).
  public var text: String
  /// The number the text reads as, or nil.
  public var number: Double?
  /// The instant the text reads as when it is no number but a date or date-time in a form
  /// `DateText` reads (`'2013-06-01'`, `'Jan 1 2000'`), in seconds since 1970; else nil.
  public var date: Double?

  /// The literal `text`, numeric when it reads as a finite number, else a date when it reads
  /// as one.
  public init(_ text: String) {
    self.text = text
    number = NumberText.value(text)
    date = number == nil ? DateText.reading(text)?.seconds : nil
  }
}
