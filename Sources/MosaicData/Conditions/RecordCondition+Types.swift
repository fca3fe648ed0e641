extension RecordCondition {
  /// The condition with each test of a field in `textFields` comparing its literals as text:
  /// `zip > 100` on a field the user typed as text (the table's `t`) orders `02134` and `100`
  /// as text, not as numbers or dates. The other tests' literals are read from their text again
  /// (a field typed back from text compares numbers again).
  public func comparingAsText(fields textFields: Set<Int>) -> RecordCondition {
    switch self {
    case .test(var test):
      let isText = test.field.map { textFields.contains($0) } ?? false
      test.predicate =
        isText ? test.predicate.withTextLiterals : test.predicate.withLiteralsRead
      return .test(test)
    case .and(let children): return .and(children.map { $0.comparingAsText(fields: textFields) })
    case .or(let children): return .or(children.map { $0.comparingAsText(fields: textFields) })
    case .not(let child): return .not(child.comparingAsText(fields: textFields))
    }
  }

  /// Whether a literal of the condition is compared as text though its text reads as a number
  /// or a date: what SQLite's `mosaic_test`, which reads its test back from text, cannot say.
  var hasTextLiterals: Bool {
    tests.contains { test in
      test.predicate.literals.contains { literal in
        let read = ConditionLiteral(literal.text)
        return read.number != literal.number || read.date != literal.date
      }
    }
  }
}

extension FieldPredicate {
  /// The predicate's literals.
  var literals: [ConditionLiteral] {
    switch self {
    case .compare(_, let literal): return [literal]
    case .isIn(let literals): return literals
    case .between(let low, let high): return [low, high]
    case .contains, .matches, .isMissing: return []
    }
  }

  /// The predicate with its literals read as text only.
  var withTextLiterals: FieldPredicate {
    mapLiterals { literal in
      var literal = literal
      literal.number = nil
      literal.date = nil
      return literal
    }
  }

  /// The predicate with its literals read from their text (as numbers, dates or text).
  var withLiteralsRead: FieldPredicate { mapLiterals { ConditionLiteral($0.text) } }

  /// The predicate with `text` applied to each literal.
  func mapLiterals(_ text: (ConditionLiteral) -> ConditionLiteral) -> FieldPredicate {
    switch self {
    case .compare(let op, let literal): return .compare(op, text(literal))
    case .isIn(let literals): return .isIn(literals.map(text))
    case .between(let low, let high): return .between(text(low), text(high))
    case .contains, .matches, .isMissing: return self
    }
  }
}
