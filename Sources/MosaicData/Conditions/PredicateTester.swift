/// One `FieldPredicate` made ready to test values: its regular expression compiled, its text
/// folded. The one place the expression language's comparisons are defined, used over files'
/// records (`ConditionEvaluator`) and inside SQLite (`SQLiteConditionFunction`), so that every
/// source answers alike.
///
/// Not shared between threads (a compiled expression is not): make one per piece of work. No
/// UIKit counterpart.
struct PredicateTester {
  /// The predicate.
  let predicate: FieldPredicate
  private let regex: PosixRegex?
  private let pattern: SearchPattern?
  private let folded: [String]
  /// The tokens that stand for a missing value besides empty ones (`--na`).
  private let missing: MissingValues

  /// A tester of `predicate`, `missing` saying which values besides empty ones are missing. A
  /// regular expression that does not compile matches nothing (the parser refuses it first,
  /// with `RecordFilter.problem`).
  init(_ predicate: FieldPredicate, missing: MissingValues = .empty) {
    self.predicate = predicate
    self.missing = missing
    switch predicate {
    case .matches(let expression):
      regex = try? PosixRegex(expression)
      pattern = nil
      folded = []
    case .contains(let text):
      regex = nil
      pattern = SearchPattern(text)
      folded = []
    case .compare(_, let literal):
      regex = nil
      pattern = nil
      folded = [Self.fold(literal.text)]
    case .isIn(let literals):
      regex = nil
      pattern = nil
      folded = literals.map { Self.fold($0.text) }
    case .between(let low, let high):
      regex = nil
      pattern = nil
      folded = [Self.fold(low.text), Self.fold(high.text)]
    case .isMissing:
      regex = nil
      pattern = nil
      folded = []
    }
  }

  /// Whether `value` is missing: absent (nil) or empty. (JSON `null` and SQL NULL read as nil
  /// or "".)
  static func isMissing(_ value: String?) -> Bool { value?.isEmpty ?? true }

  /// Text as text comparisons see it: lowercased.
  static func fold(_ text: String) -> String { text.lowercased() }

  /// Whether `value` satisfies the predicate: true, false, or nil (unknown) for a missing value
  /// tested by anything but `is missing`, and for a number compared with a value that is not one.
  func test(_ value: String?) -> Bool? {
    if case .isMissing = predicate {
      guard let value, !value.isEmpty else { return true }
      return missing.isMissing(value)
    }
    guard let value, !value.isEmpty else { return nil }
    if !missing.tokens.isEmpty, missing.isMissing(value) { return nil }
    switch predicate {
    case .isMissing: return true
    case .contains: return pattern!.matches(value)
    case .matches: return regex?.matches(value) ?? false
    case .compare(let op, let literal):
      return compare(value, op, literal, folded[0])
    case .isIn(let literals):
      var unknown = false
      for (literal, folded) in zip(literals, folded) {
        switch compare(value, .equal, literal, folded) {
        case true?: return true
        case nil: unknown = true
        case false?: break
        }
      }
      return unknown ? nil : false
    case .between(let low, let high):
      guard let above = compare(value, .greaterOrEqual, low, folded[0]),
        let below = compare(value, .lessOrEqual, high, folded[1])
      else { return nil }
      return above && below
    }
  }

  /// `value op literal`: exact text for `==`; numbers when the literal is a number (nil when the
  /// value is not one); instants when the literal is a date and the value reads as one (so
  /// `Jun 2 2013 > 'Jun 10 2012'`, and a column's dates in any form `DateText` reads compare
  /// as dates); else text ignoring case.
  private func compare(
    _ value: String, _ op: ComparisonOperator, _ literal: ConditionLiteral, _ folded: String
  ) -> Bool? {
    if op == .identical { return value == literal.text }
    let order: Int
    if let number = literal.number {
      guard let x = NumberText.value(value) else { return nil }
      order = x < number ? -1 : x > number ? 1 : 0
    } else if let date = literal.date, let x = DateText.reading(value)?.seconds {
      order = x < date ? -1 : x > date ? 1 : 0
    } else {
      let text = Self.fold(value)
      order = text < folded ? -1 : text > folded ? 1 : 0
    }
    switch op {
    case .equal, .identical: return order == 0
    case .notEqual: return order != 0
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .greater: return order > 0
    case .greaterOrEqual: return order >= 0
    }
  }
}
