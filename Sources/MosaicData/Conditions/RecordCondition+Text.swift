extension RecordCondition {
  /// The condition written back in the expression language, as the status bar and the titles
  /// of `F` and `I` show it: `carrier = 'UA'`, `arr_delay > 60`, a plain-text test as its text.
  /// Parsing it again (with the same fields) gives the same condition.
  public func text(fieldNames: [String]) -> String {
    switch self {
    case .test(let test): return test.text(fieldNames: fieldNames)
    case .and(let children):
      return children.map { $0.operand(of: "and", fieldNames) }.joined(separator: " and ")
    case .or(let children):
      return children.map { $0.operand(of: "or", fieldNames) }.joined(separator: " or ")
    case .not(.test(let test)) where test.field != nil && !test.isComparison:
      return test.negatedText(fieldNames: fieldNames)
    case .not(let child):
      if case .test = child { return "not " + child.text(fieldNames: fieldNames) }
      return "not (" + child.text(fieldNames: fieldNames) + ")"
    }
  }

  private func operand(of join: String, _ fieldNames: [String]) -> String {
    switch self {
    case .and where join == "or", .or where join == "and":
      return "(" + text(fieldNames: fieldNames) + ")"
    default: return text(fieldNames: fieldNames)
    }
  }
}

extension FieldTest {
  /// Whether the test is a comparison, which reads negated only as `not field = value`.
  var isComparison: Bool {
    if case .compare = predicate { return true }
    return false
  }

  /// The test in the expression language; plain text when it tests any field for text.
  public func text(fieldNames: [String]) -> String {
    guard let field else {
      switch predicate {
      case .contains(let text): return text
      case .matches(let pattern): return "/\(pattern)/"
      default: return "any " + Self.predicateText(predicate, negated: false)
      }
    }
    let name = Self.name(field < fieldNames.count ? fieldNames[field] : "\(field + 1)")
    return name + " " + Self.predicateText(predicate, negated: false)
  }

  /// The test negated, as `!=`, `!~`, `not in`, `is not missing`… read.
  func negatedText(fieldNames: [String]) -> String {
    let name = Self.name(field.map { $0 < fieldNames.count ? fieldNames[$0] : "\($0 + 1)" } ?? "")
    return name + " " + Self.predicateText(predicate, negated: true)
  }

  private static func predicateText(_ predicate: FieldPredicate, negated: Bool) -> String {
    let not = negated ? "not " : ""
    switch predicate {
    case .compare(let op, let literal):
      return op.rawValue + " " + quoted(literal)
    case .contains(let text): return not + "contains " + quoted(ConditionLiteral(text))
    case .matches(let pattern): return (negated ? "!~ " : "~ ") + quotedText(pattern)
    case .isIn(let values):
      return not + "in (" + values.map(quoted).joined(separator: ", ") + ")"
    case .between(let low, let high):
      return not + "between " + quoted(low) + " and " + quoted(high)
    case .isMissing: return negated ? "is not missing" : "is missing"
    }
  }

  /// A field's name bare when it reads as one, else in double quotes.
  static func name(_ name: String) -> String {
    let bare =
      !name.isEmpty && name.first.map { !$0.isNumber && $0 != "-" && $0 != "." } == true
      && name.allSatisfy { ConditionParser.Lexer.isWordCharacter($0) || $0 == "-" }
      && !["and", "or", "not", "in", "is", "between", "contains"].contains(name.lowercased())
    return bare ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  private static func quoted(_ literal: ConditionLiteral) -> String {
    if literal.number != nil,
      ConditionParser.Lexer.number(Array(literal.text), at: 0)
        == literal.text.count
    {
      return literal.text
    }
    return quotedText(literal.text)
  }

  private static func quotedText(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
