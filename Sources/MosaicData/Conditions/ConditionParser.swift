/// Reads the expression language of `&` and `--filter`, modelled on SQL's `WHERE`:
///
/// ```
/// carrier = 'UA' and origin = 'JFK' and arr_delay > 60
/// name ~ '^Jo' or not (dest in ('LAX', 'SFO')) or tailnum is missing
/// ```
///
/// Tests are `field OP literal` with `=` `==` `!=` `<>` `<` `<=` `>` `>=` `~` `!~`, or
/// `contains`, `in (…)`, `between … and …`, `is [not] missing` (each but `is` negated by a
/// `not` before it); joined by `and`, `or`, `not` and parentheses. Keywords ignore case. A field
/// is a bare name or written in `"double"` or `` `back` `` quotes; a literal is `'single'` or
/// `"double"` quoted text, a number, or a bare word (`carrier = UA`).
///
/// Text that is not an expression (it does not start with a field followed by an operator, a
/// parenthesis, or `not` before one) is plain text: a test that any field contains it, what `&`
/// always meant. UIKit has no counterpart; it is `NSPredicate(format:)`.
public struct ConditionParser {
  /// The fields names resolve against.
  public let fieldNames: [String]

  /// A parser resolving field names against `fieldNames` (exactly, else ignoring case).
  public init(fieldNames: [String]) {
    self.fieldNames = fieldNames
  }

  /// The condition `text` says: an expression, or plain text any field must contain; nil for
  /// empty text (which keeps every record).
  ///
  /// - Throws: `ConditionSyntaxError` for an expression that does not parse, or names a field
  ///   the source lacks (with the nearest name, when one is close).
  public func parse(_ text: String) throws(ConditionSyntaxError) -> RecordCondition? {
    guard !text.allSatisfy(\.isWhitespace) else { return nil }
    guard Self.isExpression(text) else {
      return .test(FieldTest(field: nil, .contains(text)))
    }
    var reader = Reader(tokens: try Lexer.tokens(text), end: text.count + 1, fields: fieldNames)
    let condition = try reader.parseOr()
    if let extra = reader.peek {
      throw ConditionSyntaxError("unexpected \(extra.quoted)", at: extra.column)
    }
    return condition
  }

  /// Whether `text` reads as an expression rather than plain text: it starts with a field and an
  /// operator, with `(`, or with `not` before either.
  public static func isExpression(_ text: String) -> Bool {
    do {
      return startsAsExpression(try Lexer.tokens(text, stopAfter: 16))
    } catch {
      // Text that does not split into tokens is an expression if it starts as one, or if a
      // field is followed by what was meant as an operator (`arr_delay >> 60`).
      let leading = Lexer.leadingTokens(text)
      if startsAsExpression(leading) { return true }
      let characters = Array(text)
      let fault = error.column - 1
      let fieldOnly = leading.filter { !$0.isKeyword("not") }
      return fieldOnly.count == 1 && fieldOnly[0].isFieldName && fault < characters.count
        && "=<>!~".contains(characters[fault])
    }
  }

  private static func startsAsExpression(_ tokens: [Token]) -> Bool {
    var rest = tokens[...]
    while let first = rest.first, first.isKeyword("not") { rest = rest.dropFirst() }
    guard let first = rest.first else { return false }
    if first.kind == .symbol("(") { return rest.count > 1 }
    guard first.isFieldName, rest.count > 1 else { return false }
    let second = rest[rest.startIndex + 1]
    if case .symbol(let s) = second.kind { return s != "(" && s != ")" && s != "," }
    return ["contains", "in", "between", "is", "not", "like"].contains { second.isKeyword($0) }
  }

  // MARK: Tokens

  /// A piece of an expression.
  struct Token: Equatable {
    enum Kind: Equatable {
      /// A bare word: a field, a keyword, or a literal after an operator.
      case word
      /// A number.
      case number
      /// `'text'`: a literal.
      case singleQuoted
      /// `"text"`: a field on the left, a literal on the right.
      case doubleQuoted
      /// `` `text` ``: a field.
      case backQuoted
      /// `(` `)` `,` or an operator.
      case symbol(String)
    }
    var kind: Kind
    /// The text, quotes removed.
    var text: String
    /// Where it starts, from 1.
    var column: Int

    func isKeyword(_ keyword: String) -> Bool { kind == .word && text.lowercased() == keyword }

    var isFieldName: Bool {
      switch kind {
      case .word:
        return !["and", "or", "not", "in", "is", "between", "contains"].contains(text.lowercased())
      case .doubleQuoted, .backQuoted: return true
      default: return false
      }
    }

