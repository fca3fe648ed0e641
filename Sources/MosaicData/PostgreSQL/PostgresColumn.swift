/// One column of a PostgreSQL result as SQL reads it for conditions, sorting and statistics:
/// its value as the text the browser shows, and that text's number when it reads as one, by
/// the same rule as `NumberText` (so `I`, `arr_delay > 60` and a sort agree with every other
/// source).
///
/// UIKit has no counterpart; it is a Core Data attribute's description as a store sees it.
struct PostgresColumn: Sendable {
  /// The column's name.
  let name: String
  /// Its type's OID (`int4` is 23, `bool` 16).
  let type: UInt32
  /// The tokens besides NULL and empty text that are missing (`--na`).
  var missing = MissingValues.empty

  /// The value as a `timestamptz` when the column is a date (1082), timestamp (1114, read as
  /// UTC) or timestamptz (1184); else nil.
  var instant: String? {
    switch type {
    case 1082, 1114: return "(\(quoted)::timestamp AT TIME ZONE 'UTC')"
    case 1184: return quoted
    default: return nil
    }
  }

  /// The column as an identifier, quoted.
  var quoted: String { PostgresColumn.quoted(name) }

  /// `identifier` in double quotes, its own double quotes doubled.
  static func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Whether every value that is not NULL is a finite number (the integer types).
  var isInteger: Bool { [20, 21, 23, 26].contains(type) }

  /// The value as the browser's text (`true`/`false` for a boolean), NULL when NULL.
  var text: String {
    type == 16
      ? "(CASE WHEN \(quoted) THEN 'true' WHEN NOT \(quoted) THEN 'false' END)"
      : "(\(quoted)::text)"
  }

  /// Whether the column holds numbers (the integer types, `float4`, `float8`, `numeric`).
  var isNumeric: Bool { isInteger || [700, 701, 1700].contains(type) }

  /// Whether the value is missing: NULL, empty, or one of `missing`'s tokens. A number's text is
  /// never empty, so without tokens a numeric column is tested for NULL alone, not written out
  /// as text for every row.
  var isMissing: String {
    if isNumeric, missing.tokens.isEmpty { return "(\(quoted) IS NULL)" }
    return "(\(quoted) IS NULL OR \(PostgresQuery.missingTest(text, missing)))"
  }

  /// A text that `NumberText` reads as a finite number: decimal, blanks around it, an exponent
  /// PostgreSQL's `numeric` can hold. (Swift's `Double` also reads hexadecimal, which this
  /// does not: a `0x1A` in a text column is text here.)
  static let numberPattern =
    "^[ \t]*[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,4})?[ \t]*$"

  /// The value as a `numeric` when it reads as a finite `Double`, else NULL.
  var number: String {
    if isInteger { return "(\(quoted)::numeric)" }
    // NaN and the infinities fall outside (PostgreSQL orders NaN above every number), as
    // `NumberText` reads no text of them as a finite number; nothing is cast to text and back.
    if isNumeric {
      return "(CASE WHEN \(quoted) BETWEEN -1.7976931348623157e308 AND 1.7976931348623157e308"
        + " THEN \(quoted)::numeric END)"
    }
    return Self.number(ofText: text)
  }

  /// The text expression `text` as a `numeric` when it reads as a finite `Double`, else NULL.
  static func number(ofText text: String) -> String {
    let value = "CAST(btrim(\(text), ' \t') AS numeric)"
    // A number starts with a blank, a sign, a point or a digit, all below 58 (`:`): one look at
    // the first character's code rules out most texts before the pattern, which cost 0.6 µs a
    // row (a text sort of ten million rows matched it three times a row, 15 s).
    return "(CASE WHEN ascii(\(text)) < 58 AND \(text) ~ '\(numberPattern)'"
      + " AND abs(\(value)) <= 1.7976931348623157e308 THEN \(value) END)"
  }

  /// The `ORDER BY` terms for sorting by this column as every source does: numbers, then text
  /// ignoring case, then missing values (NULL, blank or a token), numbers and text reversed when
  /// `descending`; every term is never NULL, so a keyset compares them with `=`, `<` and `>`.
  /// `asText` sorts every value as text (a field typed as text).
  func orderTerms(descending: Bool, asText: Bool = false) -> [PostgresQuery.Term] {
    let blank = "btrim(\(text), ' \t')"
    // Blank: empty, or starting with a blank (below 33, `!`) and nothing else (most texts are
    // not trimmed: a trim a row cost a text sort of ten million rows a second).
    let isBlank =
      missing.tokens.isEmpty
      ? "(\(text) = '' OR (ascii(\(text)) < 33 AND \(blank) = ''))"
      : PostgresQuery.missingTest(blank, missing)
    let kind: String
    if asText {
      kind =
        "(CASE WHEN \(quoted) IS NULL OR \(isBlank) THEN 2"
        + " ELSE 1 END)"
    } else if isInteger && missing.tokens.isEmpty {
      kind = "(CASE WHEN \(quoted) IS NULL THEN 2 ELSE 0 END)"
    } else if isNumeric && missing.tokens.isEmpty {
      // A number's text is never blank: NULL is missing, NaN and the infinities sort as text
      // (as their text does in a file), the rest as numbers; no row is written out as text.
      kind =
        "(CASE WHEN \(quoted) IS NULL THEN 2 WHEN \(quoted) BETWEEN -1.7976931348623157e308"
        + " AND 1.7976931348623157e308 THEN 0 ELSE 1 END)"
    } else {
      // Missing (NULL, blank, a `--na` token) last: PostgreSQL's NULLS LAST for every kind.
      kind =
        "(CASE WHEN \(quoted) IS NULL OR \(isBlank) THEN 2"
        + " WHEN \(number) IS NOT NULL THEN 0 ELSE 1 END)"
    }
    // ASCII text is lowercased byte by byte (`lower` in the C collation), the rest by the
    // server's locale: the locale's `lower` on every row was half of a text sort's time.
    let textTerm =
      isInteger && !asText
      ? "''::text COLLATE \"C\""
      : "(CASE WHEN \(kind) <> 1 THEN '' WHEN octet_length(\(text)) = char_length(\(text))"
        + " THEN lower(\(blank) COLLATE \"C\") ELSE lower(\(blank)) END) COLLATE \"C\""
    return [
      PostgresQuery.Term(sql: kind, type: "int", descending: false),
      PostgresQuery.Term(
        sql: asText ? "0::numeric" : "coalesce(\(number), 0)", type: "numeric",
        descending: descending),
      PostgresQuery.Term(sql: textTerm, type: "text", descending: descending),
    ]
  }
}
