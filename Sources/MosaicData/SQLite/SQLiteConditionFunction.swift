import CSQLite

/// The SQL function `mosaic_test(value, test)` that every connection registers: whether `value`
/// passes `test`, a `FieldPredicate` written in the expression language (`> 60`, `~ '^N'`) and
/// bound as a parameter, answered by the same `PredicateTester` that filters files: 1, 0, or
/// NULL when unknown (a missing value). So a condition pushed down to SQLite keeps exactly the
/// rows the same condition keeps of a CSV, and no user text is ever part of the SQL.
///
/// No UIKit counterpart. The tester is compiled once per statement (SQLite's auxiliary data on
/// the constant argument), not once per row.
enum SQLiteConditionFunction {
  /// The function's name in SQL.
  static let name = "mosaic_test"

  /// The test's text for `predicate`: what is bound as the function's second argument.
  static func argument(_ predicate: FieldPredicate) -> String {
    FieldTest(field: 0, predicate).text(fieldNames: ["v"])
  }

  /// The predicate an argument stands for, or nil when it is not one.
  static func predicate(_ argument: String) -> FieldPredicate? {
    guard case .test(let test)? = try? ConditionParser(fieldNames: ["v"]).parse(argument)
    else { return nil }
    return test.predicate
  }

  /// Registers the function on `handle`.
  static func register(on handle: OpaquePointer) {
    sqlite3_create_function_v2(
      handle, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
      { context, _, arguments in
        guard let context, let arguments, let testArgument = arguments[1] else { return }
        let tester: PredicateTester
        if let cached = sqlite3_get_auxdata(context, 1) {
          tester = Unmanaged<TesterBox>.fromOpaque(cached).takeUnretainedValue().tester
        } else {
          guard let text = sqlite3_value_text(testArgument),
            let predicate = SQLiteConditionFunction.predicate(String(cString: text))
          else {
            sqlite3_result_error(context, "mosaic_test: not a test", -1)
            return
          }
          let box = TesterBox(PredicateTester(predicate))
          tester = box.tester
          sqlite3_set_auxdata(
            context, 1, Unmanaged.passRetained(box).toOpaque(),
            { pointer in
              if let pointer { Unmanaged<TesterBox>.fromOpaque(pointer).release() }
            })
        }
        var value: String?
        if let argument = arguments[0], sqlite3_value_type(argument) != SQLITE_NULL {
          if sqlite3_value_type(argument) == SQLITE_BLOB {
            value = "(blob, \(sqlite3_value_bytes(argument)) bytes)"
          } else if let bytes = sqlite3_value_text(argument) {
            let count = Int(sqlite3_value_bytes(argument))
            value = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
          }
        }
        switch tester.test(value) {
        case true?: sqlite3_result_int(context, 1)
        case false?: sqlite3_result_int(context, 0)
        case nil: sqlite3_result_null(context)
        }
      }, nil, nil, nil)
  }

  /// A tester kept as SQLite's auxiliary data.
  private final class TesterBox {
    let tester: PredicateTester
    init(_ tester: PredicateTester) { self.tester = tester }
  }
}

/// A condition as an SQL `WHERE` expression over a table's columns, its texts as parameters.
///
/// No UIKit counterpart; it is what a Core Data store makes of an `NSPredicate`. The logic
/// (`and`, `or`, `not`, SQL's three values) is written once; each dialect writes the tests:
/// SQLite through `mosaic_test` (`PredicateTester` itself), PostgreSQL in native SQL that keeps
/// the same rows (`ConditionSQL+PostgreSQL.swift`).
struct ConditionSQL {
  /// Whose SQL to write.
  enum Dialect {
    /// SQLite: parameters `?1`, `?2`…, tests by `mosaic_test` (or `LIKE`).
    case sqlite
    /// PostgreSQL: parameters `$1`, `$2`…, tests in native SQL over these columns.
    case postgreSQL([PostgresColumn])
  }

  /// The expression, with `?1`, `?2`… (SQLite) or `$1`, `$2`… (PostgreSQL) for the parameters.
  var expression: String
  /// The parameters' values, in order.
  var parameters: [String]

  /// `condition` over columns named `fieldNames`, in `dialect`'s SQL, numbering parameters
  /// after `firstParameter - 1`.
  /// In SQLite, a column's values that `missing` names (`--na`) read as NULL, so that every
  /// test treats them as it treats NULL; PostgreSQL's columns carry their own tokens.
  init(
    _ condition: RecordCondition, fieldNames: [String], dialect: Dialect = .sqlite,
    firstParameter: Int = 1, missing: MissingValues = .empty
  ) {
    var parameters: [String] = []
    let columns =
      missing.tokens.isEmpty
      ? fieldNames.map(SQLiteConnection.quoted)
      : fieldNames.map { Self.sqliteValue(SQLiteConnection.quoted($0), missing: missing) }
    expression = Self.sql(
      condition, columns, dialect, firstParameter, positive: true, &parameters)
    self.parameters = parameters
  }