    /// The token as an error names it.
    var quoted: String {
      switch kind {
      case .singleQuoted: return "'\(text)'"
      case .doubleQuoted: return "\"\(text)\""
      case .backQuoted: return "`\(text)`"
      default: return "'\(text)'"
      }
    }
  }

  /// Splits an expression into tokens.
  enum Lexer {
    static let operators: Set<String> = ["=", "==", "!=", "<>", "<", "<=", ">", ">=", "~", "!~"]

    /// The tokens of `text` (the first `stopAfter` of them, when given).
    static func tokens(_ text: String, stopAfter limit: Int = .max) throws(ConditionSyntaxError)
      -> [Token]
    {
      var tokens: [Token] = []
      let characters = Array(text)
      var i = 0
      while i < characters.count, tokens.count < limit {
        let c = characters[i]
        let column = i + 1
        if c.isWhitespace {
          i += 1
        } else if c == "'" || c == "\"" || c == "`" {
          var value = ""
          var j = i + 1
          var closed = false
          while j < characters.count {
            if characters[j] == c {
              if j + 1 < characters.count, characters[j + 1] == c {
                value.append(c)
                j += 2
                continue
              }
              closed = true
              break
            }
            value.append(characters[j])
            j += 1
          }
          guard closed else { throw ConditionSyntaxError("unterminated \(c)…\(c)", at: column) }
          let kind: Token.Kind =
            c == "'" ? .singleQuoted : c == "\"" ? .doubleQuoted : .backQuoted
          tokens.append(Token(kind: kind, text: value, column: column))
          i = j + 1
        } else if "(),".contains(c) {
          tokens.append(Token(kind: .symbol(String(c)), text: String(c), column: column))
          i += 1
        } else if "=<>!~".contains(c) {
          var j = i
          while j < characters.count, "=<>!~".contains(characters[j]) { j += 1 }
          let run = String(characters[i..<j])
          guard operators.contains(run) else {
            throw ConditionSyntaxError("unexpected '\(run)'", at: column)
          }
          tokens.append(Token(kind: .symbol(run), text: run, column: column))
          i = j
        } else if let end = number(characters, at: i) {
          tokens.append(Token(kind: .number, text: String(characters[i..<end]), column: column))
          i = end
        } else if isWordCharacter(c) {
          var j = i
          while j < characters.count, isWordCharacter(characters[j]) || characters[j] == "-" {
            j += 1
          }
          tokens.append(Token(kind: .word, text: String(characters[i..<j]), column: column))
          i = j
        } else {
          throw ConditionSyntaxError("unexpected '\(c)'", at: column)
        }
      }
      return tokens
    }

    /// The tokens before the first that does not split: enough to tell an expression.
    static func leadingTokens(_ text: String) -> [Token] {
      for limit in stride(from: 3, through: 1, by: -1) {
        if let tokens = try? tokens(text, stopAfter: limit) { return tokens }
      }
      return []
    }

    static func isWordCharacter(_ c: Character) -> Bool {
      c.isLetter || c.isNumber || c == "_" || c == "." || c == "$"
    }

    /// The end of a number starting at `i` (`-12`, `3.5`, `.5`, `1e-3`), or nil.
    static func number(_ characters: [Character], at start: Int) -> Int? {
      var i = start
      if i < characters.count, characters[i] == "-" || characters[i] == "+" { i += 1 }
      let digitsStart = i
      while i < characters.count, characters[i].isASCII, characters[i].isNumber { i += 1 }
      var digits = i - digitsStart
      if i < characters.count, characters[i] == "." {
        i += 1
        let fractionStart = i
        while i < characters.count, characters[i].isASCII, characters[i].isNumber { i += 1 }
        digits += i - fractionStart
      }
      guard digits > 0 else { return nil }
      if i < characters.count, characters[i] == "e" || characters[i] == "E" {
        var j = i + 1
        if j < characters.count, characters[j] == "-" || characters[j] == "+" { j += 1 }
        let exponentStart = j
        while j < characters.count, characters[j].isASCII, characters[j].isNumber { j += 1 }
        if j > exponentStart { i = j }
      }
      // `2013abc` is a word, not a number followed by one.
      if i < characters.count, isWordCharacter(characters[i]) { return nil }
      return i
    }
  }

  // MARK: Grammar

  /// A recursive-descent reader over the tokens.
  struct Reader {
    var tokens: [Token]
    /// The column just past the text, where "expected …" points when the text stops.
    var end: Int
    var fields: [String]
    var position = 0
    /// How deep in parentheses and `not`s the reader is: bounded, so that no text can recurse
    /// the parser (and the evaluator after it) off the end of its stack.
    var depth = 0
    /// The deepest nesting read.
    static let maximumDepth = 64

