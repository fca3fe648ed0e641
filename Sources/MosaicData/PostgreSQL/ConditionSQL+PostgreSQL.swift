extension ConditionSQL {
  /// `test` in PostgreSQL's SQL over `columns`: true, false, or NULL exactly when
  /// `PredicateTester` says true, false or unknown, every user text a parameter (`$n`, counted
  /// from `first`).
  ///
  /// In a positive place (`positive`: under an even number of NOTs, in a `WHERE`, where false
  /// and unknown both drop the row) a test of a column without `--na` tokens is written as
  /// plain comparisons, with no CASE around it: the same rows, and an expression PostgreSQL's
  /// planner can estimate (a CASE it takes to keep half the rows, and then walks the primary key
  /// instead of scanning the table in parallel: 5 s against 1.5 s over 10M rows).
  static func postgreSQLTest(
    _ test: FieldTest, _ columns: [PostgresColumn], _ first: Int, positive: Bool = false,
    _ parameters: inout [String]
  ) -> String {
    /// Binds `value`, returning its placeholder.
    func bind(_ value: String) -> String {
      parameters.append(value)
      return "$\(first + parameters.count - 1)"
    }
    let term: (PostgresColumn) -> String
    /// Whether `column`'s tests may be plain comparisons here (see above).
    func plain(_ column: PostgresColumn) -> Bool { positive && column.missing.tokens.isEmpty }
    switch test.predicate {
    case .isMissing:
      term = { $0.isMissing }
    case .contains(let text):
      guard !text.isEmpty else {
        term = { "(CASE WHEN \($0.isMissing) THEN NULL ELSE false END)" }
        break
      }
      let pattern = bind("%" + escapedForLike(text) + "%")
      term = {
        plain($0)
          ? "(\($0.text) ILIKE \(pattern)::text)"
          : "(CASE WHEN \($0.isMissing) THEN NULL ELSE \($0.text) ILIKE \(pattern)::text END)"
      }
    case .matches(let expression):
      // Smart case as PosixRegex: a capital letter makes it case-sensitive. `(?n)`: `^`, `$`
      // and `.` treat line breaks as REG_NEWLINE does.
      let sensitive = PosixRegex.hasCapital(expression)
      let pattern = bind("(?n)" + PosixRegex.translated(expression))
      term = {
        guard !sensitive else {
          return "(CASE WHEN \($0.isMissing) THEN NULL ELSE \($0.text) ~ \(pattern)::text END)"
        }
        // `~*` folds case by pairs of letters and misses the Kelvin sign, which RE2 folds to
        // "k"; the value lowercased (the pattern has no capitals) finds it.
        return "(CASE WHEN \($0.isMissing) THEN NULL ELSE \($0.text) ~* \(pattern)::text"
          + " OR lower(\($0.text)) ~ \(pattern)::text END)"
      }
    case .compare(let op, let literal):
      let comparison = compare(op, literal, bind: bind)
      term = {
        plain($0)
          ? comparison.plain($0)
          : "(CASE WHEN \($0.isMissing) THEN NULL ELSE \(comparison.exact($0)) END)"
      }
    case .isIn(let literals):
      let comparisons = literals.map { compare(.equal, $0, bind: bind) }
      term = { column in
        guard !plain(column) else {
          let any = comparisons.map { $0.plain(column) }.joined(separator: " OR ")
          return "(\(any.isEmpty ? "false" : any))"
        }
        let any = comparisons.map { $0.exact(column) }.joined(separator: " OR ")
        return "(CASE WHEN \(column.isMissing) THEN NULL ELSE (\(any.isEmpty ? "false" : any)) END)"
      }
    case .between(let low, let high):
      let above = compare(.greaterOrEqual, low, bind: bind)
      let below = compare(.lessOrEqual, high, bind: bind)
      term = { column in
        guard !plain(column) else { return "(\(above.plain(column)) AND \(below.plain(column)))" }
        let a = above.exact(column)
        let b = below.exact(column)
        return "(CASE WHEN \(column.isMissing) OR \(a) IS NULL OR \(b) IS NULL THEN NULL"
          + " ELSE \(a) AND \(b) END)"
      }
    }
    guard let field = test.field else {
      // Any field: a missing value is one field that does not pass (as in memory).
      guard !columns.isEmpty else { return "false" }
      return "(" + columns.map { "coalesce(\(term($0)), false)" }.joined(separator: " OR ") + ")"
    }
    return term(columns[field])
  }

  /// `value op literal` for a value that is not missing, as `PredicateTester.compare`: exact
  /// text for `==`; numbers when the literal is one (NULL when the value is not); else text
  /// ignoring case, in code point order.
  ///
  /// Two forms: `exact`, for a value known not to be missing, true, false or NULL as
  /// `PredicateTester` says; `plain`, for a positive place, true exactly where `exact` is true
  /// and the value is not missing (an empty text, a NaN or infinity compared as a number are
  /// false there), in comparisons the planner can estimate.
  private static func compare(
    _ op: ComparisonOperator, _ literal: ConditionLiteral, bind: (String) -> String
  ) -> (exact: (PostgresColumn) -> String, plain: (PostgresColumn) -> String) {
    let sqlOperator: String
    switch op {
    case .equal, .identical: sqlOperator = "="
    case .notEqual: sqlOperator = "<>"
    case .less: sqlOperator = "<"
    case .lessOrEqual: sqlOperator = "<="
    case .greater: sqlOperator = ">"
    case .greaterOrEqual: sqlOperator = ">="
    }
    if op == .identical {
      let parameter = bind(literal.text)
      let exact = { (column: PostgresColumn) in
        "(\(column.text) COLLATE \"C\" = \(parameter)::text)"
      }
      return (exact, { "(\(exact($0)) AND \($0.text) <> '')" })
    }
    if let number = literal.number {
      let parameter = bind("\(number)")
      let exact = { (column: PostgresColumn) in
        "(\(column.number) \(sqlOperator) \(parameter)::numeric)"
      }
      return (
        exact,
        { column in
          if column.isInteger { return "(\(column.quoted) \(sqlOperator) \(parameter)::numeric)" }
          guard column.isNumeric else { return exact(column) }
          // NaN, the infinities and a `numeric` past a `Double` are not numbers to any source:
          // one bound keeps them out where the comparison itself does not (each bound costs a
          // `numeric` comparison per row).
          let value = "(\(column.quoted) \(sqlOperator) \(parameter)::numeric"
          switch op {
          case .equal, .identical: return value + ")"
          case .greater, .greaterOrEqual:
            return value + " AND \(column.quoted) <= 1.7976931348623157e308)"
          case .less, .lessOrEqual:
            return value + " AND \(column.quoted) >= -1.7976931348623157e308)"
          case .notEqual:
            return value + " AND \(column.quoted)"
              + " BETWEEN -1.7976931348623157e308 AND 1.7976931348623157e308)"
          }
        }
      )
    }
    let folded = PredicateTester.fold(literal.text)
    // A date literal against a date, timestamp or timestamptz column compares instants, as in
    // memory (the literal read by `DateText`, UTC when it has no offset). A text column compares
    // it as text, which orders ISO dates (`2013-06-01`) as dates.
    let instant = literal.date.map { bind(String(format: "%.17g", $0)) }
    let parameter = bind(folded)
    let equalToASCII = op == .equal && !folded.isEmpty && folded.allSatisfy(\.isASCII)
    let variants = equalToASCII ? CaseVariants(folded).map { bind($0.arrayLiteral) } : nil
    // Every parameter bound is used in each term (PostgreSQL cannot type one that is not):
    // the other one as a test that is always true.
    let exact = { (column: PostgresColumn) -> String in
      let uses = variants.map { " AND \($0)::text[] IS NOT NULL" } ?? ""
      if let instant, let time = column.instant {
        return "(\(time) \(sqlOperator) to_timestamp(\(instant)::double precision)"
          + " AND \(parameter)::text IS NOT NULL\(uses))"
      }
      let value = column.text
      let lowered = "lower(\(value)) COLLATE \"C\" \(sqlOperator) \(parameter)::text COLLATE \"C\""
      var text = lowered
      if equalToASCII {
        // Lowercasing every value costs twice the scan (3.2 s of CPU over 10M rows), and
        // PostgreSQL's `lower()` reads İ as "i" where Python's gives "i̇". A value whose lowercase
        // is an ASCII text is an ASCII one of the same length (compared to its case variants by
        // hash, or lowercased as ASCII), or one holding the Kelvin sign, the one character
        // outside ASCII whose lowercase is in it ("k"): only those are lowercased, as ASCII.
        let n = folded.utf8.count
        let ascii =
          variants.map { "\(value) COLLATE \"C\" = ANY(\($0)::text[])" }
          ?? "(octet_length(\(value)) = \(n)"
          + " AND lower(\(value) COLLATE \"C\") = \(parameter)::text COLLATE \"C\")"
        // Without a "k" in the text no Kelvin sign can match, and the ASCII test is the whole
        // test (the other branch cost every other row a `char_length`).
        text =
          folded.contains("k")
          ? "\(ascii) OR (octet_length(\(value)) <> \(n)"
            + " AND octet_length(\(value)) <> char_length(\(value))"
            + " AND lower(translate(\(value), '\u{212A}', 'k') COLLATE \"C\")"
            + " = \(parameter)::text COLLATE \"C\")"
          : "\(ascii) AND \(parameter)::text IS NOT NULL"
      }
      return instant.map { "(\(text) AND \($0)::double precision IS NOT NULL)" } ?? "(\(text))"
    }
    return (
      exact,
      { column in
        // An empty value equals no text that is not empty.
        column.instant != nil && instant != nil || equalToASCII
          ? exact(column) : "(\(exact(column)) AND \(column.text) <> '')"
      }
    )
  }
}