  /// `column` in SQLite, NULL where its value (blanks around it aside) is one of `missing`'s
  /// tokens. The tokens are written as hexadecimal blobs cast to text: no user text is spliced.
  static func sqliteValue(_ column: String, missing: MissingValues) -> String {
    "(CASE WHEN trim(CAST(\(column) AS TEXT), char(32, 9)) IN \(sqliteTokens(missing))"
      + " THEN NULL ELSE \(column) END)"
  }

  /// `missing`'s tokens as an SQLite list: `(CAST(X'4E41' AS TEXT), …)`.
  static func sqliteTokens(_ missing: MissingValues) -> String {
    "("
      + missing.tokens.sorted().map { token in
        "CAST(X'" + token.utf8.map { String(format: "%02X", $0) }.joined() + "' AS TEXT)"
      }.joined(separator: ", ") + ")"
  }

  /// `text` with LIKE's wildcards and the escape character escaped by `\`.
  static func escapedForLike(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
      .replacingOccurrences(of: "_", with: "\\_")
  }

  /// `columns`: each field's value as SQLite SQL (its quoted name, or the expression that
  /// makes its missing tokens NULL). `positive`: whether `condition` sits under an even number
  /// of NOTs. The expression is only ever a `WHERE`, where a row is kept when it is true: AND
  /// and OR keep a true result true whatever an unknown beneath them turns out to be, so a test
  /// in a positive place may answer false for unknown (which lets SQLite skip most rows with a
  /// comparison or two).
  private static func sql(
    _ condition: RecordCondition, _ columns: [String], _ dialect: Dialect, _ first: Int,
    positive: Bool, _ parameters: inout [String]
  ) -> String {
    switch condition {
    case .and(let children):
      return "("
        + children.map { sql($0, columns, dialect, first, positive: positive, &parameters) }
        .joined(separator: " AND ") + ")"
    case .or(let children):
      return "("
        + children.map { sql($0, columns, dialect, first, positive: positive, &parameters) }
        .joined(separator: " OR ") + ")"
    case .not(let child):
      return "(NOT " + sql(child, columns, dialect, first, positive: !positive, &parameters) + ")"
    case .test(let test):
      switch dialect {
      case .sqlite: return sqliteTest(test, columns, positive: positive, &parameters)
      case .postgreSQL(let columns):
        return postgreSQLTest(test, columns, first, positive: positive, &parameters)
      }
    }
  }

  /// `test` in SQLite's SQL.
  private static func sqliteTest(
    _ test: FieldTest, _ columns: [String], positive: Bool, _ parameters: inout [String]
  ) -> String {
    parameters.append(SQLiteConditionFunction.argument(test.predicate))
    let parameter = "?\(parameters.count)"
    let term: (Int) -> String
    // Text of ASCII letters is found by LIKE as in memory (both fold ASCII case byte by byte;
    // the two characters that lowercase to more are tested in Swift below), and SQLite's own
    // LIKE costs a fraction of a call into Swift.
    if case .contains(let text) = test.predicate, !text.isEmpty,
      text.utf8.allSatisfy({ $0 < 0x80 })
    {
      let exact = parameters[parameters.count - 1]
      parameters[parameters.count - 1] = "%" + Self.escapedForLike(text) + "%"
      // A value holding the Kelvin sign or İ lowercases to more ASCII letters than LIKE
      // folds to ("K" holds "k"): tested in Swift, as in memory, when the text could meet one.
      let traps: String
      if SearchPattern(text).scanMissesFoldTraps {
        parameters.append(exact)
        let function = "\(SQLiteConditionFunction.name)(%@, ?\(parameters.count))"
        traps = " WHEN instr(%@, char(8490)) > 0 OR instr(%@, char(304)) > 0 THEN " + function
      } else {
        traps = ""
      }
      // An empty value is missing: unknown, as in memory, not merely false.
      term = { field in
        let column = columns[field]
        return "(CASE WHEN CAST(\(column) AS TEXT) = '' THEN NULL"
          + " WHEN \(column) LIKE \(parameter) ESCAPE '\\' THEN 1"
          + traps.replacingOccurrences(of: "%@", with: column) + " ELSE 0 END)"
      }
    } else if let native = nativeComparison(
      test.predicate, test: parameter, positive: positive, parameters: &parameters)
    {
      term = { field in native(columns[field]) }
    } else {
      term = { field in
        "\(SQLiteConditionFunction.name)(\(columns[field]), \(parameter))"
      }
    }
    guard let field = test.field else {
      // Any field: a missing value is one field that does not pass (as in memory).
      guard !columns.isEmpty else { return "0" }
      return balancedOr(columns.indices.map { "coalesce(\(term($0)), 0)" })
    }
    return term(field)
  }

  /// `terms` joined by OR in a balanced tree of parentheses: SQLite refuses an expression more
  /// than 1,000 deep, which a chain over a table of 1,000 columns would be; balanced, it is 10.
  static func balancedOr(_ terms: [String]) -> String {
    guard terms.count > 2 else { return "(" + terms.joined(separator: " OR ") + ")" }
    let middle = terms.count / 2
    return "(" + balancedOr(Array(terms[..<middle])) + " OR "
      + balancedOr(Array(terms[middle...])) + ")"
  }
}