    var peek: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func next() -> Token? {
      defer { position += 1 }
      return peek
    }

    func fault(_ expected: String) -> ConditionSyntaxError {
      guard let token = peek else { return ConditionSyntaxError("expected \(expected)", at: end) }
      return ConditionSyntaxError("expected \(expected), found \(token.quoted)", at: token.column)
    }

    mutating func keyword(_ word: String) -> Bool {
      guard peek?.isKeyword(word) == true else { return false }
      position += 1
      return true
    }

    mutating func parseOr() throws(ConditionSyntaxError) -> RecordCondition {
      var terms = [try parseAnd()]
      while keyword("or") { terms.append(try parseAnd()) }
      return terms.count == 1 ? terms[0] : .or(terms)
    }

    mutating func parseAnd() throws(ConditionSyntaxError) -> RecordCondition {
      var terms = [try parseUnary()]
      while keyword("and") { terms.append(try parseUnary()) }
      return terms.count == 1 ? terms[0] : .and(terms)
    }

    mutating func parseUnary() throws(ConditionSyntaxError) -> RecordCondition {
      depth += 1
      defer { depth -= 1 }
      if depth > Self.maximumDepth, let token = peek {
        throw ConditionSyntaxError(
          "nested more than \(Self.maximumDepth) deep", at: token.column)
      }
      if keyword("not") { return .not(try parseUnary()) }
      if peek?.kind == .symbol("(") {
        position += 1
        let inner = try parseOr()
        guard peek?.kind == .symbol(")") else { throw fault("')'") }
        position += 1
        return inner
      }
      return try parseTest()
    }

    mutating func parseTest() throws(ConditionSyntaxError) -> RecordCondition {
      guard let name = peek, name.isFieldName else { throw fault("a field name") }
      position += 1
      guard let field = FieldLookup.index(of: name.text, in: fields) else {
        var message = "no field '\(name.text)'"
        if let near = FieldLookup.suggestion(for: name.text, in: fields) {
          message += " (did you mean \(near)?)"
        }
        throw ConditionSyntaxError(message, at: name.column)
      }
      func test(_ predicate: FieldPredicate) -> RecordCondition {
        .test(FieldTest(field: field, predicate))
      }
      guard let op = peek else { throw fault("an operator") }
      if case .symbol(let symbol) = op.kind, Lexer.operators.contains(symbol) {
        position += 1
        let value = try literal()
        switch symbol {
        case "~": return test(.matches(try pattern(value, at: op)))
        case "!~": return .not(test(.matches(try pattern(value, at: op))))
        case "<>": return test(.compare(.notEqual, value))
        default: return test(.compare(ComparisonOperator(rawValue: symbol)!, value))
        }
      }
      if keyword("is") {
        let negated = keyword("not")
        guard keyword("missing") || keyword("null") || keyword("empty") else {
          throw fault("'missing'")
        }
        return negated ? .not(test(.isMissing)) : test(.isMissing)
      }
      let negated = keyword("not")
      let positive: RecordCondition
      if keyword("contains") {
        positive = test(.contains(try literal().text))
      } else if keyword("in") {
        guard peek?.kind == .symbol("(") else { throw fault("'(' after in") }
        position += 1
        var values = [try literal()]
        while peek?.kind == .symbol(",") {
          position += 1
          values.append(try literal())
        }
        guard peek?.kind == .symbol(")") else { throw fault("',' or ')'") }
        position += 1
        positive = test(.isIn(values))
      } else if keyword("between") {
        let low = try literal()
        guard keyword("and") else { throw fault("'and'") }
        positive = test(.between(low, try literal()))
      } else {
        throw fault(negated ? "contains, in or between" : "an operator")
      }
      return negated ? .not(positive) : positive
    }

    mutating func literal() throws(ConditionSyntaxError) -> ConditionLiteral {
      guard let token = peek else { throw fault("a value") }
      switch token.kind {
      case .singleQuoted, .doubleQuoted, .number:
        position += 1
        return ConditionLiteral(token.text)
      case .word where token.isFieldName:
        position += 1
        return ConditionLiteral(token.text)
      default:
        throw fault("a value")
      }
    }

    func pattern(_ literal: ConditionLiteral, at op: Token) throws(ConditionSyntaxError) -> String {
      do {
        _ = try PosixRegex(literal.text)
      } catch {
        throw ConditionSyntaxError(error.description, at: op.column)
      }
      return literal.text
    }
  }
}
